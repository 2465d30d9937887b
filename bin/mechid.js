#!/usr/bin/env -S MALLOC_ARENA_MAX=1 node --no-concurrent-recompilation
// mechid CLI launcher: runs bin/cli.mjs in a Node process whose V8 compiles JavaScript on the main
// thread. Node 20's process.exit() joins V8's worker threads without tearing the isolate down; a
// concurrent TurboFan job then waiting for a main-thread GC never returns, and the CLI hangs at
// 0 % CPU after its work is done (seen under load: 3 in 600 `simulate` runs; gdb shows the main
// thread in WorkerThreadsTaskRunner::Shutdown and a worker in
// CollectionBarrier::AwaitCollectionBackground). The flag cannot be set at run time (V8 creates its
// compile dispatcher at start-up): run as an executable (the line above, or `npm link`'s `mechid`)
// the CLI starts at once; run as `node bin/mechid.js`, it starts a second process with the flag.
// The line above also sets glibc's malloc arenas to one (bin/launch.mjs says why and holds both).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { NODE_ENVIRONMENT, NODE_FLAGS } from './launch.mjs';

if (NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) {
  await import('./cli.mjs');
} else {
  const cli = fileURLToPath(new URL('cli.mjs', import.meta.url));
  const r = spawnSync(process.execPath, [...NODE_FLAGS, ...process.execArgv, cli, ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, ...NODE_ENVIRONMENT } });
  if (r.error) {
    process.stderr.write(`mechid: error: internal: cannot start ${process.execPath}: ${r.error.message}\n`);
    process.exitCode = 2;
  } else {
    // A child ended by a signal: the shell's convention, 128 + the signal's number.
    process.exitCode = r.status ?? 128 + (r.signal === 'SIGINT' ? 2 : r.signal === 'SIGTERM' ? 15 : 9);
  }
}
