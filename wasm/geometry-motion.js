// How the nodes of a test geometry move in a mode (issue 53): a drawing aid for the 3-D view and
// the report, as web/ui/mode-animation.js is for the chain; every number shown to the user
// (frequencies, damping, MAC) comes from the core. A node measured by sensors moves by the sum
// over its sensors of direction · entry (the entry of the sensor's channel in the complex shape;
// the direction as a unit vector: a sensor reads the motion's component along its axis, so its
// reading times the axis is that component, whatever length the file gave the direction);
// an unmeasured node follows its rule (slaved: its master's motion; between [a, b] with t:
// (1 − t)·a + t·b, linear interpolation along the line joining them); any other node stays still.
import { mastersOf } from './geometry-check.js';
import { badInput } from './errors.js';

/**
 * {sensorOf: [sensor | null per channel], unmapped: [channel names]}: the sensor of each output
 * channel, by name; the channels no sensor measures are named, in channel order.
 */
export function mapSensors(g, channelNames) {
  const byChannel = new Map((g.sensors ?? []).map((s) => [s.channel, s]));
  const sensorOf = channelNames.map((name) => byChannel.get(name) ?? null);
  return { sensorOf, unmapped: channelNames.filter((_, k) => sensorOf[k] === null) };
}

/**
 * Each node's complex displacement for `shape` = {re, im} (one entry per channel of
 * `channelNames`): {re, im: Float64Array(3 · nodes) (x, y, z of node k at 3k..3k+2, in the order of
 * g.nodes), moved: Uint8Array(nodes) (1 when a sensor or a rule moves the node)}. `g` is a checked
 * geometry (checkGeometry), so every rule's masters exist and the rules hold no cycle.
 */
export function nodeMotion(g, channelNames, shape) {
  const n = g.nodes.length;
  if (shape.re.length !== channelNames.length || (shape.im && shape.im.length !== channelNames.length)) {
    throw badInput(`nodeMotion: the shape has ${shape.re.length} entries for ${channelNames.length} channels`);
  }
  const index = new Map(g.nodes.map((node, k) => [node.id, k]));
  const re = new Float64Array(3 * n), im = new Float64Array(3 * n), moved = new Uint8Array(n);
  const { sensorOf } = mapSensors(g, channelNames);
  sensorOf.forEach((s, c) => {
    if (!s) return;
    const k = index.get(s.node), a = shape.re[c], b = shape.im ? shape.im[c] : 0;
    const length = Math.hypot(...s.direction);
    for (let d = 0; d < 3; d++) {
      re[3 * k + d] += (s.direction[d] / length) * a;
      im[3 * k + d] += (s.direction[d] / length) * b;
    }
    moved[k] = 1;
  });
  const ruleOf = new Map((g.rules ?? []).map((r) => [r.node, r]));
  const done = new Set();
  // A rule's masters first (they may follow rules themselves): depth first, acyclic by checkGeometry.
  const settle = (id) => {
    const rule = ruleOf.get(id);
    if (!rule || done.has(id)) return;
    done.add(id);
    const masters = mastersOf(rule);
    masters.forEach(settle);
    const weights = rule.slave !== undefined ? [1] : [1 - rule.t, rule.t];
    const k = index.get(id);
    masters.forEach((m, j) => {
      const km = index.get(m);
      for (let d = 0; d < 3; d++) {
        re[3 * k + d] += weights[j] * re[3 * km + d];
        im[3 * k + d] += weights[j] * im[3 * km + d];
      }
      if (moved[km]) moved[k] = 1;
    });
  };
  for (const id of ruleOf.keys()) settle(id);
  return { re, im, moved };
}
