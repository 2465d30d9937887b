// No dependency cycles (issue 14): between the folders of src/ (a file in folder a including
// "b/…" is an edge a → b), between the C++ units of src/ (a unit is a .cpp with its .hpp: a file
// of either including the other unit's header is an edge; issue 47), and between the JS modules of
// web/, wasm/ and bin/ (static and dynamic relative imports; the page's imports of web/gen/ copies
// lead to the wasm/ files they copy). A cycle is reported as the path that closes it. The page's
// layers (issue 47): no import up between the folders of web/, none from one section of web/views/
// to another (WEB_LAYERS below).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function filesUnder(dir, pattern) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'gen' || name === 'node_modules') continue;
    if (statSync(path).isDirectory()) out.push(...filesUnder(path, pattern));
    else if (pattern.test(name)) out.push(path);
  }
  return out;
}

// The first cycle of a directed graph (Map node → Set of nodes) as a list of nodes, or null.
export function findCycle(graph) {
  const state = new Map(); // undefined: new, 1: on the current path, 2: done
  const path = [];
  const visit = (node) => {
    state.set(node, 1);
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 1) return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    path.pop();
    state.set(node, 2);
    return null;
  };
  for (const node of graph.keys()) {
    if (!state.has(node)) {
      const cycle = visit(node);
      if (cycle) return cycle;
    }
  }
  return null;
}

function addEdge(graph, from, to) {
  if (!graph.has(from)) graph.set(from, new Set());
  if (from !== to) graph.get(from).add(to);
}

// Folder graph of src/: a folder is a file's directory relative to src/ (e.g. identify,
// estimators/svf); an include names its folder by the path before the file name.
function cppFolderGraph() {
  const src = join(root, 'src');
  const graph = new Map();
  for (const file of filesUnder(src, /\.(hpp|cpp)$/)) {
    const from = relative(src, dirname(file));
    for (const [, included] of readFileSync(file, 'utf8').matchAll(/^#include "([^"]+)"/gm)) {
      if (included.includes('/')) addEdge(graph, from, dirname(included));
    }
  }
  return graph;
}

// The relative specifiers a module imports: static (import … from, export … from, a bare import
// of a file) and dynamic with a literal.
function relativeImports(text) {
  return [...text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]/g),
    ...text.matchAll(/import\s*['"](\.[^'"]+)['"]/g),
    ...text.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map((m) => m[1]);
}

// web/gen/<file> → wasm/<file> for each file scripts/build-wasm.sh copies from wasm/ into web/gen/
// (a cp line naming web/gen/; a glob in it is expanded over wasm/): the page's imports of those
// copies are edges into wasm/, so the graph sees what the page depends on.
export function wasmCopies(script = readFileSync(join(root, 'scripts', 'build-wasm.sh'), 'utf8')) {
  const copies = new Map();
  const wasmFiles = readdirSync(join(root, 'wasm'));
  for (const line of script.split('\n').filter((l) => /^\s*cp\s/.test(l) && l.includes('web/gen'))) {
    for (const [, name] of line.matchAll(/\bwasm\/([\w.*-]+\.m?js)\b/g)) {
      const glob = new RegExp(`^${name.replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}$`);
      for (const file of wasmFiles.filter((f) => glob.test(f))) copies.set(`web/gen/${file}`, `wasm/${file}`);
    }
  }
  return copies;
}

let copies = null;
function copiedFrom(path) {
  copies ??= wasmCopies();
  return copies.get(path) ?? path;
}

// The includes of a C++ file: the quoted paths, relative to src/ (the project's only include
// directory).
function includesOf(text) {
  return [...text.matchAll(/^#include "([^"]+)"/gm)].map((m) => m[1]);
}

// Unit graph of C++ sources: a unit is a path relative to src/ without its extension (e.g.
// identify/methods for methods.cpp and methods.hpp); each include of a header of another unit of
// src/ is an edge. `files` maps a path relative to src/ to its text, so that the checker itself can
// be tested on made-up files; edges listed in `allowed` ("from -> to") are left out.
export function cppUnitGraph(files, allowed = new Set()) {
  const unitOf = (path) => path.replace(/\.(hpp|cpp)$/, '');
  const units = new Set([...files.keys()].map(unitOf));
  const graph = new Map();
  for (const [path, text] of files) {
    const from = unitOf(path);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const included of includesOf(text)) {
      const to = unitOf(included);
      if (units.has(to) && !allowed.has(`${from} -> ${to}`)) addEdge(graph, from, to);
    }
  }
  return graph;
}

function srcFiles() {
  const src = join(root, 'src');
  return new Map(filesUnder(src, /\.(hpp|cpp)$/).map((file) => [relative(src, file).split('\\').join('/'), readFileSync(file, 'utf8')]));
}

// Unit loops still to be removed, each as the edge that closes it (none left).
const ALLOWED_UNIT_EDGES = new Set();

function jsModuleGraph() {
  const graph = new Map();
  const files = ['web', 'wasm', 'bin'].flatMap((d) => filesUnder(join(root, d), /\.(m?js)$/));
  for (const file of files) {
    const from = relative(root, file);
    for (const spec of relativeImports(readFileSync(file, 'utf8'))) {
      addEdge(graph, from, copiedFrom(relative(root, resolve(dirname(file), spec))));
    }
  }
  return graph;
}

test('findCycle finds a cycle and accepts a DAG (the checker itself)', () => {
  const dag = new Map([['a', new Set(['b', 'c'])], ['b', new Set(['c'])], ['c', new Set()]]);
  assert.equal(findCycle(dag), null);
  const cyclic = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])]]);
  assert.deepEqual(findCycle(cyclic), ['a', 'b', 'c', 'a']);
});

test('no include cycle between the folders of src/', () => {
  const graph = cppFolderGraph();
  assert.ok(graph.get('identify')?.has('core'), 'the graph was read (identify includes core)');
  assert.equal(findCycle(graph)?.join(' -> ') ?? null, null);
});

test('the unit checker finds a loop between units of one folder and across folders (the checker itself)', () => {
  const files = new Map([
    ['a/one.hpp', '#include "core/types.hpp"\n'],
    ['a/one.cpp', '#include "a/one.hpp"\n#include "b/two.hpp"\n'],
    ['b/two.hpp', '#pragma once\n'],
    ['b/two.cpp', '#include "b/two.hpp"\n#include "a/three.hpp"\n'],
    ['a/three.hpp', '#include "a/one.hpp"\n'],
    ['core/types.hpp', '#pragma once\n'],
  ]);
  // a/one.cpp -> b/two, b/two.cpp -> a/three, a/three.hpp -> a/one: a loop through three units
  // and two folders; the folder graph sees a <-> b, the unit graph names the units.
  assert.deepEqual(findCycle(cppUnitGraph(files)), ['a/one', 'b/two', 'a/three', 'a/one']);
  // Two units of one folder including each other's header, .cpp to .hpp both ways.
  const pair = new Map([
    ['x/p.hpp', '#pragma once\n'], ['x/p.cpp', '#include "x/p.hpp"\n#include "x/q.hpp"\n'],
    ['x/q.hpp', '#pragma once\n'], ['x/q.cpp', '#include "x/q.hpp"\n#include "x/p.hpp"\n'],
  ]);
  assert.deepEqual(findCycle(cppUnitGraph(pair)), ['x/p', 'x/q', 'x/p']);
  assert.equal(findCycle(cppUnitGraph(pair, new Set(['x/q -> x/p']))), null, 'an allowed edge is left out');
  // A unit's .cpp including its own .hpp is no edge; includes outside src/ (Eigen) are none.
  assert.equal(findCycle(cppUnitGraph(new Map([['x/p.cpp', '#include "x/p.hpp"\n#include "Eigen/Dense"\n'], ['x/p.hpp', '']]))), null);
});

test('no include loop between the C++ units of src/ (a .cpp with its .hpp)', () => {
  const graph = cppUnitGraph(srcFiles(), ALLOWED_UNIT_EDGES);
  assert.ok(graph.get('identify/methods')?.has('identify/identification'), 'the graph was read (methods includes identification)');
  assert.equal(findCycle(graph)?.join(' -> ') ?? null, null);
});

test('no import cycle between the JS modules of web/, wasm/ and bin/', () => {
  const graph = jsModuleGraph();
  assert.ok([...graph.values()].some((targets) => targets.size > 0), 'the graph was read');
  assert.equal(findCycle(graph)?.join(' -> ') ?? null, null);
});

// The page's layers (ARCHITECTURE.md, "Layers"), top to bottom: a module of web/<folder>/ may
// import only the folders listed for it (and its own, and web/gen/: the facade and vendored
// libraries, copies the build makes). app/ holds the entry points; views/ the sections; ui/ the
// components, which get their data from the section that shows them (no state/); state/ what
// sections share; client/ the RPC to the worker. The client starts the worker by URL, not by
// import, so that is no edge. A file directly in web/ (sw.js, the service worker) imports nothing
// of the page.
export const WEB_LAYERS = {
  app: ['views', 'client', 'state', 'ui'],
  views: ['ui', 'client', 'state'],
  ui: ['client'],
  state: ['client'],
  client: [],
  '': [],
};

// web/<folder>/… → folder ('' for a file directly in web/); null outside web/.
const webFolder = (path) => (path.startsWith('web/') ? (path.split('/').length > 2 ? path.split('/')[1] : '') : null);
// The section of a views/ module: its folder under views/ (views/csv/csv-import.js → csv), else
// its name (views/modes.js → modes).
const sectionOf = (path) => path.split('/')[2].replace(/\.m?js$/, '');

/**
 * The page's imports that break its layering, as "from -> to (why)" lines: one to a folder its
 * folder may not import (WEB_LAYERS), one into a folder that is no layer, or one from a section
 * of views/ to another section's module. graph: Map module → Set of modules (paths from the root).
 */
export function webViolations(graph) {
  const out = [];
  for (const [from, targets] of graph) {
    const a = webFolder(from);
    if (a === null || a === 'gen') continue;
    for (const to of targets) {
      const b = webFolder(to);
      if (b === null || b === 'gen' || b === a) {
        if (a === 'views' && b === 'views' && sectionOf(from) !== sectionOf(to)) {
          out.push(`${from} -> ${to} (section ${sectionOf(from)} imports section ${sectionOf(to)}: share through web/state/)`);
        }
        continue;
      }
      if (!(a in WEB_LAYERS)) out.push(`${from} -> ${to} (web/${a}/ is no layer of ARCHITECTURE.md)`);
      else if (!WEB_LAYERS[a].includes(b)) out.push(`${from} -> ${to} (web/${a || '.'}/ may import only ${WEB_LAYERS[a].map((f) => `${f}/`).join(', ') || 'gen/'})`);
    }
  }
  return out;
}

test('webViolations finds an import up, one across sections, and accepts the layers (the checker itself)', () => {
  const graph = new Map([
    ['web/app/main.js', new Set(['web/views/modes.js', 'web/client/worker-client.js', 'web/ui/dom.js'])],
    ['web/views/modes.js', new Set(['web/state/measurement.js', 'web/ui/results-table.js', 'web/gen/api.js', 'web/views/csv/csv-import.js'])],
    ['web/views/csv/csv-import.js', new Set(['web/views/csv/csv-runs.js'])],
    ['web/ui/run-control.js', new Set(['web/client/worker-client.js', 'web/state/step-data.js'])],
    ['web/client/worker-client.js', new Set(['web/app/main.js'])],
    ['web/state/measurement.js', new Set(['wasm/api.js'])],
  ]);
  assert.deepEqual(webViolations(graph), [
    'web/views/modes.js -> web/views/csv/csv-import.js (section modes imports section csv: share through web/state/)',
    'web/ui/run-control.js -> web/state/step-data.js (web/ui/ may import only client/)',
    'web/client/worker-client.js -> web/app/main.js (web/client/ may import only gen/)',
  ]);
});

test("the page's folders import only downwards and no section imports another", () => {
  const graph = jsModuleGraph();
  assert.ok(graph.get('web/app/main.js')?.has('web/client/worker-client.js'), 'the graph was read');
  assert.deepEqual(webViolations(graph), []);
});

test('the graph follows web/gen/ to the wasm/ files scripts/build-wasm.sh copies there', () => {
  const copies = wasmCopies();
  assert.equal(copies.get('web/gen/api.js'), 'wasm/api.js');
  assert.deepEqual(wasmCopies('cp wasm/api.js wasm/cs*.js web/gen/\ncp wasm/json.js elsewhere/'),
    new Map([['web/gen/api.js', 'wasm/api.js'], ['web/gen/csv.js', 'wasm/csv.js']]));
  const graph = jsModuleGraph();
  assert.ok(graph.get('web/app/worker.js')?.has('wasm/api.js'), 'the worker reaches the facade in wasm/');
  // Every file of web/gen/ the page imports is a copy of wasm/ or a build product (the module,
  // vendored libraries): a new wasm/ module imported by the page but not copied fails here.
  const modules = new Set(['web/gen/mechid.mjs', 'web/gen/mechid-threads.mjs']);  // with and without threads
  const unknown = [...graph].flatMap(([from, targets]) => [...targets]
    .filter((to) => to.startsWith('web/gen/') && !modules.has(to) && !to.startsWith('web/gen/vendor/'))
    .map((to) => `${from} -> ${to}`));
  assert.deepEqual(unknown, [], 'imports of web/gen/ files that scripts/build-wasm.sh does not copy from wasm/');
});

test("every relative import of the page names a file that exists (a moved module's importers follow it)", () => {
  const missing = [...jsModuleGraph()].filter(([from]) => from.startsWith('web/')).flatMap(([from, targets]) => [...targets]
    .filter((to) => !to.startsWith('web/gen/') && !existsSync(join(root, to))).map((to) => `${from} -> ${to}`));
  assert.deepEqual(missing, []);
});
