// The test geometry of issue 53 (docs/interfaces.md, "Geometry"): nodes, lines, faces, the
// sensors that tie each output channel to a node and a direction, and the rules that move the
// unmeasured nodes. One module for the page, the CLI and the report: the checks
// (geometry-check.js), the motion of the nodes in a mode (geometry-motion.js), the simple cases
// (geometry-generators.js) and the readers (geometry-read.js).
export { checkGeometry } from './geometry-check.js';
export { mapSensors, nodeMotion } from './geometry-motion.js';
export { lineGeometry, gridGeometry, shearFrameGeometry, chainGeometry, presetGeometry } from './geometry-generators.js';
export { geometryFromRecording, geometryFromJson, geometryFromCsv, geometryToJson } from './geometry-read.js';
