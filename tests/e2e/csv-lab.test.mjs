// Browser tests of the CSV section as a lab's workflow (issue 16, web/views/csv/*.js): a two-cart
// chain with one motor on cart 1 whose force sign is reversed (the ECP rig's convention) is
// identified with the chain template and the offered one-click sign flip, and gives the numbers
// of `mechid identify --force-dofs 1 --scale u1=-1 --structure …`; outputs in encoder counts with
// a factor give the numbers of the same data in metres; a bad factor or structure JSON is
// named next to its control and nothing entered is lost.
// Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHAIN_RIG as TRUTH, CHAIN_STRUCTURE as CHAIN, checkOnly, chooseCsv, exportedResults, mechidCli as cli, openBrowser, rescaledCsv,
  runCsv, simulateChain,
} from './browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-csv-lab-e2e-'));
// The chain rig of browser.mjs (masses and dashpots to ground, springs in a chain, the motor on cart 1).
let browser;
let page;
let chain;  // the simulated chain's CSV (SI units, the force's sign as simulated)

// The CSV `from` with each named column multiplied by its factor, as `name`.
const rescaled = (from, name, factors) => rescaledCsv(from, join(dir, name), factors);

before(async () => {
  chain = simulateChain(dir, 'chain.csv');
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

// The results of the last identification as exported (the JSON of `mechid identify`).
const exported = () => exportedResults(page);

const factor = (column) => `input[name="csv-factor"][data-column="${column}"]`;

// Chooses `file` with the force on DOF 1, held forces, auto only, the structure `template` and
// every factor 1 (factors typed for a column are kept when another file is chosen).
async function chooseChain(file, template) {
  await chooseCsv(page, file);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
  for (const column of ['u1', 'q1', 'q2']) await page.fill(factor(column), '1');
  await page.selectOption('select[name="csv-force-dof"]', '1');
  await page.selectOption('#csv-sampling', 'hold');
  await page.selectOption('#csv-structure', template);
  await checkOnly(page, 'input[name="csv-method"]', ['auto']);
}

const state = () => page.getAttribute('#csv-status', 'data-state');
const factorError = (column) => page.textContent(`[data-factor-error="${column}"]`);

test('one motor on cart 1, its force sign reversed: the chain template and the offered sign flip give M, D exactly diagonal and positive, K positive definite, the numbers of the CLI', async () => {
  const flipped = rescaled(chain, 'chain-flipped.csv', { u1: -1 });
  await chooseChain(flipped, 'chain');
  assert.match(await page.textContent('#csv-structure-hint'), /dashpot to ground/);
  await runCsv(page);
  // The structured estimate cannot start from negative matrices: it fails, naming the cause, and
  // the status line says so; the flip is offered beside the message.
  assert.equal(await state(), 'error', await page.textContent('#csv-status'));
  assert.match(await page.textContent('#csv-status'), /auto failed \(the reason is in its column below\)/);
  assert.match(await page.textContent('#csv-status-auto'), /a positive force moves the outputs negatively/);
  const offer = await page.$('#csv-status-auto button.flip-sign');
  assert.ok(offer, 'the sign flip is offered');
  assert.equal(await offer.textContent(), 'Flip the sign of the force columns and identify again');
  await offer.click();
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('csv-status').dataset.state));
  assert.equal(await state(), 'ok', await page.textContent('#csv-status'));
  // The flip is the factor of u1, shown in its field; the other choices are kept.
  assert.equal(await page.inputValue(factor('u1')), '-1');
  assert.match(await page.textContent('#csv-status'), /factors u1 × -1/);
  assert.equal(await page.inputValue('select[name="csv-force-dof"]'), '1');
  assert.equal(await page.inputValue('#csv-structure'), 'chain');
  assert.equal(await page.$('button.flip-sign'), null, 'no flip offered once the signs are right');
  // The entries the structure fixes are shown as such, without an interval.
  assert.equal(await page.getAttribute('#csv-M-auto tr:nth-child(1) td:nth-child(2)', 'data-fixed'), 'true');
  assert.equal(await page.textContent('#csv-M-auto tr:nth-child(1) td:nth-child(2)'), '0');
  assert.match(await page.textContent('#csv-M-auto tr:nth-child(1) td:nth-child(1)'), / ± /);

  const [r] = await exported();
  for (const key of ['M', 'D']) {
    assert.equal(r[key][0][1], 0, `${key} off-diagonal: ${JSON.stringify(r[key])}`);
    assert.equal(r[key][1][0], 0, `${key} off-diagonal: ${JSON.stringify(r[key])}`);
    assert.ok(r[key][0][0] > 0 && r[key][1][1] > 0, `${key} diagonal positive: ${JSON.stringify(r[key])}`);
  }
  const K = r.K;
  assert.ok(K[0][0] > 0 && K[0][0] * K[1][1] - K[0][1] * K[1][0] > 0, `K positive definite: ${JSON.stringify(K)}`);
  assert.ok(r.checks.M_pd && r.checks.K_pd && r.checks.D_psd && !r.checks.sign_reversed);
  // The same data, factor and structure through the CLI: the same numbers (same core, same data).
  const c = JSON.parse(cli('identify', '--data', flipped, '--method', 'auto', '--input-sampling', 'hold', '--force-dofs', '1',
    '--scale', 'u1=-1', '--structure', JSON.stringify(CHAIN)));
  for (const key of ['M', 'D', 'K']) {
    for (const [i, j] of [[0, 0], [0, 1], [1, 1]]) {
      assert.ok(Math.abs(r[key][i][j] - c[key][i][j]) <= 1e-9 * Math.abs(c[key][i][i]), `${key}[${i}][${j}]: page ${r[key][i][j]}, CLI ${c[key][i][j]}`);
      // And the true chain within twice the 95 % interval.
      const half = r.uncertainty.z95 * r.uncertainty[`${key}_sd`][i][j];
      assert.ok(Math.abs(r[key][i][j] - TRUTH[key][i][j]) <= 2 * half + 1e-12, `${key}[${i}][${j}] = ${r[key][i][j]} ± ${half}, true ${TRUTH[key][i][j]}`);
    }
  }
  assert.deepEqual(browser.problems, [], 'no console error, page error or CSP violation');
});

test('outputs in encoder counts with a factor to metres: the numbers of the same data in metres', async () => {
  const metresPerCount = 1.786e-5;
  const counts = rescaled(chain, 'chain-counts.csv', { q1: 1 / metresPerCount, q2: 1 / metresPerCount });
  await chooseChain(counts, 'full');
  await page.fill(factor('q1'), String(metresPerCount));
  await page.fill(factor('q2'), '1,786e-5');  // a decimal comma is read too
  await runCsv(page);
  assert.equal(await state(), 'ok', await page.textContent('#csv-status'));
  const [r] = await exported();
  const c = JSON.parse(cli('identify', '--data', chain, '--method', 'auto', '--input-sampling', 'hold', '--force-dofs', '1'));
  for (const key of ['M', 'D', 'K']) {
    for (const [i, j] of [[0, 0], [0, 1], [1, 1]]) {
      // The counts file rounds q/c to 17 digits: the same data to ~1e-16, the same estimate to far better than 1e-6.
      assert.ok(Math.abs(r[key][i][j] - c[key][i][j]) <= 1e-6 * Math.abs(c[key][i][i]), `${key}[${i}][${j}]: page ${r[key][i][j]}, metres ${c[key][i][j]}`);
    }
  }
});

test('a bad factor or structure JSON: the message next to its control names it, and nothing entered is lost', async () => {
  await chooseChain(chain, 'full');
  for (const [column, text] of [['u1', 'abc'], ['q2', '0']]) {
    await page.fill(factor(column), text);
    await runCsv(page);
    assert.equal(await state(), 'error');
    assert.equal(await factorError(column),
      `The factor of ${column} must be a nonzero number (e.g. 1.786e-5 m per count, or -1 to flip the sign), got "${text}"`);
    assert.equal(await page.getAttribute(factor(column), 'aria-invalid'), 'true');
    assert.equal(await page.inputValue(factor(column)), text, 'the text typed is kept');
    await page.fill(factor(column), '1');
  }
  // A factor typed survives a change of the mapping.
  await page.fill(factor('q2'), '-2');
  await page.uncheck('input[name="csv-output"][value="3"]');
  await page.check('input[name="csv-output"][value="3"]');
  assert.equal(await page.inputValue(factor('q2')), '-2');
  await page.fill(factor('q2'), '1');

  // Custom JSON starts from the template chosen before; a syntax error is shown next to it.
  await page.selectOption('#csv-structure', 'chain');
  await page.selectOption('#csv-structure', 'custom');
  assert.deepEqual(JSON.parse(await page.inputValue('#csv-structure-json')), CHAIN);
  for (const [text, message] of [['{"M": diagonal}', /^Structure JSON is not valid JSON: /], ['[1, 2]', /^Structure JSON is an array, not an object: give \{"M": "diagonal", "K": "tridiagonal", \.\.\.\}$/]]) {
    await page.fill('#csv-structure-json', text);
    await runCsv(page);
    assert.equal(await state(), 'error');
    assert.match(await page.textContent('#csv-structure-error'), message);
    assert.equal(await page.getAttribute('#csv-structure-json', 'aria-invalid'), 'true');
    assert.equal(await page.inputValue('#csv-structure-json'), text, 'the JSON typed is kept');
  }
  // Two wrong steps at once: each marked with its own message.
  await page.fill(factor('u1'), 'x');
  await runCsv(page);
  assert.match(await factorError('u1'), /^The factor of u1 must be a nonzero number/);
  assert.match(await page.textContent('#csv-structure-error'), /^Structure JSON is an array, not an object/);
  await page.fill(factor('u1'), '1');
  // Valid JSON that does not fit the data: the core's message, next to the structure.
  await page.fill('#csv-structure-json', '{"M": "triangular"}');
  await runCsv(page);
  assert.equal(await state(), 'error', await page.textContent('#csv-status'));
  assert.match(await page.textContent('#csv-structure-error'), /triangular/);
  assert.equal(await page.textContent('#csv-file-error'), '');
  // A known mass <= 0, a mask of the wrong size, a method that cannot honour a structure: each
  // named by the core, next to the structure; the JSON typed is kept.
  for (const [text, message, methods] of [
    ['{"known": {"M": [[-1, 0], [0, null]]}}', /^structure known\.M: the mass M\[1,1\] = .* must be > 0$/, ['auto']],
    ['{"M": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}', /^structure M: the mask must be 2x2 .*got 3x3$/, ['auto']],
    [JSON.stringify(CHAIN), /^method n4sid-d2c cannot honour a structure/, ['auto', 'n4sid-d2c']]]) {
    await page.fill('#csv-structure-json', text);
    await checkOnly(page, 'input[name="csv-method"]', methods);
    await runCsv(page);
    assert.equal(await state(), 'error', await page.textContent('#csv-status'));
    assert.match(await page.textContent('#csv-structure-error'), message);
    assert.equal(await page.inputValue('#csv-structure-json'), text);
  }
  await checkOnly(page, 'input[name="csv-method"]', ['auto']);
  await page.fill('#csv-structure-json', JSON.stringify(CHAIN));
  await runCsv(page);
  assert.equal(await state(), 'ok', await page.textContent('#csv-status'));
  assert.equal(await page.textContent('#csv-structure-error'), '');
  await page.selectOption('#csv-structure', 'full');

  // Friction asked of a method without friction terms: the core's message, next to the checkboxes.
  await checkOnly(page, 'input[name="csv-method"]', ['n4sid-d2c']);
  await page.check('#csv-friction');
  await runCsv(page);
  assert.equal(await state(), 'error');
  assert.match(await page.textContent('#csv-nonlinear-error'), /^method n4sid-d2c has no friction term; use inverse-dynamic or auto/);
  assert.ok(await page.isChecked('#csv-friction'));
  await page.uncheck('#csv-friction');
});

test('several runs: two train, the last is kept back for validation; its free-run fit and overlay, the numbers of mechid identify --data A --data B --validate C', async () => {
  const runs = [2, 3, 4].map((seed) => simulateChain(dir, `run${seed}.csv`, { n: 1200, seed }));
  await chooseChain(runs, 'chain');
  // The last file is kept back by default; the others train.
  assert.deepEqual(await page.$$eval('select[name="csv-run-role"]', (ss) => ss.map((s) => s.value)), ['training', 'training', 'validation']);
  await runCsv(page);
  assert.equal(await state(), 'ok', `${await page.textContent('#csv-status')} ${await page.textContent('#csv-file-error')}`);
  assert.match(await page.textContent('#csv-status'), /3 runs \(run2\.csv: 1200 samples, training; run3\.csv: 1200 samples, training; run4\.csv: 1200 samples, validation\)/);
  const [r] = await exported();
  const c = JSON.parse(cli('identify', '--data', runs[0], '--data', runs[1], '--validate', runs[2], '--method', 'auto', '--input-sampling', 'hold',
    '--force-dofs', '1', '--structure', JSON.stringify(CHAIN)));
  for (const key of ['M', 'D', 'K']) {
    for (const [i, j] of [[0, 0], [0, 1], [1, 1]]) {
      assert.ok(Math.abs(r[key][i][j] - c[key][i][j]) <= 1e-9 * Math.abs(c[key][i][i]), `${key}[${i}][${j}]: page ${r[key][i][j]}, CLI ${c[key][i][j]}`);
    }
  }
  // validation_records as the CLI writes them (the file's name, not its path).
  assert.deepEqual(Object.keys(r.validation_records[0]), Object.keys(c.validation_records[0]));
  assert.equal(r.validation_records.length, 1);
  assert.equal(r.validation_records[0].file, 'run4.csv');
  const fits = r.validation_records[0].fit_percent;
  c.validation_records[0].fit_percent.forEach((f, j) => assert.ok(Math.abs(fits[j] - f) < 1e-6, `fit q${j + 1}: page ${fits[j]}, CLI ${f}`));
  assert.ok(fits.every((f) => f > 90), `a model of the true class fits the held-out run: ${fits}`);
  // Shown per record: the table row and the overlay of measured and simulated outputs.
  const row = await page.$$eval('#csv-validation-auto tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  assert.deepEqual(row, [['run4.csv', `${fits[0].toFixed(2)} %`, `${fits[1].toFixed(2)} %`]]);
  // Overlays of the measured and simulated outputs: the first run identified on, and the run kept back.
  for (const run of ['run2.csv', 'run4.csv']) {
    assert.equal(await page.getAttribute(`#csv-results [data-method="auto"] [data-record="${run}"]`, 'data-series'), '4', run);
    assert.equal(await page.getAttribute(`#csv-results [data-method="auto"] [data-record="${run}"]`, 'data-points'), '1200', run);
  }
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#csv-export-csv')]);
  const fitRows = readFileSync(await download.path(), 'utf8').trim().split('\n').map((l) => l.split(',')).filter((x) => x[2] === 'validation_fit_percent');
  assert.deepEqual(fitRows.map((x) => [x[3], x[4], Number(x[5])]), [['1', '1', fits[0]], ['2', '1', fits[1]]]);

  // Several training runs for a method that takes one: the core's message, next to the files.
  await page.selectOption('select[name="csv-run-role"][data-file="run4.csv"]', 'training');
  await checkOnly(page, 'input[name="csv-method"]', ['n4sid-d2c']);
  await page.selectOption('#csv-structure', 'full');
  await runCsv(page);
  assert.equal(await state(), 'error');
  assert.match(await page.textContent('#csv-file-error'), /^method n4sid-d2c takes one record, got 3 runs/);
  await checkOnly(page, 'input[name="csv-method"]', ['auto']);

  // A validation file with other columns: its message names it, next to the file input.
  const other = join(dir, 'other-columns.csv');
  writeFileSync(other, readFileSync(runs[2], 'utf8').replace(/^t,u1,q1,q2/, 't,u1,q1,x2'));
  await chooseChain([runs[0], other], 'chain');
  await runCsv(page);
  assert.equal(await state(), 'error');
  assert.match(await page.textContent('#csv-file-error'), /^other-columns\.csv: no output channel q2; the file has t, u1, q1, x2/);
  // Every file kept back: nothing to identify on, said next to the files.
  await page.selectOption('select[name="csv-run-role"][data-file="run2.csv"]', 'validation');
  await runCsv(page);
  assert.equal(await page.textContent('#csv-file-error'), 'Mark at least one file as training: the model is identified on the training runs.');
});

// A free body with Coulomb friction and a force offset, m q″ + d q′ + F_c sign(q′) + f₀ = u, pushed
// by a sum of five sines (0.3–3.1 Hz, random phases: a smooth force, as the inverse-dynamic
// estimate's derivatives want), integrated by RK4 with 20 substeps a period; q with a little
// white noise. Returns the CSV text (t, u1, q1).
function frictionBody({ m, d, fc, f0, h, n, seed }) {
  let s = seed;
  const random = () => ((s = (1103515245 * s + 12345) % 2147483648) / 2147483648);
  const sines = [0.3, 0.7, 1.1, 1.9, 3.1].map((hz) => [2 * Math.PI * hz, 2 * Math.PI * random()]);
  const force = (t) => sines.reduce((sum, [w, phase]) => sum + 4 * Math.sin(w * t + phase), 0);
  const f = ([, v], t) => [v, (force(t) - d * v - fc * Math.sign(v) - f0) / m];
  const dt = h / 20;
  let x = [0, 0];
  const lines = ['t,u1,q1'];
  for (let k = 0; k < n; k++) {
    lines.push(`${(k * h).toFixed(6)},${force(k * h)},${x[0] + 1e-5 * (random() - 0.5)}`);
    for (let i = 0, t = k * h; i < 20; i++, t += dt) {
      const k1 = f(x, t), k2 = f(x.map((xi, j) => xi + dt / 2 * k1[j]), t + dt / 2);
      const k3 = f(x.map((xi, j) => xi + dt / 2 * k2[j]), t + dt / 2), k4 = f(x.map((xi, j) => xi + dt * k3[j]), t + dt);
      x = x.map((xi, j) => xi + dt / 6 * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]));
    }
  }
  return `${lines.join('\n')}\n`;
}

test('a free body with Coulomb friction and a force offset, two runs: K = 0, F_c and f₀ (per run) with their intervals, the numbers of mechid identify --friction coulomb --offset', async () => {
  const truth = { m: 2, d: 3, fc: 1.5, f0: 0.4 };
  const [file, second] = [7, 9].map((seed) => {
    const path = join(dir, `free-body-${seed}.csv`);
    writeFileSync(path, frictionBody({ ...truth, h: 0.01, n: 3000, seed }));
    return path;
  });
  await chooseCsv(page, [file, second]);
  await page.selectOption('select[name="csv-run-role"][data-file="free-body-9.csv"]', 'training');
  await page.fill(factor('u1'), '1');
  await page.fill(factor('q1'), '1');
  await page.selectOption('#csv-sampling', 'point');
  await page.selectOption('#csv-structure', 'free');
  assert.match(await page.textContent('#csv-structure-hint'), /K = 0/);
  await page.check('#csv-friction');
  await page.check('#csv-offset');
  await checkOnly(page, 'input[name="csv-method"]', ['auto']);
  await runCsv(page);
  assert.equal(await state(), 'ok', `${await page.textContent('#csv-status')} ${await page.textContent('#csv-nonlinear-error')}`);
  const [r] = await exported();
  assert.equal(r.K[0][0], 0);
  assert.ok(!r.warnings.some((w) => /unstable/.test(w)), r.warnings.join('; '));
  const c = JSON.parse(cli('identify', '--data', file, '--data', second, '--method', 'auto', '--structure', '{"K":"zero"}', '--friction', 'coulomb', '--offset'));
  // The page's numbers are the CLI's; against the truth, the EMPS targets (M within 1 %,
  // viscous and Coulomb friction within 5 %) and the offset's sign, with an interval for each.
  for (const [name, page1, cli1, sd, trueValue, within] of [
    ['M', r.M[0][0], c.M[0][0], r.uncertainty?.M_sd[0][0], truth.m, 0.01], ['D', r.D[0][0], c.D[0][0], r.uncertainty?.D_sd[0][0], truth.d, 0.05],
    ['F_c', r.friction.coulomb[0], c.friction.coulomb[0], r.friction.coulomb_sd[0], truth.fc, 0.05],
    ['f0 run 1', r.offset_by_run[0][0], c.offset_by_run[0][0], r.offset_sd_by_run[0][0], truth.f0, 0.05],
    ['f0 run 2', r.offset_by_run[1][0], c.offset_by_run[1][0], r.offset_sd_by_run[1][0], truth.f0, 0.05]]) {
    assert.ok(Math.abs(page1 - cli1) <= 1e-9 * Math.abs(cli1), `${name}: page ${page1}, CLI ${cli1}`);
    assert.ok(Math.abs(page1 - trueValue) <= within * Math.abs(trueValue), `${name} = ${page1}, true ${trueValue}`);
    assert.ok(sd > 0, `${name} has an interval: sd ${sd}`);
  }
  // Shown with their 95 % intervals, one row per DOF, the offset per run; K's verdict is the rigid body.
  const cells = await page.$$eval('#csv-friction-auto tbody td', (tds) => tds.map((td) => td.textContent));
  assert.equal(cells.length, 3);
  assert.match(await page.textContent('#csv-results [data-method="auto"] .ident-pd'), /K: rigid-body mode/);
  // The CSV export has them too (value and 95 % half-width), the offsets per run.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#csv-export-csv')]);
  const rows = readFileSync(await download.path(), 'utf8').trim().split('\n').map((l) => l.split(','));
  const z = r.uncertainty.z95;
  const row = (quantity, i, j) => rows.find((x) => x[2] === quantity && x[3] === String(i) && x[4] === String(j));
  assert.deepEqual(row('coulomb', 1, '').slice(5, 7).map(Number), [r.friction.coulomb[0], z * r.friction.coulomb_sd[0]]);
  for (const run of [1, 2]) assert.deepEqual(row('offset', 1, run).slice(5, 7).map(Number), [r.offset_by_run[run - 1][0], z * r.offset_sd_by_run[run - 1][0]]);
  assert.ok(cells.every((text) => / ± /.test(text)), cells.join(' | '));
  await page.uncheck('#csv-friction');
  await page.uncheck('#csv-offset');
  await page.selectOption('#csv-structure', 'full');
});

test('Forces "read off the data" (the default): a command held for 10 samples is identified as held, the page says so, with the numbers of mechid identify', async () => {
  assert.equal(await page.getAttribute('#csv-sampling option[value="auto"]', 'selected'), '', 'read off the data is the default');
  const file = join(dir, 'slow-prbs.csv');
  cli('simulate', '--system', join(dir, 'chain-rig.json'), '--h', '0.05', '--n', '1500', '--input', 'prbs', '--hold', '10',
    '--snr', '40', '--seed', '3', '--out', file);
  await chooseCsv(page, file);
  for (const column of ['u1', 'q1', 'q2']) await page.fill(factor(column), '1');
  await page.selectOption('select[name="csv-force-dof"]', '1');
  await page.selectOption('#csv-sampling', 'auto');
  await page.selectOption('#csv-structure', 'full');
  await checkOnly(page, 'input[name="csv-method"]', ['auto']);
  await runCsv(page);
  assert.equal(await state(), 'ok', await page.textContent('#csv-status'));
  assert.match(await page.textContent('#csv-input-sampling-auto'), /^Forces: hold \(read off the data/);
  const [r] = await exported();
  const expected = JSON.parse(cli('identify', '--data', file, '--force-dofs', '1', '--method', 'auto'));
  assert.match(expected.diagnostics.input_sampling, /^hold/);
  for (const X of ['M', 'D', 'K']) {
    for (const [i, j] of [[0, 0], [0, 1], [1, 1]]) {
      assert.ok(Math.abs(r[X][i][j] - expected[X][i][j]) <= 1e-9 * Math.abs(expected[X][i][i]), `${X}[${i + 1},${j + 1}] ${r[X][i][j]} vs ${expected[X][i][j]}`);
    }
  }
});
