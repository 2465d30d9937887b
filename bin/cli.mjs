// mechid CLI, started by bin/mechid.js: runs the WASM core under Node (the same calls as the
// page). The process around bin/main.mjs's run: its streams, its exit code. Interfaces in
// docs/interfaces.md, the CLI in docs/cli.md.
import { runCli } from './main.mjs';
import { cliThreads } from './threads.mjs';

process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); });
// Exits explicitly once the command is done: a process left to end by itself can deadlock in
// Node 20's NodePlatform::DrainTasks while V8 still tiers up the WebAssembly module in the
// background (nodejs/node#54918). process.exit() joins V8's worker threads without tearing the
// isolate down, which deadlocks when a concurrent TurboFan job waits for a main-thread GC; the
// launcher bin/mechid.js therefore runs this file with --no-concurrent-recompilation.
// stdout to a pipe is written asynchronously: a success waits until what was written is flushed; a
// failure exits at once with its code (its one line went to stderr), as a closed pipe must not turn
// it into exit 0 through the EPIPE handler above.
const code = await runCli(process.argv.slice(2), { threads: () => cliThreads() });
if (code === 0) process.stdout.write('', () => process.exit(0));
else process.exit(code);
