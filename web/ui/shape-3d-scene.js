// One 3-D picture of a mode shape on a geometry (issue 53), drawn with three.js: the nodes as
// points, the lines as segments, the faces as a translucent mesh, all deformed by
// x + A·Re(u e^{iφ}) = x + A·(Re u cos φ − Im u sin φ), u each node's complex displacement
// (nodeMotion of wasm/geometry.js); the undeformed structure faint behind it; nodes that no sensor
// or rule moves (moved = 0) in orange. A is the amplitude (0–1) times 0.3 of the structure's
// size over the shape's largest node displacement |u|: a drawing aid, no number shown comes from it
// (the page's numbers are the core's).
import * as THREE from '../gen/vendor/three.module.js';

const MOVED = new THREE.Color(0x0b5cad);
const STILL = new THREE.Color(0xd9730d);

// Triangles (a fan) of the polygons `faces` (lists of node indices).
const fan = (faces) => faces.flatMap((f) => f.slice(1, -1).flatMap((_, k) => [f[0], f[k + 1], f[k + 2]]));

export class ShapeScene {
  /** An empty scene; `group` turns the geometry's z up (three.js draws y up). */
  constructor() {
    this.scene = new THREE.Scene();
    this.scene.background = new THREE.Color(0xffffff);
    this.group = new THREE.Group();
    this.group.rotation.x = -Math.PI / 2;
    this.scene.add(this.group);
    this.radius = 1;
  }

  /**
   * The geometry and its motion ({re, im, moved} of nodeMotion): builds the deformed and undeformed
   * objects, centred on the origin; `radius` is the structure's bounding radius.
   */
  setModel(geometry, motion) {
    this.dispose();
    const nodes = geometry.nodes;
    const index = new Map(nodes.map((n, k) => [n.id, k]));
    const lo = [0, 1, 2].map((d) => Math.min(...nodes.map((n) => [n.x, n.y, n.z][d])));
    const hi = [0, 1, 2].map((d) => Math.max(...nodes.map((n) => [n.x, n.y, n.z][d])));
    const centre = lo.map((v, d) => (v + hi[d]) / 2);
    this.radius = Math.max(Math.hypot(...hi.map((v, d) => v - lo[d])) / 2, 1e-9) || 1;
    this.rest = new Float32Array(nodes.flatMap((n) => [n.x - centre[0], n.y - centre[1], n.z - centre[2]]));
    this.motion = motion;
    let largest = 0;
    for (let k = 0; k < nodes.length; k++) {
      largest = Math.max(largest, Math.hypot(motion.re[3 * k], motion.re[3 * k + 1], motion.re[3 * k + 2], motion.im[3 * k], motion.im[3 * k + 1], motion.im[3 * k + 2]));
    }
    this.unit = largest > 0 ? (0.3 * 2 * this.radius) / largest : 0;
    const segments = geometry.lines.flatMap(([a, b]) => [index.get(a), index.get(b)]);
    const triangles = fan((geometry.faces ?? []).map((f) => f.map((id) => index.get(id))));
    const colours = new Float32Array(nodes.flatMap((_, k) => (motion.moved[k] ? MOVED : STILL).toArray()));

    // The undeformed structure, faint.
    const restAttr = new THREE.BufferAttribute(this.rest, 3);
    this.add(this.object(THREE.LineSegments, restAttr, segments, new THREE.LineBasicMaterial({ color: 0x9aa5b1, transparent: true, opacity: 0.5 })));
    this.add(this.object(THREE.Points, restAttr, null, new THREE.PointsMaterial({ color: 0x9aa5b1, size: 5, sizeAttenuation: false })));
    // The deformed structure: one position attribute shared by points, lines and faces.
    this.position = new THREE.BufferAttribute(Float32Array.from(this.rest), 3);
    this.position.setUsage(THREE.DynamicDrawUsage);
    if (triangles.length) {
      this.add(this.object(THREE.Mesh, this.position, triangles, new THREE.MeshBasicMaterial({
        color: 0x0b5cad, transparent: true, opacity: 0.25, side: THREE.DoubleSide, depthWrite: false,
      })));
    }
    this.add(this.object(THREE.LineSegments, this.position, segments, new THREE.LineBasicMaterial({ color: 0x1f2933 })));
    const points = this.object(THREE.Points, this.position, null, new THREE.PointsMaterial({ size: 9, sizeAttenuation: false, vertexColors: true }));
    points.geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3));
    this.add(points);
  }

  object(Kind, position, indices, material) {
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', position);
    if (indices) g.setIndex(indices);
    const o = new Kind(g, material);
    o.frustumCulled = false;  // the deformed shape leaves the rest box
    return o;
  }

  add(o) {
    this.group.add(o);
  }

  /** The deformed positions at phase φ (rad) with amplitude `amplitude` (0–1). */
  deform(phase, amplitude) {
    if (!this.position) return;
    const c = Math.cos(phase), s = Math.sin(phase), a = amplitude * this.unit;
    const { re, im } = this.motion, out = this.position.array;
    for (let i = 0; i < out.length; i++) out[i] = this.rest[i] + a * (re[i] * c - im[i] * s);
    this.position.needsUpdate = true;
  }

  /** Lets go of the GPU buffers and materials. */
  dispose() {
    for (const o of [...this.group.children]) {
      o.geometry.dispose();
      o.material.dispose();
      this.group.remove(o);
    }
    this.position = null;
  }
}
