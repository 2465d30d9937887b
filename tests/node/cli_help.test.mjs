// The CLI's conventions (issue 47, item 8): `mechid <command> --help` (and -h, and `mechid help
// <command>`) prints the command's usage with the defaults and ranges of its option table and two
// examples that run, in at most 60 lines; `mechid --help` lists every command in one screen (at most
// 40 lines) with the exit codes and the message format; `mechid --version` prints package.json's
// version; docs/cli.md lists the same commands, options, defaults and examples as the tables.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMANDS } from '../../bin/main.mjs';
import { coreSpec, formatRange, formatValue, resolveDefault, useOptionSchema } from '../../bin/options.mjs';
import { cli, cliProcess, mechid, root } from './helpers.mjs';

const modules = await Promise.all(COMMANDS.map((name) => import(`../../bin/commands/${name}.mjs`)));
// The tables' core options as the CLI shows them: default, range and choices from the core's schema.
useOptionSchema(mechid.optionSchema());
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lines = (text) => text.trimEnd().split('\n');
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Runs the CLI in this process; asserts exit 0 and nothing on stderr; returns stdout. */
async function ok(...args) {
  const r = await cli(...args);
  assert.equal(r.code, 0, `mechid ${args.join(' ')}: exit ${r.code}: ${r.stderr}`);
  assert.equal(r.stderr, '', args.join(' '));
  return r.stdout;
}

test('mechid --help, -h, help and no argument print one overview of at most 40 lines', async () => {
  const text = await ok('--help');
  for (const same of [['-h'], ['help'], [], ['help', '--help']]) assert.equal(await ok(...same), text, same.join(' '));
  assert.ok(lines(text).length <= 40, `${lines(text).length} lines`);
  assert.match(text, /^usage: mechid <command> \[options\]/);
  assert.ok(text.includes('mechid <command> --help'));
  // One line per command: its name and its summary.
  for (const command of modules) {
    assert.match(text, new RegExp(`^  ${escape(command.name)} +${escape(command.summary)}$`, 'm'), command.name);
  }
  // The exit codes and the one-line error and warning formats.
  assert.match(text, /exit codes: 0 success, 1 bad input, 2 internal failure/);
  assert.ok(text.includes('mechid: error: <'));
  assert.ok(text.includes('mechid: warning: <'));
  assert.doesNotMatch(text, /seed \d/i);
});

test('every command: --help in at most 60 lines with its summary, every option, its defaults and ranges, two examples', async () => {
  for (const command of modules) {
    const text = await ok(command.name, '--help');
    const all = lines(text);
    assert.ok(all.length <= 60, `${command.name} --help: ${all.length} lines`);
    assert.equal(all[0], `mechid ${command.name}: ${command.summary}`);
    for (const [name, tableSpec] of Object.entries(command.options)) {
      const spec = coreSpec(tableSpec);
      assert.match(text, new RegExp(`--${escape(name)}\\b`), `${command.name} --help names --${name}`);
      // A default shows as --name ARG=D (once at least: a family may state its own), a range after it.
      if (spec.default !== undefined) {
        assert.match(text, new RegExp(`--${escape(name)} \\S+=${escape(formatValue(spec.default))}[ \\]]`), `${command.name} --${name} default`);
      }
      if (formatRange(spec) !== '') assert.ok(text.includes(formatRange(spec)), `${command.name} --${name} range ${formatRange(spec)}`);
    }
    // The families' own defaults (simulate's nonlinear presets, identify's ekf) too.
    for (const family of command.FAMILIES ?? []) {
      for (const [name, stated] of Object.entries(family.defaults ?? {})) {
        const value = resolveDefault(stated);
        if (value !== undefined) assert.match(text, new RegExp(`--${escape(name)} \\S+=${escape(formatValue(value))}[ \\]]`), `${command.name} family --${name}`);
      }
    }
    assert.equal(command.examples.length, 2, command.name);
    assert.deepEqual(all.slice(-3), ['examples:', ...command.examples.map((e) => `  ${e}`)], command.name);
    assert.equal(await ok(command.name, '-h'), text, `${command.name} -h`);
    assert.equal(await ok('help', command.name), text, `help ${command.name}`);
  }
});

test('--help anywhere among the options prints the help and exits 0, whatever else is given', async () => {
  const help = await ok('identify', '--help');
  assert.equal(await ok('identify', '--method', 'nonsense', '--colour', 'red', '--help', '--n'), help);
  assert.equal(await ok('modes', '--band', '-h'), await ok('modes', '--help'));
  // The identify help names every method; the simulate help gives the experiments' h and n (from the core).
  for (const method of [...mechid.methodNames(), 'ida', 'dia', 'svf', 'ekf']) assert.match(help, new RegExp(`\\b${escape(method)}\\b`), method);
  const { h, n } = mechid.estimatorScenario('rlc');
  assert.ok((await ok('simulate', '--help')).includes(`rlc h ${h}, n ${n}`));
});

test('every example of every help runs as written (in one folder, in the order of the commands) and exits 0', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mechid-examples-'));
  const before = process.cwd();
  process.chdir(dir);
  try {
    for (const command of modules) {
      for (const example of command.examples) {
        const [program, ...args] = example.split(' ');
        assert.equal(program, 'mechid', example);
        assert.ok(args.every((arg) => !/["'\\$]/.test(arg)), `${example}: plain words, no quoting`);
        const r = await cli(...args);
        assert.equal(r.code, 0, `${example}: exit ${r.code}: ${r.stderr}`);
        for (const line of lines(r.stderr).filter(Boolean)) assert.match(line, /^mechid: warning: /, example);
      }
    }
    // The files the examples write, the inputs of the later ones among them.
    for (const name of ['3dof.csv', 'record.csv', 'zoh.json', 'variational.json', 'result.json', 'frf.uff', 'modes.uff']) {
      assert.ok(statSync(name).size > 0, name);
    }
  } finally {
    process.chdir(before);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('mechid --version and -V print package.json\'s version; the executable too', async () => {
  assert.equal(await ok('--version'), `mechid ${pkg.version}\n`);
  assert.equal(await ok('-V'), `mechid ${pkg.version}\n`);
  const r = cliProcess('--version');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, `mechid ${pkg.version}\n`);
});

test('an unknown command, help of an unknown command: exit 1 with one line', async () => {
  const cases = [
    [['frobnicate'], /^mechid: error: unknown command 'frobnicate' \(known: simulate, /],
    [['help', 'frobnicate'], /^mechid: error: unknown command 'frobnicate'/],
    [['help', 'identify', 'modes'], /^mechid: error: help takes one command/],
    [['--verbose'], /^mechid: error: unknown command '--verbose'/],
  ];
  for (const [args, message] of cases) {
    const r = await cli(...args);
    assert.equal(r.code, 1, args.join(' '));
    assert.equal(r.stdout, '');
    assert.equal(lines(r.stderr).length, 1, r.stderr);
    assert.match(r.stderr, message);
  }
  const spawned = cliProcess('frobnicate');
  assert.equal(spawned.code, 1);
  assert.equal(lines(spawned.stderr).length, 1);
});

// docs/cli.md: "### `mechid NAME`" sections, each with its summary, a table of | `--option` | value |
// default | meaning | rows and its examples in a code block.
function docSections() {
  const text = readFileSync(join(root, 'docs/cli.md'), 'utf8');
  const parts = text.split(/^### `mechid ([a-z0-9-]+)`$/m);
  const sections = new Map();
  for (let i = 1; i < parts.length; i += 2) {
    const body = parts[i + 1];
    // Cells split at the bars that are not escaped (`a\|b` is a value's list of choices).
    const rows = body.split('\n').filter((line) => line.startsWith('| `--')).map((line) => {
      const [name, value, defaultCell] = line.split(/(?<!\\)\|/).slice(1).map((cell) => cell.trim());
      return { name: /^`--([A-Za-z0-9-]+)`$/.exec(name)[1], value, defaultCell };
    });
    const examples = (/```\n([\s\S]*?)\n```/.exec(body)?.[1] ?? '').split('\n');
    sections.set(parts[i], { body, rows, examples });
  }
  return { text, sections };
}

test('docs/cli.md lists the commands, options, defaults, ranges and examples of the option tables', () => {
  const { text, sections } = docSections();
  assert.deepEqual([...sections.keys()], COMMANDS);
  for (const command of modules) {
    const { body, rows, examples } = sections.get(command.name);
    assert.ok(body.includes(command.summary.slice(1)), `docs/cli.md ${command.name}: the summary`);
    assert.deepEqual(rows.map((r) => r.name), [...Object.keys(command.options), 'out'], `docs/cli.md ${command.name}: the options`);
    for (const row of rows.filter((r) => r.name !== 'out')) {
      const spec = coreSpec(command.options[row.name]);
      const literal = /^`([^`]*)`/.exec(row.defaultCell)?.[1];
      // A default the table states is in the doc as it; study's --workers depends on the machine.
      if (spec.default !== undefined && !(command.name === 'study' && row.name === 'workers')) {
        assert.equal(literal, formatValue(spec.default), `docs/cli.md ${command.name} --${row.name} default`);
      }
      if (spec.default === undefined) assert.equal(row.defaultCell, '—', `docs/cli.md ${command.name} --${row.name}: no default in the table`);
      assert.ok(row.value.includes(formatRange(spec).trim()), `docs/cli.md ${command.name} --${row.name} range`);
    }
    assert.deepEqual(examples, command.examples, `docs/cli.md ${command.name}: the examples`);
  }
  // The rules of `mechid --help`: exit codes and the message formats.
  for (const needle of ['mechid: error: <', 'mechid: error: internal:', 'mechid: warning: <', '`mechid --version`', '`mechid <command> --help`']) {
    assert.ok(text.includes(needle), `docs/cli.md says ${needle}`);
  }
});

test('bin/ names papers, not "seed 00x", and cites the repository\'s own documents', () => {
  const files = (dir) => readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
  for (const file of files(join(root, 'bin'))) {
    const source = readFileSync(file, 'utf8');
    assert.doesNotMatch(source, /seeds? 00\d/i, file);
    assert.doesNotMatch(source, /shared\/design/, file);
  }
});
