// The report's one number formatter and its HTML escaping (wasm/report.js). Deterministic by
// construction: Number.prototype.toPrecision / toFixed are exact by the ECMAScript specification
// (no locale, no host), so Node and the page's browser write the same characters for the same number.

/** A number as the report shows it: `digits` significant digits, exponent form outside 1e-3 … 1e6;
 *  '–' for a missing value, 'NaN', '∞', '−∞' for the non-finite. */
export function formatNumber(x, digits = 4) {
  if (x === null || x === undefined || x === '') return '–';
  if (typeof x !== 'number') return String(x);
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '−∞';
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a >= 1e-3 && a < 1e6) return String(Number(x.toPrecision(digits)));
  return x.toExponential(digits - 1).replace(/\.?0+e/, 'e');
}

/** A screen coordinate of an SVG drawing: one decimal, never '-0'. */
export function px(x) {
  const s = x.toFixed(1);
  return s === '-0.0' ? '0.0' : s;
}

const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A text of the user's (file, channel names, warnings) as HTML text or an attribute's value. */
export const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]);
