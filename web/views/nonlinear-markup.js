// The markup of the "Nonlinear stiffness" section (#nl), run by web/views/nonlinear.js.
// web/app/markup.js fills web/index.html's placeholder of each name (<section data-markup="name">)
// with it before any section starts; constant text of the page, never user data. Every id in it is
// unique in the whole page (tests/node/page_markup.test.mjs).
export const markup = {
  nl: `
<h2 id="nl-title" class="section-title">Nonlinear stiffness from acceleration</h2>
<p class="hint">A mass on a spring that is stiffer in some ranges of motion than in others
  is simulated, only its acceleration is “measured”, and the stiffness in each range is
  estimated back.</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>Equation, algorithm, figure and section numbers are those of Karimov et al.,
    <i>Integrate-and-Differentiate Approach to Nonlinear System Identification</i>,
    Mathematics 9 (2021) 2999. An oscillator m ẍ + 2c ẋ + F(x) = f(t) with a piecewise-linear
    spring force F is simulated, only its acceleration is “measured” (a + σz + a0, eq. 24),
    and the stiffness of each region is estimated back. <b>DIA</b> integrates a twice and fits
    a = −2c/m ẋ − F(x)/m + f/m (eq. 14, Algorithm 2); <b>IDA</b> integrates once and
    differentiates once, fitting the time derivative j = −2c/m ẍ − k<sub>j</sub>/m ẋ + ḟ/m
    (eq. 16, Algorithm 3), and moves samples between regions when another region predicts
    them clearly better (“swapping”). Both use iteratively reweighted least squares with an
    ℓ1 loss (Algorithm 1). Presets: the Lin–Ewins backlash oscillator (eqs. 18–21, outer
    springs 40 000 N/m beyond ±5 mm, none inside) and the aluminium beam with an asymmetric
    joint in free vibration (eqs. 25–29; x is the tilt θ in rad, F a torque).</p>
</details>
<form id="nl-form" novalidate>
  <div class="grid">
    <label>System <select id="nl-system">
      <option value="lin-ewins" selected>lin-ewins</option>
      <option value="beam">beam</option>
    </select></label>
    <label>N (samples at 1 kHz) <input id="nl-n" type="text" inputmode="numeric" value="20000"></label>
    <label>Noise σ (m/s²) <input id="nl-sigma" type="text" inputmode="decimal" value="10"></label>
    <label>Drift a0 (m/s²) <input id="nl-a0" type="text" inputmode="decimal" value="5"></label>
    <label>Seed <input id="nl-seed" type="text" inputmode="numeric"></label>
    <label>Regions <input id="nl-regions" type="text" value="thresholds:0.005"></label>
    <label>Fragments <input id="nl-segments" type="text" inputmode="numeric" value="20"></label>
    <label>High-pass (Hz) <input id="nl-highpass" type="text" inputmode="decimal" value="2"></label>
    <label>Swapping tol <input id="nl-swap-tol" type="text" inputmode="decimal"></label>
    <label class="check"><input id="nl-detrend" type="checkbox" checked> detrend</label>
    <label class="check"><input id="nl-known" type="checkbox" checked> m and c known</label>
  </div>
  <p id="nl-form-error" class="field-error" role="alert"></p>
  <p class="hint">Regions say where the stiffness may change: beyond ±X0
    (<code>thresholds:X0</code>), at zero (<code>sign</code>) or at breakpoints you give
    (<code>breakpoints:B1,B2,…</code>).</p>
  <details class="precise">
    <summary>The precise statement</summary>
    <p>Regions: <code>thresholds:X0</code> (x ≤ −X0, |x| &lt; X0, x ≥ X0; the outer
      two share one stiffness), <code>sign</code> (x ≤ 0, x &gt; 0) or
      <code>breakpoints:B1,B2,…</code> (one stiffness per interval; the DIA also estimates
      each offset). Velocity and displacement are integrated from zero in each fragment, the
      0–(high-pass) Hz band and the linear trend removed (sec. 3.2.2). Unchecking “m and c
      known” estimates them too (the mass needs a force, so not for the beam).</p>
  </details>
  <div class="actions"><button id="nl-run" type="submit" disabled>Identify</button>
    <button id="nl-cancel" type="button" hidden disabled>Cancel</button></div>
  <p id="nl-run-error" class="field-error" role="alert"></p>
</form>
<p id="nl-status" role="status" aria-live="polite" data-state="loading">Loading…</p>
<div id="nl-results" class="table-scroll"></div>
<p class="hint">Each error compares an estimated stiffness with the preset’s true one;
  “reclassified” counts the samples the swapping moved to another region.</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>Errors are relative to the preset’s stiffness, or |k| where it is 0. The fit is that of
    the regression (eq. 14 or 16), not of a simulation.</p>
</details>
<label class="nl-show">Phase portraits of <select id="nl-show">
  <option value="ida" selected>IDA</option>
  <option value="dia">DIA</option>
</select></label>
<div class="nl-plots">
  <figure>
    <div id="nl-phase-xv" class="plot"></div>
    <figcaption class="hint">Position x against velocity ẋ, both from the integrated
      acceleration, coloured by region.
      <details class="precise">
        <summary>The precise statement</summary>
        Coloured by region after swapping, as Figs. 3a, 5 and 6 of Karimov et al. (2021).
      </details></figcaption>
  </figure>
  <figure>
    <div id="nl-phase-va" class="plot"></div>
    <figcaption class="hint">Velocity ẋ against the measured acceleration ẍ (with its
      noise), same colours.
      <details class="precise">
        <summary>The precise statement</summary>
        As Fig. 3b of Karimov et al. (2021).
      </details></figcaption>
  </figure>
</div>
<figure>
  <div id="nl-force" class="plot"></div>
  <figcaption class="hint">The spring force against the displacement: the true one and the
    two estimates (DIA dashed).
    <details class="precise">
      <summary>The precise statement</summary>
      The true F(x) (eq. 20 or 26 of Karimov et al.) and the estimates. Where a region’s
      offset is unknown (IDA with breakpoints), the estimated curve is drawn continuous
      through F(0) = 0.
    </details></figcaption>
</figure>
`,
};
