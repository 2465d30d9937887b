// The markup of the "Output-only modal analysis" section (#oma), run by web/views/oma.js.
// web/app/markup.js fills web/index.html's placeholder of each name (<section data-markup="name">)
// with it before any section starts; constant text of the page, never user data. Every id in it is
// unique in the whole page (tests/node/page_markup.test.mjs).
export const markup = {
  oma: `
<h2 id="oma-title" class="section-title">Output-only modal analysis</h2>
<p class="hint">The modes of a structure from its responses alone (accelerations measured
  under wind, traffic, hand taps or other forces nobody measured, a phone’s recording): the
  frequency, damping and shape of each, with their uncertainty.</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>Stochastic subspace identification (Peeters &amp; De Roeck 1999), covariance-driven
    (from the responses’ correlations) or data-driven (from the responses themselves, slower), of
    the responses of the file, at every model order up to the highest; the poles that stay
    put in frequency, damping and shape over the orders are clustered into modes. The
    ± are 95 % intervals from the spread over blocks of the record (the jackknife). The
    curve under the diagram is the largest singular value of the responses’ cross-spectral
    matrix (frequency-domain decomposition, Brincker et al. 2001): its peaks are the modes.
    Enhanced frequency-domain decomposition (Brincker, Ventura &amp; Andersen 2001) takes each
    clear peak of that curve, its frequency and damping from the decay of the bell around it
    turned back to time; it has no model orders (no stabilization diagram) and no intervals.</p>
</details>
<p id="oma-source" class="hint" role="status">No file of responses only yet: load one in “Your measurements”, then press “Output-only modal analysis” under it.</p>
<form id="oma-form" novalidate>
  <div class="grid">
    <label>Band from (Hz) <input id="oma-band-lo" data-option="band" data-part="lo" type="text" inputmode="decimal" placeholder="0"></label>
    <label>to (Hz) <input id="oma-band-hi" data-option="band" data-part="hi" type="text" inputmode="decimal" placeholder="Nyquist"></label>
    <label>Method <select id="oma-method" data-option="method">
      <option value="ssi-cov">Covariance-driven SSI (Peeters &amp; De Roeck 1999)</option>
      <option value="ssi-data">Data-driven SSI (Peeters &amp; De Roeck 1999)</option>
      <option value="efdd">Enhanced FDD (Brincker, Ventura &amp; Andersen 2001)</option>
    </select></label>
  </div>
  <p id="oma-band-error" class="field-error" role="alert"></p>
  <div class="actions">
    <button id="oma-run" type="submit" disabled>Find the modes</button>
    <button id="oma-cancel" type="button" hidden disabled>Cancel</button>
    <button id="oma-export-uff55" type="button" disabled>Export modes (UFF 55)</button>
    <button id="oma-export-json" type="button" disabled>Export modes (JSON)</button>
    <button id="oma-report" type="button" disabled>Report (HTML)</button>
  </div>
  <p id="oma-run-error" class="field-error" role="alert"></p>
</form>
<progress id="oma-progress" max="1" value="0" hidden aria-label="Reading the file"></progress>
<p id="oma-status" role="status" aria-live="polite" data-state="empty">Load a file of responses only in “Your measurements”, then Find the modes.</p>
<ul id="oma-warnings" class="warnings" hidden></ul>
<div id="oma-advice"></div>
<h3>Stabilization diagram over the spectrum</h3>
<p id="oma-stab-none" class="hint" hidden>Not available for enhanced FDD: it fits no model
  orders, so there are no poles to stabilize; its modes are the clear peaks of the spectrum’s
  first singular value.</p>
<div id="oma-stab">
<label class="check"><input id="oma-all-poles" type="checkbox"> show the unstable poles too</label>
<figure>
  <div id="oma-stab-plot" class="plot"></div>
  <figcaption class="hint">Each row is one model order, each mark a pole in the band:
    <b>●</b> stable (frequency, damping and shape); with the box checked also <b>▲</b> stable
    in frequency only and <b>×</b> new or unstable; the ring marks the modes found. The grey line (right axis) is the
    largest singular value of the responses’ spectrum.</figcaption>
</figure>
</div>
<h3>Modes</h3>
<div id="oma-table"></div>
<p class="hint">± is the 95 % interval (“–”: none, as with enhanced FDD); MPC (modal phase collinearity) is 1 and MPD (mean phase
  deviation) 0° for a real (normal) mode shape; “orders”: the model orders at which the mode was found (“–” for enhanced FDD, which has none).
  Click a row to animate its shape.</p>
<h3>Mode shapes</h3>
<div id="oma-anim"></div>
<h3>MAC between the modes</h3>
<p class="hint">The modal assurance criterion of each pair of modes: 1 for the same shape at the
  sensors, 0 for orthogonal ones; a value near 1 off the diagonal is two modes the sensors cannot tell apart.</p>
<div id="oma-mac"></div>
`,
};
