// TEMPORARY stand-in for wasm/geometry.js (n53-geometry) until that branch is merged: mapSensors
// and nodeMotion as the issue-53 contract describes them (sensors, then slave and between rules).
export function mapSensors(g, channelNames) {
  const sensorOf = channelNames.map((name) => g.sensors.find((s) => s.channel === name) ?? null);
  return { sensorOf, unmapped: channelNames.filter((_, k) => !sensorOf[k]) };
}

export function nodeMotion(g, channelNames, shape) {
  const n = g.nodes.length;
  const index = new Map(g.nodes.map((node, k) => [node.id, k]));
  const re = new Float64Array(3 * n), im = new Float64Array(3 * n), moved = new Uint8Array(n);
  channelNames.forEach((name, c) => {
    for (const s of g.sensors.filter((x) => x.channel === name)) {
      const k = index.get(s.node);
      for (let d = 0; d < 3; d++) {
        re[3 * k + d] += s.direction[d] * shape.re[c];
        im[3 * k + d] += s.direction[d] * shape.im[c];
      }
      moved[k] = 1;
    }
  });
  for (const r of g.rules ?? []) {
    const k = index.get(r.node);
    const [a, b, t] = r.slave !== undefined ? [index.get(r.slave), index.get(r.slave), 0] : [index.get(r.between[0]), index.get(r.between[1]), r.t];
    for (let d = 0; d < 3; d++) {
      re[3 * k + d] = (1 - t) * re[3 * a + d] + t * re[3 * b + d];
      im[3 * k + d] = (1 - t) * im[3 * a + d] + t * im[3 * b + d];
    }
    moved[k] = moved[a] || moved[b] ? 1 : 0;
  }
  return { re, im, moved };
}
