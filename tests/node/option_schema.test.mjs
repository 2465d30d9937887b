// The core's option schema (api.optionSchema(), src/core/option_schema.hpp) is the one source of the
// options' defaults, ranges and hints: the facade states none (an absent option reaches the core
// absent), the CLI's help and parser and the page's forms take theirs from it. Each test feeds a
// copy of the schema with defaults changed where the module's optionSchema() is read and looks for
// the change downstream: a layer with a default of its own would not show it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { DEFAULTS, EQ32_READINGS, wrapModule } from '../../wasm/api.js';
import { runCli } from '../../bin/main.mjs';
import { useOptionSchema, withDefaults } from '../../bin/options.mjs';
import * as identifyCommand from '../../bin/commands/identify.mjs';
import * as perturbCommand from '../../bin/commands/perturb-study.mjs';
import { formDefaults } from '../../web/ui/form.js';
import { MARKUP } from '../../web/app/markup.js';
import { mechid, root } from './helpers.mjs';

const schema = mechid.optionSchema();

// The schema with some defaults changed, as a C++ change of the member initialisers would.
function changedSchema() {
  const s = structuredClone(schema);
  s.identify.blockRows.default = 7;
  s.identify.init.default = 'equation-error';
  s.dataset.inputSampling.default = 'hold';
  s.modes.maxOrder.default = 33;
  s.modes.freqTol.default = 0.02;
  s.svf.form.default = 'siso';
  s.svf.intersample.default = 'linear';
  s.svf.p1.default = 0.25;
  s.perturbation.samples.default = 77;
  s.perturbation.multiples.default = [2, 5];
  s.simulate.input.default = 'sine';
  s.simulate.amplitude.default = 2.5;
  s.simulate.hold.default = 4;
  s.ekf.reading.default = 'kn';
  s.ekf.method.default = 'heun';
  return s;
}

test('the schema describes every group with a type, a default and a help line per option', () => {
  for (const group of ['dataset', 'identify', 'frf', 'modes', 'svf', 'perturbation', 'simulate', 'ekf']) {
    assert.ok(schema[group], `group ${group}`);
    for (const [name, entry] of Object.entries(schema[group])) {
      assert.ok(['number', 'integer', 'boolean', 'choice', 'string', 'numbers'].includes(entry.type), `${group}.${name} type ${entry.type}`);
      assert.ok('default' in entry, `${group}.${name} has a default (null: not given)`);
      assert.ok(entry.help.length > 10, `${group}.${name} has a help line`);
      if (entry.type === 'choice') assert.ok(entry.choices.includes(entry.default), `${group}.${name}: its default is one of its choices`);
    }
  }
  // The values the product uses (docs: the defaults that were chosen when the layers disagreed).
  assert.equal(schema.dataset.inputSampling.default, 'auto');
  assert.deepEqual(schema.dataset.inputSampling.choices, ['auto', 'point', 'hold']);
  assert.equal(schema.identify.maxWork.default, 5e11);
  assert.deepEqual([schema.modes.maxOrder.default, schema.modes.maxOrder.min, schema.modes.maxOrder.max], [40, 2, 400]);
  assert.deepEqual([schema.modes.freqTol.default, schema.modes.dampingTol.default, schema.modes.macMin.default], [0.01, 0.05, 0.98]);
  assert.equal(schema.modes.method.default, 'lpm');
  assert.equal(schema.frf.method.default, 'welch');
  // svf (the SVF report): the poles of 1/Λ(s) positive, no grid, the intersample rules of continuous signals.
  assert.deepEqual([schema.svf.p1.default, schema.svf.p1.min, schema.svf.p2.default, schema.svf.p2.min], [0, 0, 0, 0]);  // 0: from the data
  assert.deepEqual([schema.svf.grid.default, schema.svf.form.default, schema.svf.robust.default], [null, 'auto', false]);
  assert.deepEqual([schema.svf.intersample.default, schema.svf.intersample.choices], ['cubic', ['cubic', 'linear']]);
  // perturbation (Bruschetta 2011, sec. 3.2): h_i = 2π/(i ω_B) for i = 1, 2, 3; 50 samples of 5 %.
  const p = schema.perturbation;
  assert.deepEqual([p.multiples.default, p.multiples.above, p.samples.default, p.samples.min, p.samples.max], [[1, 2, 3], 0, 50, 2, 100000]);
  assert.deepEqual([p.relative.default, p.relative.above, p.seed.default, p.seed.min], [0.05, 0, 1, 0]);
  // simulate: a PRBS of amplitude 1 changing every sample, noise-free, seed 1 (the CLI's and the facade's former table).
  const sim = schema.simulate;
  assert.deepEqual([sim.input.default, sim.amplitude.default, sim.hold.default, sim.hold.min, sim.snr.default, sim.seed.default],
    ['prbs', 1, 1, 1, Infinity, 1]);
  // ekf (Beckmann et al. 2016): rk4, eq. 32 read in kN with the wider prior on d, a held torque.
  const ekf = schema.ekf;
  assert.deepEqual([ekf.method.default, ekf.reading.default, ekf.reading.choices, ekf.scale.default, ekf.scale.above, ekf.inputSampling.default],
    ['rk4', 'kn-wide', ['kn-wide', 'kn', 'printed'], null, 0, 'hold']);
  // A fresh copy each time: a caller cannot change the module's schema.
  const copy = mechid.optionSchema();
  copy.modes.maxOrder.default = 1;
  assert.equal(mechid.optionSchema().modes.maxOrder.default, 40);
});

test('the facade states no default: an option not given reaches the core absent', () => {
  const calls = [];
  // A module whose identify records what the facade hands it.
  const fake = {
    optionSchema: () => changedSchema(),
    poleGrid: () => [],
    identify: (method, runs, options) => {
      calls.push({ runs, options });
      return { status: 'ok' };
    },
    modes: (data, options) => {
      calls.push({ data, options });
      return { status: 'ok' };
    },
    svfIdentify: (data, options) => {
      calls.push({ data, options });
      return { status: 'ok' };
    },
    perturbationStudy: (system, options) => {
      calls.push({ system, options });
      return [];
    },
    simulate: (system, options) => {
      calls.push({ system, options });
      const m = { rows: 0, cols: 1, data: new Float64Array(0) };
      return { h: 0.1, t: [], u: m, q: m, noise_std: [] };
    },
  };
  const api = wrapModule(fake);
  const data = { h: 0.1, u: { rows: 1, cols: 1, data: new Float64Array(1) }, y: { rows: 1, cols: 1, data: new Float64Array(1) } };
  api.identify('auto', data, {});
  api.modes(data, {});
  api.svfIdentify(data, {});
  api.perturbationStudy(mechid.preset('msd'), {});
  api.simulate(mechid.preset('msd'), { h: 0.1, n: 10 });
  const given = (o) => Object.entries(o).filter(([, v]) => v !== undefined && v !== null).map(([k]) => k);
  assert.deepEqual(given(calls[0].options), [], 'identify: no option filled in by the facade');
  assert.deepEqual(given(calls[0].runs), ['h', 'u', 'y'], 'the dataset: no option filled in by the facade');
  assert.deepEqual(given(calls[1].options), [], 'modes: no option filled in by the facade');
  assert.deepEqual(given(calls[2].options), [], 'svfIdentify: no option filled in by the facade');
  assert.deepEqual(given(calls[3].options), [], 'perturbationStudy: no option filled in by the facade');
  assert.deepEqual(given(calls[4].options), ['h', 'n'], 'simulate: no option filled in by the facade');
  // The deprecated DEFAULTS of the described groups are the schema's (here the changed one).
  assert.equal(DEFAULTS.identify.blockRows, 7);
  assert.equal(DEFAULTS.dataset.inputSampling, 'hold');
  assert.deepEqual([DEFAULTS.svf.p1, DEFAULTS.svf.intersample], [0.25, 'linear']);
  assert.equal(DEFAULTS.perturbation.samples, 77);
  assert.equal(api.optionSchema().modes.maxOrder.default, 33);
  // DEFAULTS and the free poleGrid back to the real module's.
  wrapModule({ ...fake, optionSchema: () => mechid.optionSchema(), poleGrid: (lo, hi, step) => mechid.poleGrid({ lo, hi, step }) });
});

test('the CLI takes its core options\' defaults and ranges from the schema (help, parser, defaults)', async () => {
  const sink = () => ({ text: '', write(t) { this.text += t; return true; } });
  const changed = { ...mechid, optionSchema: () => changedSchema() };
  // The help of the commands that take those options (identify, modes), as one text.
  const helpOf = async (module) => {
    const out = sink();
    for (const command of ['identify', 'modes', 'perturb-study', 'simulate']) assert.equal(await runCli([command, '--help'], { stdout: out, stderr: sink(), mechid: module }), 0);
    return out;
  };
  const help = await helpOf(changed);
  assert.match(help.text, /\[--block-rows I=7[ \]]/);
  assert.match(help.text, /\[--init n4sid\|equation-error=equation-error\]/);
  assert.match(help.text, /\[--input-sampling auto\|point\|hold=hold\]/);
  assert.match(help.text, /\[--max-order N=33[ \]]/);
  assert.match(help.text, /\[--freq-tol F=0\.02\]/);
  assert.match(help.text, /\[--form auto\|siso\|mimo=siso\]/);
  assert.match(help.text, /\[--intersample cubic\|linear=linear\]/);
  assert.match(help.text, /\[--samples N=77[ \]]/);
  assert.match(help.text, /\[--i I1,I2,\.\.=2,5[ \]]/);
  assert.match(help.text, /\[--input prbs\|sine\|multisine\|chirp\|step=sine\]/);
  assert.match(help.text, /\[--amplitude A=2\.5\]/);
  assert.match(help.text, /\[--hold SAMPLES=4 /);
  assert.match(help.text, /\[--discretization ef\|se\|heun\|lp\|rk3\|rk4=heun\] \[--reading kn-wide\|kn\|printed=kn\]/);
  // The parser's defaults and range checks.
  useOptionSchema(changedSchema());
  try {
    const o = withDefaults(identifyCommand.options, {});
    assert.deepEqual([o['block-rows'], o.init, o['input-sampling']], [7, 'equation-error', 'hold']);
    assert.deepEqual([o.form, o.intersample], ['siso', 'linear']);
    const study = withDefaults(perturbCommand.options, {});
    assert.deepEqual([study.samples, study.i, study.relative], [77, [2, 5], 0.05]);
  } finally {
    useOptionSchema(schema);
  }
  const real = await helpOf(mechid);
  assert.match(real.text, /\[--block-rows I=0[ \]]/);
  assert.match(real.text, /\[--max-order N=40[ \]]/);
  assert.match(real.text, /\[--intersample cubic\|linear=cubic\]/);
  const err = sink();
  assert.equal(await runCli(['modes', '--data', 'x.csv', '--band', '1:2', '--max-order', '401'], { stdout: sink(), stderr: err, mechid }), 1);
  assert.match(err.text, /--max-order must be at most 400, got 401/);
});

// The page: each view fills its fields through fillForm(fields) (web/ui/option-schema.js), with
// the values formDefaults computes from the schema; the page's markup (web/index.html and the
// sections' markup, web/app/markup.js) states none of them.
function pageFields() {
  const fields = {};
  const dir = `${root}web/views/`;
  for (const file of readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(dir + file, 'utf8');
    for (const call of text.matchAll(/fillForm\(\{([\s\S]*?)\);/g)) {
      for (const m of call[1].matchAll(/'([a-z0-9-]+)': \{ option: '([a-zA-Z]+\.[a-zA-Z]+)'(?:, scale: (\d+))? \}/g)) {
        fields[m[1]] = { option: m[2], ...(m[3] ? { scale: Number(m[3]) } : {}) };
      }
    }
  }
  return fields;
}

test('the page\'s forms take their defaults from the schema and the page\'s markup states none', () => {
  const fields = pageFields();
  for (const id of ['csv-sampling', 'csv-output-kind', 'modes-max-order', 'modes-freq-tol', 'modes-mac-min', 'est-svf-intersample', 'input', 'amplitude', 'seed']) assert.ok(fields[id], `fillForm fills ${id}`);
  const shown = formDefaults(changedSchema(), fields);
  assert.equal(shown['modes-max-order'].value, '33');
  assert.equal(shown['modes-freq-tol'].value, '2');  // a percentage
  assert.equal(shown['csv-sampling'].value, 'hold');
  assert.equal(shown['est-svf-intersample'].value, 'linear');
  assert.deepEqual([shown.input.value, shown.amplitude.value], ['sine', '2.5']);
  assert.deepEqual([shown['modes-max-order'].min, shown['modes-max-order'].max], [2, 400]);
  assert.equal(shown['modes-mac-min'].hint, schema.modes.macMin.help);
  const real = formDefaults(schema, fields);
  assert.deepEqual([real['modes-max-order'].value, real['modes-freq-tol'].value, real['modes-damping-tol'].value, real['modes-mac-min'].value],
    ['40', '1', '5', '0.98']);
  const html = [readFileSync(`${root}web/index.html`, 'utf8'), ...Object.values(MARKUP)].join('\n');
  for (const id of Object.keys(fields)) {
    const control = new RegExp(`<(input|select)[^>]*id="${id}"[^>]*>`).exec(html);
    assert.ok(control, `the page's markup has #${id}`);
    assert.doesNotMatch(control[0], /\svalue="|\schecked/, `#${id} states no default in the page's markup`);
    if (control[1] === 'select') {
      const options = html.slice(control.index, html.indexOf('</select>', control.index));
      assert.doesNotMatch(options, /\sselected/, `#${id}'s options state no default in the page's markup`);
    }
  }
  assert.throws(() => formDefaults(schema, { x: { option: 'modes.noSuchOption' } }), /modes\.noSuchOption/);
});

test('EQ32_READINGS (deprecated) states the readings the core applies by name', () => {
  const data = mechid.simulateEstimatorSystem('belt-drive', { n: 400 });
  const record = { h: data.h, u: data.u, y: data.y };
  for (const [reading, { scale, thetaVar }] of Object.entries(EQ32_READINGS)) {
    const byName = mechid.ekfBeltDrive(record, { reading });
    const written = mechid.ekfBeltDrive(record, { reading: reading === 'printed' ? 'kn' : 'printed', scale, thetaVar });
    assert.deepEqual(byName.theta, written.theta, reading);
  }
  assert.notDeepEqual(mechid.ekfBeltDrive(record, {}).theta, mechid.ekfBeltDrive(record, { reading: 'kn' }).theta, 'kn-wide (the default) is not kn');
  assert.throws(() => mechid.ekfBeltDrive(record, { reading: 'mn' }), /unknown reading 'mn' \(expected kn-wide, kn or printed\)/);
});
