// The page's workers and memory, read through the Chrome DevTools Protocol, for bench/page.mjs:
// every target of the page (the page and its dedicated workers; the service worker is left out)
// is garbage-collected, then its JS heap read (Runtime.getHeapUsage, usedSize) and its
// WebAssembly memories summed (every WebAssembly.Memory object, found by Runtime.queryObjects).
// Nothing in the page is asked, so it measures any version of the page alike.

/** A CDP client of one target, through the page's session (Target.sendMessageToTarget). */
async function targetSession(cdp, targetId, replies) {
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: false });
  let next = 1;
  const send = (method, params = {}) => new Promise((resolve, reject) => {
    const id = next++;
    replies.set(`${sessionId}:${id}`, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
    cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
  });
  return { send, detach: () => cdp.send('Target.detachFromTarget', { sessionId }) };
}

/** {heap, wasm} of one target: JS heap in use and bytes of WebAssembly memory, after a GC. */
async function usage(send) {
  await send('HeapProfiler.collectGarbage');
  const { usedSize } = await send('Runtime.getHeapUsage');
  const proto = await send('Runtime.evaluate', { expression: 'WebAssembly.Memory.prototype' });
  const { objects } = await send('Runtime.queryObjects', { prototypeObjectId: proto.result.objectId });
  const sum = await send('Runtime.callFunctionOn', {
    objectId: objects.objectId, returnByValue: true,
    functionDeclaration: 'function () { return this.reduce((s, m) => s + m.buffer.byteLength, 0); }',
  });
  return { heap: usedSize, wasm: sum.result.value };
}

/**
 * The page's dedicated workers and memory now: {workers, heap, wasm} with heap and wasm in bytes,
 * summed over the page and its workers.
 */
export async function pageMemory(page) {
  const cdp = await page.context().newCDPSession(page);
  const replies = new Map();
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const m = JSON.parse(message);
    const key = `${sessionId}:${m.id}`;
    replies.get(key)?.(m);
    replies.delete(key);
  });
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const workers = targetInfos.filter((t) => t.type === 'worker');
    const total = await usage((method, params) => cdp.send(method, params));
    for (const target of workers) {
      const session = await targetSession(cdp, target.targetId, replies);
      const u = await usage(session.send);
      total.heap += u.heap;
      total.wasm += u.wasm;
      await session.detach();
    }
    return { workers: workers.length, ...total };
  } finally {
    await cdp.detach();
  }
}
