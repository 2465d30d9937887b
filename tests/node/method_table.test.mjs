// The method table at the JS boundary (issue 47, item 2): methodInfo() is the core's table, and
// the texts and lists made from it (the CLI help's capability lines, the page's method lists, the
// fuzz generator's methods and capabilities) follow it: a method added to the table appears in
// each, with its capabilities.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { methodHelpLines, methodsWith } from '../../wasm/method-help.js';
import { methodChoices } from '../../web/ui/method-list.js';
import { arbitrary, cohere, methodsFrom } from '../../fuzz/targets/identify.mjs';
import { mechid } from './helpers.mjs';

const info = mechid.methodInfo();

// One more method, as a new entry of the table would come: several runs, a structure, friction and
// a low-pass, no offset, displacements only.
const DUMMY = {
  name: 'dummy', family: 'least_squares', label: 'dummy (a test’s method)', summary: 'a test’s method',
  runs: true, structure: true, friction: true, offset: false, positive: true, outputs: ['displacement'], lowpass: 'always',
  recommended: false, thesis_comparison: true,
};
const withDummy = [...info, DUMMY];

// The lines of identify's help that name methods by capability.
// "  opt1, opt2: methods" (options honoured by the same methods share a line): the methods of `option`.
const capabilityLine = (lines, option) => {
  const line = lines.find((l) => l.startsWith('  ') && l.slice(2, l.indexOf(': ')).split(', ').includes(option));
  return line?.slice(line.indexOf(': ') + 2);
};
const listed = (lines, option) => capabilityLine(lines, option).split(', ').sort();

test('methodInfo: one entry per method of methodNames, in its order, with the documented keys', () => {
  assert.deepEqual(info.map((m) => m.name), mechid.methodNames());
  for (const m of info) {
    assert.deepEqual(Object.keys(m), ['name', 'family', 'label', 'summary', 'runs', 'structure', 'friction', 'offset', 'positive',
      'outputs', 'lowpass', 'recommended', 'thesis_comparison']);
    assert.ok(m.label.startsWith(m.name), m.label);
  }
});

test('methodHelpLines: the same methods per capability as the CLI help written by hand before the table (bin/commands/identify.mjs, e622506)', () => {
  const lines = methodHelpLines(info);
  // The hand-written help: "--positive: … (auto, variational, variational-zoh)", "--data FILE
  // repeated: … (one M, D, K; auto, variational-zoh, inverse-dynamic)", "--structure …; auto,
  // variational-zoh, inverse-dynamic honour it", "--friction coulomb: … (inverse-dynamic; auto runs
  // it); --offset: … (inverse-dynamic, variational-zoh, auto)".
  assert.deepEqual(listed(lines, '--positive'), ['auto', 'variational', 'variational-zoh']);
  assert.deepEqual(listed(lines, 'several --data runs'), ['auto', 'inverse-dynamic', 'variational-zoh']);
  assert.deepEqual(listed(lines, '--structure'), ['auto', 'inverse-dynamic', 'variational-zoh']);
  assert.deepEqual(listed(lines, '--friction coulomb'), ['auto', 'inverse-dynamic']);
  assert.deepEqual(listed(lines, '--offset'), ['auto', 'inverse-dynamic', 'variational-zoh']);
  // The core's rule (methods.cpp before the table): inverse-dynamic, and auto with friction.
  assert.equal(capabilityLine(lines, '--lowpass'), 'inverse-dynamic; auto with --friction coulomb');
  assert.deepEqual(listed(lines, '--outputs acceleration'), [...mechid.methodNames()].sort());
  for (const name of mechid.methodNames()) assert.ok(lines.some((l) => l.startsWith(`${name}: `)), name);
});

test('a method added to methodInfo is listed by the CLI help, the page lists and the fuzz generator, with its capabilities', () => {
  const lines = methodHelpLines(withDummy);
  assert.ok(lines.includes('dummy: a test’s method'));
  for (const option of ['several --data runs', '--structure', '--friction coulomb', '--positive']) {
    assert.ok(listed(lines, option).includes('dummy'), option);
  }
  for (const option of ['--offset', '--outputs acceleration']) assert.ok(!listed(lines, option).includes('dummy'), option);
  assert.equal(capabilityLine(lines, '--lowpass'), 'inverse-dynamic, dummy; auto with --friction coulomb');
  assert.deepEqual(methodsWith(withDummy, 'positive'), ['auto', 'variational', 'variational-zoh', 'dummy']);

  // The page's lists: every method (the recommended first, as the page had them), the dummy with
  // its label, checked where its flag says.
  const identifyList = methodChoices(withDummy, 'thesis_comparison');
  assert.deepEqual(identifyList.map((c) => c.value), ['auto', 'variational', 'n4sid-d2c', 'equation-error', 'variational-zoh', 'inverse-dynamic', 'dummy']);
  assert.deepEqual(identifyList.at(-1), { value: 'dummy', text: 'dummy (a test’s method)', checked: true });
  assert.equal(methodChoices(withDummy, 'recommended').at(-1).checked, false);

  // The fuzz generator: the dummy among the generated methods, its options kept or dropped by its capabilities.
  assert.deepEqual(methodsFrom(withDummy), ['auto', 'variational', 'n4sid-d2c', 'equation-error', 'variational-zoh', 'inverse-dynamic', 'dummy']);
  const cases = fc.sample(arbitrary(fc, { info: withDummy }), { seed: 1, numRuns: 200 });
  const dummyCase = cases.find((c) => c.method === 'dummy');
  assert.ok(dummyCase, 'no case of 200 chose the dummy method');
  const options = { ...dummyCase.options, friction: 'coulomb', offset: true, lowpassHz: 5, positive: false };
  const c = cohere({ ...dummyCase, options, acceleration: true, runs: 3 }, withDummy);
  assert.equal(c.options.friction, 'coulomb');
  assert.equal(c.options.offset, undefined);
  assert.equal(c.options.lowpassHz, 5);
  assert.equal(c.acceleration, false, 'displacements only');
  assert.equal(c.runs, 3);
});

test('the page lists check today’s defaults: auto (recommended) in the CSV section, the thesis’s comparison in Identify', () => {
  const checked = (key) => methodChoices(info, key).filter((c) => c.checked).map((c) => c.value);
  assert.deepEqual(checked('recommended'), ['auto']);
  assert.deepEqual(checked('thesis_comparison'), ['variational', 'n4sid-d2c']);
});
