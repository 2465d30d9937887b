// Re-exports of wasm/estimators.js (kept for web/estimators-worker.js); the types are in api.d.ts.
export { EQ32_READINGS, poleGrid } from './api.js';
