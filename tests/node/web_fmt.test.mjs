// The page's one number formatter (web/ui/dom.js fmt): the digits shown are the number rounded
// to `digits` significant digits (checked against a rounding done here by logarithms, not by
// toPrecision), positional from 1e-3 to 10^digits and exponential outside, and the values that
// are not numbers are named, not printed as "NaN" or "undefined".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fmt } from '../../web/ui/dom.js';

// Significant digits of a shown number: "0.3651" -> 4, "-1.500e+4" -> 4, "150.0" -> 4.
function sigDigits(text) {
  const mantissa = text.replace(/^-/, '').replace(/e[+-]\d+$/, '').replace('.', '');
  return mantissa.replace(/^0+/, '').length;
}

test('every shown value has the asked significant digits and is within half a unit of the last one', () => {
  for (const digits of [3, 4, 6]) {
    for (let e = -9; e <= 9; e++) {
      for (const m of [1, 1.23456789, 3.5, 9.87654321, 9.99999999]) {
        for (const sign of [1, -1]) {
          const x = sign * m * 10 ** e;
          const text = fmt(x, digits);
          assert.equal(sigDigits(text), digits, `fmt(${x}, ${digits}) = "${text}"`);
          const unit = 10 ** (Math.floor(Math.log10(Math.abs(x))) - digits + 1);
          assert.ok(Math.abs(Number(text) - x) <= 0.5 * unit * (1 + 1e-9) + Math.abs(x) * 1e-15,
            `fmt(${x}, ${digits}) = "${text}" is more than half a unit off`);
          // The notation (m = 9.99999999 rounds up to the next power of ten, either notation is right).
          const exponential = Math.abs(x) < 1e-3 || Math.abs(x) >= 10 ** digits;
          if (m < 9.9) assert.equal(/e[+-]\d+$/.test(text), exponential, `fmt(${x}, ${digits}) = "${text}": notation`);
        }
      }
    }
  }
});

test('the thresholds and the default of 4 digits', () => {
  assert.equal(fmt(Math.sqrt(2 / 15)), '0.3651');
  assert.equal(fmt(15), '15.00');
  assert.equal(fmt(0.001), '0.001000');
  assert.equal(fmt(0.00099), '9.900e-4');
  assert.equal(fmt(9999), '9999');
  assert.equal(fmt(40000), '4.000e+4');
  assert.equal(fmt(8940.123456, 6), '8940.12');
});

test('zero, infinities and missing values', () => {
  assert.equal(fmt(0), '0');
  assert.equal(fmt(-0), '0');
  assert.equal(fmt(Infinity), '∞');
  assert.equal(fmt(-Infinity), '-∞');
  for (const missing of [NaN, null, undefined]) assert.equal(fmt(missing), '–');
});
