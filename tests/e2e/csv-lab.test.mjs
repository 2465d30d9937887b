// Browser tests of the CSV section as a lab's workflow (issue 16, web/views/csv-*.js): a two-cart
// chain with one motor on cart 1 whose force sign is reversed (the ECP rig's convention) is
// identified with the chain template and the offered one-click sign flip, and gives the numbers
// of `mechid identify --force-dofs 1 --scale u1=-1 --structure …`; outputs in encoder counts with
// a factor give the numbers of the same data in metres; a bad factor or structure JSON is
// named next to its control and nothing entered is lost.
// Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOnly, chooseCsv, openBrowser, runCsv } from './browser.mjs';

const root = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'mechid-csv-lab-e2e-'));
const cli = (...args) => execFileSync(process.execPath, [join(root, 'bin/mechid.js'), ...args], { encoding: 'utf8' });
// The chain of the force-DOF test in csv.test.mjs: masses and dashpots to ground, springs in a chain.
const TRUTH = { M: [[2, 0], [0, 1.5]], D: [[0.4, 0], [0, 0.1]], K: [[5, -2], [-2, 2]], L: [[1], [0]] };
const CHAIN = { M: 'diagonal', D: 'diagonal', K: 'tridiagonal' };
let browser;
let page;
let chain;  // the simulated chain's CSV (SI units, the force's sign as simulated)

// The CSV `from` with each named column multiplied by its factor, as `name`.
function rescaled(from, name, factors) {
  const [head, ...rows] = readFileSync(from, 'utf8').trim().split('\n').map((l) => l.split(','));
  const scale = head.map((c) => factors[c] ?? 1);
  const file = join(dir, name);
  writeFileSync(file, `${[head.join(','), ...rows.map((r) => r.map((x, j) => (scale[j] === 1 ? x : String(Number(x) * scale[j]))).join(','))].join('\n')}\n`);
  return file;
}

before(async () => {
  const system = join(dir, 'chain.json');
  chain = join(dir, 'chain.csv');
  writeFileSync(system, JSON.stringify(TRUTH));
  cli('simulate', '--system', system, '--h', '0.05', '--n', '1500', '--snr', '40', '--seed', '1', '--out', chain);
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

// The results of the last identification as exported (the JSON of `mechid identify`).
async function exported() {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#csv-export')]);
  return JSON.parse(readFileSync(await download.path(), 'utf8'));
}

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
  assert.equal(await state(), 'ok', await page.textContent('#csv-status'));
  // Every matrix negative: the warning names the cause, and the flip is offered beside it.
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
  for (const [text, message] of [['{"M": diagonal}', /^Structure JSON: .*JSON/], ['[1, 2]', /^Structure JSON: it must be an object like \{"K": "zero"\}$/]]) {
    await page.fill('#csv-structure-json', text);
    await runCsv(page);
    assert.equal(await state(), 'error');
    assert.match(await page.textContent('#csv-structure-error'), message);
    assert.equal(await page.getAttribute('#csv-structure-json', 'aria-invalid'), 'true');
    assert.equal(await page.inputValue('#csv-structure-json'), text, 'the JSON typed is kept');
  }
  // Valid JSON that does not fit the data: the core's message, next to the structure.
  await page.fill('#csv-structure-json', '{"M": "triangular"}');
  await runCsv(page);
  assert.equal(await state(), 'error', await page.textContent('#csv-status'));
  assert.match(await page.textContent('#csv-structure-error'), /triangular/);
  assert.equal(await page.textContent('#csv-file-error'), '');
  await page.fill('#csv-structure-json', JSON.stringify(CHAIN));
  await runCsv(page);
  assert.equal(await state(), 'ok', await page.textContent('#csv-status'));
  assert.equal(await page.textContent('#csv-structure-error'), '');
  await page.selectOption('#csv-structure', 'full');
});
