// Re-exports of wasm/nonlinear.js (kept for web/nonlinear.js); the types are in api.d.ts.
export { nonlinearToCsv, parseRegions } from './api.js';
