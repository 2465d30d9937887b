// mechid CLI, started by bin/mechid.js: runs the WASM core under Node (the same calls as the
// page). Dispatch only: each command is a module of bin/commands/ with its option table
// (bin/options.mjs makes the parser, the usage text and the defaults from it). Interfaces in
// ../shared/design/INTERFACES.md: exit 0 on success; exit 1 on bad input and exit 2 on an
// internal failure, each with exactly one line `mechid: error: …` on stderr.
import { MechidError, badInput, printable, quoted } from '../wasm/api.js';
import { loadMechidNode } from '../wasm/node.js';
import * as condition from './commands/condition.mjs';
import * as d2c from './commands/d2c.mjs';
import * as discretize from './commands/discretize.mjs';
import * as frf from './commands/frf.mjs';
import * as identify from './commands/identify.mjs';
import * as modal from './commands/modal.mjs';
import * as modes from './commands/modes.mjs';
import * as passivity from './commands/passivity.mjs';
import * as perturbStudy from './commands/perturb-study.mjs';
import * as simulate from './commands/simulate.mjs';
import * as study from './commands/study.mjs';
import { OUT, parseOptions, usageLines } from './options.mjs';

const COMMANDS = [simulate, discretize, d2c, condition, modal, passivity, perturbStudy, identify, study, frf, modes];

function usage(mechid) {
  const lines = COMMANDS.flatMap((c) => (typeof c.usage === 'function' ? c.usage(mechid) : usageLines(c.name, c.options, c.usage)));
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
    process.stdout.write(`${usage(await loadMechidNode())}\n`);
    return;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) throw badInput(`unknown command '${quoted(name)}' (known: ${COMMANDS.map((c) => c.name).join(', ')}, help)`);
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
