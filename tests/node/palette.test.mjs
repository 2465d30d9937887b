// The plot palette (web/ui/palette.js): at least 10 colours, each with at least 3:1 contrast on
// the white page (WCAG 2.1, 1.4.11: lines and marks), any two told apart (CIEDE2000 distance at
// least 18), and the reference colour none of them. The formulas are this test's own, checked
// against published values first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PALETTE, REFERENCE, seriesColor } from '../../web/ui/palette.js';

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
const linear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

// WCAG 2 relative luminance and contrast ratio.
function luminance(hex) {
  const [r, g, b] = rgb(hex).map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a, b) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

// sRGB -> CIELAB (D65).
function lab(hex) {
  const [r, g, b] = rgb(hex).map(linear);
  const xyz = [(0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047, 0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
    (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883];
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const [fx, fy, fz] = xyz.map(f);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

// CIEDE2000 colour difference of two CIELAB colours (Sharma, Wu, Dalal 2005).
function ciede2000([L1, a1, b1], [L2, a2, b2]) {
  const rad = Math.PI / 180;
  const Cbar = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cbar ** 7 / (Cbar ** 7 + 25 ** 7)));
  const ap1 = (1 + G) * a1, ap2 = (1 + G) * a2;
  const C1 = Math.hypot(ap1, b1), C2 = Math.hypot(ap2, b2);
  const hue = (a, b) => (a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360);
  const h1 = hue(ap1, b1), h2 = hue(ap2, b2);
  let dh = 0;
  if (C1 * C2 !== 0) dh = h2 - h1 > 180 ? h2 - h1 - 360 : h2 - h1 < -180 ? h2 - h1 + 360 : h2 - h1;
  const dL = L2 - L1, dC = C2 - C1, dH = 2 * Math.sqrt(C1 * C2) * Math.sin(dh * rad / 2);
  const Lb = (L1 + L2) / 2, Cb = (C1 + C2) / 2;
  let hb = h1 + h2;
  if (C1 * C2 !== 0) hb = Math.abs(h1 - h2) > 180 ? (h1 + h2 + (h1 + h2 < 360 ? 360 : -360)) / 2 : (h1 + h2) / 2;
  const T = 1 - 0.17 * Math.cos((hb - 30) * rad) + 0.24 * Math.cos(2 * hb * rad) + 0.32 * Math.cos((3 * hb + 6) * rad) - 0.2 * Math.cos((4 * hb - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hb - 275) / 25) ** 2));
  const RC = 2 * Math.sqrt(Cb ** 7 / (Cb ** 7 + 25 ** 7));
  const SL = 1 + 0.015 * (Lb - 50) ** 2 / Math.sqrt(20 + (Lb - 50) ** 2);
  const SC = 1 + 0.045 * Cb, SH = 1 + 0.015 * Cb * T;
  const RT = -Math.sin(2 * dTheta * rad) * RC;
  return Math.sqrt((dL / SL) ** 2 + (dC / SC) ** 2 + (dH / SH) ** 2 + RT * (dC / SC) * (dH / SH));
}

test('the formulas reproduce published values', () => {
  assert.equal(contrast('#000000', '#ffffff').toFixed(1), '21.0');
  assert.equal(contrast('#777777', '#ffffff').toFixed(2), '4.48');
  // Sharma et al. (2005), table 1, pairs 1 and 7.
  assert.equal(ciede2000([50, 2.6772, -79.7751], [50, 0, -82.7485]).toFixed(4), '2.0425');
  assert.equal(ciede2000([50, 0, 0], [50, -1, 2]).toFixed(4), '2.3669');
  for (const [x, expected] of lab('#ffffff').map((x, i) => [x, [100, 0, 0][i]])) assert.ok(Math.abs(x - expected) < 5e-3, `white: L*a*b* ${lab('#ffffff')}`);
});

test('at least 10 colours, each with at least 3:1 contrast on the white page', () => {
  assert.ok(PALETTE.length >= 10, `${PALETTE.length} colours`);
  for (const c of PALETTE) assert.ok(contrast(c, '#ffffff') >= 3, `${c}: ${contrast(c, '#ffffff').toFixed(2)}:1`);
  assert.ok(contrast(REFERENCE, '#ffffff') >= 3);
});

test('any two colours differ by a CIEDE2000 distance of at least 18; the reference colour is none of them', () => {
  const all = [...PALETTE, REFERENCE];
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const d = ciede2000(lab(all[i]), lab(all[j]));
      assert.ok(d >= 18, `${all[i]} and ${all[j]}: ΔE00 = ${d.toFixed(1)}`);
    }
  }
});

test('series k takes colour k, again from the first after the last', () => {
  assert.deepEqual(Array.from({ length: PALETTE.length }, (_, k) => seriesColor(k)), [...PALETTE]);
  assert.equal(seriesColor(PALETTE.length), PALETTE[0]);
});
