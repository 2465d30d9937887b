// A structure given as JSON text ({"M": "diagonal", ..., "known": {"M": [[..]]}}: the CLI's
// --structure, the page's custom-structure field) read into the object the core checks: its
// depth bounded before JSON.parse and before anything that walks it recursively (5,000 levels
// overflowed the stack: issue 56, in the CLI and in the page's postMessage), an object required,
// and a key given twice in one object refused (JSON.parse keeps the last, so {"M": "diagonal",
// "M": "full"} silently meant full).
import { MechidError } from './errors.js';
import { jsonDepth } from './json-depth.js';

// The deepest a structure nests: the object, known, a matrix, its rows.
export const MAX_STRUCTURE_DEPTH = 4;

const bad = (message) => new MechidError('bad-input', message, 'structure');

/**
 * The first key given twice in one object of a JSON text, as {key, path} (path: the keys of the
 * objects around it, e.g. ['known']), or null. Counted over the text without recursion (a
 * stack of the open objects' key sets); the text must be valid JSON.
 */
export function duplicateKey(text) {
  const stack = [];  // per open '{' or '[': {keys: Set | null, key: the key being read or last read}
  let i = 0;
  // Moves i past the string starting at text[i] (a backslash escapes the next character).
  const skipString = () => {
    for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    i++;
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      skipString();
      let j = i;
      while (j < text.length && /\s/.test(text[j])) j++;
      const top = stack[stack.length - 1];
      if (text[j] === ':' && top?.keys) {
        const key = JSON.parse(text.slice(start, i));
        if (top.keys.has(key)) return { key, path: stack.filter((f) => f.keys).slice(0, -1).map((f) => f.key) };
        top.keys.add(key);
        top.key = key;
      }
      continue;
    }
    if (c === '{') stack.push({ keys: new Set(), key: undefined });
    else if (c === '[') stack.push({ keys: null });
    else if (c === '}' || c === ']') stack.pop();
    i++;
  }
  return null;
}

const kindOf = (v) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'string' ? 'a string' : typeof v === 'number' ? 'a number' : typeof v);

/**
 * The structure in JSON text `text` as an object; `label` names it in a message ("--structure",
 * "--structure file s.json", "Structure JSON"). Throws MechidError bad-input (option structure).
 */
export function parseStructureJson(text, label) {
  const depth = jsonDepth(text);
  if (depth > MAX_STRUCTURE_DEPTH) {
    throw bad(`${label} nests ${depth} levels deep; a structure is {"M": "diagonal", ..., "known": {"M": [[..], ..]}}, ` +
      `at most ${MAX_STRUCTURE_DEPTH} levels (the object, known, a matrix, its rows)`);
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw bad(`${label} is not valid JSON: ${e.message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw bad(`${label} is ${kindOf(value)}, not an object: give {"M": "diagonal", "K": "tridiagonal", ...}`);
  }
  const twice = duplicateKey(text);
  if (twice) {
    const where = twice.path.length ? ` in "${twice.path.join('.')}"` : '';
    throw bad(`${label} gives "${twice.key}" twice${where}: give each matrix once (JSON keeps only the last)`);
  }
  return value;
}
