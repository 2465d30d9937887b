// No dependency cycles (issue 14): between the folders of src/ (a file in folder a including
// "b/…" is an edge a → b) and between the JS modules of web/, wasm/ and bin/ (static and dynamic
// relative imports). A cycle is reported as the path that closes it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
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

function jsModuleGraph() {
  const graph = new Map();
  const files = ['web', 'wasm', 'bin'].flatMap((d) => filesUnder(join(root, d), /\.(m?js)$/));
  for (const file of files) {
    const from = relative(root, file);
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]/g),
      ...text.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map((m) => m[1]);
    for (const spec of specifiers) addEdge(graph, from, relative(root, resolve(dirname(file), spec)));
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

test('no import cycle between the JS modules of web/, wasm/ and bin/', () => {
  const graph = jsModuleGraph();
  assert.ok([...graph.values()].some((targets) => targets.size > 0), 'the graph was read');
  assert.equal(findCycle(graph)?.join(' -> ') ?? null, null);
});
