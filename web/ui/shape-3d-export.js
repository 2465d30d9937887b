// Exports of the 3-D mode shapes (issue 53): a still PNG of the view(s) as drawn, and an animated
// PNG of one cycle (FRAMES frames, web/ui/apng.js), each frame drawn at its phase 2πk/FRAMES and
// shown for the display time of one cycle over FRAMES. Views side by side are put in one picture,
// each with its title above it. Made in this browser and saved as downloads.
import { assembleApng } from './apng.js';

export const FRAMES = 24;
const TITLE = 24;  // px of the title strip above each view

/** The canvases side by side under their titles, on a white 2-D canvas. */
function composite(canvases, titles) {
  const out = document.createElement('canvas');
  out.width = canvases.reduce((s, c) => s + c.width, 0);
  out.height = Math.max(...canvases.map((c) => c.height)) + TITLE;
  const g = out.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, out.width, out.height);
  g.fillStyle = '#1f2933';
  g.font = '14px sans-serif';
  let x = 0;
  canvases.forEach((c, k) => {
    g.drawImage(c, x, TITLE);
    g.fillText(titles[k] ?? '', x + 8, 17);
    x += c.width;
  });
  return out;
}

/** A canvas's PNG file as a Blob. */
const pngBlob = (canvas) => new Promise((resolve, reject) => {
  canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The browser could not encode the picture as PNG'))), 'image/png');
});

/** The PNG of the views as `draw()` leaves them (draw renders every view synchronously). */
export async function stillPng(draw, canvases, titles) {
  draw();
  return pngBlob(composite(canvases, titles));
}

/**
 * The animated PNG of one cycle: `drawAt(phase)` renders every view at that phase; `cycleS` is the
 * display time of one cycle (s). Resolves with {blob, frames}.
 */
export async function animatedPng(drawAt, canvases, titles, cycleS) {
  const files = [];
  for (let k = 0; k < FRAMES; k++) {
    drawAt((2 * Math.PI * k) / FRAMES);
    const blob = await pngBlob(composite(canvases, titles));
    files.push(new Uint8Array(await blob.arrayBuffer()));
  }
  const delay = { num: Math.max(1, Math.round((1000 * cycleS) / FRAMES)), den: 1000 };
  return { blob: new Blob([assembleApng(files, { delay })], { type: 'image/apng' }), frames: FRAMES };
}
