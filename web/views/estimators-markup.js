// The markup of the "Filter and Kalman estimators" section (#est), run by web/views/estimators.js.
// web/app/markup.js fills web/index.html's placeholder of each name (<section data-markup="name">)
// with it before any section starts; constant text of the page, never user data. Every id in it is
// unique in the whole page (tests/node/page_markup.test.mjs).
export const markup = {
  est: `
<h2 id="est-title" class="section-title">Filter and Kalman estimators: pole search and parameter tracking</h2>
<h3>State-variable-filter least squares: the filter-pole search</h3>
<p class="hint">Smoothing the measured signals with a filter turns the equation of motion into
  a plain least-squares problem; the search tries many filters and keeps the one whose model
  best reproduces the measured output.</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>Equation and section numbers are those of the student report <i>Modeling &amp;
    Simulation of Dynamic Systems</i>. The equation of motion filtered by 1/Λ(s),
    Λ = (s + p1)(s + p2), is linear in the parameters and holds the measured signals only
    (eqs. 4-7); least squares gives them for each pair of poles. Each pair of the grid is
    scored by the mean |y − ŷ| of its model simulated from rest; the plot shows that error
    surface as curves over p2 for a few p1 (the thick one holds the best pair). <b>msd</b>
    (sec. 2): m = 15, b = 0.2, k = 2, u = 5 sin(2t) + 10.5, 10 s at h = 0.1 s. <b>rlc</b>
    (sec. 3): 1/RC = 10, 1/LC = 2.5e7, u1 = 2 sin t, u2 = 1, 0.5 s at h = 1e-5 s. The filter
    is realised by exact sampling with the signals cubic (or linear) between samples.</p>
</details>
<form id="est-svf-form" novalidate>
  <div class="grid">
    <label>Experiment <select id="est-svf-experiment">
      <option value="msd-sine" selected>msd (SVF report, sec. 2)</option>
      <option value="rlc">rlc (SVF report, sec. 3)</option>
    </select></label>
    <label>Pole grid lo:hi:step <input id="est-svf-grid" type="text" value="0.1:4.9:0.2"></label>
    <label>Between samples <select id="est-svf-intersample">
      <option value="cubic">cubic</option>
      <option value="linear">linear</option>
    </select></label>
  </div>
  <p id="est-svf-form-error" class="field-error" role="alert"></p>
  <div class="actions"><button id="est-svf-run" type="submit" disabled>Search poles</button>
    <button id="est-svf-cancel" type="button" hidden disabled>Cancel</button></div>
  <p id="est-svf-run-error" class="field-error" role="alert"></p>
</form>
<p id="est-svf-status" role="status" aria-live="polite" data-state="loading">Loading…</p>
<p id="est-svf-result"></p>
<figure>
  <div id="est-svf-plot" class="plot"></div>
  <figcaption class="hint">Mean |y − ŷ| against p2, one curve per p1 (log scale).</figcaption>
</figure>

<h3>Augmented EKF on the belt drive: parameter trajectories</h3>
<p class="hint">A Kalman filter follows a belt drive while it moves and, on the way,
  estimates two unknown belt parameters, once for each chosen way of stepping the model in
  time.</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>Equation and table numbers are those of Beckmann, Dagen and Ortmaier, <i>Symplectic
    discretization methods for parameter estimation of a nonlinear mechanical system using an
    Extended Kalman Filter</i>, ICINCO 2016. The belt drive (Table 1) moves its load between
    0 and −0.1 m under a cascade controller; the motor angle and speed are measured with the
    noise of eq. 32. An extended Kalman filter on the state augmented with c_spec and d
    (eqs. 11-14), each with its discretization of the model (eqs. 16-22), estimates them
    from 0.2 c_spec and 2 d. Readings of eq. 32: <b>kN, wide d</b> (parameters in kN,
    kN s/m, Θ_init(d) = 1e-3, our default), <b>kN</b>, and <b>as printed</b>, under which
    the estimates barely move (docs/results.md).</p>
</details>
<form id="est-ekf-form" novalidate>
  <div class="grid">
    <label>Duration (s) <input id="est-ekf-duration" type="text" inputmode="decimal" value="10"></label>
    <label>Eq. 32 reading <select id="est-ekf-reading">
      <option value="kn-wide">kN, wide d</option>
      <option value="kn">kN</option>
      <option value="printed">as printed</option>
    </select></label>
  </div>
  <p id="est-ekf-form-error" class="field-error" role="alert"></p>
  <fieldset class="ident-methods">
    <legend>Discretizations</legend>
    <label class="check"><input type="checkbox" name="discretization" value="ef" checked> EF (eq. 16)</label>
    <label class="check"><input type="checkbox" name="discretization" value="se" checked> SE (eq. 21)</label>
    <label class="check"><input type="checkbox" name="discretization" value="heun"> Heun (eq. 17)</label>
    <label class="check"><input type="checkbox" name="discretization" value="lp" checked> LP (eq. 22)</label>
    <label class="check"><input type="checkbox" name="discretization" value="rk3"> RK3 (eq. 18)</label>
    <label class="check"><input type="checkbox" name="discretization" value="rk4" checked> RK4 (eq. 19)</label>
    <p id="est-ekf-methods-error" class="field-error" role="alert"></p>
  </fieldset>
  <div class="actions"><button id="est-ekf-run" type="submit" disabled>Run EKF</button>
    <button id="est-ekf-cancel" type="button" hidden disabled>Cancel</button></div>
  <p id="est-ekf-run-error" class="field-error" role="alert"></p>
</form>
<p id="est-ekf-status" role="status" aria-live="polite" data-state="loading">Loading…</p>
<table class="results">
  <thead><tr><th>method</th><th>ĉ_spec (N)</th><th>error</th><th>d̂ (N s/m)</th><th>error</th></tr></thead>
  <tbody id="est-ekf-table"></tbody>
</table>
<figure>
  <div id="est-ekf-plot-cspec" class="plot"></div>
  <figcaption class="hint">Estimated c_spec over time per discretization; dashed: the true 8.94 kN.</figcaption>
</figure>
<figure>
  <div id="est-ekf-plot-damping" class="plot"></div>
  <figcaption class="hint">Estimated belt damping d over time; dashed: the true 97.66 N s/m.</figcaption>
</figure>
`,
};
