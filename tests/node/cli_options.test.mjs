// The CLI's option tables (bin/commands/*.mjs) as the single source of the parser, the usage text
// and the defaults (bin/options.mjs): names as documented (upper case too), types, defaults,
// one message format for an option that a family of a command does not take.
import test from 'node:test';
import assert from 'node:assert/strict';
import { MechidError } from '../../wasm/api.js';
import * as identify from '../../bin/commands/identify.mjs';
import * as simulate from '../../bin/commands/simulate.mjs';
import { OUT, checkFamily, parseOptions, usageLines, withDefaults } from '../../bin/options.mjs';
import { cli, mechid } from './helpers.mjs';

const table = {
  L: { type: 'string', arg: 'FILE' },
  h: { type: 'numbers', arg: 'H1,H2' },
  n: { type: 'integer', arg: 'N', min: 3, default: 10 },
  snr: { type: 'snr', arg: 'DB' },
  poles: { type: 'numbers', arg: 'P1,P2', count: 2 },
  mode: { type: 'string', choices: ['on', 'off'] },
  cols: { type: 'strings', arg: 'a,b' },
  robust: { type: 'flag' },
  ...OUT,
};

const badInput = (message) => (e) => e instanceof MechidError && e.code === 'bad-input' && e.message === message;

test('the parser reads every type, upper-case names and --name=value', () => {
  const o = parseOptions('x', table, ['--L', 'l.json', '--h=0.1,0.2', '--n', '4', '--snr', 'inf', '--poles', '1,2', '--mode', 'on',
    '--cols', 'a, b', '--robust', '--out', 'o.json']);
  assert.deepEqual(o, { L: 'l.json', h: [0.1, 0.2], n: 4, snr: Infinity, poles: [1, 2], mode: 'on', cols: ['a', 'b'], robust: true, out: 'o.json' });
  assert.deepEqual(withDefaults(table, {}), { n: 10 });
  assert.deepEqual(withDefaults(table, { n: 5 }), { n: 5 });
  assert.deepEqual(withDefaults(table, {}, { n: undefined, mode: 'off' }), { mode: 'off' });
});

test('parse errors name the option', () => {
  const cases = [
    [['--n', '3.5'], "--n must be a whole number, got '3.5'"],
    [['--n', '2'], '--n must be at least 3, got 2'],
    [['--snr', 'loud'], "--snr must be a number of dB or inf, got 'loud'"],
    [['--poles', '1'], '--poles needs 2 values P1,P2, got 1'],
    [['--mode', 'maybe'], "--mode must be on or off, got 'maybe'"],
    [['--robust=yes'], '--robust takes no value'],
    [['--L'], '--L needs a value'],
    [['--l', 'x'], /^unknown option --l for x \(known: --L, --h, /],
    [['L'], "unexpected argument 'L' for x (options start with --)"],
  ];
  for (const [argv, message] of cases) {
    const matches = message instanceof RegExp ? (e) => e.code === 'bad-input' && message.test(e.message) : badInput(message);
    assert.throws(() => parseOptions('x', table, argv), matches);
  }
});

test('one message for an option a family does not take', () => {
  assert.throws(() => checkFamily({ label: '--method m', options: ['a'] }, { a: 1, b: 2, out: 'f' }), badInput('--b does not apply to --method m'));
  assert.doesNotThrow(() => checkFamily({ label: '--method m', options: ['a'] }, { a: 1, out: 'f' }));
});

test('every option of every family is in the table and in the usage text', async () => {
  for (const command of [simulate, identify]) {
    const text = command.usage(mechid).join('\n');
    for (const family of command.FAMILIES) {
      for (const name of family.options) {
        assert.ok(name in command.options, `${command.name}: family option --${name} is in the table`);
      }
    }
    for (const name of Object.keys(command.options)) assert.ok(text.includes(`--${name}`), `${command.name} usage shows --${name}`);
  }
  const help = (await cli('simulate', '--help')).stdout + (await cli('identify', '--help')).stdout;
  for (const name of ['defaults: rlc h 0.00001, n 50001', '--L FILE', '--input prbs|sine|multisine|chirp|step=prbs', '--seed S=1 (0..2^53-1)',
    '--reading kn-wide|kn|printed=kn-wide']) {
    assert.ok(help.includes(name), `help shows ${name}`);
  }
  assert.deepEqual(usageLines('cmd', table, { names: ['n', 'mode'], required: ['mode'] }), ['  mechid cmd [--n N=10 (>=3)] --mode on|off']);
  // Wrapped at 100 columns, continued lines indented by 6, the help lines by 4.
  const wide = usageLines('cmd', table, { names: ['L', 'h', 'n', 'snr', 'poles', 'mode', 'cols', 'robust', 'L', 'h', 'n', 'snr', 'poles'], help: ['note'] });
  assert.ok(wide.length === 3 && wide.every((line) => line.length <= 100), wide.join('\n'));
  assert.match(wide[1], /^ {6}\[--/);
  assert.equal(wide[2], '    note');
});
