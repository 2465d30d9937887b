// The one-file report of an analysis (issue 53): one self-contained HTML text (no outside
// reference: plots and shapes as inline SVG, the style inline) with the tool's version, the data
// file's name and SHA-256, the settings, the advice, the result's tables with their intervals, the
// plots, the mode shapes on the geometry, and the result itself embedded as JSON with its SHA-256,
// so that mechid's page and CLI read it back (readReport). Pure JS, used alike by `mechid report`
// (bin/commands/report.mjs) and the page's Report buttons: the same inputs give the same bytes (no
// date, no locale, no random; numbers through report-format.js's one formatter).
import { checkGeometry } from './geometry-check.js';
import { escapeHtml, formatNumber } from './report-format.js';
import { canonicalJson, sha256Hex } from './report-hash.js';
import { identifyPlots, identifyShapes, identifySummary, identifyTables } from './report-identify.js';
import { modalPlots, modalShapes, modalSummary, modalTables } from './report-modal.js';
import { section } from './report-parts.js';
import { REPORT_CSS } from './report-style.js';
import { embedPayload } from './report-read.js';
import { keyValueTable } from './report-tables.js';

export { readReport, REPORT_FORMAT } from './report-read.js';
export { canonicalJson, sha256Hex } from './report-hash.js';

const TITLES = { identify: 'identification of M, D, K', modes: 'modes in a band', oma: 'output-only modal analysis' };
const STATUSES = ['ok', 'warning', 'failed'];
const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const isIdentify = (r) => isObject(r) && typeof r.method === 'string' && STATUSES.includes(r.status) && (r.M !== undefined || r.status === 'failed') && !('stabilization' in r);

/** The mode shapes whose MAC against each other the report shows (the caller has the core compute it:
 *  mechid.mac(shapes, shapes) in the CLI, the worker's `mac` in the page); [] for identify. */
export function macShapes(kind, result) {
  return kind === 'identify' ? [] : result.modes.map((m) => m.complex_shape ?? m.shape);
}

/** The kind of a result (JSON): 'identify' (one result or a list, one per method), 'modes', 'oma', or null. */
export function reportKind(result) {
  if (Array.isArray(result)) return result.length > 0 && result.every(isIdentify) ? 'identify' : null;
  if (isObject(result) && Array.isArray(result.stabilization) && Array.isArray(result.modes)) {
    if (isObject(result.spectrum)) return 'oma';
    if (isObject(result.frf)) return 'modes';
    return null;
  }
  return isIdentify(result) ? 'identify' : null;
}

// The geometry's fields of docs/interfaces.md in one order (whatever the object it came in carried
// besides, e.g. a reader's notes), so that the page's geometry and the same read from its JSON by
// the CLI embed the same bytes.
function plainGeometry(g) {
  return {
    units: String(g.units ?? ''), source: String(g.source ?? ''),
    nodes: g.nodes.map((n) => ({ id: n.id, x: n.x, y: n.y, z: n.z })),
    lines: (g.lines ?? []).map((l) => [...l]), faces: (g.faces ?? []).map((f) => [...f]),
    sensors: (g.sensors ?? []).map((x) => ({ channel: x.channel, node: x.node, direction: [...x.direction] })),
    rules: (g.rules ?? []).map((r) => (r.slave !== undefined ? { node: r.node, slave: r.slave } : { node: r.node, between: [...r.between], t: r.t })),
  };
}

// What the analysis was asked and ran with, as the result carries it: its scalar fields, short
// lists of scalars, and its tolerances / options (the page's exports add `options`).
function settingsOf(r) {
  const scalar = (v) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
  const skip = new Set(['status', 'message', 'warnings', 'advice', 'timing_ms', 'file']);
  return Object.entries(r).filter(([k, v]) => !skip.has(k) && v !== null && (scalar(v) || (Array.isArray(v) && v.length > 0 && v.length <= 16 && v.every(scalar))
    || (['tolerances', 'options', 'columns'].includes(k) && isObject(v) && Object.keys(v).length > 0)));
}

/**
 * The report's HTML text. kind: 'identify' | 'modes' | 'oma' (reportKind of the result); result:
 * the result's JSON (as `mechid … --out` writes it; identify: one result or a list); settings: the
 * options to show (default: those the result carries); data: {name, sha256 | bytes, size} of the
 * data file, or null; version: the tool's (package.json); geometry: a test geometry (wasm/geometry.js)
 * or null (the channels drawn on a line); mac: the core's MAC of the modes against each other
 * (modes, oma). Resolves to the text.
 */
export async function writeReport({ kind, result, settings, data = null, version, geometry = null, mac = null }) {
  if (!TITLES[kind]) throw new Error(`writeReport: kind must be identify, modes or oma, got ${JSON.stringify(kind)}`);
  if (reportKind(result) !== kind) throw new Error(`writeReport: the result is not a result of ${kind}`);
  const plain = JSON.parse(JSON.stringify(result));
  const g = geometry ? checkGeometry(plainGeometry(geometry), `geometry ${geometry.source ?? ''}`.trim()) : null;
  const sha = data ? (data.sha256 ?? await sha256Hex(data.bytes)) : null;
  const size = data ? (data.size ?? data.bytes?.length ?? data.bytes?.byteLength) : undefined;
  const results = Array.isArray(plain) ? plain : [plain];
  const shown = settings ? Object.entries(settings) : results.flatMap((r) => settingsOf(r).map(([k, v]) => [results.length > 1 ? `${r.method}: ${k}` : k, v]));
  const title = `mechid report: ${TITLES[kind]}${data ? ` of ${data.name}` : ''}`;
  const about = `<p>Written by mechid ${escapeHtml(version)}. Data file: ${data ? `<strong>${escapeHtml(data.name)}</strong>${size !== undefined ? ` (${size} bytes)` : ''}, SHA-256 <span class="hash">${sha}</span>` : 'none given (the result alone; its record is not identified by its bytes)'}.</p>`;
  const summary = kind === 'identify' ? identifySummary(results) : modalSummary(kind, plain);
  const tables = kind === 'identify' ? identifyTables(results) : modalTables(kind, plain, mac);
  const plots = kind === 'identify' ? identifyPlots(results) : modalPlots(kind, plain);
  const shapes = kind === 'identify' ? identifyShapes(results, g) : modalShapes(plain, g);
  const payload = {
    format: 'mechid-report', version, kind, result: plain, settings: Object.fromEntries(shown),
    data: data ? { name: data.name, sha256: sha, ...(size !== undefined ? { size } : {}) } : null, geometry: g, result_sha256: await sha256Hex(canonicalJson(plain)),
  };
  return '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
    + `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="generator" content="mechid ${escapeHtml(version)}">`
    + `<title>${escapeHtml(title)}</title><style>${REPORT_CSS}</style></head><body>\n<h1>${escapeHtml(title)}</h1>`
    + section('Summary', about + summary, true)
    + section('Settings', shown.length ? keyValueTable('Settings of the analysis', shown) : '<p>The result carries no settings.</p>')
    + section('Results', tables)
    + section('Plots', plots)
    + section('Mode shapes', shapes)
    + `\n<footer><p>The result is embedded in this file as JSON (element mechid-result) with its SHA-256 (${payload.result_sha256}); `
    + 'mechid’s page (Open a result file) and <code>mechid report --result</code>, <code>mechid modal --result</code> read it back.</p></footer>\n'
    + `<script type="application/json" id="mechid-result">${embedPayload(payload)}</script>\n</body></html>\n`;
}
