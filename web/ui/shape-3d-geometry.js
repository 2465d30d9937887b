// What a 3-D view of mode shapes draws (issue 53): the geometry (the page's, web/state/geometry.js,
// handed over by the section; a line of the channels when none is set or it maps none of them) and
// each mode's shape as {re, im} per output channel, whatever form its result gives it in.
import { mapSensors } from '../gen/geometry.js';

/**
 * The stand-in geometry when none is set: one node per channel, equally spaced 1 apart along x,
 * each channel moving its node along z; no lines but the segments between neighbours.
 */
export function channelLine(channelNames) {
  const nodes = channelNames.map((_, k) => ({ id: k + 1, x: k, y: 0, z: 0 }));
  return {
    units: '',
    source: 'the channels on a line (no geometry is set)',
    nodes,
    lines: nodes.slice(1).map((n) => [n.id - 1, n.id]),
    faces: [],
    sensors: channelNames.map((channel, k) => ({ channel, node: k + 1, direction: [0, 0, 1] })),
    rules: [],
  };
}

/**
 * The geometry to draw for these channels: `geometry` when it maps at least one of them, else
 * channelLine(channelNames); with `unmapped`, the channels it ties to no node (shown under the view).
 */
export function geometryForChannels(geometry, channelNames) {
  if (!geometry) return { geometry: channelLine(channelNames), unmapped: [], fallback: true };
  const { unmapped } = mapSensors(geometry, channelNames);
  if (unmapped.length === channelNames.length) return { geometry: channelLine(channelNames), unmapped: [], fallback: true, mapsNone: true };
  return { geometry, unmapped, fallback: false };
}

/**
 * A mode's shape as {re, im} (arrays, one entry per output channel) from any of the results'
 * forms: {re, im}, [[re, im], …] (modes, oma's complex_shape) or numbers (a real shape: identify's
 * modal, oma's shape).
 */
export function shapeParts(shape) {
  if (shape && !Array.isArray(shape) && shape.re) return { re: Array.from(shape.re), im: Array.from(shape.im ?? shape.re.map(() => 0)) };
  const list = Array.from(shape ?? []);
  return { re: list.map((z) => (Array.isArray(z) ? z[0] : z)), im: list.map((z) => (Array.isArray(z) ? z[1] ?? 0 : 0)) };
}

/** A shape {re, im} as the worker's `mac` takes it: [[re, im], …]. */
export const macShape = ({ re, im }) => re.map((x, k) => [x, im[k]]);
