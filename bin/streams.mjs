// Where the command being run writes its result (no --out) and its warnings (bin/io.mjs): the
// process's streams, or those a run of bin/main.mjs gave (the Node tests run commands in their own
// process). Apart from io.mjs so that main.mjs loads no command's dependencies (PapaParse among them)
// before its run has started: a failure to load one is then one `mechid: error:` line, exit 2.
export const streams = { stdout: process.stdout, stderr: process.stderr };
let inUse = false;

/** Points writeOutput and warn at `given` ({stdout, stderr}) until the returned function is called. */
export function useStreams(given) {
  if (inUse) throw new Error('one CLI run at a time in a process (the streams of bin/streams.mjs are in use)');
  inUse = true;
  const before = { ...streams };
  Object.assign(streams, given);
  return () => {
    Object.assign(streams, before);
    inUse = false;
  };
}
