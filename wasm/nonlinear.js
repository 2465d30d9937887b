// Re-exports for web/nonlinear.js until it imports them from api.js (the one facade).
export { nonlinearToCsv, parseRegions } from './api.js';
