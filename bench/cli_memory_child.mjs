// bench/cli_memory.mjs's child: one CLI run (bin/main.mjs's runCli on the arguments), then on
// stderr {maxRssMB, wasmMB}: the process's peak resident set and the module's WebAssembly memory.
import { runCli } from '../bin/main.mjs';
import { loadMechidNode } from '../wasm/node.js';

const mechid = await loadMechidNode();
const code = await runCli(process.argv.slice(2), { mechid });
const mb = (bytes) => Math.round(bytes / 1048576);
process.stderr.write(`\n${JSON.stringify({ maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024), wasmMB: mb(mechid.memoryBytes()) })}\n`);
process.exitCode = code ?? process.exitCode;
