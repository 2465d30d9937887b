// The camera of the 3-D mode shapes (issue 53): fitted to the structure's bounding radius, turned
// by orbit controls (mouse: drag to rotate, wheel to zoom, right-drag to pan; touch: one finger
// rotates, two zoom and pan) and by keys (arrows rotate by 10°, + and − zoom by 10 %). One camera
// serves the views side by side, so they stay in step. Screen geometry only.
import * as THREE from '../gen/vendor/three.module.js';
import { OrbitControls } from '../gen/vendor/OrbitControls.js';

const STEP = THREE.MathUtils.degToRad(10);

/** A perspective camera looking at the origin from above and aside, the structure of `radius` in view. */
export function fittedCamera(radius, aspect) {
  const camera = new THREE.PerspectiveCamera(35, aspect, radius / 100, radius * 100);
  const distance = (1.25 * radius) / Math.sin(THREE.MathUtils.degToRad(35 / 2));
  camera.position.setFromSpherical(new THREE.Spherical(distance, THREE.MathUtils.degToRad(60), THREE.MathUtils.degToRad(35)));
  camera.lookAt(0, 0, 0);
  return camera;
}

/** Orbit controls of `camera` on `canvas` (target: the origin); `changed()` after each move. */
export function orbitControls(camera, canvas, changed) {
  const controls = new OrbitControls(camera, canvas);
  controls.enableDamping = false;
  controls.addEventListener('change', changed);
  return controls;
}

/**
 * The camera move of a key ('ArrowLeft' … '+', '-'), applied around `target`; true when the key
 * is one of them.
 */
export function keyMove(camera, target, key) {
  const offset = camera.position.clone().sub(target);
  const s = new THREE.Spherical().setFromVector3(offset);
  const moves = {
    ArrowLeft: () => { s.theta -= STEP; },
    ArrowRight: () => { s.theta += STEP; },
    ArrowUp: () => { s.phi -= STEP; },
    ArrowDown: () => { s.phi += STEP; },
    '+': () => { s.radius *= 0.9; },
    '=': () => { s.radius *= 0.9; },
    '-': () => { s.radius /= 0.9; },
    '−': () => { s.radius /= 0.9; },
  };
  if (!moves[key]) return false;
  moves[key]();
  s.makeSafe();
  camera.position.setFromSpherical(s).add(target);
  camera.lookAt(target);
  return true;
}

/** The camera's azimuth around `target` in whole degrees (for the tests' data-azimuth). */
export const azimuthDeg = (camera, target) => Math.round(THREE.MathUtils.radToDeg(new THREE.Spherical().setFromVector3(camera.position.clone().sub(target)).theta));
