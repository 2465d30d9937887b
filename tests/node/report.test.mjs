// mechid report and wasm/report.js (issue 53 item 3): the one-file report of an identify, a modes
// and an oma result has no outside reference, inline SVG, the data's SHA-256 (checked against
// node:crypto), the result's numbers in its tables (parsed back), and the result embedded equal to
// it; a report is read back wherever a result is (`--result report.html`), byte for byte; a tampered
// result, a report of another version, a file that is no report and a broken one get their messages.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readReport, sha256Hex, writeReport } from '../../wasm/report.js';
import { geometryUff, recordsAtNodes } from '../fixtures/geometry/uff-geometry.mjs';
import { cli } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-report-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const file = (name) => join(dir, name);
const version = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

async function ok(...args) {
  const r = await cli(...args);
  assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
  return r;
}
async function refused(args, message) {
  const r = await cli(...args);
  assert.equal(r.code, 1, `${args.join(' ')}: exit ${r.code}`);
  assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
  assert.match(r.stderr, message);
}

const UNESCAPE = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const text = (html) => html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (e) => UNESCAPE[e]);

/** The rows of the table captioned `caption` (exactly) as arrays of cell texts, the row title first. */
function tableRows(html, caption) {
  const at = html.indexOf(`<caption>${caption}</caption>`);
  assert.ok(at >= 0, `a table "${caption}"`);
  const body = html.slice(at, html.indexOf('</table>', at)).split('<tbody>')[1];
  return body.split('</tr>').filter((r) => r.includes('<t')).map((r) => r.split(/<\/t[hd]>/).filter((c) => c.includes('<t')).map(text));
}

/** "v ± h" → [v, h] (h undefined without an interval); ∞ and the exponent form read as numbers. */
const cell = (c) => c.split(' ± ').map((x) => Number(x.replace('−', '-')));

/** a within 4 significant digits of b (the report's formatter). */
const near = (a, b, what) => assert.ok(Math.abs(a - b) <= 5.001e-4 * Math.abs(b) + 1e-300, `${what}: ${a} against ${b}`);

/** Every reference of the file points inside it (#…) or is data: — and no http(s) address anywhere. */
function selfContained(html, what) {
  assert.doesNotMatch(html, /https?:\/\//i, `${what}: an http(s) address`);
  // In the tags' attributes and in the style (text of the user's, escaped, may spell src= harmlessly).
  const tags = (html.match(/<[a-zA-Z][^>]*>/g) ?? []).join('\n');
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>|style="([^"]*)"/g)].map((m) => m[1] ?? m[2]).join('\n');
  for (const m of `${tags}\n${styles}`.matchAll(/(?:\bsrc\s*=|\bhref\s*=|\bxlink:href\s*=|url\(|@import)\s*["']?([^"')\s>]*)/gi)) {
    assert.ok(m[1].startsWith('#') || m[1].startsWith('data:'), `${what}: ${m[0]}`);
  }
  assert.ok(/<svg[\s>]/.test(html), `${what}: inline SVG`);
  assert.doesNotMatch(html, /<script(?![^>]*type="application\/json")/, `${what}: a script that runs`);
}

const record = file('record.csv');
let identifyJson, modesJson, omaJson;

test('report of an identify result: self-contained, the data\'s SHA-256, M, D, K, modes and fit with intervals, the result embedded', async () => {
  const data = file('3dof.csv');
  await ok('simulate', '--system', '3dof', '--h', '0.05', '--n', '2000', '--hold', '10', '--snr', '40', '--seed', '1', '--out', data);
  identifyJson = file('identify.json');
  await ok('identify', '--data', data, '--method', 'auto', '--out', identifyJson);
  const result = JSON.parse(readFileSync(identifyJson, 'utf8'));
  const out = file('identify.html');
  assert.equal((await ok('report', '--result', identifyJson, '--data', data, '--out', out)).stdout, '');
  const html = readFileSync(out, 'utf8');
  selfContained(html, 'identify report');
  const sha = createHash('sha256').update(readFileSync(data)).digest('hex');
  assert.ok(html.includes(`SHA-256 <span class="hash">${sha}</span>`), 'the data file\'s SHA-256 shown');
  assert.ok(html.includes('<strong>3dof.csv</strong>'));
  assert.ok(html.includes(`Written by mechid ${version}`));
  for (const key of ['M', 'D', 'K']) {
    const rows = tableRows(html, `${key} (auto) ± 95 % half-width`);
    assert.equal(rows.length, 3);
    rows.forEach((row, i) => {
      assert.equal(row[0], `q${i + 1}`);
      row.slice(1).forEach((c, j) => {
        const [v, half] = cell(c);
        near(v, result[key][i][j], `${key}[${i}][${j}]`);
        near(half, result.uncertainty[`${key}_half95`][i][j], `${key} half-width [${i}][${j}]`);
      });
    });
  }
  const modes = tableRows(html, 'Modes of the estimate (auto)');
  assert.equal(modes.length, result.modal.modes.length);
  modes.forEach((row, k) => {
    near(Number(row[1]), result.modal.modes[k].freq_hz, `f ${k}`);
    const [w, wHalf] = cell(row[2]), [z, zHalf] = cell(row[3]);
    near(w, result.modal.modes[k].omega_n, `ω ${k}`);
    near(wHalf, result.uncertainty.omega_n_half95[k], `ω half ${k}`);
    near(z, result.modal.modes[k].zeta, `ζ ${k}`);
    near(zHalf, result.uncertainty.zeta_half95[k], `ζ half ${k}`);
  });
  tableRows(html, 'Fit of the simulated outputs to the measured (auto)').forEach((row, k) => near(Number(row[1]), result.fit.fit_percent[k], `fit ${k}`));
  // One picture per mode, one fit plot.
  assert.equal(html.match(/<figure>/g).length, 1 + result.modal.modes.length);
  const back = await readReport(html, 'identify.html', version);
  assert.deepEqual(back.result, result);
  assert.deepEqual(back.data, { name: '3dof.csv', sha256: sha, size: readFileSync(data).length });
  assert.deepEqual(back.warnings, []);
  // Read back: the same file again, byte for byte; mechid modal on the report as on the result.
  await ok('report', '--result', out, '--out', file('identify-again.html'));
  assert.ok(readFileSync(file('identify-again.html')).equals(readFileSync(out)), 'report --result report.html writes the same bytes');
  assert.equal((await ok('modal', '--result', out)).stdout, (await ok('modal', '--result', identifyJson)).stdout);
});

test('report of a modes and an oma result: modes with intervals, MPC/MPD, the MAC, FRF and stabilization plots, read back', async () => {
  await ok('simulate', '--system', '3dof', '--h', '0.1', '--n', '4000', '--input', 'prbs', '--snr', '40', '--seed', '4', '--out', record);
  modesJson = file('modes.json');
  omaJson = file('oma.json');
  await ok('modes', '--data', record, '--band', '0.05:1', '--out', modesJson);
  await ok('oma', '--data', record, '--band', '0.05:1', '--out', omaJson);
  for (const [kind, json] of [['modes', modesJson], ['oma', omaJson]]) {
    const result = JSON.parse(readFileSync(json, 'utf8'));
    const out = file(`${kind}.html`);
    await ok('report', '--result', json, '--data', record, '--out', out);
    const html = readFileSync(out, 'utf8');
    selfContained(html, `${kind} report`);
    assert.ok(html.includes(createHash('sha256').update(readFileSync(record)).digest('hex')));
    const caption = kind === 'modes' ? 'Modes (modes in a band (force and responses))' : 'Modes (output-only modal analysis)';
    const rows = tableRows(html, caption);
    assert.equal(rows.length, result.modes.length);
    assert.ok(rows.length >= 2, `${kind}: ${rows.length} modes`);
    rows.forEach((row, k) => {
      const m = result.modes[k];
      const [f, fHalf] = cell(row[1]), [z, zHalf] = cell(row[2]);
      near(f, m.freq_hz, `${kind} f ${k}`);
      near(fHalf, m.freq_hz_half95, `${kind} f half ${k}`);
      near(z, m.zeta, `${kind} ζ ${k}`);
      near(zHalf, m.zeta_half95, `${kind} ζ half ${k}`);
      near(Number(row[3]), m.mpc, `${kind} MPC ${k}`);
      if (kind === 'oma') near(Number(row[4]), m.mpd_deg, `${kind} MPD ${k}`);
    });
    // The MAC (the core's): 1 on the diagonal.
    const mac = tableRows(html, 'MAC of the modes against each other');
    mac.forEach((row, k) => assert.equal(row[k + 1], '1', `${kind} MAC[${k}][${k}]`));
    assert.ok(html.includes('Stabilization diagram'), kind);
    if (kind === 'modes') assert.ok(html.includes('|H| of each output to input 1: measured and band model'));
    else assert.ok(html.includes('Singular values of the output spectra'));
    assert.deepEqual((await readReport(html, out, version)).result, result);
    await ok('report', '--result', out, '--out', file(`${kind}-again.html`));
    assert.ok(readFileSync(file(`${kind}-again.html`)).equals(readFileSync(out)), `${kind}: byte for byte`);
  }
});

test('bad reports: tampered, another version, not a report, broken JSON, not a result of identify/modes/oma: one message each', async () => {
  const html = readFileSync(file('modes.html'), 'utf8');
  // A frequency of the embedded result changed by hand.
  const m = /"freq_hz":(0\.1\d+)/.exec(html.slice(html.indexOf('id="mechid-result"')));
  const tampered = file('tampered.html');
  writeFileSync(tampered, html.replace(`"freq_hz":${m[1]}`, `"freq_hz":${Number(m[1]) + 0.01}`));
  await refused(['report', '--result', tampered], /^mechid: error: result file .*tampered\.html: the embedded result was changed after the report was written: its SHA-256 [0-9a-f]{64} does not match the one recorded, [0-9a-f]{64}$/m);
  await refused(['modal', '--result', tampered], /changed after the report was written/);
  // Another version: read, with a warning naming both versions.
  const other = file('other.html');
  writeFileSync(other, html.replace(`"version":"${version}"`, '"version":"0.0.1"'));
  const r = await cli('report', '--result', other, '--out', file('other-again.html'));
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, new RegExp(`^mechid: warning: result file .*other\\.html was written by mechid 0\\.0\\.1; this is mechid ${version.replaceAll('.', '\\.')}: `));
  // Not a report: an HTML page; a broken embedded JSON; a result of another command; a CSV.
  const page = file('page.html');
  writeFileSync(page, '<!DOCTYPE html><html><body><p>hello</p></body></html>');
  await refused(['report', '--result', page], /page\.html is neither a JSON result nor a mechid report/);
  const broken = file('broken.html');
  writeFileSync(broken, html.replace(/("result_sha256":"[0-9a-f]+")\}/, '$1'));
  await refused(['report', '--result', broken], /broken\.html: the embedded result is not valid JSON/);
  const notMechid = file('not-mechid.html');
  writeFileSync(notMechid, html.replace('"format":"mechid-report"', '"format":"other-tool"'));
  await refused(['report', '--result', notMechid], /not-mechid\.html: not a mechid report/);
  const system = file('system.json');
  writeFileSync(system, JSON.stringify({ name: 'two', M: [[1]], D: [[0.1]], K: [[2]] }));
  await refused(['report', '--result', system], /result file .*system\.json is not a result of mechid identify, modes or oma/);
  await refused(['report', '--result', record], /record\.csv is neither a JSON result nor a mechid report/);
  await refused(['report', '--data', record], /--result/);
});

test('wasm/version.js (the page\'s version of the tool, written by scripts/build-wasm.sh) is package.json\'s', async () => {
  assert.equal((await import('../../wasm/version.js')).version, version);
});

test('sha256Hex against the FIPS 180-2 vectors; user text escaped; the embedded JSON cannot close its script', async () => {
  assert.equal(await sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(await sha256Hex(new Uint8Array(0)), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  const result = JSON.parse(readFileSync(omaJson, 'utf8'));
  const evil = '</script><img src=x onerror=alert(1)>&';
  result.channels.outputs[0].name = evil;
  result.warnings = [`a warning about ${evil}`];
  // Typed advice (docs/interfaces.md): its plain sentence, its precise statement, its action and options.
  result.advice = [{ code: 'band_not_excited', level: 'warning', message: `The band is not excited ${evil}`, detail: 'the force has 1e-6 of its power above 0.8 Hz',
    action: 'narrow the band', options: { band: '0.05:0.8' } }];
  const html = await writeReport({ kind: 'oma', result, version, data: { name: `${evil}.csv`, bytes: new TextEncoder().encode('t,a\n') } });
  selfContained(html, 'escaped');
  assert.doesNotMatch(html, /<img/);
  assert.equal(html.match(/<\/script>/g).length, 1, 'only the embedded result\'s own end');
  assert.ok(html.includes('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&amp;'));
  assert.ok(html.includes('<strong>The band is not excited &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&amp;</strong> <code>band_not_excited</code>'));
  assert.ok(html.includes('<p>the force has 1e-6 of its power above 0.8 Hz</p><p>What to do: narrow the band (<code>--band 0.05:0.8</code>)</p>'));
  const back = await readReport(html, 'evil.html', version);
  assert.deepEqual(back.result, result);
  assert.equal(back.data.name, `${evil}.csv`);
  // The same inputs, the same bytes.
  assert.equal(await writeReport({ kind: 'oma', result, version, data: { name: `${evil}.csv`, bytes: new TextEncoder().encode('t,a\n') } }), html);
});

test('report --geometry: the mode shapes drawn on the given structure; a geometry naming a missing node is refused', async () => {
  const g = {
    units: 'm', source: 'three storeys',
    nodes: [{ id: 1, x: 0, y: 0, z: 0 }, { id: 2, x: 0, y: 0, z: 3 }, { id: 3, x: 0, y: 0, z: 6 }, { id: 4, x: 0, y: 0, z: 9 }],
    lines: [[1, 2], [2, 3], [3, 4]], faces: [],
    sensors: [{ channel: 'q1', node: 2, direction: [1, 0, 0] }, { channel: 'q2', node: 3, direction: [1, 0, 0] }, { channel: 'q3', node: 4, direction: [1, 0, 0] }],
    rules: [],
  };
  const path = file('frame.json');
  writeFileSync(path, JSON.stringify(g));
  const out = file('frame.html');
  await ok('report', '--result', modesJson, '--geometry', path, '--out', out);
  const html = readFileSync(out, 'utf8');
  assert.ok(html.includes('Geometry: three storeys (4 nodes, 3 lines, coordinates in m).'));
  const result = JSON.parse(readFileSync(modesJson, 'utf8'));
  const pictures = html.split('<div class="shapes">')[1].split('</div>')[0];
  // Per mode: 4 nodes drawn deformed, the ground node (no sensor) as an open circle.
  assert.equal(pictures.match(/<circle/g).length, 4 * result.modes.length);
  assert.equal(pictures.match(/fill="#fff"/g).length, result.modes.length);
  assert.deepEqual((await readReport(html, out, version)).geometry, g);
  writeFileSync(path, JSON.stringify({ ...g, lines: [...g.lines, [4, 12]] }));
  await refused(['report', '--result', modesJson, '--geometry', path], /frame\.json.*node 12/);
});

test('report --data FILE.uff: the universal file\'s own geometry (datasets 15, 82 and the nodes of its 58 records) when no --geometry is given', async () => {
  const nodes = [{ id: 1, x: 0, y: 0, z: 0 }, { id: 2, x: 0, y: 0, z: 3 }, { id: 3, x: 0, y: 0, z: 6 }, { id: 4, x: 0, y: 0, z: 9 }];
  const outputs = [2, 3, 4].map((node, k) => ({ name: `q${k + 1}`, quantity: 'displacement', unit: 'm', node, direction: 1 }));
  const uff = file('frame.uff');
  writeFileSync(uff, geometryUff({ nodes, traces: [[1, 2, 3, 4]] }) + recordsAtNodes(outputs));
  const out = file('frame-uff.html');
  await ok('report', '--result', modesJson, '--data', uff, '--out', out);
  const html = readFileSync(out, 'utf8');
  assert.match(html, /Geometry: frame\.uff \(4 nodes, 3 lines/);
  const { geometry } = await readReport(html, out, version);
  assert.deepEqual(geometry.sensors.map((x) => [x.channel, x.node, x.direction]), outputs.map((o) => [o.name, o.node, [1, 0, 0]]));
  const pictures = html.split('<div class="shapes">')[1].split('</div>')[0];
  assert.equal(pictures.match(/fill="#fff"/g).length, JSON.parse(readFileSync(modesJson, 'utf8')).modes.length, 'the ground node, still, in each picture');
});

test('SHA-256 fed in pieces (wasm/report-sha256.js) equals node:crypto on lengths around the block and padding edges, and on a Blob read in chunks', async () => {
  const { Sha256 } = await import('../../wasm/report-sha256.js');
  const { sha256OfBlob } = await import('../../wasm/report-hash.js');
  const bytes = Uint8Array.from({ length: 300_000 }, (_, k) => (k * 2654435761) >>> 24);
  for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000, 300_000]) {
    const part = bytes.subarray(0, n);
    const expected = createHash('sha256').update(part).digest('hex');
    assert.equal(await sha256Hex(part), expected, `${n} bytes at once`);
    const pieces = new Sha256();
    for (let at = 0; at < n; at += 37) pieces.update(part.subarray(at, at + 37));
    assert.equal(pieces.hex(), expected, `${n} bytes in pieces of 37`);
  }
  assert.equal(await sha256OfBlob(new Blob([bytes]), 4096), createHash('sha256').update(bytes).digest('hex'));
  // FIPS 180-2, appendix B.2: the two-block message.
  assert.equal(await sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'), '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
});
