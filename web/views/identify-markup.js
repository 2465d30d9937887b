// The markup of the "Identify" section (#ident); the lesson inside it has its own
// (views/lesson/lesson-markup.js), run by web/views/identify.js. web/app/markup.js fills
// web/index.html's placeholder of each name (<section data-markup="name">) with it before any
// section starts; constant text of the page, never user data. Every id in it is unique in the whole
// page (tests/node/page_markup.test.mjs).
export const markup = {
  ident: `
<h2 id="ident-title" class="section-title">Identify</h2>
<p class="hint">M, D, K are estimated from the forces u and the displacements q alone: the
  data you simulated in step 2, or new PRBS data of a preset. The preset is only used to
  compute the errors.</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>The methods are those of Bruschetta 2011, sec. 4.2 (the variational method) and ch. 5 (its comparison
    with n4sid + d2c). Data of step 2 are identified as simulated: PRBS and step forces as held
    over each period (exact zero-order-hold samples), sine, multisine and chirp as point samples.</p>
</details>
<form id="ident-form" novalidate>
  <fieldset id="ident-data">
    <legend>Data</legend>
    <label class="check"><input type="radio" name="ident-source" id="ident-source-data" value="data" disabled>
      the data of step 2:&nbsp;<span id="ident-data-summary">none yet (simulate in <a href="#data">2. Data</a>)</span></label>
    <label class="check"><input type="radio" name="ident-source" id="ident-source-new" value="new" checked>
      new PRBS data of a preset, simulated with these settings (the Monte Carlo study always uses them):</label>
    <p id="ident-data-file" class="hint" hidden></p>
    <div class="grid">
      <label>System <select id="ident-preset"></select></label>
      <label>h (s) <input id="ident-h" type="text" inputmode="decimal" value="0.05"></label>
      <label>N (samples) <input id="ident-n" type="text" inputmode="numeric" value="2000"></label>
      <label>SNR (dB) <input id="ident-snr" type="text" inputmode="decimal" value="15"></label>
      <label>Seed <input id="ident-seed" type="text" inputmode="numeric" value="1"></label>
    </div>
  </fieldset>
  <p id="ident-form-error" class="field-error" role="alert"></p>
  <fieldset class="ident-methods">
    <legend>Methods</legend>
    <div id="ident-method-list" class="method-list"></div>
    <label class="check"><input id="ident-positive" type="checkbox"> <span>physical matrices only: M, K positive definite, D semidefinite (<span data-methods-with="positive"></span>)</span></label>
    <p id="ident-methods-error" class="field-error" role="alert"></p>
  </fieldset>
  <div class="actions">
    <button id="ident-run" type="submit" disabled>Identify</button>
    <button id="ident-study" type="button" disabled>Study</button>
    <button id="ident-cancel" type="button" hidden disabled>Cancel</button>
    <button id="ident-save" type="button" disabled>Save analysis</button>
    <button id="ident-export-json" type="button" disabled>Export results (JSON)</button>
    <button id="ident-export-csv" type="button" disabled>Export results (CSV)</button>
    <button id="ident-report" type="button" disabled>Report (HTML)</button>
    <button id="ident-study-csv" type="button" disabled>Export study (CSV)</button>
    <button id="ident-share" type="button">Share this setup</button>
  </div>
  <p id="ident-run-error" class="field-error" role="alert"></p>
  <label class="share" for="ident-share-link" hidden>Link to this setup (no data in it)
    <input id="ident-share-link" type="text" readonly></label>
</form>
<p id="ident-status" role="status" aria-live="polite" data-state="loading">Loading the WebAssembly module…</p>

<div id="ident-results" class="ident-results"></div>
<p class="hint">Both methods start from a general model fitted to the samples; the
  <b>variational</b> method turns it into M, D and K with simple linear formulas, while
  <b>n4sid-d2c</b> needs a matrix logarithm, which magnifies errors when the samples are
  close together (small h).</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p><b>n4sid</b> returns a discrete state-space model (A, B, C, D) of order 2n in an
    unknown state basis, with no mechanical structure. <b>variational</b> uses it only as a
    start: it extracts (Md, Dd, Kd) (eqs. 4.14–4.15), refines them with a prediction-error
    method (PEM) on the structured model Md q<sub>k</sub> + Dd q<sub>k−1</sub> + Kd q<sub>k−2</sub>
    = L u<sub>d</sub>(k) (eq. 2.23), minimizing the output error, and maps them back with
    eq. 2.26, so M, D, K are symmetric by construction. <b>n4sid-d2c</b> converts the n4sid
    model to continuous time with a matrix logarithm (d2c) and extracts M, D, K from it: the
    logarithm is ill-conditioned when h is small (its error grows like 1/h, Bruschetta 2011, sec. 1.1
    and Fig. 3.1), so errors blow up as h → 0. Relative errors are ‖X̂ − X‖/‖X‖ (eq. 5.1);
    A is the continuous state matrix.</p>
</details>
<p class="hint"><b>Fit %</b> says how well the estimated model, fed with the input alone,
  reproduces the measured motion: 100 % is a perfect match, 0 % no better than its average.</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>Fit % per channel is 100 (1 − ‖q − q̂‖/‖q − mean q‖), with q̂ the free-run simulation
    of the estimated model from the input alone. With noise on q, the best possible fit is
    below 100 %.</p>
</details>
<figure>
  <div id="ident-fit-plot" class="plot"></div>
  <figcaption class="hint">Measured q1 (with noise) and the free-run simulated q1 of the
    first chosen method.</figcaption>
</figure>
<figure>
  <div id="ident-residual-plot" class="plot"></div>
  <figcaption class="hint">Residual q1 − simulated q1 of the same method: with a good model
    it looks like the measurement noise (no slow trend, no oscillation at a mode).</figcaption>
</figure>

<h3>Monte Carlo study</h3>
<section id="lesson" class="lesson" aria-labelledby="lesson-title" data-markup="lesson"></section>

<h4>Your own study</h4>
<p class="hint">Runs at each h with the chosen methods, system, N, SNR and seed of the form
  above (new data each run), started by its <b>Study</b> button. The plot shows the RMS
  over the runs of the relative error of K (failed runs left out).</p>
<div class="grid">
  <label>h values (s) <input id="ident-study-hs" type="text" value="0.02, 0.05, 0.1" form="ident-form"></label>
  <label>Runs per h <input id="ident-study-runs" type="text" inputmode="numeric" value="3" form="ident-form"></label>
</div>
<p id="ident-study-error" class="field-error" role="alert"></p>
<p id="ident-study-progress" role="status" aria-live="polite"></p>
<figure>
  <div id="ident-study-plot" class="plot"></div>
  <figcaption class="hint">The error of the stiffness K at each h you chose (both axes
    logarithmic): lower is better.
    <details class="precise">
      <summary>The precise statement</summary>
      The RMS over the runs of ‖K̂ − K‖/‖K‖ (eq. 5.1) against h, failed runs left out, as in
      Bruschetta 2011, Figs. 5.3 (3dof) and 5.7 (8dof).
    </details></figcaption>
</figure>
`,
};
