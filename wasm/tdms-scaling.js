// The scaling NI writes beside raw TDMS data (DAQmx channels, and any channel whose
// NI_Scaling_Status is "unscaled"): properties NI_Number_Of_Scales and NI_Scale[i]_…, the last
// scale giving the values, each scale reading the raw data (input source 0xFFFFFFFF), another
// scale, or (no NI_Scale[i]_Scale_Type) the DAQmx scaler with scale id i. The property names and
// the rule "channel, else its group, else the file" are those npTDMS reads (A. Reeve); the scale
// types applied here are the ones whose formula those properties state in full: Linear
// (slope·x + intercept), Polynomial (Σ c_k x^k), Add, Subtract (right − left, as NI's Excel
// add-in), AdvancedAPI (none). Others (thermocouple, RTD, strain, thermistor, table) are refused
// with their name: their values would need the sensor's tables.
import { MechidError, quoted } from './errors.js';
import { polynomialAt } from './recording.js';

const RAW = 0xffffffff;
// More scales than any acquisition writes (a handful): a bound on the work and on the depth.
const MAX_SCALES = 64;
const TYPE_RE = /^NI_Scale\[(\d+)\]_Scale_Type$/;

// Number of scales stated by a property set, or 0.
function scaleCount(props) {
  if ('NI_Number_Of_Scales' in props) return Math.trunc(Number(props.NI_Number_Of_Scales)) || 0;
  let n = 0;
  for (const key of Object.keys(props)) {
    const m = TYPE_RE.exec(key);
    if (m) n = Math.max(n, Number(m[1]) + 1);
  }
  return n;
}

// One scale i of a property set: {kind, ...numbers, sources}, or {refused}.
function scaleOf(props, i) {
  const p = (name) => props[`NI_Scale[${i}]_${name}`];
  const num = (name, fallback) => {
    const x = p(name) ?? fallback;
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new Error(`NI_Scale[${i}]_${name} is ${x === undefined ? 'missing' : quoted(String(x))}`);
    return x;
  };
  const type = p('Scale_Type');
  switch (type) {
    case undefined: return { kind: 'daqmx', id: i, sources: [] };
    case 'Linear': return { kind: 'linear', slope: num('Linear_Slope'), intercept: num('Linear_Y_Intercept'), sources: [num('Linear_Input_Source', RAW)] };
    case 'Polynomial': {
      const size = num('Polynomial_Coefficients_Size', 4);
      if (!(size >= 0 && size <= 64)) throw new Error(`NI_Scale[${i}]_Polynomial_Coefficients_Size is ${size}`);
      return { kind: 'polynomial', coefficients: Array.from({ length: size }, (_, k) => num(`Polynomial_Coefficients[${k}]`)), sources: [num('Polynomial_Input_Source', RAW)] };
    }
    case 'Add': case 'Subtract': {
      const name = type;
      return { kind: name.toLowerCase(), sources: [num(`${name}_Left_Operand_Input_Source`), num(`${name}_Right_Operand_Input_Source`)] };
    }
    case 'AdvancedAPI': return { kind: 'none', sources: [num('AdvancedAPI_Input_Source', RAW)] };
    default: throw new Error(`its scaling ${quoted(String(type))} (NI_Scale[${i}]) is not applied`);
  }
}

/**
 * The scaling of a channel from its property sets [channel, group, file] (the first that states
 * scales and is not "scaled"): {scales: null} (none: the raw values are the values), {scales,
 * scalerIds} (the DAQmx scaler ids it reads), or {refused: reason}. daqmxRaw: the channel holds
 * DAQmx raw data, whose values exist only through a scaling.
 */
export function scalingOf(propSets, daqmxRaw) {
  for (const props of propSets) {
    const count = scaleCount(props);
    if (count <= 0 || props.NI_Scaling_Status === 'scaled') continue;
    if (count > MAX_SCALES) return { refused: `it states ${count} scales (NI_Number_Of_Scales), more than ${MAX_SCALES}` };
    try {
      const scales = Array.from({ length: count }, (_, i) => scaleOf(props, i));
      const scalerIds = new Set();
      // Every source reachable from the last scale exists, without a cycle: depth ≤ count.
      const check = (i, depth) => {
        if (i === RAW) {
          if (daqmxRaw) throw new Error('its scaling reads raw data, but DAQmx raw data are read through its scalers');
          return;
        }
        if (!(Number.isInteger(i) && i >= 0 && i < count)) throw new Error(`its scaling reads scale ${i}, which it does not state`);
        if (depth > count) throw new Error('its scales refer to each other in a loop');
        const s = scales[i];
        if (s.kind === 'daqmx') {
          if (!daqmxRaw) throw new Error(`NI_Scale[${i}]_Scale_Type is missing`);
          scalerIds.add(s.id);
        }
        for (const source of s.sources) check(source, depth + 1);
      };
      check(count - 1, 0);
      return { scales, scalerIds };
    } catch (e) {
      return { refused: e.message };
    }
  }
  return daqmxRaw ? { refused: 'its DAQmx raw values carry no scaling (NI_Scale properties)' } : { scales: null };
}

/**
 * The values of a channel read into target {values, count, scalers?: Map id → {values, filled}}:
 * {values, polynomial} when the scaling is one linear or polynomial scale of the raw values (or of a
 * DAQmx scaler, or through AdvancedAPI scales): the raw numbers as read, and the coefficients that map
 * them (recording.js Channel.polynomial: a linear scale is [intercept, slope], the same doubles as
 * slope·x + intercept); otherwise {values}: the scaled values (a Float64Array), or the raw values
 * themselves where the scales change nothing (AdvancedAPI).
 */
export function scaledValues({ scales, scalerIds }, target, source, label) {
  const n = target.count;
  for (const id of scalerIds) {
    if (target.scalers.get(id).filled !== n) {
      throw new MechidError('bad-input', `${quoted(source, 80)}: channel ${quoted(label)}: its scaling reads DAQmx scaler ${id}, which some segments do not hold`);
    }
  }
  // The raw numbers scale i reads through AdvancedAPI scales (which change nothing), or null.
  const raw = (i) => {
    if (i === RAW) return target.values;
    const s = scales[i];
    if (s.kind === 'daqmx') return target.scalers.get(s.id).values;
    return s.kind === 'none' ? raw(s.sources[0]) : null;
  };
  const last = scales.at(-1);
  const kept = last.kind === 'linear' || last.kind === 'polynomial' ? raw(last.sources[0]) : null;
  if (kept) return { values: kept, polynomial: last.kind === 'linear' ? [last.intercept, last.slope] : last.coefficients.length ? last.coefficients : [0] };
  const map = (x, f) => { const out = new Float64Array(n); for (let k = 0; k < n; k++) out[k] = f(x[k], k); return out; };
  // check() above bounded the depth by the number of scales.
  const value = (i) => {
    if (i === RAW) return target.values;
    const s = scales[i];
    switch (s.kind) {
      case 'daqmx': return target.scalers.get(s.id).values;
      case 'linear': return map(value(s.sources[0]), (x) => s.slope * x + s.intercept);
      case 'polynomial': return map(value(s.sources[0]), (x) => polynomialAt(s.coefficients, x));
      case 'add': { const right = value(s.sources[1]); return map(value(s.sources[0]), (x, k) => x + right[k]); }
      case 'subtract': { const right = value(s.sources[1]); return map(value(s.sources[0]), (x, k) => right[k] - x); }
      default: return value(s.sources[0]);
    }
  };
  return { values: value(scales.length - 1) };
}
