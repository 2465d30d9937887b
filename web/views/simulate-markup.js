// The markup of the System step's sections (#system: the preset; #sim-modes: the mode shapes) and
// the Data step's "Simulate the system" form and its plots, run by web/views/simulate.js.
// web/app/markup.js fills web/index.html's placeholder of each name (<section data-markup="name">)
// with it before any section starts; constant text of the page, never user data. Every id in it is
// unique in the whole page (tests/node/page_markup.test.mjs).
export const markup = {
  system: `
<h2 id="system-title" class="section-title">The mechanical system</h2>
<p class="hint">Choose the system to simulate in the next step, Data: three masses joined by
  springs and dampers (<b>3dof</b>), eight of them (<b>8dof</b>) or one mass on a spring
  with a damper (<b>msd</b>).</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p><b>3dof</b>: the three-mass system of Bruschetta 2011, sec. 5.2.1 (the one of Figs. 5.2–5.5).
    <b>8dof</b>: the eight-mass system of Bruschetta 2011, appendix A.5 (sec. 5.2.2).
    <b>msd</b>: one mass–spring–damper, m = 15, b = 0.2, k = 2.</p>
</details>
<label class="system-preset">Preset <select id="preset" name="preset" form="sim-form"></select></label>
<p id="sim-preset-error" class="field-error" role="alert"></p>
`,
  'sim-modes': `
<h2 id="sim-modes-title">Mode shapes of the system</h2>
<p class="hint">A mode is a way the system swings by itself, every mass at one frequency:
  each is animated here.</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>The modes of the chosen preset (mechid modal: natural frequency, damping ratio and
    mass-normalised shape), from the roots s of det(Ms² + Ds + K) = 0 (Bruschetta 2011, eq. 1.5).
    The display runs every mode at the same pace, not at its own frequency.</p>
</details>
<p id="sim-modes-error" class="field-error" role="alert"></p>
<div id="sim-mode-anim"></div>
`,
  simulate: `
<h2 id="simulate-title" class="section-title">Simulate the system</h2>
<p class="hint">Data from the system chosen in step 1, or your own measurements
  (<a href="#csv">further down</a>).</p>
<form id="sim-form" novalidate aria-labelledby="simulate-title">
  <fieldset>
    <legend>1. Input and sampling</legend>
    <p class="hint" id="input-hint">Choose the force u applied to the system.</p>
    <div class="grid">
      <label>Input <select id="input" name="input">
        <option value="prbs">prbs</option>
        <option value="sine">sine</option>
        <option value="multisine">multisine</option>
        <option value="chirp">chirp</option>
        <option value="step">step</option>
      </select></label>
      <label>Amplitude (N) <input id="amplitude" name="amplitude" type="text" inputmode="decimal"></label>
      <label>h (s) <input id="h" name="h" type="text" inputmode="decimal" value="0.05"></label>
      <label>N (samples) <input id="n" name="n" type="text" inputmode="numeric" value="2000"></label>
    </div>
    <p id="sim-sampling-error" class="field-error" role="alert"></p>
  </fieldset>

  <fieldset>
    <legend>2. Noise and output</legend>
    <p class="hint">Noise makes the simulated measurement realistic: the higher the SNR,
      the less noise; “inf” means none.</p>
    <details class="precise">
      <summary>The precise statement</summary>
      <p>Gaussian noise is added to q only, per channel, at the given signal-to-noise ratio
        in dB (empty or “inf”: noise-free). The seed makes the PRBS and the noise
        repeatable. Derivatives (v, a) are noise-free and go into the CSV.</p>
    </details>
    <div class="grid">
      <label>SNR (dB) <input id="snr" name="snr" type="text" inputmode="decimal" value="30"></label>
      <label>Seed <input id="seed" name="seed" type="text" inputmode="numeric"></label>
      <label class="check"><input id="derivatives" name="derivatives" type="checkbox"> with derivatives</label>
    </div>
    <p id="sim-noise-error" class="field-error" role="alert"></p>
  </fieldset>

  <div class="actions">
    <button id="simulate" type="submit" disabled>Simulate</button>
    <button id="download-csv" type="button" disabled>Download CSV</button>
    <button id="sim-share" type="button">Share this setup</button>
  </div>
  <p id="sim-run-error" class="field-error" role="alert"></p>
  <label class="share" for="sim-share-link" hidden>Link to this setup (no data in it)
    <input id="sim-share-link" type="text" readonly></label>
  <p id="status" role="status" aria-live="polite" data-state="loading">Loading the WebAssembly module…</p>
</form>

<section class="plots" aria-label="Simulated signals">
  <h2>Inputs u (N)</h2>
  <div id="plot-u" class="plot"></div>
  <h2>Displacements q (m)</h2>
  <div id="plot-q" class="plot"></div>
</section>
`,
};
