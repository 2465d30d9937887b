// TEMPORARY stand-in for web/state/geometry.js (n53-geometry) until that branch is merged: no
// geometry is set, so the 3-D views draw the channels on a line.
export const currentGeometry = () => null;
export function onGeometryChange() {}
