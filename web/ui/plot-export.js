// A uPlot as a PNG (its canvas on white, with a legend drawn below) or as an SVG written from its
// data and scales (axes with ticks, one polyline per series, a legend); a stack of uPlots (the
// panels of web/ui/plot-stack.js) as one picture, the panels top to bottom. Labels may hold
// column names of the user's file: escaped as XML text.

const xml = (s) => String(s).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' }[c]));
const colorOf = (u, s, i) => (typeof s.stroke === 'function' ? s.stroke(u, i) : s.stroke) || '#000';
const shownSeries = (u) => u.series.map((s, i) => [s, i]).slice(1).filter(([s]) => s.show !== false);

// A canvas of the plot: its own canvas on white, then one legend line per series.
function pngCanvas(u) {
  const src = u.ctx.canvas;
  const ratio = src.width / Math.max(1, u.width);
  const series = shownSeries(u);
  const line = 18 * ratio;
  const canvas = document.createElement('canvas');
  canvas.width = src.width;
  canvas.height = src.height + Math.ceil(line * (series.length + 0.5));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(src, 0, 0);
  ctx.font = `${12 * ratio}px sans-serif`;
  ctx.textBaseline = 'middle';
  series.forEach(([s, i], k) => {
    const y = src.height + line * (k + 0.75);
    ctx.fillStyle = colorOf(u, s, i);
    ctx.fillRect(10 * ratio, y - ratio, 20 * ratio, 2 * ratio);
    ctx.fillStyle = '#1b1f24';
    ctx.fillText(String(s.label ?? `series ${i}`), 36 * ratio, y);
  });
  return canvas;
}

const toPng = (canvas) => new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the browser could not encode the PNG'))), 'image/png'));

/** PNG Blob of the plot: the canvas, then one legend line per series. */
export function plotToPng(u) {
  return toPng(pngCanvas(u));
}

/** PNG Blob of plots stacked top to bottom (each with its legend), as wide as the widest. */
export function plotsToPng(plots) {
  if (plots.length === 1) return plotToPng(plots[0]);
  const parts = plots.map(pngCanvas);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(...parts.map((c) => c.width));
  canvas.height = parts.reduce((h, c) => h + c.height, 0);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  let y = 0;
  for (const c of parts) {
    ctx.drawImage(c, 0, y);
    y += c.height;
  }
  return toPng(canvas);
}

// Ticks of [lo, hi]: powers of ten on a log scale, else about `count` round numbers.
function ticks(lo, hi, log, count = 6) {
  if (!(hi > lo)) return [lo];
  if (log) {
    const out = [];
    for (let e = Math.ceil(Math.log10(lo)); e <= Math.floor(Math.log10(hi)); e++) out.push(10 ** e);
    return out.length ? out : [lo, hi];
  }
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * mag).find((s) => s >= raw);
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return out;
}

const tickText = (v) => (v === 0 ? '0' : Math.abs(v) >= 1e-3 && Math.abs(v) < 1e5 ? String(Number(v.toPrecision(6))) : v.toExponential(1));

// Each series' points as pixel runs (broken at missing values, unless spanGaps); long series keep the min and
// max of each pixel column, which draws the same picture with ~2 points per pixel.
function runs(xs, ys, px, py, width, spanGaps = false) {
  const out = [];
  let run = [];
  const dense = xs.length > 4 * width;
  let column = null, lo = null, hi = null;
  const flush = () => {
    if (column === null) return;
    run.push([column, lo]);
    if (hi !== lo) run.push([column, hi]);
    column = null;
  };
  for (let k = 0; k < xs.length; k++) {
    const y = ys[k];
    if (y == null || !Number.isFinite(y) || !Number.isFinite(xs[k])) {
      if (spanGaps) continue;  // a series drawn across its gaps (uPlot's spanGaps)
      flush();
      if (run.length) out.push(run);
      run = [];
      continue;
    }
    const X = px(xs[k]), Y = py(y);
    if (!Number.isFinite(X) || !Number.isFinite(Y)) continue;
    if (!dense) { run.push([X, Y]); continue; }
    const c = Math.round(X);
    if (c !== column) { flush(); column = c; lo = hi = Y; } else { lo = Math.min(lo, Y); hi = Math.max(hi, Y); }
  }
  flush();
  if (run.length) out.push(run);
  return out;
}

// One mark of a symbol series ({shape: circle | ring | triangle | cross, filled}) at (x, y).
function svgMark({ shape, filled }, x, y, color) {
  const r = shape === 'ring' ? 7 : 3.5;
  const paint = `fill="${filled ? color : 'none'}" stroke="${color}" stroke-width="1.25"`;
  const f = (v) => v.toFixed(1);
  if (shape === 'circle' || shape === 'ring') return `<circle cx="${f(x)}" cy="${f(y)}" r="${r}" ${paint}/>`;
  if (shape === 'triangle') return `<polygon points="${f(x)},${f(y - r)} ${f(x + 0.87 * r)},${f(y + 0.5 * r)} ${f(x - 0.87 * r)},${f(y + 0.5 * r)}" ${paint}/>`;
  return `<path d="M${f(x - r)} ${f(y - r)}L${f(x + r)} ${f(y + r)}M${f(x + r)} ${f(y - r)}L${f(x - r)} ${f(y + r)}" ${paint}/>`;
}

/** SVG text of the plot, from its data and current scales; clipId: the id of its clip path (unique in a stack). */
export function plotToSvg(u, clipId = 'area') {
  const W = Math.max(320, u.width), series = shownSeries(u);
  const plotH = Math.max(160, u.height - 40);
  const left = 72, right = 16, top = 12, bottom = 44;
  const H = top + plotH + bottom + 18 * series.length + 8;
  const w = W - left - right, h = plotH;
  const axisScale = (key) => {
    const s = u.scales[key];
    const log = s.distr === 3;
    const f = log ? Math.log10 : (v) => v;
    const a = f(s.min), b = f(s.max);
    return { min: s.min, max: s.max, log, map: (v) => (f(v) - a) / (b - a || 1) };
  };
  const sx = axisScale('x');
  const ySeries = series[0]?.[0].scale ?? 'y';
  const sy = axisScale(ySeries);
  const px = (v) => left + w * sx.map(v), py = (v) => top + h * (1 - sy.map(v));
  // A series on another y scale (a right axis) is drawn on its own scale.
  const pyOf = (s) => {
    if ((s.scale ?? 'y') === ySeries || !u.scales[s.scale]) return py;
    const own = axisScale(s.scale);
    return (v) => top + h * (1 - own.map(v));
  };
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<rect x="${left}" y="${top}" width="${w}" height="${h}" fill="none" stroke="#888"/>`];
  for (const t of ticks(sx.min, sx.max, sx.log)) {
    const X = px(t).toFixed(1);
    out.push(`<line x1="${X}" y1="${top}" x2="${X}" y2="${top + h}" stroke="#eee"/>`,
      `<text x="${X}" y="${top + h + 14}" text-anchor="middle">${xml(tickText(t))}</text>`);
  }
  for (const t of ticks(sy.min, sy.max, sy.log)) {
    const Y = py(t).toFixed(1);
    out.push(`<line x1="${left}" y1="${Y}" x2="${left + w}" y2="${Y}" stroke="#eee"/>`,
      `<text x="${left - 4}" y="${Y}" text-anchor="end" dominant-baseline="middle">${xml(tickText(t))}</text>`);
  }
  const [xAxis, yAxis] = u.axes;
  out.push(`<text x="${left + w / 2}" y="${top + h + 32}" text-anchor="middle">${xml(xAxis?.label ?? '')}</text>`,
    `<text transform="translate(14 ${top + h / 2}) rotate(-90)" text-anchor="middle">${xml(yAxis?.label ?? '')}</text>`,
    `<clipPath id="${clipId}"><rect x="${left}" y="${top}" width="${w}" height="${h}"/></clipPath><g clip-path="url(#${clipId})">`);
  for (const [s, i] of series) {
    const color = xml(colorOf(u, s, i));
    const dash = Array.isArray(s.dash) ? ` stroke-dasharray="${s.dash.join(' ')}"` : '';
    const lineWidth = s.width ?? 1;
    if (s.symbol) {  // marks only (plot-stabilization.js): one per value, never joined
      u.data[i].forEach((y, k) => {
        if (y == null) return;
        out.push(svgMark(s.symbol, px(u.data[0][k]), pyOf(s)(y), color));
      });
      continue;
    }
    for (const run of runs(u.data[0], u.data[i], px, pyOf(s), w, s.spanGaps === true)) {
      const pts = run.map(([X, Y]) => `${X.toFixed(1)},${Y.toFixed(1)}`).join(' ');
      if (lineWidth > 0 && run.length > 1) out.push(`<polyline fill="none" stroke="${color}" stroke-width="${lineWidth}"${dash} points="${pts}"/>`);
      if (s.points?.show === true || (run.length === 1 && lineWidth > 0)) {
        for (const [X, Y] of run) out.push(`<circle cx="${X.toFixed(1)}" cy="${Y.toFixed(1)}" r="2.5" fill="${color}"/>`);
      }
    }
  }
  out.push('</g>');
  series.forEach(([s, i], k) => {
    const y = top + h + bottom + 18 * k + 6;
    out.push(`<line x1="${left}" y1="${y}" x2="${left + 20}" y2="${y}" stroke="${xml(colorOf(u, s, i))}" stroke-width="2"/>`,
      `<text x="${left + 26}" y="${y}" dominant-baseline="middle">${xml(s.label ?? `series ${i}`)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** SVG text of plots stacked top to bottom: each plot's SVG nested at its offset, as wide as the widest. */
export function plotsToSvg(plots) {
  if (plots.length === 1) return plotToSvg(plots[0]);
  let y = 0, width = 0;
  const parts = plots.map((u, k) => {
    const svg = plotToSvg(u, `area-${k + 1}`);
    const [, w, h] = svg.match(/width="(\d+(?:\.\d+)?)" height="(\d+(?:\.\d+)?)"/).map(Number);
    const part = svg.trim().replace('<svg ', `<svg x="0" y="${y}" `);
    y += h;
    width = Math.max(width, w);
    return part;
  });
  return [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" viewBox="0 0 ${width} ${y}">`,
    ...parts, '</svg>', ''].join('\n');
}
