// What counts as a crash for `npm run fuzz` (issue 20, "Done when"): any exception other than
// MechidError('bad-input'), a WebAssembly trap (RuntimeError), or an ok/warning result whose
// estimated numbers (M, D, K; the nonlinear k, mass, damping; the EKF's theta; the RLC's 1/RC,
// 1/LC; a system's modes) are not all finite, or a parsed CSV dataset that breaks the parser's promises (calls.mjs). A hang (> HANG_MS) is detected by the runner, which watches the worker.

/** A case running longer than this is a hang: the bound (10 s). */
export const HANG_MS = 10_000;

const finiteMatrix = (m) => m === undefined || (m && Array.from(m.data).every(Number.isFinite));

// The numbers of a result that must be finite when its status is ok or warning, by result shape.
function estimatesFinite(r) {
  if (r.model === 'dataset' || r.model === 'recording') return !r.broken;
  if (r.model === 'modal') return r.modes.every((m) => [m.omega_n, m.zeta, ...m.shape, ...m.eigenvalue].every(Number.isFinite));
  // FRFs may be null where the input has no power; the modes' frequencies, damping and shapes not.
  if (r.model === 'frf') return r.freq_hz.every(Number.isFinite);
  // A reduced M, D, K that is offered (status not failed) is finite.
  if (r.model === 'band-modes') {
    return r.modes.every((m) => [m.freq_hz, m.zeta, m.mpc, ...m.shape.flat()].every(Number.isFinite))
      && (!r.reduced || r.reduced.status === 'failed' || ['M', 'D', 'K'].every((k) => [...r.reduced[k].data].every(Number.isFinite)));
  }
  if (r.model === 'rlc') return [r.inv_RC, r.inv_LC].every(Number.isFinite);
  if (r.model === 'belt-drive') return r.theta.every(Number.isFinite);
  if (r.method === 'ida' || r.method === 'dia') {
    return [r.mass, r.damping, ...Object.values(r.k)].every(Number.isFinite);
  }
  // An identification: M, D, K present and finite (api.d.ts: absent only when failed).
  return ['M', 'D', 'K'].every((key) => r[key] !== undefined && finiteMatrix(r[key]));
}

/**
 * The outcome of one call: {kind, detail}. kind is 'bad-input', 'ok', 'warning' or 'failed' (all
 * fine), or a crash: 'trap', 'internal' (MechidError 'internal'), 'exception' (any other throw),
 * 'non-finite' (an ok/warning result with a non-finite estimate), 'differ' (two paths that read
 * one file, such as a Blob's and the bytes', disagree: the result's `differ` says how).
 */
export function classify(run) {
  try {
    return judged(run());
  } catch (e) {
    return caught(e);
  }
}

/** classify of a call that may return a promise (the readers of a Blob). */
export async function classifyAsync(run) {
  try {
    return judged(await run());
  } catch (e) {
    return caught(e);
  }
}

// The outcome of a call's result.
function judged(r) {
  if (r.differ) return { kind: 'differ', detail: r.differ };
  if ((r.status === 'ok' || r.status === 'warning') && !estimatesFinite(r)) {
    return { kind: 'non-finite', detail: `status ${r.status} with a non-finite estimate: ${r.message ?? r.broken}` };
  }
  return { kind: r.status, detail: r.message ?? '' };
}

// The outcome of a thrown error.
function caught(e) {
  if (e?.name === 'MechidError' && e.code === 'bad-input') return { kind: 'bad-input', detail: e.message };
  if (e instanceof WebAssembly.RuntimeError) return { kind: 'trap', detail: e.message, stack: e.stack };
  if (e?.name === 'MechidError') return { kind: 'internal', detail: e.message, stack: e.stack };
  return { kind: 'exception', detail: String(e?.message ?? e), stack: e?.stack };
}

export const FINE = new Set(['bad-input', 'ok', 'warning', 'failed']);
export const isCrash = (kind) => !FINE.has(kind);
