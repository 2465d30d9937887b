// `npm test` after set-up: native build + Catch2 via CTest, WASM build, Node tests of the API and
// CLI, browser tests in Debian's chromium. Every stage's output streams through; one summary at
// the end; exit 1 if any stage failed (a stage whose build failed is reported as skipped).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// The browser test files inside tests/e2e/timed/ (timed = true) or anywhere else under tests/e2e/,
// as paths for the command line: every file runs in exactly one of the two browser stages.
const e2eFiles = (timed) => readdirSync(`${root}tests/e2e`, { recursive: true })
  .filter((f) => f.endsWith('.test.mjs') && f.startsWith('timed/') === timed).sort().map((f) => `tests/e2e/${f}`).join(' ');

const stages = [
  // Ninja and clang++ for a new build directory (an existing one keeps its generator and compiler:
  // CMake reads CMAKE_GENERATOR and CXX only when it creates the cache). Ninja starts the tests'
  // unity batches while the core's last ones compile, where make waits for the core's library
  // (337 against 361 s). clang++ compiles the unity batches in two thirds of g++'s CPU, and its code
  // runs as fast: from scratch on this 2-core machine, idle, 244 s against g++'s 361 s
  // (docs/results.md, "Build and test time on a fresh clone"). The same command as `npm run build:native`.
  { name: 'native build', cmd: 'npm run --silent build:native' },
  // catch_discover_tests splits or merges test names with ';', '[', ']' or quotes, and the merged
  // entries match no test case yet pass: every Catch2 test case (of both test executables) must be
  // one CTest entry.
  { name: 'native test list', needs: 'native build',
    cmd: 'c=$(ctest --test-dir build-native -N | sed -n "s/^Total Tests: //p"); '
      + 't=$(for x in mechid_tests mechid_kernel_tests; do build-native/$x --list-test-names-only; done | sed "/^$/d" | wc -l); '
      + 'echo "CTest entries $c, Catch2 test cases $t"; test "$c" = "$t" || { echo "a test name has a character CTest mis-parses (; [ ] or quotes)"; exit 1; }' },
  // Two at a time, like the builds (-j2: the machines are 2-core); the suite's CPU is in the core's
  // computations, so the two cores halve its wall time.
  { name: 'native tests (Catch2/CTest)', cmd: 'ctest --test-dir build-native -j2 --output-on-failure', needs: 'native build' },
  { name: 'wasm build', cmd: 'bash scripts/build-wasm.sh' },
  // Node runs test files one at a time on a 2-core machine (its default is the cores - 1); the API
  // and CLI files compute in WASM and share nothing (temporary directories of their own), so two
  // at a time.
  { name: 'node tests (API, CLI)', cmd: 'node --test --test-concurrency=2 --test-timeout=900000 --test-reporter=tap tests/node/', needs: 'wasm build' },
  // The browser files two at a time, each with its own Chromium and server, except those of
  // tests/e2e/timed/: they assert frame rates, latencies and main-thread task lengths, or record
  // real-time audio from Chromium's fake capture device, which a second browser on the same two
  // cores disturbs (a CI run lost buffers of the Measure test's recording), so they run alone. A
  // file that adds such an assertion or recording belongs there. 389 s against 410 s all one at a time (measured once; the git history of
  // docs/results.md, "Build time"): Chromium alone keeps the two cores two-thirds busy.
  { name: 'browser tests, timed (chromium)', cmd: `node --test --test-timeout=900000 --test-reporter=tap ${e2eFiles(true)}`, needs: 'wasm build' },
  { name: 'browser tests (chromium)', cmd: `node --test --test-concurrency=2 --test-timeout=900000 --test-reporter=tap ${e2eFiles(false)}`, needs: 'wasm build' },
];

// Runs `cmd` in a shell, echoing its output; resolves to {code, output}.
function run(cmd) {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', cmd], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; process.stdout.write(chunk); });
    child.stderr.on('data', (chunk) => { output += chunk; process.stderr.write(chunk); });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

// "12 passed, 0 failed" from CTest or node --test (TAP) output, when present.
function counts(output) {
  const ctest = /(\d+)% tests passed, (\d+) tests failed out of (\d+)/.exec(output);
  if (ctest) return `${Number(ctest[3]) - Number(ctest[2])} passed, ${ctest[2]} failed`;
  const pass = /^# pass (\d+)/m.exec(output), fail = /^# fail (\d+)/m.exec(output);
  if (pass && fail) return `${pass[1]} passed, ${fail[1]} failed`;
  return '';
}

const results = new Map();
for (const stage of stages) {
  if (stage.needs && results.get(stage.needs).status !== 'ok') {
    results.set(stage.name, { status: 'skipped', detail: `${stage.needs} failed`, seconds: 0 });
    continue;
  }
  console.log(`\n=== ${stage.name}: ${stage.cmd}`);
  const start = Date.now();
  const { code, output } = await run(stage.cmd);
  results.set(stage.name, {
    status: code === 0 ? 'ok' : 'FAILED', detail: counts(output), seconds: (Date.now() - start) / 1000,
  });
}

console.log('\n=== mechid test summary');
for (const [name, r] of results) {
  console.log(`${r.status.padEnd(8)} ${name.padEnd(32)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.detail}`);
}
const failed = [...results.values()].some((r) => r.status !== 'ok');
console.log(failed ? 'mechid: some tests FAILED' : 'mechid: all tests passed');
process.exit(failed ? 1 : 0);
