// A message of the core in the page's words (issue 56): the core names an option as the API
// spells it ("modes: freq_tol must be positive, got -0.01"), while the page shows a field with a
// label of its own, sometimes in other units (a percentage). The option is found by the CLI's
// table of spellings (gen/option-words.js, the one bin/cli-wording.mjs uses for --freq-tol) among
// the fields given, and the message says the field's label and the value as typed in it:
// "Frequency tolerance (%) must be positive, got -1".
import { optionNamed, wordPattern } from '../gen/option-words.js';

// A label's own words: its text without the controls inside it (a select's options).
function labelText(control) {
  const label = control.labels?.[0];
  if (!label) return null;
  const copy = label.cloneNode(true);
  copy.querySelectorAll('input, select, textarea, button').forEach((c) => c.remove());
  return copy.textContent.replace(/\s+/g, ' ').trim() || null;
}

/**
 * The field of `fields` ({name: CLI option name, part?, control}) that the core's `message` names,
 * and the message in its words: {control, message} (the command's prefix "modes: " dropped, the
 * option's name replaced by the label, the value after "got" by the field's text), or null when
 * the message names none of them.
 */
export function fieldWording(message, fields) {
  const named = optionNamed(message, [...new Set(fields.map((f) => f.name))]);
  if (!named) return null;
  const field = fields.find((f) => f.name === named.name && (f.part ?? null) === (named.part ?? null));
  const label = field && labelText(field.control);
  if (!label) return null;
  const typed = field.control.value?.trim();
  let text = String(message).replace(/^[a-z]+: /, '').replace(wordPattern(named.spelling), label);
  if (typed) text = text.replace(/\bgot -?[\d.]+(?:e[+-]?\d+)?/i, `got ${typed}`);
  return { control: field.control, message: text };
}
