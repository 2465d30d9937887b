// The markup of the "Geometry of the test structure" section (#geometry), run by
// web/views/geometry.js. web/app/markup.js fills web/index.html's placeholder of each name
// (<section data-markup="name">) with it before any section starts; constant text of the page,
// never user data. Every id in it is unique in the whole page (tests/node/page_markup.test.mjs).
export const markup = {
  geometry: `
<h2 id="geometry-title" class="section-title">Geometry of the test structure</h2>
<p class="hint">The nodes and lines the modes are drawn on, and the node and direction of each
  sensor. Read from a file, built below for the simple cases, or the chosen preset’s row of
  masses; a universal file loaded above that has nodes brings its own.</p>
<details class="precise">
  <summary>The files it reads</summary>
  <p>A universal file (<code>.uff</code> <code>.unv</code>: nodes of datasets 15 or 2411, trace
    lines of 82, elements of 2412, each dataset 58 record’s response node and direction as a
    sensor), the JSON this section downloads, or a CSV with one row per item, its kind first:
    <code>units,m</code>, <code>node,ID,X,Y,Z</code>, <code>line,A,B[,C…]</code>,
    <code>face,A,B,C[,…]</code>, <code>sensor,CHANNEL,NODE,+X</code> (or <code>-X</code> …
    <code>-Z</code>, or three numbers), <code>slave,NODE,MASTER</code>,
    <code>between,NODE,A,B,T</code>; <code>#</code> starts a comment line. A node without a
    sensor moves as its rule says: as another node (slave), or as (1 − t)·A + t·B (between);
    a node with neither is drawn still.</p>
</details>
<form id="geometry-form" novalidate>
  <fieldset>
    <legend>Load</legend>
    <label>Geometry file <input id="geometry-file" type="file" accept=".uff,.unv,.json,.csv,.txt"></label>
    <p id="geometry-file-error" class="field-error" role="alert"></p>
  </fieldset>
  <fieldset>
    <legend>Or build</legend>
    <div class="grid">
      <label>Shape <select id="geometry-kind">
        <option value="shear">Shear frame</option>
        <option value="line">Points on a line</option>
        <option value="grid">Grid</option>
      </select></label>
      <label><span id="geometry-n1-label">Storeys</span> <input id="geometry-n1" type="text" inputmode="numeric" value="3"></label>
      <label id="geometry-n2-box"><span id="geometry-n2-label">Sensors per storey</span> <input id="geometry-n2" type="text" inputmode="numeric" value="1"></label>
      <label><span id="geometry-size1-label">Storey height</span> <input id="geometry-size1" type="text" inputmode="decimal" value="3"></label>
      <label id="geometry-size2-box"><span id="geometry-size2-label">Width</span> <input id="geometry-size2" type="text" inputmode="decimal" value="6"></label>
      <label>Channels <select id="geometry-prefix">
        <option value="q">q1, q2, …</option>
        <option value="v">v1, v2, …</option>
        <option value="a">a1, a2, …</option>
      </select></label>
    </div>
    <div class="actions"><button id="geometry-build" type="button">Build</button></div>
    <p id="geometry-build-error" class="field-error" role="alert"></p>
  </fieldset>
</form>
<p id="geometry-status" role="status" aria-live="polite" data-state="empty">No geometry yet: load a file or build one.</p>
<ul id="geometry-notes" class="hint"></ul>
<p id="geometry-offer" class="hint" hidden><span id="geometry-offer-text"></span> <button id="geometry-offer-use" type="button">Use it</button></p>
<div id="geometry-details" hidden>
  <h3 id="geometry-mapping-title">Channels on the geometry</h3>
  <p id="geometry-channels-from" class="hint"></p>
  <div class="table-scroll"><table id="geometry-mapping" class="data" aria-labelledby="geometry-mapping-title"></table></div>
  <p id="geometry-unmapped" class="field-error" role="status"></p>
  <p id="geometry-mapping-error" class="field-error" role="alert"></p>
  <h3 id="geometry-rules-title">Nodes without a sensor</h3>
  <p class="hint">Each rule moves a node as another node, or linearly between two (t = 0 at the first, 1 at the second).</p>
  <div class="table-scroll"><table id="geometry-rules" class="data" aria-labelledby="geometry-rules-title"></table></div>
  <p id="geometry-still" class="hint"></p>
  <div class="actions">
    <button id="geometry-add-rule" type="button">Add a rule</button>
    <button id="geometry-download" type="button">Download geometry (JSON)</button>
  </div>
  <p id="geometry-rules-error" class="field-error" role="alert"></p>
</div>
`,
};
