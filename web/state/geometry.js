// The test geometry the page draws the modes on (issue 53; the object of docs/interfaces.md,
// "Geometry"), shared by the Geometry section (web/views/geometry.js: loads, builds and maps it),
// the views that show modes on it and the Report button. Two sources: the user's (a geometry file,
// the editor, the mapping table), kept until the user changes it; and the automatic ones (the
// preset of step 1, a loaded universal file's nodes and lines), which replace each other but never
// the user's. The output channels of the latest record or result are offered here too, so that the
// Geometry section lists them for the mapping without importing the section that has them.

let geometry = null;
let byUser = false;
const listeners = new Set();
let channels = { names: [], from: '' };
const channelListeners = new Set();

/** The current geometry (checked: wasm/geometry.js checkGeometry), or null. */
export const currentGeometry = () => geometry;

/** Whether the current geometry is the user's (a file, the editor, an edited mapping). */
export const geometryByUser = () => byUser;

/** Sets the geometry (null: none) and tells the listeners; `byUser` false for an automatic one. */
export function setGeometry(g, { byUser: user = true } = {}) {
  geometry = g;
  byUser = g !== null && user;
  for (const listener of listeners) listener(g);
}

/**
 * An automatic geometry (a preset's, a data file's; its `source` says which): taken unless the
 * user chose one. Returns whether it was taken.
 */
export function offerGeometry(g) {
  const taken = !byUser;
  if (taken) setGeometry(g, { byUser: false });
  for (const listener of offerListeners) listener(g, taken);
  return taken;
}

const offerListeners = new Set();

/** Calls listener(geometry, taken) after each offerGeometry (taken false: the user's geometry was kept). */
export function onGeometryOffered(listener) {
  offerListeners.add(listener);
}

/** Calls listener(geometry) after each change of the geometry. */
export function onGeometryChange(listener) {
  listeners.add(listener);
}

/** The output channels of the latest record or result: {names, from} ({names: []} before any). */
export const currentChannels = () => channels;

/** The output channels' names of a record or result just read or computed (`from`: its file or preset). */
export function offerChannels(names, from) {
  channels = { names: [...names], from };
  for (const listener of channelListeners) listener(channels);
}

/** Calls listener({names, from}) after each offerChannels. */
export function onChannelsChange(listener) {
  channelListeners.add(listener);
}

const errorListeners = new Set();

/**
 * A record read by "Your measurements" (the worker's inspectFile answer: its time series' `header`
 * and `quantities`, a universal file's `geometry` or `geometryError`), named `name`: its response
 * channels (neither time nor force) are offered for the mapping, its geometry as an automatic one,
 * and a faulty geometry is told to the Geometry section (onGeometryFileError).
 */
export function offerRecord({ header = [], quantities = [], geometry = null, geometryError }, name) {
  const responses = header.filter((_, k) => !['time', 'force'].includes(quantities[k]));
  if (responses.length) offerChannels(responses, name);
  if (geometry) offerGeometry(geometry);
  if (geometryError) for (const listener of errorListeners) listener(geometryError);
}

/** Calls listener(message) when a record's geometry was refused (offerRecord). */
export function onGeometryFileError(listener) {
  errorListeners.add(listener);
}
