// The colours of the page's plots, one palette for all of them. Every colour keeps a contrast of
// at least 4.4:1 on the white page (WCAG asks 3:1 of lines and marks, 1.4.11), and any two differ
// by a CIEDE2000 distance of at least 18 (well told apart side by side). A plot takes its series'
// colours in this order, so that no two of its series share one while it has at most
// PALETTE.length of them; the plots that draw more channels than that draw one per panel
// (web/ui/plot-channels.js). Checked by tests/node/palette.test.mjs.

/** Named colours, each also in PALETTE (order of PALETTE: the most distinct first). */
export const COLOR = Object.freeze({
  blue: '#1f6fc5',
  red: '#d62728',
  green: '#2a8a2a',
  orange: '#b85c00',
  purple: '#8a4fbf',
  teal: '#00838f',
  pink: '#d1338f',
  brown: '#6e4a2e',
  olive: '#7a7a00',
  grey: '#6b6b6b',
  navy: '#1a237e',
});

export const PALETTE = Object.freeze(Object.values(COLOR));

/** The colour of "true" or reference curves (the page's text colour): none of PALETTE. */
export const REFERENCE = '#1b1f24';

/** The colour of series k (0-based) of a plot: PALETTE in order, again from its start after the last. */
export const seriesColor = (k) => PALETTE[k % PALETTE.length];
