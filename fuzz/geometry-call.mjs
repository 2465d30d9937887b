// The call of the geometry fuzz target (calls.mjs geometryRead): a geometry file's text through its
// reader (wasm/geometry-read.js: the CSV form, JSON, or a universal file's Recording), then the
// motion of its nodes in a shape over its sensors' channels and one more, and the JSON written and
// read back. A bad-input refusal is fine; anything else thrown is a crash, and so is a geometry that
// breaks the readers' promises (`broken`, outcome.mjs): a non-finite motion, a motion for a node
// nothing moves, a JSON that does not read back to the same geometry.
import { geometryFromCsv, geometryFromJson, geometryFromRecording, geometryToJson, nodeMotion } from '../wasm/geometry.js';
import { uffRecording } from '../wasm/uff-recording.js';
import { parseUff } from '../wasm/uff.js';

/** What is wrong with a read geometry, or ''. */
function geometryBroken(g) {
  const channels = [...g.sensors.map((s) => s.channel), 'not-a-sensor'];
  const { re, im, moved } = nodeMotion(g, channels, { re: channels.map((_, k) => k + 1), im: channels.map((_, k) => -k) });
  if (re.length !== 3 * g.nodes.length || moved.length !== g.nodes.length) return 'motion: sizes';
  if (![...re, ...im].every(Number.isFinite)) return 'motion: a non-finite displacement';
  for (let k = 0; k < moved.length; k++) {
    if (!moved[k] && [0, 1, 2].some((d) => re[3 * k + d] !== 0 || im[3 * k + d] !== 0)) return `motion: node ${g.nodes[k].id} moves, marked still`;
  }
  const { notes, ...plain } = g;
  return JSON.stringify(geometryFromJson(geometryToJson(g), 'again.json')) === JSON.stringify({ ...plain, faces: g.faces ?? [], sensors: g.sensors ?? [], rules: g.rules ?? [] }) ? '' : 'JSON: read back otherwise';
}

export function geometryRead(mechid, { text, form }) {
  let g;
  if (form === 'uff') {
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
    g = geometryFromRecording(uffRecording(parseUff(bytes, 'fuzz.uff'), 'fuzz.uff'), 'fuzz.uff');
  } else {
    g = form === 'json' ? geometryFromJson(text, 'fuzz.json') : geometryFromCsv(text, 'fuzz.csv');
  }
  return { status: 'ok', model: 'dataset', broken: g ? geometryBroken(g) : '' };
}
