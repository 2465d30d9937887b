// A file of responses only (no force), handed from "Your measurements" (web/views/csv/, its "What
// the data are" button) to the "Output-only modal analysis" section (web/views/oma.js): neither
// section imports the other. A record is {file, mapping: {timeCol, h, resample}} as the worker's
// `oma` request takes it.

let current = null;
const listeners = new Set();

/** The file of responses only loaded last, or null. */
export const outputOnlyRecord = () => current;

/** Sets the record (null: none); `run`: the user asked for the analysis now. */
export function setOutputOnly(record, { run = false } = {}) {
  current = record;
  for (const listener of listeners) listener(record, { run });
}

/** Calls listener(record, {run}) whenever the record changes or the analysis is asked for. */
export function onOutputOnly(listener) {
  listeners.add(listener);
}
