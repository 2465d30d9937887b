// The markup of the "Saved analyses" section (#saved), run by web/views/saved.js. web/app/markup.js
// fills web/index.html's placeholder of each name (<section data-markup="name">) with it before any
// section starts; constant text of the page, never user data. Every id in it is unique in the whole
// page (tests/node/page_markup.test.mjs).
export const markup = {
  saved: `
<h2 id="saved-title" class="section-title">Saved analyses</h2>
<p class="hint">Identifications you saved with “Save analysis”, kept in this browser
  (IndexedDB) across reloads and never sent anywhere. Clearing the site’s data removes them.</p>
<label class="saved-open">Open a result file (the JSON of “Export results (JSON)”, or a report of mechid; read in this browser only)
  <input id="saved-open" type="file" accept=".json,application/json,.html,text/html"></label>
<p id="saved-open-error" class="field-error" role="alert"></p>
<div class="table-scroll"><table id="saved-list" class="data" hidden>
  <thead><tr><th scope="col">name</th><th scope="col">saved</th><th scope="col">source</th><th scope="col">methods</th><th scope="col">actions</th></tr></thead>
</table></div>
<p id="saved-status" role="status" aria-live="polite" data-state="loading">Loading…</p>
<div id="saved-results" class="ident-results"></div>
`,
};
