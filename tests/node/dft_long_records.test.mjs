// The DFT of a record of any length in the WebAssembly build (src/core/dft.cpp): a length with a
// prime factor above 5 goes through Bluestein's chirp-z identity, whose chirp phases e^{iπt²/N}
// were computed from t² in a size_t, 32 bits in WebAssembly: from t = 65536 on the phases were
// wrong and so was every spectrum of such a record (the local polynomial FRF of modes and frf,
// natively right). Checked through the local polynomial FRF of a one-sample delay, y(t) = u(t − h),
// whose FRF is e^{−iωh} at every line (the record's wrap-around is the transient the method
// removes): within 1e-9 for lengths on both sides of 65536 and of both kinds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mechid, uniformNoise } from './helpers.mjs';

for (const N of [31676, 86016, 362496, 360000]) {  // 4·7919, 2¹²·3·7, 2¹¹·3·59 (Bluestein); 2⁶·3²·5⁴ (radix 2, 3, 5)
  test(`the local polynomial FRF of a one-sample delay over ${N} samples is e^(−iωh) at every line`, () => {
    const h = 1 / 44100;
    const u = uniformNoise(N, 7);
    const y = new Float64Array(N);
    for (let i = 1; i < N; i++) y[i] = u[i - 1];
    const r = mechid.frf({ h, u: { rows: N, cols: 1, data: u }, y: { rows: N, cols: 1, data: y } }, { method: 'lpm', bandLoHz: 250, bandHiHz: 350 });
    assert.equal(r.status, 'ok', r.message);
    assert.ok(r.freq_hz.length > 50, `${r.freq_hz.length} lines`);
    let worst = 0;
    r.freq_hz.forEach((f, i) => {
      const [re, im] = r.H[0][0][i];
      worst = Math.max(worst, Math.hypot(re - Math.cos(2 * Math.PI * f * h), im + Math.sin(2 * Math.PI * f * h)));
    });
    assert.ok(worst < 1e-9, `largest error ${worst}`);
  });
}
