// The markup of the "Frequency response and modes" section (#modes), run by web/views/modes.js.
// web/app/markup.js fills web/index.html's placeholder of each name (<section data-markup="name">)
// with it before any section starts; constant text of the page, never user data. Every id in it is
// unique in the whole page (tests/node/page_markup.test.mjs).
export const markup = {
  modes: `
<h2 id="modes-title" class="section-title">Frequency response and modes</h2>
<p class="hint">The frequency response of your measured structure shows at which frequencies
  it resonates; each resonance is a mode, whose frequency, damping and shape are read here
  even when the structure has more modes than you have sensors.</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>The frequency response functions (FRFs) from the forces to the outputs of the file
    loaded in “Your measurements” (step 2, Data; its first file, with the time, force and
    output columns, units and factors chosen there), and the modes of the structure in a
    band, whatever the number of sensors: a structure with more modes than sensors has no
    M, D, K to identify, but its modes can be read from the FRFs. Models of increasing order
    are fitted to the FRFs in the band (LSCF); a pole that stays put as the order grows is a
    mode (the stabilization diagram), its shape at the sensors and its uncertainty come from
    the FRFs.</p>
</details>
<p id="modes-source" class="hint" role="status">No file yet: load one in “Your measurements (CSV)”, step 2 (Data).</p>
<form id="modes-form" novalidate>
  <fieldset id="modes-record">
    <legend>Band and record</legend>
    <div class="grid">
      <label>Band from (Hz) <input id="modes-band-lo" data-option="band" data-part="lo" type="text" inputmode="decimal" placeholder="e.g. 2"></label>
      <label>to (Hz) <input id="modes-band-hi" data-option="band" data-part="hi" type="text" inputmode="decimal" placeholder="e.g. 15"></label>
      <label>Excitation <select id="modes-excitation">
          <option value="auto" selected>found from the force (periodic when it repeats)</option>
          <option value="periodic">periodic: a multisine repeated</option>
          <option value="random">random (not periodic)</option>
        </select></label>
      <label>Periods in the record <input id="modes-periods" type="text" inputmode="numeric" value="" placeholder="e.g. 9" disabled></label>
      <label>Periods skipped (transient) <input id="modes-skip" data-option="skip-periods" type="text" inputmode="numeric" disabled></label>
      <label>Periods held out (validation) <input id="modes-holdout" data-option="holdout-periods" type="text" inputmode="numeric" disabled></label>
    </div>
    <p class="hint">The band holds the modes to find. A periodic record is averaged over its
      periods after the skipped ones (by default the periods are found from the force: where it
      repeats); the last held-out periods are kept back to check the band model on data it has
      not seen.</p>
    <p id="modes-band-error" class="field-error" role="alert"></p>
    <p id="modes-periods-error" class="field-error" role="alert"></p>
  </fieldset>
  <fieldset id="modes-estimate">
    <legend>FRF estimate and outputs</legend>
    <div class="grid">
      <label>FRF method <select id="modes-method">
        <option value="lpm" selected>local polynomial (LPM; random forces; default)</option>
        <option value="welch-hann">Welch, Hann window</option>
        <option value="welch-impact">Welch, impact windows (hammer tests)</option>
        <option value="welch-rectangular">Welch, rectangular window</option>
      </select></label>
      <label>Segment length (samples) <input id="modes-segment" type="text" inputmode="numeric" placeholder="automatic"></label>
    </div>
    <p class="hint">Segment: Welch’s averaging length (automatic: an eighth of the record, or
      the period of a periodic record).</p>
    <p id="modes-method-error" class="field-error" role="alert"></p>
    <fieldset id="modes-outputs"><legend>What each output measures</legend>
      <p class="hint" id="modes-outputs-hint">From the column name (q: displacement, v: velocity,
        a: acceleration), else from “Outputs are” in step 2; change it here when the name does not say.</p>
    </fieldset>
    <p id="modes-outputs-error" class="field-error" role="alert"></p>
    <div class="grid">
      <label>Driving point (the output at the force) <select id="modes-driving" data-option="driving-point"><option value="">none</option></select></label>
    </div>
    <p class="hint">With a driving point (an output measured at the force, in its direction) and
      as many modes in the band as outputs, the result adds the band’s reduced M, D, K in the
      outputs’ coordinates, from the mass-normalised mode shapes; otherwise it says why it cannot.</p>
    <p id="modes-driving-error" class="field-error" role="alert"></p>
    <div id="modes-reduced" aria-live="polite"></div>
  </fieldset>
  <fieldset id="modes-stability">
    <legend>Stabilization</legend>
    <div class="grid">
      <label>Highest model order <input id="modes-max-order" type="text" inputmode="numeric"></label>
      <label>Frequency tolerance (%) <input id="modes-freq-tol" type="text" inputmode="decimal"></label>
      <label>Damping tolerance (%) <input id="modes-damping-tol" type="text" inputmode="decimal"></label>
      <label>Shape MAC at least <input id="modes-mac-min" type="text" inputmode="decimal"></label>
      <label>Stable over at least (orders) <input id="modes-min-stable" type="text" inputmode="numeric"></label>
    </div>
    <p class="hint">Defaults: orders 2, 4, … 40; a pole is stable when its frequency moves by
      at most 1 %, its damping ratio by at most 5 % and its shape keeps a MAC of at least 0.98
      from the previous order (the usual values of modal test software); a mode is a pole
      stable over at least 5 consecutive orders.</p>
    <p id="modes-max-order-error" class="field-error" role="alert"></p>
    <p id="modes-tolerances-error" class="field-error" role="alert"></p>
  </fieldset>
  <div class="actions">
    <button id="modes-run" type="submit" disabled>Find the modes</button>
    <button id="modes-cancel" type="button" hidden disabled>Cancel</button>
    <button id="modes-export-uff55" type="button" disabled>Export modes (UFF 55)</button>
    <button id="modes-export-uff58" type="button" disabled>Export FRFs (UFF 58)</button>
    <button id="modes-export-json" type="button" disabled>Export modes (JSON)</button>
    <button id="modes-report" type="button" disabled>Report (HTML)</button>
  </div>
  <p id="modes-run-error" class="field-error" role="alert"></p>
</form>
<progress id="modes-progress" max="1" value="0" hidden aria-label="Reading the file"></progress>
<p id="modes-status" role="status" aria-live="polite" data-state="empty">Load a file in “Your measurements” (step 2), give the band, then Find the modes.</p>
<ul id="modes-warnings" class="warnings" hidden></ul>
<div id="modes-advice"></div>

<h3>Stabilization diagram</h3>
<figure>
  <div id="modes-stab-plot" class="plot"></div>
  <figcaption class="hint">Each row is one model order, each mark a pole in the band:
    <b>●</b> stable (frequency, damping and shape), <b>▲</b> stable in frequency only
    (damping or shape moved), <b>×</b> new or unstable; the ring marks the poles taken as
    modes (the automatic picks first). Click a pole to take it or to drop it. The grey line is
    the sum of the FRF magnitudes (right axis): its peaks are where the modes are.</figcaption>
</figure>
<h3>Modes</h3>
<div id="modes-table"></div>
<p id="modes-validation" class="hint"></p>
<p class="hint">± is 1.96 standard deviations (from independent parts of the record); MPC
  (modal phase collinearity) is 1 for a real (normal) mode shape; “stable orders”: the
  consecutive orders over which the pole stayed. A pole taken by hand has its frequency and
  damping at its order only: no shape, uncertainty or MPC.</p>
<h3>Mode shapes</h3>
<p class="hint">The shape of the chosen mode (or of a row clicked in the table) at the sensors,
  animated: each sensor moves by Re(ψ e<sup>iωt</sup>), so the points of a real mode move in
  or against phase and a complex mode travels. The sensors stand equally spaced along a line
  unless you give their positions.</p>
<label>Sensor positions along the line (one per output, in order) <input id="modes-positions" type="text" placeholder="equally spaced, e.g. 0, 1.5, 3"></label>
<p id="modes-positions-error" class="field-error" role="alert"></p>
<div id="modes-anim"></div>

<h3>Frequency response</h3>
<div class="grid modes-channel">
  <label>Output <select id="modes-output"></select></label>
  <label>Force <select id="modes-input"></select></label>
</div>
<figure>
  <div id="modes-frf-mag" class="plot"></div>
  <figcaption class="hint">|H| of the chosen output and force (log scale): measured, and the
    band model of the modes found automatically (dashed).</figcaption>
</figure>
<figure>
  <div id="modes-frf-phase" class="plot"></div>
  <figcaption class="hint">Phase of H in degrees: measured, band model dashed.</figcaption>
</figure>
<figure>
  <div id="modes-coherence" class="plot"></div>
  <figcaption class="hint">Coherence of the output with the forces: near 1 where the output
    is explained by the forces, low where noise or nonlinearity dominate (there the FRF is
    uncertain).</figcaption>
</figure>

<h3>Compare mode shapes (MAC)</h3>
<p class="hint">The MAC compares two mode shapes: 1 for the same shape, 0 for unrelated
  ones; here it checks whether two analyses found the same modes.</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>The modal assurance criterion |φ<sub>a</sub><sup>H</sup>φ<sub>b</sub>|² /
    (|φ<sub>a</sub>|² |φ<sub>b</sub>|²) between the shapes at the sensors: 1 for the same
    shape, 0 for orthogonal ones. Against its own modes (AutoMAC) it shows modes the sensors
    cannot tell apart; against an earlier run, a preset or the M, D, K identified from the file in step 2
    (output j measuring DOF j), whether the same modes were found.</p>
</details>
<label class="modes-mac-with">Compare the modes taken with <select id="modes-mac-with"></select></label>
<p id="modes-mac-error" class="field-error" role="alert"></p>
<div id="modes-mac"></div>
`,
};
