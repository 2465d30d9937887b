// Texts made from the method table (mechid.methodInfo(), src/identify/method_table.hpp), so that a
// method's capabilities are written once, in C++: which methods honour which identify option (the
// CLI help's capability lines) and the lists of such methods the page shows. Pure JS, no DOM:
// used by bin/ and, copied to web/gen/, by the page.

/**
 * The entries of `info` (methodInfo()) in the order the page, the help and the fuzz generator list
 * them: the recommended method first, then the table's order.
 */
export const recommendedFirst = (info) => [...info.filter((m) => m.recommended), ...info.filter((m) => !m.recommended)];

/** The names of the methods of `info` that honour `capability` (a key of an entry, or a predicate), recommended first. */
export function methodsWith(info, capability) {
  const has = typeof capability === 'function' ? capability : (m) => Boolean(m[capability]);
  return recommendedFirst(info).filter(has).map((m) => m.name);
}

/** The methods that take --lowpass, in words: "inverse-dynamic; auto with --friction coulomb". */
function lowpassMethods(info) {
  const always = methodsWith(info, (m) => m.lowpass === 'always');
  const withFriction = methodsWith(info, (m) => m.lowpass === 'with_friction');
  return [always.join(', '), ...(withFriction.length ? [`${withFriction.join(', ')} with --friction coulomb`] : [])].join('; ');
}

/**
 * Which methods honour which identify option, as help lines (the others refuse runs, a structure,
 * friction, an offset and a low-pass, naming these; --positive they ignore).
 */
export function capabilityLines(info) {
  const list = (capability) => methodsWith(info, capability).join(', ');
  const rows = [
    ['several --data runs', list('runs')],
    ['--structure', list('structure')],
    ['--friction coulomb', list('friction')],
    ['--offset', list('offset')],
    ['--lowpass', lowpassMethods(info)],
    ['--positive', list('positive')],
    ['--outputs acceleration', list((m) => m.outputs.includes('acceleration'))],
  ];
  // Options honoured by the same methods share a line (in the order of their first appearance).
  const byMethods = new Map();
  for (const [option, methods] of rows) byMethods.set(methods, [...(byMethods.get(methods) ?? []), option]);
  return ['which methods honour which options:', ...[...byMethods].map(([methods, options]) => `  ${options.join(', ')}: ${methods}`)];
}

/** The help lines of identify's linear methods: one per method (name: summary), then capabilityLines. */
export function methodHelpLines(info) {
  return [...recommendedFirst(info).map((m) => `${m.name}: ${m.summary}`), ...capabilityLines(info)];
}
