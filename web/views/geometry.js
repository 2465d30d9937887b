// The "Geometry of the test structure" section (issue 53): the geometry the modes are drawn on
// (web/state/geometry.js), loaded from a file in the worker (readGeometry: a universal file's
// nodes, lines and sensors, the JSON or CSV form of docs/interfaces.md), built for the simple
// cases (wasm/geometry.js: a shear frame, points on a line, a grid), the chosen preset's row of
// masses, or a loaded data file's own. Below it, each output channel of the latest record or
// result with its node and direction (the unmapped ones named next to the table), and the rules
// that move the nodes without a sensor. Every change is checked (checkGeometry) before it is
// taken: a refusal is said next to its control, and what the user typed stays. File content is
// only ever set as text.
import { client } from '../client/worker-client.js';
import { $, el, setStatus } from '../ui/dom.js';
import { clearFieldMessages, showFieldError, showFieldMessage } from '../ui/field-message.js';
import { download, safeName } from '../ui/export.js';
import { checkGeometry, geometryToJson, gridGeometry, lineGeometry, mapSensors, presetGeometry, shearFrameGeometry } from '../gen/geometry.js';
import {
  currentChannels, currentGeometry, geometryByUser, offerChannels, offerGeometry, onChannelsChange, onGeometryChange,
  onGeometryFileError, onGeometryOffered, setGeometry,
} from '../state/geometry.js';
import { onSimulation } from '../state/step-data.js';

const fileInput = $('geometry-file');
const fileError = $('geometry-file-error');
const kindSelect = $('geometry-kind');
const buildError = $('geometry-build-error');
const status = $('geometry-status');
const mappingTable = $('geometry-mapping');
const mappingError = $('geometry-mapping-error');
const unmappedNote = $('geometry-unmapped');
const rulesTable = $('geometry-rules');
const rulesError = $('geometry-rules-error');
const FIELDS = ['n1', 'n2', 'size1', 'size2'];

// The editor's fields for each shape: their labels (null: not asked) and first values.
const SHAPES = {
  shear: { labels: ['Storeys', 'Sensors per storey', 'Storey height', 'Width'], values: ['3', '1', '3', '6'] },
  line: { labels: ['Points', null, 'Length', null], values: ['5', '', '1', ''] },
  grid: { labels: ['Points along x', 'Points along y', 'Spacing along x', 'Spacing along y'], values: ['4', '3', '1', '1'] },
};
const typed = {};  // the values typed for each shape, kept when another shape is chosen
let shownKind = kindSelect.value;

const DIRECTIONS = [['+X', [1, 0, 0]], ['-X', [-1, 0, 0]], ['+Y', [0, 1, 0]], ['-Y', [0, -1, 0]], ['+Z', [0, 0, 1]], ['-Z', [0, 0, -1]]];
const directionName = (d) => DIRECTIONS.find(([, v]) => v.every((x, k) => x === d[k]))?.[0] ?? 'custom';

/** "1, 2, 3, … and 9 more": a list cut after `max` items. */
const listed = (items, max = 12) => `${items.slice(0, max).join(', ')}${items.length > max ? `, … and ${items.length - max} more` : ''}`;

// ------------------------------------------------------------------------------------------------
// The editor

function showShape() {
  typed[shownKind] = FIELDS.map((f) => $(`geometry-${f}`).value);
  shownKind = kindSelect.value;
  const { labels, values } = SHAPES[shownKind];
  const now = typed[shownKind] ?? values;
  FIELDS.forEach((f, k) => {
    $(`geometry-${f}-label`).textContent = labels[k] ?? '';
    $(`geometry-${f}`).value = now[k];
    const box = $(`geometry-${f}-box`);
    if (box) box.hidden = labels[k] === null;
  });
  clearFieldMessages([buildError], FIELDS.map((f) => $(`geometry-${f}`)));
}

/** The editor's field `f` as a number: an integer ≥ 1 (`count`) or a positive number; else a message beside it. */
function fieldValue(f, count) {
  const input = $(`geometry-${f}`);
  const label = SHAPES[shownKind].labels[FIELDS.indexOf(f)];
  const text = input.value.trim().replace(',', '.');
  const x = Number(text);
  const ok = text !== '' && (count ? Number.isSafeInteger(x) && x >= 1 && x <= 10000 : Number.isFinite(x) && x > 0);
  if (!ok) {
    showFieldError(buildError, `${label}: “${input.value}” is not ${count ? 'a whole number from 1 to 10000' : 'a positive number'}`, input);
    return null;
  }
  return x;
}

function build() {
  clearFieldMessages([buildError], FIELDS.map((f) => $(`geometry-${f}`)));
  const prefix = $('geometry-prefix').value;
  const asked = SHAPES[shownKind].labels.map((label, k) => (label === null ? 0 : fieldValue(FIELDS[k], k < 2)));
  if (asked.includes(null)) return;
  const [n1, n2, s1, s2] = asked;
  const g = shownKind === 'shear' ? shearFrameGeometry(n1, { sensorsPerStorey: n2, height: s1, width: s2, prefix })
    : shownKind === 'line' ? lineGeometry(n1, { length: s1, prefix })
      : gridGeometry(n1, n2, { dx: s1, dy: s2, prefix });
  setGeometry(checkGeometry(g, g.source));
  showOffer(null, true);
}

// ------------------------------------------------------------------------------------------------
// Loading a file

async function loadFile() {
  const file = fileInput.files[0];
  clearFieldMessages([fileError], [fileInput]);
  if (!file) return;
  setStatus(status, 'busy', `Reading ${file.name}…`);
  try {
    const { geometry } = await client.readGeometry({ file });
    setGeometry(geometry);
    showOffer(null, true);
  } catch (e) {
    showFieldError(fileError, e.message, fileInput);
    showGeometry(currentGeometry());  // the status line of the geometry kept
  }
}

// ------------------------------------------------------------------------------------------------
// The channels' nodes and directions

let editing = null;  // the table a change came from: not redrawn (its focus and typing kept)

/** The channels the mapping lists: those of the latest record or result, else the geometry's sensors'. */
function listedChannels(g) {
  const { names } = currentChannels();
  return names.length ? names : g.sensors.map((s) => s.channel);
}

// The most channels the mapping table lists (a file of 10 000 columns made a table the page took
// seconds to build); the others are mapped by a geometry file's sensors.
const MAX_ROWS = 64;

function showMapping(g) {
  const { names, from } = currentChannels();
  const channels = listedChannels(g);
  const more = channels.length > MAX_ROWS
    ? ` The first ${MAX_ROWS} of its ${channels.length} are listed; a geometry file with sensors (nodes of UFF 58 records, or sensor rows of a geometry CSV) maps them all.`
    : '';
  $('geometry-channels-from').textContent = names.length
    ? `The output channels of ${from}.${more}`
    : 'No record or result yet: the channels the geometry names. Load or analyse a record to map its channels.';
  const { sensorOf } = mapSensors(g, channels);
  const head = el('tr');
  head.append(el('th', 'Channel', { scope: 'col' }), el('th', 'Node', { scope: 'col' }), el('th', 'Direction', { scope: 'col' }));
  const rows = channels.slice(0, MAX_ROWS).map((name, k) => {
    const s = sensorOf[k];
    const node = el('input', undefined, { id: `geometry-node-${k}`, type: 'text', inputmode: 'numeric', 'aria-label': `Node of ${name}`, size: '6' });
    node.value = s ? String(s.node) : '';
    const dir = el('select', undefined, { id: `geometry-dir-${k}`, 'aria-label': `Direction of ${name}` });
    for (const [label] of DIRECTIONS) dir.append(new Option(label, label));
    if (s && directionName(s.direction) === 'custom') dir.append(new Option(`(${s.direction.join(', ')})`, 'custom'));
    dir.value = s ? directionName(s.direction) : '+X';
    const row = el('tr', undefined, { 'data-channel': name });
    const cell = el('th', name, { scope: 'row' });
    const nodeCell = el('td'), dirCell = el('td');
    nodeCell.append(node);
    dirCell.append(dir);
    row.append(cell, nodeCell, dirCell);
    for (const control of [node, dir]) control.addEventListener('change', () => changeSensor(name, node, dir));
    return row;
  });
  const thead = el('thead'), tbody = el('tbody');
  thead.append(head);
  tbody.append(...rows);
  mappingTable.replaceChildren(thead, tbody);
  showUnmapped(g, channels);
}

function showUnmapped(g, channels) {
  const { unmapped } = mapSensors(g, channels);
  unmappedNote.textContent = unmapped.length
    ? `On no node: ${listed(unmapped)}. ${unmapped.length === 1 ? 'It is' : 'They are'} left out of the drawing; type a node for each.`
    : '';
  mappingTable.setAttribute('aria-describedby', unmappedNote.id);
}

/** A channel's node or direction changed: the geometry with that sensor, once checked. */
function changeSensor(channel, nodeInput, dirSelect) {
  clearFieldMessages([mappingError], [nodeInput]);
  const g = currentGeometry();
  const before = g.sensors.find((s) => s.channel === channel);
  const text = nodeInput.value.trim();
  const others = g.sensors.filter((s) => s.channel !== channel);
  let sensors = others;
  if (text !== '') {
    const id = Number(text);
    if (!Number.isSafeInteger(id) || !g.nodes.some((n) => n.id === id)) {
      showFieldError(mappingError, `${channel}: “${nodeInput.value}” is not a node of the geometry (its nodes: ${listed(g.nodes.map((n) => n.id), 8)})`, nodeInput);
      return;
    }
    const direction = dirSelect.value === 'custom' ? before.direction : DIRECTIONS.find(([name]) => name === dirSelect.value)[1];
    sensors = [...others, { channel, node: id, direction: [...direction] }];
  }
  const next = { ...g, sensors };  // refused when the node has a rule: the user removes the rule, or not
  try {
    editing = 'mapping';
    setGeometry(checkGeometry(next, 'the mapping'));
  } catch (e) {
    showFieldError(mappingError, e.message, nodeInput);
  } finally {
    editing = null;
  }
}

// ------------------------------------------------------------------------------------------------
// The rules of the nodes without a sensor

const RULE_FIELDS = ['node', 'kind', 'a', 'b', 't'];

function ruleRow(rule, k) {
  const row = el('tr', undefined, { class: 'geometry-rule' });
  const input = (field, value, label) => {
    const i = el('input', undefined, { type: 'text', inputmode: 'decimal', size: '6', 'aria-label': `Rule ${k + 1}: ${label}`, 'data-field': field });
    i.value = value;
    return i;
  };
  const kind = el('select', undefined, { 'aria-label': `Rule ${k + 1}: moves`, 'data-field': 'kind' });
  kind.append(new Option('as node', 'slave'), new Option('between nodes', 'between'));
  kind.value = rule?.between ? 'between' : 'slave';
  const cells = [
    input('node', rule ? String(rule.node) : '', 'node'), kind,
    input('a', rule ? String(rule.slave ?? rule.between[0]) : '', 'first node'),
    input('b', rule?.between ? String(rule.between[1]) : '', 'second node'),
    input('t', rule?.between ? String(rule.t) : '0.5', 't'),
  ];
  const remove = el('button', 'Remove', { type: 'button', 'aria-label': `Remove rule ${k + 1}` });
  remove.addEventListener('click', () => {
    row.remove();
    changeRules();
  });
  for (const c of cells) {
    const td = el('td');
    td.append(c);
    row.append(td);
    c.addEventListener('change', () => {
      showBetween(row);
      changeRules(c);
    });
  }
  const td = el('td');
  td.append(remove);
  row.append(td);
  showBetween(row);
  return row;
}

// "and" and t only for a rule between two nodes.
function showBetween(row) {
  const between = row.querySelector('[data-field="kind"]').value === 'between';
  for (const f of ['b', 't']) row.querySelector(`[data-field="${f}"]`).hidden = !between;
}

function showRules(g) {
  const head = el('tr');
  for (const title of ['Node', 'Moves', 'as / between', 'and', 't', '']) head.append(el('th', title, { scope: 'col' }));
  const thead = el('thead'), tbody = el('tbody');
  thead.append(head);
  tbody.append(...g.rules.map(ruleRow));
  rulesTable.replaceChildren(thead, tbody);
  showStill(g);
}

function showStill(g) {
  const moved = new Set([...g.sensors.map((s) => s.node), ...g.rules.map((r) => r.node)]);
  const still = g.nodes.map((n) => n.id).filter((id) => !moved.has(id));
  $('geometry-still').textContent = still.length ? `Drawn still (no sensor, no rule): node${still.length > 1 ? 's' : ''} ${listed(still)}.` : 'Every node moves (a sensor or a rule).';
}

/** The rules as typed; a blank row is skipped. A field that is not a number: a message beside it, null. */
function typedRules() {
  const rules = [];
  for (const row of rulesTable.querySelectorAll('tr.geometry-rule')) {
    const get = (f) => row.querySelector(`[data-field="${f}"]`);
    const between = get('kind').value === 'between';
    const fields = between ? ['node', 'a', 'b', 't'] : ['node', 'a'];
    if (fields.every((f) => get(f).value.trim() === '' || (f === 't' && get(f).value.trim() === '0.5'))) continue;
    const values = {};
    for (const f of fields) {
      const text = get(f).value.trim().replace(',', '.');
      values[f] = Number(text);
      if (text === '' || !Number.isFinite(values[f])) {
        showFieldError(rulesError, `${get(f).getAttribute('aria-label')}: “${get(f).value}” is not a number`, get(f));
        return null;
      }
    }
    rules.push(between ? { node: values.node, between: [values.a, values.b], t: values.t } : { node: values.node, slave: values.a });
  }
  return rules;
}

function changeRules(control) {
  const controls = [...rulesTable.querySelectorAll('input, select')];
  clearFieldMessages([rulesError], controls);
  const rules = typedRules();
  if (!rules) return;
  const g = currentGeometry();
  try {
    editing = 'rules';
    setGeometry(checkGeometry({ ...g, rules }, 'the rules'));
  } catch (e) {
    // "rule 2 …": the rule's row numbered as the table's rows that are not blank
    showFieldError(rulesError, e.message, control ?? $('geometry-add-rule'));
  } finally {
    editing = null;
  }
}

// ------------------------------------------------------------------------------------------------
// The geometry as a whole

function showGeometry(g) {
  $('geometry-details').hidden = g === null;
  $('geometry-notes').replaceChildren(...(g?.notes ?? []).map((note) => el('li', note)));
  if (g === null) {
    setStatus(status, 'empty', 'No geometry yet: load a file or build one.');
    return;
  }
  const count = (n, what) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const auto = geometryByUser() ? '' : ' Taken automatically: a file loaded or a shape built here replaces it.';
  setStatus(status, 'ok', `${g.source}: ${count(g.nodes.length, 'node')}, ${count(g.lines.length, 'line')}, ${count(g.faces.length, 'face')}, `
    + `${count(g.sensors.length, 'sensor')}, ${count(g.rules.length, 'rule')}${g.units ? `; coordinates in ${g.units}` : ''}.${auto}`);
  if (editing !== 'mapping') showMapping(g);
  else showUnmapped(g, listedChannels(g));
  if (editing !== 'rules') showRules(g);
  else showStill(g);
}

/** The preset of step 1 as the automatic geometry, and its channels q1..qn. */
function offerPreset(name) {
  const g = name ? presetGeometry(name) : null;
  if (!g) return;
  offerGeometry(g);
  offerChannels(g.sensors.map((s) => s.channel), `the preset ${name}`);
}

// An automatic geometry not taken (the user's kept): said, with a button that takes it.
let declined = null;
function showOffer(g, taken) {
  declined = taken ? null : g;
  $('geometry-offer').hidden = taken;
  if (!taken) $('geometry-offer-text').textContent = `${g.source} has a geometry of its own (${g.nodes.length} nodes); yours is kept.`;
}

/** Wires the section. */
export function start() {
  kindSelect.addEventListener('change', showShape);
  $('geometry-build').addEventListener('click', build);
  fileInput.addEventListener('change', loadFile);
  $('geometry-add-rule').addEventListener('click', () => {
    const body = rulesTable.querySelector('tbody');
    const row = ruleRow(null, body.children.length);
    body.append(row);
    row.querySelector('input').focus();
  });
  $('geometry-download').addEventListener('click', () => {
    const g = currentGeometry();
    if (g) download(new Blob([geometryToJson(g)], { type: 'application/json' }), `${safeName(g.source.replace(/\.\w+$/, '')) || 'geometry'}-geometry.json`);
  });
  onGeometryChange(showGeometry);
  onGeometryOffered(showOffer);
  $('geometry-offer-use').addEventListener('click', () => {
    if (declined) setGeometry(declined, { byUser: false });
    showOffer(declined, true);
  });
  onChannelsChange(() => {
    const g = currentGeometry();
    if (g) showMapping(g);
  });
  onGeometryFileError((message) => showFieldMessage(fileError, message, fileInput, { focus: false }));
  // The preset chosen in step 1 (its menu is filled by the Simulate section once the worker answers)
  const preset = $('preset');
  preset.addEventListener('change', () => offerPreset(preset.value));
  // ... and the one chosen for Identify, when the user picks another there
  $('ident-preset')?.addEventListener('change', (e) => offerPreset(e.target.value));
  onSimulation((sim) => offerPreset(typeof sim.system === 'string' ? sim.system : ''));
  if (preset.value) offerPreset(preset.value);
  else new MutationObserver((_, observer) => {
    observer.disconnect();
    offerPreset(preset.value);
  }).observe(preset, { childList: true });
}
