// The mechid CLI's run, apart from its process: parses argv, runs one command, writes the result
// and the one-line error, returns the exit code (docs/cli.md: 0 on success, 1 on bad input, 2 on
// an internal failure, each failure with exactly one line `mechid: error: …` on stderr). Dispatch
// only: each command is a module of bin/commands/ with its option table (bin/options.mjs makes the
// parser, the usage text and the defaults from it; bin/help.mjs the help texts).
// bin/cli.mjs runs it on the process's streams and exits; the Node tests run it in their own
// process (tests/node/helpers.mjs), on a module already compiled and warm.
import { readFileSync } from 'node:fs';
import { MechidError, badInput, printable, quoted } from '../wasm/api.js';
import { loadMechidNode } from '../wasm/node.js';
import { cliWording, useOptionNames } from './cli-wording.mjs';
import { commandHelp, overview } from './help.mjs';
import { checkBeforeWork } from './preflight.mjs';
import { useStreams } from './streams.mjs';
import { OUT, parseOptions, useOptionSchema } from './options.mjs';

// The commands, in the order of the help text; each is bin/commands/<name>.mjs. A run imports only
// its own command's module: importing all eleven took 82 of a call's 250 ms before any work
// (docs/results.md, "Build time"); `mechid --help` imports them all for their summaries.
export const COMMANDS = ['simulate', 'discretize', 'd2c', 'condition', 'modal', 'passivity', 'perturb-study', 'identify', 'study', 'frf', 'modes', 'oma', 'hammer', 'inspect', 'report'];
const load = (name) => import(`./commands/${name}.mjs`);
const HELP = ['--help', '-h'];
const VERSION = ['--version', '-V'];

/** The version of package.json, as `mechid --version` prints it. */
export const version = () => JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

async function commandOf(name) {
  if (!COMMANDS.includes(name)) throw badInput(`unknown command '${quoted(name)}' (known: ${COMMANDS.join(', ')}, help)`);
  return load(name);
}

async function main(argv, module, stdout) {
  const [name, ...rest] = argv;
  const print = (text) => stdout.write(`${text}\n`);
  if (VERSION.includes(name)) return print(`mechid ${version()}`);
  const mechid = await module();
  useOptionSchema(mechid.optionSchema());  // the core's defaults and ranges for the tables' core options
  // `mechid`, `mechid --help`, `mechid help`: the overview; `mechid help <command>`: that command's help.
  if (name === undefined || HELP.includes(name) || (name === 'help' && (rest.length === 0 || rest[0] === 'help' || HELP.includes(rest[0])))) {
    return print(overview(await Promise.all(COMMANDS.map(load))));
  }
  if (name === 'help') {
    if (rest.length > 1) throw badInput(`help takes one command, got ${rest.length} arguments (e.g. mechid help identify)`);
    return print(commandHelp(await commandOf(rest[0]), mechid));
  }
  const command = await commandOf(name);
  // --help (-h) anywhere among the options: the command's help, whatever else is given.
  if (rest.some((arg) => HELP.includes(arg))) return print(commandHelp(command, mechid));
  // A command with a positional argument (`mechid inspect FILE`) takes it as that option.
  const args = command.positional && rest.length > 0 && !rest[0].startsWith('--') ? [`--${command.positional}`, ...rest] : rest;
  useOptionNames(Object.keys(command.options));
  const options = parseOptions(name, { ...command.options, ...OUT }, args);
  checkBeforeWork(options);
  await command.run(options, mechid);
}

/**
 * Runs `mechid ...argv` writing to `stdout` and `stderr` (objects with write(text); the process's by
 * default); resolves to the exit code. `mechid`: a loaded module to compute with (default: a new
 * one, on `threads()` threads: bin/cli.mjs passes bin/threads.mjs's cliThreads; 1 by default, so
 * that a caller's process starts no worker it did not ask for). One run at a time per process: the
 * commands write through bin/io.mjs, which this points at the given streams (bin/streams.mjs).
 */
export async function runCli(argv, { stdout = process.stdout, stderr = process.stderr, mechid, threads = () => 1 } = {}) {
  const restore = useStreams({ stdout, stderr });
  try {
    await main(argv, async () => mechid ?? loadMechidNode({ threads: threads() }), stdout);
    return 0;
  } catch (e) {
    const bad = e instanceof MechidError && e.code === 'bad-input';
    // One printable line: a MechidError's message is one already; anything else is cut at its first line.
    const message = printable(String(e?.message ?? e).split('\n')[0]);
    stderr.write(`mechid: error: ${bad ? '' : 'internal: '}${cliWording(message)}\n`);
    return bad ? 1 : 2;
  } finally {
    useOptionNames([]);
    restore();
  }
}
