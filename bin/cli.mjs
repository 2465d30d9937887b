// mechid CLI, started by bin/mechid.js: runs the WASM core under Node (the same calls as the
// page). Dispatch only: each command is a module of bin/commands/ with its option table
// (bin/options.mjs makes the parser, the usage text and the defaults from it). Interfaces in
// ../shared/design/INTERFACES.md: exit 0 on success; exit 1 on bad input and exit 2 on an
// internal failure, each with exactly one line `mechid: error: …` on stderr.
import { MechidError, badInput, printable, quoted } from '../wasm/api.js';
import { loadMechidNode } from '../wasm/node.js';
import { OUT, parseOptions, usageLines } from './options.mjs';

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

async function main(argv) {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(`${usage(await Promise.all(COMMANDS.map(load)), await loadMechidNode())}\n`);
    return;
  }
  if (!COMMANDS.includes(name)) throw badInput(`unknown command '${quoted(name)}' (known: ${COMMANDS.join(', ')}, help)`);
  const command = await load(name);
  const options = parseOptions(name, { ...command.options, ...OUT }, rest);
  await command.run(options, await loadMechidNode());
}

process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); });
// Exits explicitly once the command is done: a process left to end by itself can deadlock in
// Node 20's NodePlatform::DrainTasks while V8 still tiers up the WebAssembly module in the
// background (nodejs/node#54918). process.exit() joins V8's worker threads without tearing the
// isolate down, which deadlocks when a concurrent TurboFan job waits for a main-thread GC; the
// launcher bin/mechid.js therefore runs this file with --no-concurrent-recompilation.
// stdout to a pipe is written asynchronously: the exit waits until what was written is flushed.
main(process.argv.slice(2)).then(() => process.stdout.write('', () => process.exit(0)), (e) => {
  const bad = e instanceof MechidError && e.code === 'bad-input';
  // One printable line: a MechidError's message is one already; anything else is cut at its first line.
  const message = printable(String(e?.message ?? e).split('\n')[0]);
  process.stderr.write(`mechid: error: ${bad ? '' : 'internal: '}${message}\n`);
  process.exit(bad ? 1 : 2);
});
