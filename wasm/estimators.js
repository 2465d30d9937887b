// Re-exports for web/estimators-worker.js until it imports them from api.js (the one facade).
export { EQ32_READINGS, poleGrid } from './api.js';
