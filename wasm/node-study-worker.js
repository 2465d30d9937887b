// worker_threads side of wasm/node-study.js: one WASM instance, one study run per message.
import { parentPort, workerData } from 'node:worker_threads';
import { loadMechidNode } from './node.js';

const mechid = await loadMechidNode();
parentPort.on('message', (options) => {
  try {
    parentPort.postMessage({ result: mechid.studyRun(workerData.system, options) });
  } catch (e) {
    parentPort.postMessage({ error: { code: e.code ?? 'internal', message: e.message, option: e.option } });
  }
});
