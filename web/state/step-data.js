// The data of step 2 ("Data") as the later steps see it: the last successful simulation, so that
// Identify estimates M, D, K from the very samples the user simulated and looked at, instead of
// simulating new ones with settings of its own (issue 18, item 1: data flow between the steps).

let current = null;  // {system, options, data}: the preset's name, simulate's options, SimulatedData
const listeners = new Set();
const fileListeners = new Set();

/** Records a simulation of step 2 and tells the listeners. */
export function setSimulation(simulation) {
  current = simulation;
  for (const listener of listeners) listener(simulation);
}

/** The last simulation of step 2, or null before the first one. */
export function simulation() {
  return current;
}

/** Calls `listener(simulation)` after each new simulation of step 2. */
export function onSimulation(listener) {
  listeners.add(listener);
}

/**
 * How identify must read the simulation's forces: held over each period when the simulation
 * sampled them exactly under a zero-order hold (PRBS, step), point samples of a continuous force
 * otherwise (sine, multisine, chirp: the fine-step reference).
 */
export function inputSamplingOf(data) {
  return data.method === 'zoh-exact' ? 'hold' : 'point';
}

/**
 * Keeps `select`, a preset menu of a later step, on the system chosen in step 1 (#preset) when it
 * has that preset; `then()` after each such change. The later step's menu still lets a person
 * choose another system there.
 */
export function followSystem(select, then = () => {}) {
  const chosen = document.getElementById('preset');
  chosen.addEventListener('change', () => {
    if (![...select.options].some((o) => o.value === chosen.value)) return;
    select.value = chosen.value;
    then();
  });
}

/**
 * Tells the later steps that step 2 read a measurement file (`name`; null when the file choice was
 * cleared): a file is identified with its own settings (columns, units, structure, friction) by
 * step 2's "Your measurements", and Identify points there.
 */
export function setMeasurementFile(name) {
  for (const listener of fileListeners) listener(name);
}

/** Calls `listener(name)` after each measurement file read (or cleared) in step 2. */
export function onMeasurementFile(listener) {
  fileListeners.add(listener);
}
