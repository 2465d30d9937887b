// The markup of the "Hammer test" section (#hammer), run by web/views/hammer.js. web/app/markup.js
// fills web/index.html's placeholder of each name (<section data-markup="name">) with it before any
// section starts; constant text of the page, never user data. Every id in it is unique in the whole
// page (tests/node/page_markup.test.mjs).
export const markup = {
  hammer: `
<h2 id="hammer-title" class="section-title">Hammer test</h2>
<p class="hint">The modes of a structure struck with an instrumented hammer: the file’s force
  column (one) and its responses, cut at each hit; double hits and overloads are
  left out with the reason, and you can take any hit in or out.</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>Each hit starts where the force crosses the trigger level upwards; a force window keeps
    the pulse and an exponential window e<sup>−t/τ</sup> both channels, H1, H2 and the coherence
    are averaged over the accepted hits, and in the band the modes’ damping has the window’s
    added damping taken off (Fladung &amp; Rost 1997).</p>
</details>
<p id="hammer-source" class="hint" role="status">No file yet: load one with a force column in “Your measurements”, step 2 (Data).</p>
<form id="hammer-form" novalidate>
  <div class="grid">
    <label>Trigger level (fraction of the largest force) <input id="hammer-trigger" type="text" inputmode="decimal"></label>
    <label>Samples before the trigger <input id="hammer-pretrigger" type="text" inputmode="numeric"></label>
    <label>Samples per hit (0: the shortest spacing) <input id="hammer-length" type="text" inputmode="numeric"></label>
    <label>Double hit above (fraction of the peak) <input id="hammer-double-hit" type="text" inputmode="decimal"></label>
    <label>Exponential window τ (s) <input id="hammer-exp-tau" type="text" inputmode="decimal" placeholder="1 % at the end"></label>
    <label>Band from (Hz) <input id="hammer-band-lo" type="text" inputmode="decimal"></label>
    <label>to (Hz) <input id="hammer-band-hi" type="text" inputmode="decimal"></label>
  </div>
  <p id="hammer-options-error" class="field-error" role="alert"></p>
  <div class="actions">
    <button id="hammer-run" type="submit" disabled>Analyse the hits</button>
    <button id="hammer-cancel" type="button" hidden disabled>Cancel</button>
  </div>
  <p id="hammer-run-error" class="field-error" role="alert"></p>
</form>
<p id="hammer-status" role="status" aria-live="polite" data-state="empty">Load a file with a force column, then Analyse the hits.</p>
<ul id="hammer-warnings" class="warnings" hidden></ul>
<div id="hammer-advice"></div>
<h3>Hits</h3>
<div id="hammer-hits"></div>
<p class="hint">Uncheck a hit to leave it out of the averages, check a rejected one to average it anyway; the hits are analysed again.</p>
<h3>Modes</h3>
<div id="hammer-modes"></div>
<h3>Averaged FRF and coherence</h3>
<figure>
  <div id="hammer-frf-plot" class="plot"></div>
</figure>
`,
};
