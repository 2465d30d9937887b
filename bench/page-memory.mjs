// The page's workers and memory for bench/page.mjs: the dedicated workers (DevTools protocol's
// target list; the service worker left out), the JS heap in use of the page and each worker
// (Runtime.getHeapUsage, the page's after a garbage collection; a worker's read through
// Target.sendMessageToTarget), and the WebAssembly memory of the page's shared worker (its
// `memory` request: the byte length of the module's memory; null for a page without one).

let nextId = 1;  // message ids, unique over every target

/** Sends one CDP command to a target through the page's session. */
async function targetSender(cdp, targetId, replies) {
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: false });
  return (method, params = {}) => new Promise((resolve, reject) => {
    const id = nextId++;
    replies.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
    cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
  });
}

/** The WebAssembly memory of the page's one worker in bytes, or null when the page has no `memory` request. */
function wasmBytes(page) {
  return page.evaluate(async () => {
    try {
      const { client } = await import('./client/worker-client.js');
      return (await client.memory()).wasm_bytes;
    } catch {
      return null;
    }
  });
}

/** A DevTools session on the page whose replies from other targets (its workers) reach `replies` by id. */
async function targetSession(page) {
  const cdp = await page.context().newCDPSession(page);
  const replies = new Map();
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const m = JSON.parse(message);
    replies.get(m.id)?.(m);
    replies.delete(m.id);
  });
  return { cdp, replies };
}

/** {workers, heap, wasm}: the page's dedicated workers, JS heap bytes of the page and its workers, WebAssembly bytes. */
export async function pageMemory(page) {
  const { cdp, replies } = await targetSession(page);
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const workers = targetInfos.filter((t) => t.type === 'worker');
    await cdp.send('HeapProfiler.collectGarbage');
    let heap = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    for (const target of workers) heap += (await (await targetSender(cdp, target.targetId, replies))('Runtime.getHeapUsage')).usedSize;
    return { workers: workers.length, heap, wasm: await wasmBytes(page) };
  } finally {
    await cdp.detach();
  }
}

// One isolate's memory from Runtime.getHeapUsage: the JS heap in use, Blink's objects
// (embedderHeapUsedSize) and the ArrayBuffers' backing stores (backingStorageSize: typed arrays,
// the bytes read from a File, the WebAssembly memory), in bytes.
const isolateBytes = (u) => ({ heap: u.usedSize, embedder: u.embedderHeapUsedSize ?? 0, buffers: u.backingStorageSize ?? 0 });

/**
 * A sampler of the page's memory without a garbage collection: sample() resolves with
 * {page, workers: [...]}, each isolateBytes of the page's main thread and of each dedicated worker
 * (a worker busy in a synchronous loop answers when it next yields); close() detaches.
 */
export async function memorySampler(page) {
  const { cdp, replies } = await targetSession(page);
  const { targetInfos } = await cdp.send('Target.getTargets');
  const senders = [];
  for (const target of targetInfos.filter((t) => t.type === 'worker')) senders.push(await targetSender(cdp, target.targetId, replies));
  return {
    sample: async () => ({
      page: isolateBytes(await cdp.send('Runtime.getHeapUsage')),
      workers: await Promise.all(senders.map(async (send) => isolateBytes(await send('Runtime.getHeapUsage')))),
    }),
    close: () => cdp.detach(),
  };
}
