// A result opened from a file in "Saved analyses" (a report of modes or of oma: web/state/result-file.js)
// for the section that shows results of its kind: that section registers here (a section never
// imports another), and shows the result as if it had just computed it.
const shows = new Map();

/** The section showing results of `kind` ('modes', 'oma'): show(result JSON, file name). */
export function onResultOpened(kind, show) {
  shows.set(kind, show);
}

/** Shows an opened result in its section; false when no section shows that kind. */
export function openResult(kind, result, name) {
  const show = shows.get(kind);
  if (!show) return false;
  show(result, name);
  return true;
}
