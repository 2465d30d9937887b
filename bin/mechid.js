#!/usr/bin/env node
// mechid CLI: runs the WASM core under Node (the same calls as the page). Interfaces in
// ../shared/design/INTERFACES.md: exit 0 on success; exit 1 on bad input and exit 2 on an
// internal failure, each with exactly one line `mechid: error: …` on stderr.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { MechidError, simulationToCsv, systemFromJson } from '../wasm/api.js';
import { loadMechidNode } from '../wasm/node.js';

const USAGE = `usage: mechid <command> [options]

commands:
  simulate  --system NAME|FILE --h H --n N [--input prbs|sine|multisine|chirp|step]
            [--amplitude A] [--snr DB|inf] [--seed S] [--with-derivatives]
            [--hold SAMPLES] [--freq HZ] [--freq2 HZ] [--q0 a,b,..] [--v0 a,b,..] [--out FILE]
            CSV t,u1..uk,q1..qn[,v1..vn,a1..an] (noise only on q) to stdout or FILE
  help      this text

presets: 3dof (thesis sec. 5.2.1), 8dof (thesis app. A.5), msd (m=15, b=0.2, k=2)`;

const badInput = (message) => new MechidError('bad-input', message);

// Options of each command: name -> kind ('number', 'integer', 'string', 'flag', 'list').
const COMMANDS = {
  simulate: {
    system: 'string', h: 'number', n: 'integer', input: 'string', amplitude: 'number', snr: 'snr',
    seed: 'integer', 'with-derivatives': 'flag', hold: 'integer', freq: 'number', freq2: 'number',
    q0: 'list', v0: 'list', out: 'string',
  },
};

function parseNumber(text, option, kind) {
  if (kind === 'snr' && /^\+?inf(inity)?$/i.test(text)) return Infinity;
  const value = text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(value) || (kind === 'integer' && !Number.isInteger(value))) {
    const what = kind === 'integer' ? 'a whole number' : kind === 'snr' ? 'a number of dB or inf' : 'a number';
    throw badInput(`--${option} must be ${what}, got '${text}'`);
  }
  return value;
}

// argv after the command -> {option: value}; every option is checked against the command's list.
function parseOptions(command, argv) {
  const known = COMMANDS[command];
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const match = /^--([a-z0-9-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw badInput(`unexpected argument '${arg}' for ${command} (options start with --)`);
    const [, name, inline] = match;
    const kind = known[name];
    if (!kind) throw badInput(`unknown option --${name} for ${command} (known: ${Object.keys(known).map((k) => `--${k}`).join(', ')})`);
    if (kind === 'flag') {
      if (inline !== undefined) throw badInput(`--${name} takes no value`);
      options[name] = true;
      continue;
    }
    const text = inline ?? argv[++i];
    if (text === undefined) throw badInput(`--${name} needs a value`);
    if (kind === 'string') options[name] = text;
    else if (kind === 'list') options[name] = text.split(',').map((part) => parseNumber(part, name, 'number'));
    else options[name] = parseNumber(text, name, kind);
  }
  return options;
}

function requireOption(options, name, command) {
  if (options[name] === undefined) throw badInput(`${command} needs --${name}`);
  return options[name];
}

// A preset name or a system JSON file, checked; errors name the file.
function loadSystem(mechid, spec) {
  if (mechid.presetNames().includes(spec)) return mechid.preset(spec);
  if (!existsSync(spec)) {
    throw badInput(`--system '${spec}' is neither a preset (${mechid.presetNames().join(', ')}) nor an existing file`);
  }
  let json;
  try {
    json = JSON.parse(readFileSync(spec, 'utf8'));
  } catch (e) {
    throw badInput(`system file ${spec} is not valid JSON: ${e.message}`);
  }
  const system = systemFromJson(json, `system file ${spec}`);
  const report = mechid.checkSystem(system);
  if (!report.ok) throw badInput(`system file ${spec}: ${report.errors[0]}`);
  return system;
}

function writeOutput(text, out) {
  if (out === undefined) process.stdout.write(text);
  else {
    try {
      writeFileSync(out, text);
    } catch (e) {
      throw badInput(`cannot write --out ${out}: ${e.code ?? e.message}`);
    }
  }
}

async function simulate(argv) {
  const options = parseOptions('simulate', argv);
  const systemSpec = requireOption(options, 'system', 'simulate');
  const h = requireOption(options, 'h', 'simulate');
  const n = requireOption(options, 'n', 'simulate');
  const mechid = await loadMechidNode();
  const system = loadSystem(mechid, systemSpec);
  const data = mechid.simulate(system, {
    h, n,
    input: options.input, amplitude: options.amplitude, snr: options.snr, seed: options.seed, hold: options.hold,
    freqHz: options.freq, freqHz2: options.freq2, q0: options.q0, v0: options.v0,
    withDerivatives: options['with-derivatives'] === true,
  });
  writeOutput(simulationToCsv(data), options.out);
}

async function main(argv) {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command === 'simulate') return simulate(rest);
  throw badInput(`unknown command '${command}' (known: ${Object.keys(COMMANDS).join(', ')}, help)`);
}

process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); });
main(process.argv.slice(2)).catch((e) => {
  const bad = e instanceof MechidError && e.code === 'bad-input';
  const message = String(e?.message ?? e).split('\n')[0];
  process.stderr.write(`mechid: error: ${bad ? '' : 'internal: '}${message}\n`);
  process.exit(bad ? 1 : 2);
});
