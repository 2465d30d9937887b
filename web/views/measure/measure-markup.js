// The markup of the Measure tool's section (#measure), run by web/views/measure/measure.js.
// web/app/markup.js fills web/index.html's placeholder of each name (<section data-markup="name">)
// with it before any section starts; constant text of the page, never user data. Every id in it is
// unique in the whole page (tests/node/page_markup.test.mjs).
export const markup = {
  measure: `
<h2 id="measure-title" class="section-title">Measure: sound card, phone, serial device</h2>
<p class="hint">Record a structure’s force and response (a sound card’s inputs, a phone’s
  accelerometer or a microcontroller on a USB cable) and watch its frequency response while
  you measure. The samples stay in this browser.</p>
<form id="measure-form" novalidate>
  <fieldset>
    <legend>Source</legend>
    <label class="check"><input type="radio" name="measure-source" value="audio" checked> Audio input (sound card, microphone)</label>
    <label class="check"><input type="radio" name="measure-source" value="phone"> This phone’s accelerometer</label>
    <label class="check"><input type="radio" name="measure-source" value="serial"> Serial device (lines of numbers; Chrome or Edge)</label>
    <div id="measure-serial-options" class="grid" hidden>
      <label>Baud rate <select id="measure-baud"><option>9600</option><option>57600</option><option selected>115200</option><option>230400</option><option>460800</option><option>921600</option></select></label>
      <label>Each line <select id="measure-line-format"><option value="timed">t,ch1,ch2… (time in s first)</option><option value="rate">ch1,ch2… at a fixed rate</option></select></label>
      <label>Rate (Hz) <input id="measure-serial-rate" type="text" inputmode="decimal" value="1000"></label>
    </div>
    <div class="actions">
      <button id="measure-connect" type="button">Connect</button>
      <button id="measure-disconnect" type="button" disabled>Disconnect</button>
    </div>
    <p id="measure-source-error" class="field-error" role="alert"></p>
  </fieldset>
  <fieldset id="measure-channels" hidden>
    <legend>Channels</legend>
    <div class="table-scroll"><table class="data">
      <thead><tr><th scope="col">keep</th><th scope="col">name</th><th scope="col">quantity</th><th scope="col">unit</th><th scope="col">units per full scale</th><th scope="col">level</th></tr></thead>
      <tbody id="measure-channel-rows"></tbody>
    </table></div>
    <p id="measure-clip" class="field-error" role="alert"></p>
    <div class="grid">
      <label>Force channel (live FRF) <select id="measure-force"><option value="">none</option></select></label>
      <label>Segment (samples) <select id="measure-segment"><option>1024</option><option>4096</option><option>8192</option><option selected>16384</option><option>32768</option></select></label>
      <label>Record for (s; empty: until Stop) <input id="measure-duration" type="text" inputmode="decimal"></label>
    </div>
    <div class="actions">
      <button id="measure-record" type="button" disabled>Record</button>
      <button id="measure-stop" type="button" disabled>Stop</button>
      <button id="measure-reset" type="button" disabled>Restart the averages</button>
    </div>
    <p id="measure-record-error" class="field-error" role="alert"></p>
  </fieldset>
</form>
<p id="measure-status" role="status" aria-live="polite" data-state="empty">Choose a source, then Connect.</p>
<h3>Live view</h3>
<div id="measure-traces"></div>
<p id="measure-live" class="hint" role="status"></p>
<div id="measure-spectrum" class="plot"></div>
<div id="measure-frf-mag" class="plot"></div>
<div id="measure-coherence" class="plot"></div>
<div id="measure-recorded" hidden>
  <h3>The recording</h3>
  <p id="measure-recorded-summary"></p>
  <label id="measure-resample-choice" class="check" hidden><input id="measure-resample" type="checkbox"> resample to a uniform grid (linear) when analysed: the times are uneven</label>
  <div class="actions">
    <button id="measure-export-csv" type="button">Export CSV</button>
    <button id="measure-export-uff" type="button">Export UFF 58</button>
    <button id="measure-keep" type="button">Keep in this browser</button>
    <button id="measure-to-data" type="button">Identify or find modes (Data step)</button>
    <button id="measure-to-oma" type="button">Output-only modal analysis</button>
  </div>
  <p id="measure-recorded-error" class="field-error" role="alert"></p>
</div>
<h3>Recordings kept in this browser</h3>
<ul id="measure-kept"></ul>
`,
};
