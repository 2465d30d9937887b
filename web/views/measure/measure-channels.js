// The channel table of the Measure section: per channel of the source whether it is kept, its
// name, quantity and unit (the record's columns "name (unit)": the unit gives the quantity to every
// reader, wasm/recording.js quantityOf) and its calibration factor (units per full scale of the
// source: a sound card's ±1), with a level meter that warns when a channel clips.
import { $, el } from '../../ui/dom.js';

// The units offered per quantity (each maps back to its quantity through quantityOf).
const UNITS = {
  force: ['N', 'kN', 'lbf'],
  acceleration: ['m/s^2', 'g'],
  velocity: ['m/s', 'mm/s'],
  displacement: ['m', 'mm', 'µm'],
  voltage: ['V', 'mV'],
  other: [''],
};
/** |x| at or above this part of full scale is clipping (a sound card's ±1). */
export const CLIP_LEVEL = 0.999;

const rows = () => [...$('measure-channel-rows').rows];

function unitOptions(select, quantity) {
  select.replaceChildren(...UNITS[quantity].map((u) => el('option', u || '(none)', { value: u })));
}

/**
 * Fills the table for the source's channels; defaults: {quantity, unit, factor} per channel.
 * fullScale: the source's samples are parts of full scale (audio): the level meters are shown.
 */
export function showChannels(channels, { defaults = () => ({}), fullScale }) {
  const body = $('measure-channel-rows');
  body.replaceChildren(...channels.map((c, k) => {
    const d = { quantity: 'other', unit: '', factor: 1, ...defaults(k) };
    const keep = el('input', '', { type: 'checkbox', name: 'measure-keep', 'aria-label': `keep channel ${k + 1}` });
    keep.checked = true;
    const name = el('input', '', { type: 'text', name: 'measure-name', value: c.name, 'aria-label': `name of channel ${k + 1}` });
    const quantity = el('select', '', { name: 'measure-quantity', 'aria-label': `quantity of channel ${k + 1}` });
    quantity.append(...Object.keys(UNITS).map((q) => el('option', q, { value: q })));
    quantity.value = d.quantity;
    const unit = el('select', '', { name: 'measure-unit', 'aria-label': `unit of channel ${k + 1}` });
    unitOptions(unit, d.quantity);
    unit.value = d.unit;
    quantity.addEventListener('change', () => { unitOptions(unit, quantity.value); showForceChoice(); });
    name.addEventListener('change', showForceChoice);
    const factor = el('input', '', { type: 'text', inputmode: 'decimal', name: 'measure-factor', value: String(d.factor), 'aria-label': `units per full scale of channel ${k + 1}` });
    const meter = el('meter', '', { min: '0', max: '1', low: '0.7', high: '0.95', optimum: '0.3', value: '0', 'aria-label': `level of channel ${k + 1}` });
    meter.hidden = !fullScale;
    const tr = el('tr', '');
    for (const control of [keep, name, quantity, unit, factor, meter]) {
      const td = el('td', '');
      td.append(control);
      tr.append(td);
    }
    return tr;
  }));
  $('measure-channels').hidden = false;
  showForceChoice();
}

/** The force choice of the live FRF: the channels whose quantity is force (the first chosen). */
function showForceChoice() {
  const select = $('measure-force');
  const before = select.value;
  const forces = channelConfig().map((c, k) => ({ ...c, k })).filter((c) => c.quantity === 'force');
  select.replaceChildren(el('option', 'none', { value: '' }), ...forces.map((c) => el('option', c.name, { value: String(c.k) })));
  select.value = forces.some((c) => String(c.k) === before) ? before : forces.length ? String(forces[0].k) : '';
}

/** The table as [{keep, name, quantity, unit, factor (a number; NaN when not one), factorInput}]. */
export function channelConfig() {
  return rows().map((tr) => {
    const [keep, name, quantity, unit, factor] = ['measure-keep', 'measure-name', 'measure-quantity', 'measure-unit', 'measure-factor']
      .map((n) => tr.querySelector(`[name="${n}"]`));
    return {
      keep: keep.checked, name: name.value.trim(), quantity: quantity.value, unit: unit.value,
      factor: Number(factor.value.trim().replace(',', '.')), factorInput: factor, nameInput: name,
    };
  });
}

/**
 * Shows each channel's peak level (|x| as a part of full scale) of the last chunk and returns the
 * names of those that clip (≥ CLIP_LEVEL).
 */
export function showLevels(peaks) {
  const clipped = [];
  rows().forEach((tr, k) => {
    const meter = tr.querySelector('meter');
    if (meter && peaks[k] !== undefined) meter.value = Math.min(1, peaks[k]);
    if (peaks[k] >= CLIP_LEVEL) clipped.push(tr.querySelector('[name="measure-name"]').value);
  });
  return clipped;
}

/** The peak |x| of each channel of a chunk. */
export function chunkPeaks(chunk) {
  return chunk.channels.map((c) => {
    let peak = 0;
    for (let i = 0; i < c.length; i++) peak = Math.max(peak, Math.abs(c[i]));
    return peak;
  });
}
