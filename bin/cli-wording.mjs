// The CLI's words in a message of the core or the facade: an option named as the API spells it
// (forceDofs, force_dofs, maxWork, max_order) is named as the command's option (--force-dofs,
// --max-work, --max-order) so that the user reads what to type (issue 56). Only the options of the
// running command, and only names of two words or more: a one-word name (segment, band) reads the
// same in a sentence.

let names = [];
let all = [];

// API names that are not a spelling of the CLI option's (lowpass_hz is --lowpass, bandHiHz the HI
// of --band LO:HI): per CLI option, [API name, the CLI's words].
const ALIASES = {
  lowpass: [['lowpass_hz', '--lowpass'], ['lowpassHz', '--lowpass']],
  band: [['bandLoHz', "--band's LO"], ['bandHiHz', "--band's HI"]],
  'min-stable': [['min_stable_orders', '--min-stable'], ['minStableOrders', '--min-stable']],
  positive: [['honour positive', 'honour --positive']],
};

/** The running command's option names (bin/main.mjs, once the command is known). */
export function useOptionNames(optionNames) {
  all = optionNames;
  names = optionNames.filter((name) => name.includes('-'));
}

const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const snake = (name) => name.replace(/-/g, '_');

/** `text` with the API's spellings of the command's options replaced by --name. */
export function cliWording(text) {
  let out = String(text);
  for (const name of names) {
    const spellings = [...new Set([camel(name), snake(name)])].filter((s) => s !== name);
    for (const spelling of spellings) {
      // "(--max-work FLOPS|inf, option maxWork)": the API's name beside the CLI's says nothing more here.
      if (out.includes(`--${name}`)) out = out.replace(new RegExp(`,? option ${spelling}(?![\\w-])`, 'g'), '');
      out = out.replace(new RegExp(`(?<![\\w-])${spelling}(?![\\w-])`, 'g'), `--${name}`);
    }
  }
  for (const option of all) {
    for (const [api, cli] of ALIASES[option] ?? []) out = out.replace(new RegExp(`(?<![\\w-])${api}(?![\\w-])`, 'g'), cli);
  }
  // The input matrix: "give L (n x k)" is the --L FILE of the linear methods.
  if (names.includes('force-dofs')) out = out.replace(/\bgive L \(n x k\)/g, 'give --L FILE (n x k)');
  return out;
}
