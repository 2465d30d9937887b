// The CLI's words in a message of the core or the facade: an option named as the API spells it
// (forceDofs, force_dofs, maxWork, max_order) is named as the command's option (--force-dofs,
// --max-work, --max-order) so that the user reads what to type (issue 56). Only the options of the
// running command, and only names of two words or more: a one-word name (segment, band) reads the
// same in a sentence. The spellings and aliases are wasm/option-words.js's (the page's too).
import { ALIASES, apiSpellings, wordPattern } from '../wasm/option-words.js';

let names = [];
let all = [];

/** The running command's option names (bin/main.mjs, once the command is known). */
export function useOptionNames(optionNames) {
  all = optionNames;
  names = optionNames.filter((name) => name.includes('-'));
}

/** `text` with the API's spellings of the command's options replaced by --name. */
export function cliWording(text) {
  let out = String(text);
  for (const name of names) {
    for (const spelling of apiSpellings(name)) {
      // "(--max-work ..., option maxWork)": the API's name beside the CLI's says nothing more there.
      if (out.includes(`--${name}`)) out = out.replace(new RegExp(`,? option ${spelling}(?![\\w-])`, 'g'), '');
      out = out.replace(wordPattern(spelling), `--${name}`);
    }
  }
  for (const option of all) {
    for (const [api, cli] of ALIASES[option] ?? []) out = out.replace(wordPattern(api), cli);
  }
  // The input matrix: "give L (n x k)" is the --L FILE of the linear methods.
  if (names.includes('force-dofs')) out = out.replace(/\bgive L \(n x k\)/g, 'give --L FILE (n x k)');
  return out;
}
