// the SVF report and Beckmann et al. 2016 for docs/results.md: the native tool build-native/mechid_estimators_tables
// computes every number (bench/native/estimators_tables.cpp); this module lays the tables out
// beside the papers' printed values.
import { execFileSync } from 'node:child_process';
import { nativeCompiler, requiredNativeTool } from './native_tool.mjs';

const tool = requiredNativeTool('mechid_estimators_tables');
const r = JSON.parse(execFileSync(tool, { encoding: 'utf8' }));

const f = (x, digits = 4) => (x === null ? '–' : Number(x.toPrecision(digits)).toString());
const pct = (x, digits = 3) => (x === null ? 'diverged' : `${Number((100 * x).toPrecision(digits))} %`);
const fixed = (x, d) => (x === null ? '–' : x.toFixed(d));
const lines = [];
const add = (...l) => lines.push(...l);

add('Command: `npm run build:native && node bench/run.mjs estimators` (tool `build-native/mechid_estimators_tables`, ' +
  'source `bench/native/estimators_tables.cpp`; about 15 s).', '');

add('### The SVF report, 1-DOF: m = 15, b = 0.2, k = 2, u = 5 sin(2t) + 10.5, h = 0.1 s, 10 s, zero initial state', '',
  'Data: the exact sampled response (closed form, `simulate/sinusoid_response`; the report used ode45). Pole grid ' +
  'p1, p2 ∈ {0.1, 0.3, …, 4.9} (the report: 0.1 to 5 step 0.2), 325 pairs. e = |Δm/m| + |Δb/b| + |Δk/k|. ' +
  'Realisation of 1/Λ: exact sampling with the signal linear (first-order hold) or cubic (four neighbouring ' +
  'samples) between samples. Criteria: parameter error against the truth (the report\'s) or mean |y − ŷ| of the ' +
  'fitted model simulated from rest (data only).', '',
  '| realisation | poles chosen by | p1 | p2 | m̂ | b̂ | k̂ | e | mean abs(y − ŷ) |', '|---|---|---|---|---|---|---|---|---|',
  '| SVF report | parameter error | 0.1 | 0.5 | 14.9950 | 0.2002 | 1.9997 | 0.13 % | |');
for (const row of r.svf_msd) {
  add(`| ${row.rule} | ${row.criterion} | ${fixed(row.p1, 1)} | ${fixed(row.p2, 1)} | ${fixed(row.m, 4)} | ${fixed(row.b, 4)} | ` +
    `${fixed(row.k, 4)} | ${pct(row.e)} | ${f(row.output_error, 3)} |`);
}
const linear = r.svf_msd[0];
add('', `The linear realisation reproduces the report\'s pole choice and its estimates to the printed digits of m̂ and b̂, ` +
  `but its error is ${pct(linear.e)}: the 0.13 % target is **not met** with it. (The report\'s printed, rounded ` +
  'estimates allow any e between 0.12 % and 0.18 %.) The cubic realisation meets 0.13 % whatever chooses the poles: ' +
  'its realisation error is O(h⁴) instead of O(h²), and `identify --method svf` uses it by default.', '');

const rlc = r.svf_rlc;
add('### The SVF report, RLC circuit: 1/RC = 10, 1/LC = 2.5e7 (assumed truth), u1 = 2 sin(t), u2 = 1, h = 1e-5 s, 0.5 s', '',
  `Six parameters θ_λ of eq. 11, cubic realisation; pole search over 200..700 step 20 (${rlc.evaluated} pairs) by mean ` +
  'abs output error (the report\'s criterion, sec. 3.2; the report sampled at 1e-6 s over 5 s).', '',
  '| case | p1 | p2 | 1/RC | 1/LC | mean abs(V_C − V̂_C) (V) |', '|---|---|---|---|---|---|',
  '| SVF report | 370 | 380 | 9.9985 | 24991099 | 0.000695 |');
for (const row of [rlc.search, rlc.seed_poles]) {
  add(`| ${row.case} | ${fixed(row.p1, 0)} | ${fixed(row.p2, 0)} | ${fixed(row.inv_rc, 5)} | ${fixed(row.inv_lc, 0)} | ${f(row.output_error, 3)} |`);
}
const o = rlc.outliers;
add('', `Outliers (report sec. 3.3): V_C + ${o.size} V at samples ${o.samples.join(', ')} (uniform, seed 8); poles 370, 380. ` +
  'Output error against the clean V_C.', '',
  '| fit | 1/RC | error | 1/LC | error | mean abs(V_C − V̂_C) (V) | Huber iterations | samples down-weighted |',
  '|---|---|---|---|---|---|---|---|',
  '| SVF report, least squares | 40.5812 | 305.8 % | 4744768 | 81 % | 0.0264 | | |');
for (const row of [o.plain, o.robust]) {
  add(`| ${row.case} | ${fixed(row.inv_rc, 4)} | ${pct(Math.abs(row.inv_rc / 10 - 1))} | ${fixed(row.inv_lc, 0)} | ` +
    `${pct(Math.abs(row.inv_lc / 2.5e7 - 1))} | ${f(row.output_error, 3)} | ${row.iterations || ''} | ${row.case.startsWith('robust') ? row.downweighted : ''} |`);
}
add('');

add('### Beckmann et al. 2016: convergence orders of the discretizations', '',
  'Least-squares slope of log(global error at t = 4 s) against log T over T0, T0/2, T0/4, T0/8 on ' +
  's\'\' + b s\' + 4 s = sin(1.3 t) + 0.5 from rest, against its exact response (T0 = 0.02; 0.002 for LP damped).', '',
  '| method | EF | SE | Heun | LP | RK3 | RK4 |', '|---|---|---|---|---|---|---|',
  `| nominal | ${r.orders.map((x) => x.nominal).join(' | ')} |`,
  `| b = 0 (force independent of v) | ${r.orders.map((x) => fixed(x.undamped, 2)).join(' | ')} |`,
  `| b = 2 | ${r.orders.map((x) => fixed(x.damped, 2)).join(' | ')} |`, '',
  'Eq. 22 as printed evaluates the last half step at v_{k−1/2}, so with velocity-dependent forces one LP step errs ' +
  'by T²/4 (∂a/∂v) a and the leapfrog is first order.', '');

const b = r.belt;
add('### Beckmann et al. 2016: belt drive (eqs. 23-31, Table 1)', '',
  `Experiment (ours; the paper gives neither trajectory nor controller): the load moves 0 → −0.1 m → 0 … for ${b.duration} s ` +
  'without dwell, acceleration-trapezoid profile v_max 0.5 m/s, a_max 10 m/s², jerk time 5 ms; cascade P (position) / ' +
  'PI (speed, bandwidth 60 rad/s, speed = filtered position difference) with acceleration feedforward at T = 1 ms, ' +
  `torque held. z0 + z is the short belt segment: at z = ${f(b.z_min, 3)} m the belt mode is at ` +
  `${fixed(b.omega_zmin, 0)} rad/s (ω T = ${fixed(b.omega_zmin * b.T, 2)}), at z = 0 at ${fixed(b.omega_z0, 0)} rad/s. ` +
  `Peak torque ${fixed(b.tau_max, 2)} N m. Reference: RK4 with ${b.substeps} steps per T (the paper: Dormand-Prince 8 at ` +
  `16 kHz); against ${2 * b.substeps} steps it differs by ${f(b.reference_error, 2)} (relative).`, '',
  `Table 2: each discretization run open-loop at T = 1 ms with the recorded torque; NRMSE = ‖v − v_ref‖/‖v_ref − mean‖ of ` +
  `the motor speed over 0.1 s from the end of the acceleration at the highest speed (window 1, t = ${fixed(b.windows[0][0], 3)} s) ` +
  `and at the lowest (window 2, t = ${fixed(b.windows[1][0], 3)} s); ρ = largest |eigenvalue| of the discrete map's ` +
  `Jacobian along the reference (> 1: growth); time per step measured natively (${nativeCompiler()} -O3, best of 3 passes), ` +
  'instead of the paper\'s operation counts.', '',
  '| method | NRMSE1 | NRMSE2 | ρ max | ns/step | ns/step with Jacobian | paper NRMSE1 | paper NRMSE2 | paper Mult/Add/Div |',
  '|---|---|---|---|---|---|---|---|---|');
const seed2 = { ef: ['–', '–', '11/13/1'], se: ['0.18', '0.16', '11/13/1'], heun: ['0.29', '0.19', '28/33/2'],
  lp: ['0.13', '0.14', '22/31/2'], rk3: ['0.07', '0.08', '53/58/3'], rk4: ['0.06', '0.07', '64/72/4'] };
const name = { ef: 'EF', se: 'SE', heun: 'Heun', lp: 'LP', rk3: 'RK3', rk4: 'RK4' };
for (const row of b.table2) {
  add(`| ${name[row.method]} | ${f(row.nrmse1, 3)} | ${f(row.nrmse2, 3)} | ${fixed(row.spectral_radius, 5)} | ${fixed(row.ns, 0)} | ` +
    `${fixed(row.ns_jacobian, 0)} | ${seed2[row.method].join(' | ')} |`);
}
add('', 'Table 3: augmented EKF, θ = [c_spec, d], initial [0.2 c_spec, 2 d] = [1788, 195.32], measured φ and φ\' with the ' +
  'noise of R; E1, E2 = relative error of the mean estimate over the last 2 s. Three readings of eq. 32: *as printed* ' +
  '(parameters in N and N s/m: Θ_init = diag(0.1, 1e-6) lets c_spec and d move by about a newton, and they stay near ' +
  'their initial values); *kN* (the same numbers with c_spec in kN and d in kN s/m); *kN, Θ_init(d) = 0.001* (our ' +
  'choice: a prior on d as wide as its initial error).', '',
  '| method | paper E1 | paper E2 | as printed E1 | E2 | kN E1 | E2 | kN, Θ_init(d) = 0.001: E1 | E2 | d̂ (N s/m) | EKF ms |',
  '|---|---|---|---|---|---|---|---|---|---|---|');
const seed3 = { ef: ['10.84', '725.32'], se: ['3.26', '1.18'], heun: ['3.61', '21.90'], lp: ['2.48', '3.08'], rk3: ['0.67', '4.56'], rk4: ['0.58', '2.51'] };
const readings = [...new Set(b.table3.map((x) => x.reading))];
for (const method of Object.keys(name)) {
  const cells = readings.map((reading) => b.table3.find((x) => x.reading === reading && x.method === method));
  const wide = cells[2];
  add(`| ${name[method]} | ${seed3[method][0]} % | ${seed3[method][1]} % | ${cells.map((c) => `${pct(c.e1)} | ${pct(c.e2)}`).join(' | ')} | ` +
    `${fixed(wide.d, 1)} | ${fixed(wide.ms, 0)} |`);
}
add('', 'What agrees with the paper: EF biased on both parameters (c_spec and, far more, d) and locally unstable ' +
  '(ρ > 1) where the belt is stiff; the Runge-Kutta methods best on c_spec; RK3, RK4 and LP under 5 % on d once d ' +
  'can move. What does not: SE. Its d estimate is biased by more than 100 % here (the paper: 1.18 %), and Heun\'s ' +
  'is under 5 % (the paper: 21.9 %). SE\'s velocity update is Euler forward: with the state pinned by the precise ' +
  'angle measurements the filter compares one-step predictions, whose velocity error T²ω²/2 · v per step it absorbs ' +
  'into d (about ω²T/2 relative to the belt damping rate, large at ω T ≈ 0.29). The same happens on a linear ' +
  `oscillator with the belt mode's ω = ${r.oscillator.omega} rad/s, T = 1 ms and damping rate ${r.oscillator.b} s⁻¹ ` +
  `(augmented EKF on b and k, square-wave force, 10 s): error of b̂ ${r.oscillator.rows.map((x) => `${name[x.method]} ${pct(x.b_error)}`).join(', ')}. ` +
  'The paper\'s 1.18 % is ' +
  'close to SE\'s open-loop damping error cT/2 = 1.3 % (c = d (r1²/I + 1/m) = 26.8 s⁻¹), as if its filter ' +
  'weighted the model more than the measurements. Without the paper\'s trajectory, controller and units we cannot ' +
  'tell which; the numbers above are what this reading of eq. 32 gives.');

export const table = lines.join('\n');
