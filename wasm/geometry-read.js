// The test geometry from files (issue 53): a universal file's datasets 15/2411 (nodes), 82 (trace
// lines) and 2412 (elements) with its dataset 58 records' response node and direction (the
// sensors), a JSON file of the geometry object, and a small CSV form (docs/interfaces.md,
// "Geometry"). Each result is checked (geometry-check.js), so a refusal names the file and the item.
import { checkGeometry } from './geometry-check.js';
import { badInput, quoted } from './errors.js';

// Record 6 fields 6-7 of dataset 58 (response direction): ±1..3 the translations along ±X, ±Y, ±Z
// (±4..6, the rotations, move no node in a drawing).
const AXIS = { 1: [1, 0, 0], 2: [0, 1, 0], 3: [0, 0, 1] };

// Dataset 2412 FE descriptors (I-DEAS element library): beams are drawn as lines, shells as faces
// (their corner nodes: a parabolic element lists the mid-side nodes between its corners), solids
// by their outer faces (the faces no two solids share).
const BEAM = new Set([11, 21, 22, 23, 24]);
const SHELL_CORNERS = {
  41: [0, 1, 2], 44: [0, 1, 2, 3], 51: [0, 1, 2], 54: [0, 1, 2, 3], 61: [0, 1, 2], 64: [0, 1, 2, 3], 74: [0, 1, 2, 3], 81: [0, 1, 2], 84: [0, 1, 2, 3], 91: [0, 1, 2], 94: [0, 1, 2, 3],
  42: [0, 2, 4], 45: [0, 2, 4, 6], 92: [0, 2, 4], 95: [0, 2, 4, 6],
};
const SOLID_FACES = {
  111: [[0, 1, 2], [0, 1, 3], [1, 2, 3], [0, 2, 3]],                                                  // linear tetrahedron
  112: [[0, 1, 2], [3, 4, 5], [0, 1, 4, 3], [1, 2, 5, 4], [2, 0, 3, 5]],                              // linear wedge
  115: [[0, 1, 2, 3], [4, 5, 6, 7], [0, 1, 5, 4], [1, 2, 6, 5], [2, 3, 7, 6], [3, 0, 4, 7]],           // linear brick
  118: [[0, 2, 4], [0, 2, 9], [2, 4, 9], [0, 4, 9]],                                                  // parabolic tetrahedron: corners 1, 3, 5, 10
};

// The length unit of dataset 164: by its units code (1 SI, 2 BG, 3 MG, 4 BA, 5 MM, 6 CM, 7 IN,
// 8 GM, 10 MN); for code 9 (user defined) by its length factor, file units per metre.
const CODE_LENGTHS = { 1: 'm', 2: 'ft', 3: 'm', 4: 'ft', 5: 'mm', 6: 'cm', 7: 'in', 8: 'mm', 10: 'mm' };
const LENGTHS = [[1, 'm'], [1000, 'mm'], [100, 'cm'], [1 / 0.3048, 'ft'], [1 / 0.0254, 'in']];
const lengthUnit = ({ code, length }) => CODE_LENGTHS[code]
  ?? LENGTHS.find(([f]) => Math.abs(f - length) <= 1e-4 * f)?.[1] ?? `1/${length} m`;

/** Lines and faces without repeats (either direction; a face from any of its rotations or reversed). */
function unique(list, key) {
  const seen = new Set();
  return list.filter((item) => {
    const k = key(item);
    return !seen.has(k) && seen.add(k);
  });
}
const lineKey = ([a, b]) => (a < b ? `${a} ${b}` : `${b} ${a}`);
const faceKey = (f) => [...f].sort((a, b) => a - b).join(' ');

/** The segments of a polyline of node ids, 0 lifting the pen (dataset 82 record 3). */
function segmentsOf(ids) {
  const out = [];
  for (let k = 1; k < ids.length; k++) if (ids[k - 1] !== 0 && ids[k] !== 0 && ids[k - 1] !== ids[k]) out.push([ids[k - 1], ids[k]]);
  return out;
}

/** The lines and faces of dataset 2412's elements, and the descriptors it does not draw. */
function elementsToDrawing(elements) {
  const lines = [], faces = [], solids = [], skipped = new Set();
  for (const e of elements) {
    if (BEAM.has(e.type)) lines.push(...segmentsOf(e.nodes));
    else if (SHELL_CORNERS[e.type] && e.nodes.length > Math.max(...SHELL_CORNERS[e.type])) faces.push(SHELL_CORNERS[e.type].map((k) => e.nodes[k]));
    else if (SOLID_FACES[e.type] && e.nodes.length > Math.max(...SOLID_FACES[e.type].flat())) solids.push(...SOLID_FACES[e.type].map((f) => f.map((k) => e.nodes[k])));
    else skipped.add(e.type);
  }
  const count = new Map();
  for (const f of solids) count.set(faceKey(f), (count.get(faceKey(f)) ?? 0) + 1);
  faces.push(...solids.filter((f) => count.get(faceKey(f)) === 1));
  return { lines, faces, skipped: [...skipped] };
}

/**
 * The geometry of a universal file's Recording (wasm/uff-recording.js), or null when it holds no
 * node: the nodes of datasets 15/2411 (in global coordinates: their coordinate systems are not
 * applied), the trace lines of 82 split at each 0 into segments, 2412's beams as lines and shells
 * and solids as faces, and a sensor for each channel whose record 6 names a node of the file and a
 * translation (its channel name as the Recording names it: a1, q2, H3 …). `notes` say what was
 * left out (channels at nodes the file does not have, rotations, element types not drawn).
 */
export function geometryFromRecording(recording, name = 'file') {
  const data = recording.geometryData;
  if (!data || data.nodes.length === 0) return null;
  const notes = [];
  const ids = new Set(data.nodes.map((n) => n.id));
  const drawn = elementsToDrawing(data.elements);
  if (drawn.skipped.length) notes.push(`${name}: dataset 2412 element types ${drawn.skipped.join(', ')} are not drawn`);
  const sensors = [], outside = [];
  for (const c of recording.channels ?? []) {
    const node = c.meta?.node, dir = c.meta?.direction;
    if (node === undefined || c.quantity === 'force' || c.quantity === 'time') continue;
    const axis = AXIS[Math.abs(dir)];
    if (!ids.has(node) || !axis) { outside.push(`${c.name} (node ${node}, direction ${dir})`); continue; }
    sensors.push({ channel: c.name, node, direction: axis.map((v) => Math.sign(dir) * v + 0) });
  }
  if (outside.length) notes.push(`${name}: channels at no node of the file or along no translation: ${outside.slice(0, 8).join(', ')}${outside.length > 8 ? ` and ${outside.length - 8} more` : ''}`);
  const g = {
    units: recording.units ? lengthUnit(recording.units) : '', source: name,
    nodes: data.nodes.map(({ id, x, y, z }) => ({ id, x, y, z })),
    lines: unique([...data.lines.flatMap((l) => segmentsOf(l.nodes)), ...drawn.lines], lineKey),
    faces: unique(drawn.faces, faceKey), sensors, rules: [],
    ...(notes.length ? { notes } : {}),
  };
  return checkGeometry(g, name);
}

/** The geometry object of a JSON file (docs/interfaces.md), absent lists empty, checked. */
export function geometryFromJson(text, name = 'geometry.json') {
  let g;
  try {
    g = JSON.parse(text);
  } catch (e) {
    throw badInput(`${name}: not a JSON file (${e.message})`);
  }
  if (!g || typeof g !== 'object' || Array.isArray(g)) throw badInput(`${name}: a geometry file holds one object {units, nodes, lines, faces, sensors, rules}`);
  return checkGeometry({
    units: String(g.units ?? ''), source: typeof g.source === 'string' && g.source ? g.source : name,
    nodes: g.nodes, lines: g.lines ?? [], faces: g.faces ?? [], sensors: g.sensors ?? [], rules: g.rules ?? [],
  }, name);
}

const DIRECTION_WORDS = { '+x': [1, 0, 0], x: [1, 0, 0], '-x': [-1, 0, 0], '+y': [0, 1, 0], y: [0, 1, 0], '-y': [0, -1, 0], '+z': [0, 0, 1], z: [0, 0, 1], '-z': [0, 0, -1] };

// The CSV form's rows: the first cell names the row's kind, the others its fields.
const ROWS = {
  units: { fields: 'a length unit', least: 1, read: (g, [u]) => { g.units = u; } },
  node: { fields: 'id, x, y, z', least: 4, numbers: true, read: (g, [id, x, y, z]) => g.nodes.push({ id, x, y, z }) },
  line: { fields: 'two or more node ids (a polyline)', least: 2, numbers: true, read: (g, ids) => g.lines.push(...segmentsOf(ids)) },
  face: { fields: 'three or more node ids', least: 3, numbers: true, read: (g, ids) => g.faces.push(ids) },
  sensor: { fields: 'channel, node, direction (+X … -Z, or three numbers)', least: 3, read: readSensor },
  slave: { fields: 'node, the node it moves as', least: 2, numbers: true, read: (g, [node, slave]) => g.rules.push({ node, slave }) },
  between: { fields: 'node, a, b, t (it moves as (1 − t)·a + t·b)', least: 4, numbers: true, read: (g, [node, a, b, t]) => g.rules.push({ node, between: [a, b], t }) },
};

function readSensor(g, [channel, node, ...dir], fail) {
  const id = Number(node);
  const direction = dir.length === 1 ? DIRECTION_WORDS[dir[0].toLowerCase()] : dir.length === 3 ? dir.map(Number) : undefined;
  if (!direction) fail(`the direction ${quoted(dir.join(','))} is not +X, -X, +Y, -Y, +Z, -Z or three numbers`);
  g.sensors.push({ channel, node: id, direction });
}

/**
 * The geometry of the CSV form: one row per item, its kind first (units, node, line, face, sensor,
 * slave, between: docs/interfaces.md), cells separated by commas, semicolons or tabs; `#` starts a
 * comment line. A refusal names the file and the row.
 */
export function geometryFromCsv(text, name = 'geometry.csv') {
  const g = { units: '', source: name, nodes: [], lines: [], faces: [], sensors: [], rules: [] };
  text.split(/\r\n|\n|\r/).forEach((line, k) => {
    const row = `${name} row ${k + 1}`;
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    const [kind, ...cells] = line.split(/[,;\t]/).map((c) => c.trim());
    while (cells.length && cells.at(-1) === '') cells.pop();
    const spec = ROWS[kind.toLowerCase()];
    if (!spec) throw badInput(`${row}: ${quoted(kind)} is not a row kind (units, node, line, face, sensor, slave, between)`);
    if (cells.length < spec.least) throw badInput(`${row}: ${kind} needs ${spec.fields}; the row has ${cells.length} field${cells.length === 1 ? '' : 's'}`);
    const bad = spec.numbers ? cells.findIndex((c) => c === '' || !Number.isFinite(Number(c))) : -1;
    if (bad >= 0) throw badInput(`${row}: field ${bad + 2} ${quoted(cells[bad])} is not a number (${kind}: ${spec.fields})`);
    spec.read(g, spec.numbers ? cells.map(Number) : cells, (what) => { throw badInput(`${row}: ${what}`); });
  });
  return checkGeometry(g, name);
}

/** The JSON text of a geometry (the object of docs/interfaces.md; read back by geometryFromJson). */
export function geometryToJson(g) {
  const { units, source, nodes, lines, faces = [], sensors = [], rules = [] } = g;
  return `${JSON.stringify({ units, source, nodes, lines, faces, sensors, rules }, null, 1)}\n`;
}
