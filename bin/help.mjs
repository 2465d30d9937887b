// The CLI's help texts: `mechid --help` (the commands, one line each, the exit codes and the error
// format) and `mechid <command> --help` (its summary, its usage made from its option table by
// bin/options.mjs, its notes and two examples). docs/cli.md is the same reference written out;
// tests/node/cli_help.test.mjs holds the two to each other and to the tables. Each command module
// exports its name, summary, examples (two runs that work as written, in one folder in the order of
// the commands: simulate's and discretize's files serve the later ones; the test runs them),
// options (its table) and run.
import { usageLines } from './options.mjs';

/** The usage lines of a command module: its own usage(mechid) (commands with families) or its table's. */
export const usageOf = (command, mechid) => (typeof command.usage === 'function'
  ? command.usage(mechid) : usageLines(command.name, command.options, command.usage));

/** `mechid <command> --help`: summary, usage with defaults and ranges, notes, two examples. */
export function commandHelp(command, mechid) {
  return [
    `mechid ${command.name}: ${command.summary}`,
    '',
    'usage ([--opt X=D]: optional, default D; (A..B), (>=A): its range; every command takes --out FILE):',
    ...usageOf(command, mechid),
    '',
    'examples:',
    ...command.examples.map((line) => `  ${line}`),
  ].join('\n');
}

/** `mechid --help`: the commands with their summaries, then the rules every command follows. */
export function overview(commands) {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return [
    'usage: mechid <command> [options]',
    '       mechid <command> --help   (or mechid help <command>) its options, defaults, ranges and examples',
    '       mechid --version          the version',
    '',
    'Identification of the mass, damping and stiffness matrices of linear mechanical systems.',
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    'Every command takes --out FILE (otherwise the result, JSON or CSV, goes to stdout).',
    'systems: 3dof (Bruschetta 2011, sec. 5.2.1), 8dof (its app. A.5), msd (m=15, b=0.2, k=2),',
    '  chain<n> (n masses in a chain), or a JSON file {"M", "D", "K"[, "L"]};',
    '  nonlinear: lin-ewins (Karimov et al. 2021, eqs. 18-21), beam (eqs. 25-29, free vibration);',
    '  simulate only: rlc, msd-sine (the SVF report "Modeling & Simulation of Dynamic Systems"),',
    '  belt-drive (Beckmann et al. 2016)',
    '',
    'exit codes: 0 success, 1 bad input, 2 internal failure. A failure writes one line on stderr:',
    '  mechid: error: <what is wrong, naming the option, file, row or column>',
    '  (an internal failure: mechid: error: internal: <what failed>)',
    'warnings go to stderr, one line each, as  mechid: warning: <text>  (and into the JSON result).',
  ].join('\n');
}
