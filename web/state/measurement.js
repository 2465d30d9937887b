// The measurement of step 2's "Your measurements (CSV)" as the other sections see it (the modes
// section computes its FRFs from the record and the MAC against the identified models): the CSV
// section (web/views/csv/csv-import.js) provides how to read its record and its last results, and
// says when they change; a reader never imports that section. The record is read when asked for,
// from the section's controls as they are then (a factor typed a moment ago counts).

let provider = { record: () => null, results: () => null };
const listeners = new Set();

/**
 * The CSV section's readers: record() → {file, mapping, outputCols, outputKind, quantities (column
 * → the quantity its file states; {} for a text file), fileH (the sample spacing the file states)} or null (no file
 * loaded; throws an Error naming what to choose when a column or a factor is missing or wrong),
 * results() → {name, summary, mapping, results} of the last identification, or null.
 */
export function provideMeasurement(record, results) {
  provider = { record, results };
}

/** The loaded measurement (see provideMeasurement), or null before the CSV section has one. */
export function measurementRecord() {
  return provider.record();
}

/** The results of the CSV section's last identification, or null. */
export function identifiedResults() {
  return provider.results();
}

/** Calls listener() whenever the loaded file, its chosen columns or the identified models change. */
export function onMeasurementChange(listener) {
  listeners.add(listener);
}

/** Tells the listeners that the file, its columns or the identified models changed. */
export function measurementChanged() {
  for (const listener of listeners) listener();
}
