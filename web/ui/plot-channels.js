// Channels against t, readable however many there are. A group of channels (the inputs u, the
// outputs q, a CSV file's forces) is drawn in one plot with a legend while it has at most
// `overlayAtMost` channels (3 by default), and as small multiples above that: one panel per
// channel, stacked, over the same t range (web/ui/plot-stack.js), so that 8 channels never cover
// each other. Every y axis names its quantity and unit ('u (N)', or 'u3 (N)' on a channel's
// panel); each group's series take the palette's colours in order (web/ui/palette.js), so no two
// series of a plot share a colour while it has at most PALETTE.length of them.
import { seriesColor } from './palette.js';
import { PlotStack } from './plot-stack.js';

export const OVERLAY_AT_MOST = 3;
const PLOT_HEIGHT = 200;  // px of a group drawn as one plot, without the x axis
const PANEL_HEIGHT = 96;   // px of a channel's panel (its plotting area: 80)

/** The columns of a row-major matrix {rows, cols, data} as channels {name: prefix + (j + 1), values}. */
export function matrixChannels(m, prefix) {
  return Array.from({ length: m.cols }, (_, j) => ({
    name: `${prefix}${j + 1}`,
    values: Float64Array.from({ length: m.rows }, (__, i) => m.data[i * m.cols + j]),
  }));
}

/**
 * The panels of groups of channels, top to bottom, for PlotStack.show. A group: {quantity (the y
 * label's name: 'u', 'forces'), unit ('N'), channels, overlayAtMost?}; a channel: {name, values}
 * (one series) or {name, series: [{label, values, width?, dash?}]} (several series of one
 * channel: measured and simulated). Groups without channels are left out.
 */
export function channelPanels(groups) {
  return groups.filter((g) => g.channels.length > 0).flatMap((g) => {
    // Each group's series take the palette from its start: channel j has the same colour in
    // every group (u1 and q1 alike), and the series of one panel never share one.
    let k = 0;
    const seriesOf = (c) => (c.series ?? [{ label: c.name, values: c.values }]).map((s) => ({ ...s, color: seriesColor(k++) }));
    if (g.channels.length <= (g.overlayAtMost ?? OVERLAY_AT_MOST)) {
      return [{ yLabel: `${g.quantity} (${g.unit})`, height: PLOT_HEIGHT, series: g.channels.flatMap(seriesOf) }];
    }
    return g.channels.map((c) => ({ yLabel: `${c.name} (${g.unit})`, height: PANEL_HEIGHT, series: seriesOf(c) }));
  });
}

/** A container's plot of channel groups against x (t): one plot or small multiples, as above. */
export class ChannelPlot {
  constructor(container) {
    this.stack = new PlotStack(container);
  }

  /** Replaces the plot; x: the times (or other x values), xLabel: 't (s)'; groups: as channelPanels takes them. */
  show(x, xLabel, groups) {
    const panels = channelPanels(groups);
    if (panels.length === 0 || x.length === 0) this.stack.destroy();
    else this.stack.show({ x, xLabel, panels });
  }

  destroy() {
    this.stack.destroy();
  }

  dispose() {
    this.stack.dispose();
  }
}
