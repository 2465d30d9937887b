// The mechid CLI's run, apart from its process: parses argv, runs one command, writes the result
// and the one-line error, returns the exit code (INTERFACES.md: 0 on success, 1 on bad input, 2 on
// an internal failure, each failure with exactly one line `mechid: error: …` on stderr). Dispatch
// only: each command is a module of bin/commands/ with its option table (bin/options.mjs makes the
// parser, the usage text and the defaults from it).
// bin/cli.mjs runs it on the process's streams and exits; the Node tests run it in their own
// process (tests/node/helpers.mjs), on a module already compiled and warm.
import { MechidError, badInput, printable, quoted } from '../wasm/api.js';
import { loadMechidNode } from '../wasm/node.js';
import { useStreams } from './streams.mjs';
import { OUT, parseOptions, usageLines, useOptionSchema } from './options.mjs';

// The commands, in the order of the usage text; each is bin/commands/<name>.mjs. A run imports only
// its own command's module: importing all eleven took 82 of a call's 250 ms before any work
// (docs/results.md, "Build time", stop 43); `help` imports them all for their option tables.
const COMMANDS = ['simulate', 'discretize', 'd2c', 'condition', 'modal', 'passivity', 'perturb-study', 'identify', 'study', 'frf', 'modes'];
const load = (name) => import(`./commands/${name}.mjs`);

function usage(commands, mechid) {
  const lines = commands.flatMap((c) => (typeof c.usage === 'function' ? c.usage(mechid) : usageLines(c.name, c.options, c.usage)));
  return `usage: mechid <command> [options]

commands:
${lines.join('\n')}
  help      this text

[--option X=D]: optional, default D. Every command takes --out FILE (otherwise the result goes to stdout).

presets: 3dof (thesis sec. 5.2.1), 8dof (thesis app. A.5), msd (m=15, b=0.2, k=2);
nonlinear: lin-ewins (seed 002 eqs. 18-21), beam (seed 002 eqs. 25-29, free vibration)
simulate only: rlc, msd-sine (seed 003), belt-drive (seed 004)`;
}

async function main(argv, module, stdout) {
  const [name, ...rest] = argv;
  const mechid = await module();
  useOptionSchema(mechid.optionSchema());  // the core's defaults and ranges for the tables' core options
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    stdout.write(`${usage(await Promise.all(COMMANDS.map(load)), mechid)}\n`);
    return;
  }
  if (!COMMANDS.includes(name)) throw badInput(`unknown command '${quoted(name)}' (known: ${COMMANDS.join(', ')}, help)`);
  const command = await load(name);
  const options = parseOptions(name, { ...command.options, ...OUT }, rest);
  await command.run(options, mechid);
}

/**
 * Runs `mechid ...argv` writing to `stdout` and `stderr` (objects with write(text); the process's by
 * default); resolves to the exit code. `mechid`: a loaded module to compute with (default: a new
 * one). One run at a time per process: the commands write through bin/io.mjs, which this points at
 * the given streams (bin/streams.mjs).
 */
export async function runCli(argv, { stdout = process.stdout, stderr = process.stderr, mechid } = {}) {
  const restore = useStreams({ stdout, stderr });
  try {
    await main(argv, () => mechid ?? loadMechidNode(), stdout);
    return 0;
  } catch (e) {
    const bad = e instanceof MechidError && e.code === 'bad-input';
    // One printable line: a MechidError's message is one already; anything else is cut at its first line.
    const message = printable(String(e?.message ?? e).split('\n')[0]);
    stderr.write(`mechid: error: ${bad ? '' : 'internal: '}${message}\n`);
    return bad ? 1 : 2;
  } finally {
    restore();
  }
}
