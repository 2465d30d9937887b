// How the CLI's Node process is started: bin/mechid.js's first line (run as an executable) and its
// second process (run as `node bin/mechid.js`) both say this, and bench/cli_memory.mjs starts its
// child the same way; tests/node/cli.test.mjs checks that the first line agrees.
//
// --no-concurrent-recompilation: V8 compiles JavaScript on the main thread (bin/mechid.js says
// why: a hang at exit under load). MALLOC_ARENA_MAX=1: glibc gives each thread that allocates its
// own malloc arena, and Node's threads (V8's platform workers, libuv's pool) kept four of 14-18 MB
// each, which made the peak of a 10⁶-sample `identify --method auto` vary by 60 MB from run to run
// (257-323 MB; with one arena 243-259 MB; issue 56 item 7). The WebAssembly core's memory is its
// own (its threads, bin/threads.mjs, allocate inside it), so they never contend for that one arena.

/** Node's flags of the CLI's process. */
export const NODE_FLAGS = ['--no-concurrent-recompilation'];

/** The environment the CLI's process is started with, besides the caller's. */
export const NODE_ENVIRONMENT = { MALLOC_ARENA_MAX: '1' };

/** The first line of bin/mechid.js that starts the CLI's process so (env -S: GNU and BSD env). */
export const SHEBANG = `#!/usr/bin/env -S ${Object.entries(NODE_ENVIRONMENT).map(([k, v]) => `${k}=${v}`).join(' ')} node ${NODE_FLAGS.join(' ')}`;
