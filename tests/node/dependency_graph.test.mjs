// No dependency cycles (issue 14): between the folders of src/ (a file in folder a including
// "b/…" is an edge a → b), between the C++ units of src/ (a unit is a .cpp with its .hpp: a file
// of either including the other unit's header is an edge; issue 47), and between the JS modules of
// web/, wasm/ and bin/ (static and dynamic relative imports). A cycle is reported as the path that
// closes it.
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

// Unit loops still to be removed, each as the edge that closes it.
// methods <-> work_estimate: work_estimate.cpp includes methods.hpp for method_names(), methods.cpp
// includes work_estimate.hpp for check_work(); the method-table change of issue 47 removes it
// (delete this entry when it is merged).
const ALLOWED_UNIT_EDGES = new Set(['identify/work_estimate -> identify/methods']);

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
