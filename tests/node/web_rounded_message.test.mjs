// The page's one rounding of message text (web/ui/field-message.js roundedMessage, issue 18 item
// 4): decimals of more than 4 significant digits, as a double prints them, to 4 (dom.js fmt);
// shorter ones and integers as written; quoted text, the user's own, never touched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { roundedMessage } from '../../web/ui/field-message.js';

test('long decimals to 4 significant digits, short ones and integers as written', () => {
  assert.equal(roundedMessage('f = 0.18670684655965122 Hz'), 'f = 0.1867 Hz');
  assert.equal(roundedMessage('1/(n h) = 6.666666666666667 Hz, line 12345'), '1/(n h) = 6.667 Hz, line 12345');
  assert.equal(roundedMessage('k = -0.09818544037864027, h = 0.00200 s, 1.5e-05, 3.72e+08'), 'k = -0.09819, h = 0.00200 s, 1.5e-05, 3.72e+08');
  assert.equal(roundedMessage('x = 12345.678'), 'x = 1.235e+4');
});

test('quoted text is kept as written: "…" and \'…\', not the apostrophe of a word', () => {
  assert.equal(roundedMessage('got "0.123456789" and 0.123456789'), 'got "0.123456789" and 0.1235');
  assert.equal(roundedMessage("regions 'thresholds:0.1234567x': '0.1234567x' is not a number"),
    "regions 'thresholds:0.1234567x': '0.1234567x' is not a number");
  assert.equal(roundedMessage("the record's base frequency 0.123456 and the model's 1.234567"),
    "the record's base frequency 0.1235 and the model's 1.235");
  assert.equal(roundedMessage(42), '42');
});
