// How deep a JSON text nests its arrays and objects, counted over the text without parsing it
// and without recursion: a reader bounds the depth before JSON.parse and before anything that
// walks the value recursively (JSON.stringify, String(), structured clone), where 5,000 levels
// gave "Maximum call stack size exceeded" (issue 56).

/** The deepest nesting of '[' and '{' in a JSON text (brackets inside strings not counted). */
export function jsonDepth(text) {
  let depth = 0, deepest = 0, inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;  // a backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) deepest = Math.max(deepest, ++depth);
    else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}
