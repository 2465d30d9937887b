// A recording of the Measure section (web/views/measure/) handed to "Your measurements" (the Data
// step, web/views/csv/csv-import.js) as a file, to be identified or analysed for modes as a loaded
// file is: neither section imports the other.
const listeners = new Set();

/** Hands a File to the listeners (the CSV section loads it as if chosen). */
export function handMeasuredFile(file) {
  for (const listener of listeners) listener(file);
}

/** Calls listener(file) for each recording handed on. */
export function onMeasuredFile(listener) {
  listeners.add(listener);
}
