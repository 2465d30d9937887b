// The steady state of a call, for the benches that time WASM (speed, peer). The first calls of a
// case also pay V8's compilation of the code they reach (Liftoff, then TurboFan tier-up in a
// background thread): the first call is returned apart, and the best of `repeats` is taken after a
// warm-up of at least 3 calls and 1 s. `call` returns the result of the last timed call.
export function steadyState(call, repeats) {
  const once = () => {
    const t0 = performance.now();
    const result = call();
    return [performance.now() - t0, result];
  };
  const [first, firstResult] = once();
  for (let calls = 1, warm = first; calls < 3 || warm < 1000; calls++) warm += once()[0];
  let best = Infinity, result = firstResult;
  for (let i = 0; i < repeats; i++) {
    const [ms, r] = once();
    best = Math.min(best, ms);
    result = r;
  }
  return { first, best, result };
}
