// TEMPORARY stand-in for web/state/geometry.js (n53-geometry) until that branch is merged: the
// page's current geometry (null: none set) and its listeners, as the issue-53 contract names them.
let current = null;
const listeners = new Set();
export const currentGeometry = () => current;
export function setGeometry(g) {
  current = g;
  for (const fn of listeners) fn(g);
}
export function onGeometryChange(fn) {
  listeners.add(fn);
}
