// What the report's sections of every kind share (wasm/report.js): the channel names of a result,
// the advice and status, the mode-shape pictures, a section's frame.
import { escapeHtml, formatNumber } from './report-format.js';
import { channelLine, shapePicture, unmappedChannels } from './report-shapes.js';
import { commandLineOf } from './option-words.js';

/** The output channels' names of a result with n outputs: its `channels`, else q1..qn. */
export function channelNames(result, n) {
  const names = (result.channels?.outputs ?? []).map((c) => String(c.name));
  return names.length === n ? names : Array.from({ length: n }, (_, k) => `q${k + 1}`);
}

/** A section (each starts a printed page but the first); `title` and `body` (HTML text). */
export const section = (title, body, first = false) => `<section${first ? ' class="first"' : ''}><h2>${escapeHtml(title)}</h2>${body}</section>`;

/** The status line, message, warnings and typed advice of a result (or of a part: `what` names it). */
export function statusBlock(r, what) {
  const parts = [`<p><strong>${escapeHtml(what)}</strong>: status <span class="status-${escapeHtml(r.status)}">${escapeHtml(r.status ?? 'unknown')}</span>${r.message ? ` — ${escapeHtml(r.message)}` : ''}</p>`];
  const advised = new Set((r.advice ?? []).map((a) => a.message));
  const warnings = (r.warnings ?? []).filter((w) => !advised.has(w));
  if (warnings.length) parts.push(`<ul>${warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join('')}</ul>`);
  for (const a of r.advice ?? []) {
    const options = commandLineOf(a.options);  // the action's options as `mechid` takes them
    parts.push(`<div class="advice ${a.level === 'note' ? 'note' : 'warning'}"><p><strong>${escapeHtml(a.message)}</strong> <code>${escapeHtml(a.code)}</code></p>`
      + `${a.detail ? `<p>${escapeHtml(a.detail)}</p>` : ''}${a.action ? `<p>What to do: ${escapeHtml(a.action)}${options ? ` (<code>${escapeHtml(options)}</code>)` : ''}</p>` : ''}</div>`);
  }
  return parts.join('');
}

/**
 * The mode-shape pictures: modes [{label, shape: {re, im}}] on `geometry` (or the channels on a
 * line), for the channels `names`. Says which geometry, and the channels that no node carries.
 */
export function shapesBlock(modes, names, geometry) {
  if (modes.length === 0) return '<p>No mode shape to draw.</p>';
  const g = geometry ?? channelLine(names);
  const unmapped = unmappedChannels(g, names);
  const about = `<p>Geometry: ${escapeHtml(g.source ?? 'given')} (${g.nodes.length} nodes, ${g.lines.length} lines${g.units ? `, coordinates in ${escapeHtml(g.units)}` : ''}).`
    + `${unmapped.length ? ` Channels mapped to no node (not drawn): ${escapeHtml(unmapped.join(', '))}.` : ''}</p>`;
  return `${about}<div class="shapes">${modes.map((m) => shapePicture(g, names, m.shape, m.label)).join('')}</div>`;
}

/** A mode's label: "Mode k: f Hz, ζ %". */
export const modeLabel = (k, freq, zeta) => `Mode ${k + 1}: ${formatNumber(freq)} Hz, ζ = ${formatNumber(100 * zeta)} %`;

/** A shape of the JSON as {re, im}: real numbers, or [re, im] pairs. */
export function complexShape(shape) {
  const pairs = shape.map((v) => (Array.isArray(v) ? v : [v, 0]));
  return { re: pairs.map((p) => p[0]), im: pairs.map((p) => p[1]) };
}
