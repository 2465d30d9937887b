// How the core and the facade name an option in a message, for the two front ends that name it
// in their own words: the CLI (bin/cli-wording.mjs: --freq-tol) and the page (web/ui/field-wording.js:
// the label of its field, "Frequency tolerance (%)"). An option is known by its CLI name
// (freq-tol); the API spells it in camelCase or snake_case (freqTol, freq_tol), and a few API
// names are not a spelling of it (ALIASES). Pure ES module: Node and the page.

/**
 * API names that are not a spelling of a CLI option's (lowpass_hz is --lowpass, bandHiHz the HI
 * of --band LO:HI): per CLI option, [API name, the CLI's words, the part of the option it is
 * ('lo', 'hi'; a page field of its own), or none].
 */
export const ALIASES = {
  lowpass: [['lowpass_hz', '--lowpass'], ['lowpassHz', '--lowpass']],
  band: [['bandLoHz', "--band's LO", 'lo'], ['bandHiHz', "--band's HI", 'hi']],
  'min-stable': [['min_stable_orders', '--min-stable'], ['minStableOrders', '--min-stable']],
  positive: [['honour positive', 'honour --positive']],
};

export const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
export const snake = (name) => name.replace(/-/g, '_');

/** The API's spellings of the CLI option `name` other than the name itself (two words or more: a one-word name reads the same). */
export const apiSpellings = (name) => [...new Set([camel(name), snake(name)])].filter((s) => s !== name);

/** A RegExp of `word` standing alone (not inside a longer name or an option such as --freq-tol). */
export const wordPattern = (word, flags = 'g') => new RegExp(`(?<![\\w-])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, flags);

/**
 * The first option of `names` (CLI names) that `text` names by an API spelling or alias:
 * {name, spelling, part} (part: an alias's 'lo'/'hi'), or null.
 */
export function optionNamed(text, names) {
  let first = null;
  for (const name of names) {
    const words = [...apiSpellings(name).map((spelling) => ({ spelling })), ...(ALIASES[name] ?? []).map(([spelling, , part]) => ({ spelling, part }))];
    for (const { spelling, part } of words) {
      const at = String(text).search(wordPattern(spelling, ''));
      if (at >= 0 && (!first || at < first.at)) first = { name, spelling, part, at };
    }
  }
  return first && { name: first.name, spelling: first.spelling, part: first.part };
}

const kebab = (name) => name.replace(/_/g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
// A value as one shell word: as it is when it holds no character a shell reads, else in single quotes.
const shellWord = (value) => (/^[\w.,:=+\-/]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

/**
 * The options of an advice ({structure: '{"K":"zero"}', offset: ''}: docs/interfaces.md, "Advice")
 * as typed on the command line: --structure '{"K":"zero"}' --offset ('' is a switch). A name in
 * the API's spelling (maxOrder, max_order) is written as the CLI's (--max-order).
 */
export const commandLineOf = (options = {}) =>
  Object.entries(options).map(([name, value]) => `--${kebab(name)}${value === '' ? '' : ` ${shellWord(String(value))}`}`).join(' ');
