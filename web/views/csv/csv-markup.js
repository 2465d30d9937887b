// The markup of the "Your measurements (CSV)" section (#csv), run by web/views/csv/csv-import.js
// and its steps. web/app/markup.js fills web/index.html's placeholder of each name (<section data-
// markup="name">) with it before any section starts; constant text of the page, never user data.
// Every id in it is unique in the whole page (tests/node/page_markup.test.mjs).
export const markup = {
  csv: `
<h2 id="csv-title" class="section-title">Your measurements (CSV)</h2>
<p class="hint">Load a file of your own measured forces and motions, then work through the
  steps below in order: each default fits the common case, and the file never leaves this browser.</p>
<details class="precise">
  <summary>The file format</summary>
  <p>A CSV or TSV with a header row: time, forces and displacements, one row per sample
    (<code>,</code> <code>;</code> tab or blanks; decimal comma with <code>;</code> or tab;
    a row of units under the names, names such as <code>Time (s)</code>, comment lines
    <code>#</code> <code>%</code> <code>//</code>, the ECP rig's raw export in
    <code>[ … ;</code> rows); or a
    measurement file of another format: <code>.csv</code> <code>.txt</code> <code>.tsv</code>
    <code>.dat</code> text, <code>.lvm</code> (LabVIEW), <code>.uff</code> <code>.unv</code>
    (universal file), <code>.mat</code> (MATLAB), <code>.wav</code> (WAVE audio),
    <code>.tdms</code> (NI TDMS). Its channels, their quantities and units are shown as the
    file states them. The file is read in this browser only; nothing is uploaded.</p>
</details>
<form id="csv-form" novalidate>
  <fieldset id="csv-load">
    <legend>1. Load</legend>
    <div id="csv-drop" class="drop" tabindex="-1">
      <label>Measurement file(s) <input id="csv-file" type="file" multiple accept=".csv,.txt,.tsv,.dat,.lvm,.uff,.unv,.mat,.wav,.tdms,text/csv,text/tab-separated-values" aria-describedby="csv-file-formats"></label>
      <span class="hint" id="csv-file-formats">.csv .txt .tsv .dat .lvm .uff .unv .mat .wav .tdms, or drop them here. Several files: runs of one experiment with the same columns.</span>
    </div>
    <div class="actions">
      <progress id="csv-read-progress" max="1" value="0" hidden aria-label="Reading the chosen file"></progress>
      <button id="csv-read-cancel" type="button" hidden disabled>Cancel reading</button>
    </div>
    <p id="csv-file-error" class="field-error" role="alert"></p>
    <div id="csv-summary" hidden>
      <div class="table-scroll"><table id="csv-summary-table" class="data"></table></div>
      <ul id="csv-summary-facts" class="hint"></ul>
      <p id="csv-summary-notes-title" class="hint" hidden>Notes of the reader:</p>
      <ul id="csv-summary-notes" class="hint"></ul>
    </div>
    <div id="csv-route" class="route" hidden>
      <h3 id="csv-route-title">What the data are</h3>
      <p id="csv-route-what"></p>
      <p id="csv-route-excitation" role="status"></p>
      <p id="csv-route-propose"></p>
      <div id="csv-route-actions" class="actions" role="group" aria-labelledby="csv-route-title"></div>
    </div>
    <div id="csv-runs" hidden>
      <p class="hint">Training runs are identified together (each with its own initial state);
        validation runs are kept back and only simulated with the model, to check it on data it has not seen.</p>
      <div class="table-scroll"><table id="csv-runs-table" class="data"></table></div>
    </div>
  </fieldset>
  <div id="csv-mapping" hidden>
    <fieldset id="csv-columns">
      <legend>2. Map the columns</legend>
      <p class="hint">Which column is time, which are forces (and where each acts), which are
        the measured motions. The first rows are shown below to check.</p>
      <p id="csv-columns-note" class="hint" hidden></p>
      <label id="csv-find-label" hidden>Find columns (part of a name) <input id="csv-find" type="search" spellcheck="false"></label>
      <div class="grid">
        <label>Time column <select id="csv-time"></select></label>
        <label>h (s), when there is no time column <input id="csv-h" type="text" inputmode="decimal"></label>
        <div id="csv-resample-choice">
          <label class="check"><input id="csv-resample" type="checkbox" aria-describedby="csv-resample-note"> <span id="csv-resample-text">resample a non-uniform time column onto a uniform grid (linear interpolation)</span></label>
          <p id="csv-resample-note" class="field-error" role="status"></p>
        </div>
        <label>Forces <select id="csv-sampling">
          <option value="auto">read off the data</option>
          <option value="point">sampled (continuous forces)</option>
          <option value="hold">held over each period (ZOH, PRBS)</option>
        </select></label>
        <label>Outputs are <select id="csv-output-kind">
          <option value="displacement">displacements</option>
          <option value="acceleration">accelerations</option>
        </select></label>
      </div>
      <p class="hint">Forces: “sampled” for a force measured at each sample (a load cell),
        “held” for a command a controller holds constant over each period (a motor voltage, a PRBS);
        “read off the data” takes “held” when every force column stays constant between changes
        at no more than 1 in 8 samples (a step, a slow PRBS), else “sampled”.</p>
      <p id="csv-mapping-error" class="field-error" role="alert"></p>
      <div class="grid">
        <fieldset id="csv-inputs"><legend>Inputs (forces)</legend></fieldset>
        <fieldset id="csv-outputs"><legend>Outputs (displacements)</legend>
          <p class="hint" id="csv-output-dofs">Output j measures degree of freedom (DOF) j.</p>
        </fieldset>
        <fieldset id="csv-force-dofs"><legend>Where the forces act</legend>
          <p class="hint">Each force pushes one degree of freedom, the one whose motion an output
            column measures. One motor on cart 1 of a two-cart rig: its force acts on DOF 1.</p>
        </fieldset>
      </div>
      <div class="table-scroll"><table id="csv-preview" class="data"></table></div>
      <figure>
        <div id="csv-preview-plot" class="plot"></div>
        <figcaption class="hint">The chosen forces and outputs of the first rows (up to
          2000) against t, in the units of step 3, to check the mapping before identifying:
          tick a column above to see it here.</figcaption>
      </figure>
    </fieldset>
    <fieldset id="csv-units">
      <legend>3. Units and signs</legend>
      <p class="hint">The data are converted to SI (N, m) before identifying, so that M, D, K come
        out in kg, N s/m, N/m. A column in other units (encoder counts, volts) gets its own factor
        to N or m; a negative factor flips its sign.</p>
      <div class="grid">
        <label>Force unit <select id="csv-force-unit">
          <option value="1" selected>N</option>
          <option value="1000">kN</option>
        </select></label>
        <label>Output unit <select id="csv-output-unit"></select></label>
        <label>High-pass cut-off (Hz), accelerations only <input id="csv-cutoff" type="text" inputmode="decimal" placeholder="automatic" disabled></label>
      </div>
      <p class="hint" id="csv-output-hint"></p>
      <div id="csv-factors" class="grid"></div>
      <p class="hint">Factor: each value of the column is multiplied by it after the unit above,
        e.g. 1.786e-5 m per encoder count, or −1 when a positive force moves the rig negatively.</p>
    </fieldset>
    <fieldset id="csv-model">
      <legend>4. Structure</legend>
      <label>What is known about M, D, K <select id="csv-structure">
        <option value="full" selected>full symmetric (default)</option>
        <option value="chain">lumped chain: masses and dashpots to ground, springs in a chain</option>
        <option value="free">free body (no spring)</option>
        <option value="custom">custom JSON</option>
      </select></label>
      <p class="hint" id="csv-structure-hint"></p>
      <p class="hint">auto, variational-zoh and inverse-dynamic estimate only the free entries; the other methods refuse a structure.</p>
      <label id="csv-structure-custom" hidden>Structure (JSON)
        <textarea id="csv-structure-json" rows="4" spellcheck="false"
          placeholder='{"M": "diagonal", "D": "diagonal", "K": [[1, 1], [1, 1]], "known": {"M": [[2.1, 0], [0, null]]}}'></textarea></label>
      <p id="csv-structure-error" class="field-error" role="alert"></p>
    </fieldset>
    <fieldset id="csv-nonlinear">
      <legend>5. Friction and offset</legend>
      <label class="check"><input id="csv-friction" type="checkbox"> Coulomb friction: a force F<sub>c</sub> sign(q′) against the motion of each DOF (guides, bearings)</label>
      <label class="check"><input id="csv-offset" type="checkbox"> force offset: a constant force f<sub>0</sub> on each DOF (amplifier or sensor offset, gravity on a slope)</label>
      <p class="hint">Real rigs rub and carry small constant forces: tick these to estimate
        them with M, D and K instead of letting them spoil D and K.</p>
      <details class="precise">
        <summary>The precise statement</summary>
        <p>The model becomes M q″ + D q′ + K q + F<sub>c</sub> sign(q′) + f<sub>0</sub> = L u; F<sub>c</sub> and f<sub>0</sub> are estimated with ± 95 % intervals
          (friction by inverse-dynamic, which auto runs when friction is asked; the offset also by auto’s
          and variational-zoh’s output-error fit).</p>
      </details>
      <p id="csv-nonlinear-error" class="field-error" role="alert"></p>
    </fieldset>
  </div>
  <fieldset class="ident-methods">
    <legend>6. Method</legend>
    <div id="csv-method-list" class="method-list"></div>
    <label class="check"><input id="csv-positive" type="checkbox"> <span>physical matrices only: M, K positive definite, D semidefinite (<span data-methods-with="positive"></span>)</span></label>
    <p class="hint">auto refines a checked start on the exact sampled model (more starts compete when
      it is unusable) and keeps the best-verified estimate; the others are the single methods it
      builds on, to compare.</p>
    <p id="csv-method-error" class="field-error" role="alert"></p>
  </fieldset>
  <div class="actions">
    <button id="csv-run" type="submit" disabled>Identify from the file</button>
    <button id="csv-cancel" type="button" hidden disabled>Cancel</button>
    <button id="csv-export" type="button" disabled>Export results (JSON)</button>
    <button id="csv-export-csv" type="button" disabled>Export results (CSV)</button>
    <button id="csv-report" type="button" disabled>Report (HTML)</button>
    <button id="csv-save" type="button" disabled>Save analysis</button>
  </div>
  <p id="csv-run-error" class="field-error" role="alert"></p>
</form>
<progress id="csv-progress" max="1" value="0" hidden aria-label="Reading the file"></progress>
<p id="csv-status" role="status" aria-live="polite" data-state="empty">Choose a file.</p>
<div id="csv-results" class="ident-results"></div>
`,
};
