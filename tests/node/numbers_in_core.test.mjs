// "Every number is computed in src/" (ARCHITECTURE.md, principle 4; issue 47): the page and the
// binding only show and convert. Two greps that can fail: web/ computes no interval, square root,
// modulus or angle outside the plotting helpers named here, and wasm's C++ (bindings.cpp and
// convert/) holds no floating-point literal but the marshalling sizes listed.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

function files(dir, ext) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'gen' ? [] : files(path, ext);
    return ext.some((e) => d.name.endsWith(e)) ? [path] : [];
  });
}

// Code without its comments and string literals (a number in a message or a comment computes nothing).
const code = (text) => text
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/(^|[^:])\/\/.*$/gm, '$1')
  .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, '""');

// Drawing aids: screen geometry (pixels, arrow lengths) and the conversion of complex FRF values
// to the |H| and phase curves drawn; no result shown as a number comes from them. The 3-D mode
// shapes' scene (issue 53) scales the drawn displacement by the structure's size and the largest
// node displacement |u|; the MAC it shows is the core's.
const PLOTTING = new Set(['web/ui/mode-animation.js', 'web/ui/plot-frequency.js', 'web/ui/plot-stabilization.js', 'web/ui/shape-3d-scene.js']);

test('web/ computes no 95 % interval (1.96, z95) and no sqrt, hypot or atan2 outside its plotting helpers', () => {
  const found = [];
  for (const path of files(join(root, 'web'), ['.js', '.mjs'])) {
    const name = relative(root, path).replaceAll('\\', '/');
    const lines = code(readFileSync(path, 'utf8')).split('\n');
    lines.forEach((line, k) => {
      if (/\b1\.96\b|\bz95\b|Z95/.test(line)) found.push(`${name}:${k + 1}: ${line.trim()}`);
      if (!PLOTTING.has(name) && /Math\.(sqrt|hypot|atan2)\b/.test(line)) found.push(`${name}:${k + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, []);
});

// The floating-point literals wasm's C++ may hold: sizes of the marshalling (marshal.hpp: the
// largest whole number JS carries exactly, the range of a DOF list).
const ALLOWED = [
  ['wasm/convert/marshal.hpp', '9007199254740991.0'],
  ['wasm/convert/marshal.hpp', '1e9'],
];

test('wasm/*.cpp and wasm/convert/* hold no floating-point literal but the listed sizes', () => {
  const literal = /(?<![\w.])(\d+\.\d*(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?|\d+e[+-]?\d+)(?![\w.])/gi;
  const paths = [...files(join(root, 'wasm'), ['.cpp']).filter((p) => !relative(join(root, 'wasm'), p).includes('/')),
    ...files(join(root, 'wasm', 'convert'), ['.cpp', '.hpp'])];
  assert.ok(paths.some((p) => p.endsWith('bindings.cpp')) && paths.some((p) => p.endsWith('marshal.hpp')), 'the files are found');
  const found = [];
  for (const path of paths) {
    const name = relative(root, path).replaceAll('\\', '/');
    code(readFileSync(path, 'utf8')).split('\n').forEach((line, k) => {
      if (/^\s*#\s*include/.test(line)) return;
      for (const [number] of line.matchAll(literal)) {
        if (!ALLOWED.some(([file, x]) => file === name && x === number)) found.push(`${name}:${k + 1}: ${number} in ${line.trim()}`);
      }
    });
  }
  assert.deepEqual(found, []);
});
