// The option tables of the CLI's commands (bin/commands/*.mjs) are the single source of three
// things, all made here: the parser (names, types, defaults), the usage text, and the check that a
// family of a command (a kind of --system for simulate, of --method for identify) gets only its
// own options.
//
// A table maps an option's name, as typed after `--` (upper case allowed: `--L`), to
//   {type, arg, default, min, count, choices}
// type: 'string' | 'strings' (a,b,..) | 'number' | 'integer' | 'numbers' (a,b,..) | 'snr' (dB or
// inf) | 'flag'; arg: the placeholder in the usage text (choices print as a|b|c); default: the
// value used when the option is absent; min, max: the range of a number (an integer's default:
// the 32-bit int of the WASM core, INT_RANGE; said in the message); count: how many
// numbers a list has; choices: the values allowed of a string; repeat: the option may be given
// several times, its value is then the list of the values given. Every command also takes --out FILE.
// core: 'group.option', an option of the core: its default, range and choices are the core's
// (api.optionSchema(), set by bin/main.mjs before parsing), never the table's; auto: true keeps
// the default out (absent means the core's automatic choice, e.g. a cut-off of 0).
import { badInput, quoted, withDefaults as fill } from '../wasm/api.js';
import { parseDecimal } from '../wasm/csv.js';

// The core's option schema for this run (bin/main.mjs: useOptionSchema(mechid.optionSchema())).
let coreSchema = null;
export function useOptionSchema(schema) {
  coreSchema = schema;
}

/**
 * `spec` with what the core's schema says of its option (`spec.core`): default (unless `auto` or
 * none), min, max and choices; `spec` itself when it names none or no schema is set.
 */
export function coreSpec(spec) {
  if (spec?.core === undefined || coreSchema === null) return spec;
  const [group, option] = spec.core.split('.');
  const entry = coreSchema[group]?.[option];
  if (entry === undefined) throw new Error(`the option table names ${spec.core}, which the core's option schema lacks`);
  const out = { ...spec };
  if (!spec.auto && entry.default !== null) out.default = entry.default;
  for (const key of ['min', 'max']) if (entry[key] !== undefined) out[key] = entry[key];
  // The core's choices, unless the table offers fewer (simulate's input 'samples' is for the JS API only).
  if (entry.choices !== undefined) out.choices = spec.choices?.filter((c) => entry.choices.includes(c)) ?? entry.choices;
  return out;
}

/** A family's default (FAMILIES' `defaults`) that is the core's: coreDefault('group.option'). */
export const coreDefault = (ref) => ({ core: ref });
/** A family's default as the CLI uses it: a coreDefault(...) resolved through the schema, else as it is. */
export const resolveDefault = (value) => (value !== null && typeof value === 'object' && typeof value.core === 'string' ? coreSpec(value).default : value);

// Constructors of the table's entries: str('S'), num('H', {default: 1}), choice(['on', 'off']), ...
export const str = (arg, more) => ({ type: 'string', arg, ...more });
export const strs = (arg, more) => ({ type: 'strings', arg, ...more });
export const num = (arg, more) => ({ type: 'number', arg, ...more });
export const int = (arg, more) => ({ type: 'integer', arg, ...more });
export const nums = (arg, more) => ({ type: 'numbers', arg, ...more });
export const choice = (choices, more) => ({ type: 'string', choices, ...more });
export const flag = () => ({ type: 'flag' });

// The options several commands take, declared once; a command picks them by name.
const COMMON = {
  system: str('S'), h: num('H'), n: int('N'), seed: int('S', { min: 0, max: Number.MAX_SAFE_INTEGER }), snr: { type: 'snr', arg: 'DB|inf' },
  data: str('FILE'), method: str('METHOD'), truth: str('SYSTEM'), L: str('FILE'),
  // the work guard (analysis/command_cost.hpp): the most floating-point operations a request may need; inf lifts it
  'max-work': { type: 'limit', arg: 'FLOPS|inf', core: 'identify.maxWork' },
};
export const pick = (...names) => Object.fromEntries(names.map((name) => [name, COMMON[name]]));

export const OUT = { out: str('FILE') };

/**
 * The range of an integer option unless its entry says otherwise: C++ int, 32 bits in WASM as
 * natively (Eigen::Index is 32-bit in WASM too), so a count beyond it would wrap in the core.
 */
export const INT_RANGE = { min: -(2 ** 31), max: 2 ** 31 - 1 };

// A decimal number (wasm/csv.js's syntax: no 0x1, 0b1, Infinity), or inf for an snr or a limit.
function parseNumber(text, name, type) {
  if ((type === 'snr' || type === 'limit') && /^\+?inf(inity)?$/i.test(text.trim())) return Infinity;
  const value = parseDecimal(text);
  if (!Number.isFinite(value) || (type === 'integer' && !Number.isInteger(value))) {
    const what = { integer: 'a whole number', snr: 'a number of dB or inf', limit: 'a number or inf' }[type] ?? 'a number';
    throw badInput(`--${name} must be ${what}, got '${quoted(text)}'`);
  }
  return value;
}

/** A parsed number checked against the entry's min and max (integers: INT_RANGE by default). */
function checkRange(value, name, spec) {
  const integer = spec.type === 'integer';
  const min = spec.min ?? (integer ? INT_RANGE.min : undefined);
  const max = spec.max ?? (integer ? INT_RANGE.max : undefined);
  const why = integer && max === INT_RANGE.max ? ' (a 32-bit integer)' : '';
  if (min !== undefined && value < min) throw badInput(`--${name} must be at least ${min}, got ${value}`);
  if (max !== undefined && value > max) throw badInput(`--${name} must be at most ${max}${why}, got ${value}`);
  return value;
}

const oneOf = (values) => (values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}` : values[0]);

function parseValue(text, name, spec) {
  switch (spec.type) {
    case 'string':
      if (spec.choices && !spec.choices.includes(text)) throw badInput(`--${name} must be ${oneOf(spec.choices)}, got '${quoted(text)}'`);
      return text;
    case 'strings': return text.split(',').map((part) => part.trim());
    case 'numbers': {
      const values = text.split(',').map((part) => parseNumber(part, name, 'number'));
      if (spec.count !== undefined && values.length !== spec.count) {
        throw badInput(`--${name} needs ${spec.count} values ${spec.arg}, got ${values.length}`);
      }
      return values;
    }
    default: return checkRange(parseNumber(text, name, spec.type), name, spec);
  }
}

/**
 * argv after the command -> {name: value} with the table's defaults filled in; an option not in
 * the table, a missing value or a value of the wrong type is an error naming the option.
 */
export function parseOptions(command, table, argv) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const match = /^--([A-Za-z0-9][A-Za-z0-9-]*)(?:=(.*))?$/s.exec(arg);
    if (!match) throw badInput(`unexpected argument '${quoted(arg)}' for ${command} (options start with --)`);
    const [, name, inline] = match;
    const spec = coreSpec(table[name]);
    if (!spec) throw badInput(`unknown option --${quoted(name)} for ${command} (known: ${Object.keys(table).map((k) => `--${k}`).join(', ')})`);
    if (spec.type === 'flag') {
      if (inline !== undefined) throw badInput(`--${name} takes no value`);
      options[name] = true;
      continue;
    }
    const text = inline ?? argv[++i];
    if (text === undefined) throw badInput(`--${name} needs a value`);
    const value = parseValue(text, name, spec);
    options[name] = spec.repeat ? [...(options[name] ?? []), value] : value;
  }
  return options;
}

/** The given options over the table's defaults (a family may override a default, undefined: none). */
export function withDefaults(table, options, overrides = {}) {
  const defaults = Object.entries(table).map(([name, spec]) => [name, name in overrides ? resolveDefault(overrides[name]) : coreSpec(spec).default]);
  return fill(Object.fromEntries(defaults.filter(([, value]) => value !== undefined)), options);
}

export function requireOption(options, name, command) {
  if (options[name] === undefined) throw badInput(`${command} needs --${name}`);
  return options[name];
}

/**
 * One check for every family: an option given that the family does not take is an error
 * `--NAME does not apply to LABEL` (the usage text lists the family's options).
 */
export function checkFamily(family, given) {
  for (const name of Object.keys(given)) {
    if (name !== 'out' && !family.options.includes(name)) {
      throw badInput(`--${name} does not apply to ${family.label}`);
    }
  }
}

// ------------------------------------------------------------------------------------------------
// Usage text: the synopsis of a command (or of one family of it) with each option's placeholder,
// default and range as its table entry gives them; bin/help.mjs puts it into the command's help.

/** A value as the usage text prints it: inf, lists as a,b,c, 2^53-1 for the largest safe integer. */
export const formatValue = (value) => (value === Infinity ? 'inf' : value === Number.MAX_SAFE_INTEGER ? '2^53-1'
  : Array.isArray(value) ? value.join(',') : String(value));

/** The range an entry states itself, as ` (A..B)`, ` (>=A)` or ` (<=B)`; '' without one. */
export function formatRange(spec) {
  const { min, max } = spec;
  if (min !== undefined && max !== undefined) return ` (${formatValue(min)}..${formatValue(max)})`;
  if (min !== undefined) return ` (>=${formatValue(min)})`;
  return max === undefined ? '' : ` (<=${formatValue(max)})`;
}

function usageOf(name, spec, { required, defaultValue, arg }) {
  if (spec.type === 'flag') return `[--${name}]`;
  if (spec.repeat) return `${required ? `--${name} ${arg ?? spec.arg} ` : ''}[--${name} ${arg ?? spec.arg} ...]`;
  const value = defaultValue === undefined ? '' : `=${formatValue(defaultValue)}`;
  const text = `--${name} ${arg ?? (spec.choices ? spec.choices.join('|') : spec.arg)}${value}${formatRange(spec)}`;
  return required ? text : `[${text}]`;
}

/**
 * Lines of `  mechid command --a A [--b B=default (>=1)] …` wrapped at 100 columns (continued
 * lines indented by 6), then the help lines indented by 4. names: the options shown (default:
 * all); required: shown without brackets; defaults and args: a family's own default values and
 * placeholders.
 */
export function usageLines(command, table, { names = Object.keys(table), required = [], defaults = {}, args = {}, help = [] } = {}) {
  const parts = names.filter((n) => n !== 'out').map((n) => usageOf(n, coreSpec(table[n]), {
    required: required.includes(n), defaultValue: n in defaults ? resolveDefault(defaults[n]) : coreSpec(table[n]).default, arg: args[n],
  }));
  const lines = [];
  let line = `  mechid ${command}`;
  let onLine = 0;  // the options on `line`: a line holds at least one however long
  for (const part of parts) {
    if (line.length + part.length + 1 > 100 && onLine > 0) {
      lines.push(line);
      [line, onLine] = [' '.repeat(5), 0];
    }
    line += ` ${part}`;
    onLine++;
  }
  lines.push(line);
  for (const text of help) lines.push(`    ${text}`);
  return lines;
}
