// The 3-D mode shapes of a section (issue 53): one view, or two side by side (two modes of one
// result, or a mode of each of two results) with their MAC from the core (the worker's `mac`), the
// controls (mode, comparison, play/pause, amplitude, speed), keys on each view (arrows rotate,
// + and − zoom, space plays or pauses) and the exports (still and animated PNG). The mode moves as
// x + A·Re(u e^{iωt}) with one cycle per PERIOD_S seconds of display time times 1/speed, whatever
// its frequency; the loop (web/ui/phase-loop.js, as web/ui/mode-animation.js's) runs only while
// playing and in view, stops for good when the panel leaves the page, and starts paused under
// prefers-reduced-motion. The
// root's data-* attributes say what is drawn (data-frames, data-playing, data-mode, data-compare,
// data-azimuth, data-mac), for tests.
import * as THREE from '../gen/vendor/three.module.js';
import { nodeMotion } from '../gen/geometry.js';
import { el, fmt } from './dom.js';
import { download, safeName } from './export.js';
import { roundedMessage } from './field-message.js';
import { geometryForChannels, macShape, shapeParts } from './shape-3d-geometry.js';
import { ShapeScene } from './shape-3d-scene.js';
import { azimuthDeg, fittedCamera, keyMove, orbitControls } from './shape-3d-camera.js';
import { animatedPng, stillPng } from './shape-3d-export.js';
import { PERIOD_S, PhaseLoop } from './phase-loop.js';

const HEIGHT = 380;

const modeText = (m, k) => `mode ${k + 1}: ${fmt(m.frequency_hz)} Hz, ζ = ${fmt(m.damping, 3)}`;

export class ShapePanel {
  constructor(container, { id, client, geometry }) {
    this.id = id;
    this.client = client;
    this.geometry = geometry;
    this.root = el('div', undefined, { class: 'shape3d', id, 'data-frames': '0', 'data-playing': 'false', 'data-webgl': 'true' });
    const controls = el('div', undefined, { class: 'mode-anim-controls' });
    const labelled = (text, input) => {
      const l = el('label', `${text} `);
      l.append(input);
      return l;
    };
    this.modeSelect = el('select', undefined, { id: `${id}-mode` });
    this.compareSelect = el('select', undefined, { id: `${id}-compare` });
    this.playButton = el('button', 'Play', { type: 'button', id: `${id}-play`, 'aria-pressed': 'false' });
    this.amplitude = el('input', undefined, { type: 'range', id: `${id}-amplitude`, min: '0', max: '1', step: '0.05', value: '0.6' });
    this.speed = el('input', undefined, { type: 'range', id: `${id}-speed`, min: '0.25', max: '2', step: '0.25', value: '1' });
    this.stillButton = el('button', 'Still PNG', { type: 'button', id: `${id}-png` });
    this.animButton = el('button', 'Animated PNG', { type: 'button', id: `${id}-apng` });
    controls.append(labelled('Mode', this.modeSelect), labelled('Side by side with', this.compareSelect), this.playButton,
      labelled('Amplitude', this.amplitude), labelled('Speed', this.speed), this.stillButton, this.animButton);
    this.viewsRow = el('div', undefined, { class: 'shape3d-views' });
    this.mac = el('p', undefined, { id: `${id}-mac`, class: 'shape3d-mac', 'aria-live': 'polite' });
    this.legend = el('p', undefined, { id: `${id}-legend`, class: 'hint' });
    this.note = el('p', undefined, { id: `${id}-note`, class: 'hint' });
    const keys = el('p', 'Drag to turn, wheel or pinch to zoom, right-drag or two fingers to pan; on a focused view the arrow keys turn it, + and − zoom, space plays or pauses.', { class: 'hint' });
    this.root.append(controls, this.viewsRow, this.mac, this.legend, this.note, keys);
    container.replaceChildren(this.root);

    this.sets = [];
    this.left = 0;
    this.compare = '';
    this.views = [];
    this.frames = 0;
    this.loop = new PhaseLoop(this.root, this.playButton, () => this.draw(), {
      canPlay: () => this.views.length > 0, speed: () => Number(this.speed.value), detached: () => this.destroy(),
    });
    this.target = new THREE.Vector3();
    this.modeSelect.addEventListener('change', () => { this.left = Number(this.modeSelect.value); this.build(); });
    this.compareSelect.addEventListener('change', () => { this.compare = this.compareSelect.value; this.build(); });
    this.amplitude.addEventListener('input', () => this.draw());
    this.stillButton.addEventListener('click', () => this.exportStill());
    this.animButton.addEventListener('click', () => this.exportAnimated());
  }

  /** The results to show: [{label, channelNames, modes: [{frequency_hz, damping, shape}]}]; the first is this section's. */
  show(sets) {
    this.sets = sets;
    const own = sets[0]?.modes ?? [];
    this.left = Math.min(this.left, Math.max(0, own.length - 1));
    this.modeSelect.replaceChildren(...own.map((m, k) => new Option(modeText(m, k), String(k))));
    this.modeSelect.value = String(this.left);
    const options = [new Option('nothing (one view)', '')];
    sets.forEach((s, i) => s.modes.forEach((m, k) => options.push(new Option(`${s.label}, ${modeText(m, k)}`, `${i}:${k}`))));
    this.compareSelect.replaceChildren(...options);
    if (!options.some((o) => o.value === this.compare)) this.compare = '';
    this.compareSelect.value = this.compare;
    this.build();
  }

  /** Chooses this section's mode k (a click on its row in the table). */
  choose(k) {
    if (!this.sets[0]?.modes[k]) return;
    this.left = k;
    this.modeSelect.value = String(k);
    this.build();
  }

  // The shown pairs [{set, mode}]: the chosen mode, and the compared one when asked.
  shown() {
    const out = [{ set: 0, mode: this.left }];
    if (this.compare) {
      const [s, k] = this.compare.split(':').map(Number);
      out.push({ set: s, mode: k });
    }
    return out.filter(({ set, mode }) => this.sets[set]?.modes[mode]);
  }

  // (Re)builds the views of the shown modes, the camera, the texts; then the MAC when two.
  build() {
    this.disposeViews();
    const shown = this.shown();
    if (!shown.length) {
      this.mac.textContent = '';
      return;
    }
    const width = shown.length === 2 ? 420 : 720;
    const notes = new Set();
    let stillNodes = 0;
    this.views = shown.map(({ set, mode }, v) => {
      const s = this.sets[set], m = s.modes[mode];
      const { geometry, unmapped, fallback, mapsNone } = geometryForChannels(this.geometry?.(), s.channelNames);
      const motion = nodeMotion(geometry, s.channelNames, shapeParts(m.shape));
      if (fallback) notes.add(mapsNone ? 'The geometry ties none of these channels to a node: they are drawn as points on a line, each moving up and down.' : 'No geometry is set: the channels are drawn as points on a line, each moving up and down.');
      if (unmapped.length) notes.add(`Channels tied to no node of the geometry (not drawn): ${unmapped.join(', ')}.`);
      stillNodes = Math.max(stillNodes, motion.moved.reduce((a, x) => a + (x ? 0 : 1), 0));
      const scene = new ShapeScene();
      scene.setModel(geometry, motion);
      const title = `${s.label}, ${modeText(m, mode)}`;
      const describe = `${s.label}, mode ${mode + 1} of ${s.modes.length}: ${fmt(m.frequency_hz)} Hz, damping ratio ${fmt(m.damping, 3)}; ${geometry.nodes.length} nodes (${geometry.source})`;
      const canvas = el('canvas', undefined, {
        class: 'shape3d-canvas', id: `${this.id}-canvas-${v + 1}`, width: String(width), height: String(HEIGHT), tabindex: '0',
        role: 'img', 'aria-label': `3-D view of ${describe}. Arrow keys turn it, + and − zoom, space plays or pauses.`,
      });
      const figure = el('figure', undefined, { class: 'shape3d-view' });
      figure.style.width = `${width}px`;  // the caption wraps at the canvas's width
      figure.append(canvas, el('figcaption', describe, { class: 'hint', id: `${this.id}-caption-${v + 1}` }));
      this.viewsRow.append(figure);
      const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
      renderer.setPixelRatio(1);
      renderer.setSize(width, HEIGHT, false);
      canvas.addEventListener('keydown', (e) => this.key(e));
      return { canvas, renderer, scene, title };
    });
    this.camera = fittedCamera(Math.max(...this.views.map((v) => v.scene.radius)), width / HEIGHT);
    this.target.set(0, 0, 0);
    this.controls = this.views.map((v) => {
      const c = orbitControls(this.camera, v.canvas, () => this.render());
      c.target = this.target;
      return c;
    });
    this.legend.textContent = `Grey: the structure at rest. ${stillNodes ? `Orange points: ${stillNodes} node${stillNodes === 1 ? '' : 's'} that no sensor and no rule moves, drawn still.` : 'Every node moves with a sensor or a rule.'}`;
    this.note.textContent = [...notes].join(' ');
    this.root.dataset.mode = String(this.left + 1);
    this.root.dataset.compare = this.compare;
    this.root.dataset.stillNodes = String(stillNodes);
    this.loop.phase = 0;
    this.draw();
    this.loop.setPlaying(this.loop.playing);
    this.showMac(shown);
  }

  // The MAC of the two shapes side by side, from the core; an empty line for one view.
  async showMac(shown) {
    const request = (this.macRequest = (this.macRequest ?? 0) + 1);
    delete this.root.dataset.mac;
    if (shown.length < 2) {
      this.mac.textContent = '';
      return;
    }
    const [a, b] = shown.map(({ set, mode }) => shapeParts(this.sets[set].modes[mode].shape));
    if (a.re.length !== b.re.length) {
      this.mac.textContent = `No MAC: the two shapes have ${a.re.length} and ${b.re.length} channels.`;
      return;
    }
    this.mac.textContent = 'MAC: computing…';
    try {
      const { mac } = await this.client.mac({ a: [macShape(a)], b: [macShape(b)] });
      if (request !== this.macRequest) return;
      this.root.dataset.mac = String(mac.data[0]);
      this.mac.textContent = `MAC of the two shapes: ${mac.data[0].toFixed(3)} (1: the same shape up to scale, 0: unrelated).`;
    } catch (e) {
      if (request === this.macRequest) this.mac.textContent = `The MAC could not be computed: ${roundedMessage(e.message)}`;
    }
  }

  key(e) {
    if (e.key === ' ') this.loop.setPlaying(!this.loop.playing);
    else if (!keyMove(this.camera, this.target, e.key)) return;
    e.preventDefault();
    this.render();
  }

  // Deforms every view at `phase` (the current one by default) and renders them.
  draw(phase = this.loop.phase) {
    for (const v of this.views) v.scene.deform(phase, Number(this.amplitude.value));
    this.render();
    this.frames += 1;
    this.root.dataset.frames = String(this.frames);
    this.root.dataset.phase = phase.toFixed(4);
  }

  render() {
    for (const v of this.views) v.renderer.render(v.scene.scene, this.camera);
    if (this.camera) this.root.dataset.azimuth = String(azimuthDeg(this.camera, this.target));
  }

  fileBase() {
    return safeName(`${this.id}-${this.shown().map(({ set, mode }) => `${set ? `${this.sets[set].label}-` : ''}mode${mode + 1}`).join('-vs-')}`);
  }

  async exportStill() {
    const blob = await stillPng(() => this.draw(), this.views.map((v) => v.canvas), this.views.map((v) => v.title));
    download(blob, `${this.fileBase()}.png`);
  }

  // One cycle as an animated PNG; the animation waits meanwhile and resumes where it was.
  async exportAnimated() {
    const playing = this.loop.playing;
    this.loop.setPlaying(false);
    this.animButton.disabled = true;
    try {
      const { blob, frames } = await animatedPng((phase) => this.draw(phase), this.views.map((v) => v.canvas), this.views.map((v) => v.title), PERIOD_S / Number(this.speed.value));
      this.root.dataset.exportFrames = String(frames);
      download(blob, `${this.fileBase()}-animated.png`);
    } finally {
      this.animButton.disabled = false;
      this.draw();
      this.loop.setPlaying(playing);
    }
  }

  disposeViews() {
    for (const c of this.controls ?? []) c.dispose();
    for (const v of this.views) {
      v.scene.dispose();
      v.renderer.dispose();
      v.renderer.forceContextLoss();  // a browser keeps only a few WebGL contexts: free this one now
    }
    this.controls = [];
    this.views = [];
    this.viewsRow.replaceChildren();
  }

  /** Stops the loop, lets go of the observer and the GPU resources. */
  destroy() {
    this.loop.stop();
    this.disposeViews();
  }
}
