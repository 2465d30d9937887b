// The lesson's study design (thesis ch. 5, Figs. 5.2–5.5): the 3-DOF system of sec. 5.2.1 over a
// wide, log-spaced range of sampling periods, where the variational (midpoint) method stays
// accurate while n4sid + d2c degrades as h → 0. Plain data, no DOM: the page (views/lesson/lesson.js)
// and the measurement script (scripts/lesson-timing.mjs) use the same numbers.
//
// Chosen by measurement (scripts/lesson-timing.mjs; 2 cores; with records of 8 s, since made 11 s
// so that none is shorter than two periods of the slowest mode, which the timed lesson test still
// passes with): at SNR 30 dB the K error of
// n4sid + d2c grows from ~0.3 % at h = 0.6 s to ~20 % at h = 0.001 s (1 or 2 of the runs there
// fail: the identified discrete model is unstable and has no matrix logarithm), while the
// variational method stays at ~0.2–0.6 %. The page plots M, D and A too (Figs. 5.2, 5.4, 5.5): at
// h = 0.001 s M is ~0.25 % (variational) against ~15 % (d2c); at h = 0.6 s it is ~17 % against
// ~0.27 %: the midpoint model's own error grows with h while the held PRBS makes d2c's ZOH model
// exact, so the curves of M cross once, between h = 0.04 and 0.1 s (those of D between 0.1 and
// 0.24 s, of A between 0.016 and 0.04 s; those of K meet, ~0.3 % each, at h = 0.6). At SNR 15–20 dB (the thesis's 15) most d2c runs at
// h = 0.001 fail outright and the variational method's n4sid start is unreliable there, so the
// curves would have a hole where the lesson is. 6 runs per h: ~9 s of CPU in all (a third of it at
// h = 0.001), ~5 s on 2 idle cores; while other processes load the machine (load average 5–7) the
// same study took 3–4 times as long, which is why it is not bigger. Seeds come from (h index,
// run): the page shows the same numbers on every machine.

/** n log-spaced values from lo to hi, each rounded to 3 significant digits. */
export function logSpaced(lo, hi, n) {
  return Array.from({ length: n }, (_, k) => Number((lo * (hi / lo) ** (k / (n - 1))).toPrecision(3)));
}

// The record is RECORD_S seconds long (more than two periods of the slowest mode, 5.36 s: what
// identify asks before it stops saying record_too_short, so that no point of the lesson is drawn as
// a record too short) but never shorter than MIN_N samples (at large h) nor longer than MAX_N (the
// cost of the smallest h).
export const RECORD_S = 11;
const MIN_N = 1000;
const MAX_N = 11000;

/** Samples for a record of RECORD_S seconds at period h, within [MIN_N, MAX_N]. */
export const samplesFor = (h) => Math.min(MAX_N, Math.max(MIN_N, Math.round(RECORD_S / h)));

const HS = logSpaced(0.001, 0.6, 8);

export const LESSON = Object.freeze({
  system: '3dof',
  snr: 30,
  seed: 1,
  runs: 6,
  methods: ['variational', 'n4sid-d2c'],
  hs: HS,
  ns: HS.map(samplesFor),
});
