// The checks of issue 18 item 4, "messages where the eye is", shared by the browser tests of the
// messages (messages.test.mjs: the CSV corpus and Identify; messages-sections.test.mjs: the other
// sections): where a section shows its error and what is wrong with how it is shown. Not a test
// file (no .test. in the name).

export const ERROR_COLOUR = 'rgb(180, 35, 24)';   // style.css --error
export const OK_COLOUR = 'rgb(26, 127, 55)';      // style.css --ok
export const WARNING_COLOUR = 'rgb(154, 103, 0)'; // style.css: data-worst="warning"
// A message is "next to" its control when the nearest fieldset around the message holds the
// control, or else (a button row) when the message starts within this many pixels below it.
export const NEAR_PX = 80;

/**
 * Where the page shows its error: the first non-empty visible .field-error inside the elements
 * matched by `scope` (a selector, a list such as '#system, #sim-form' allowed), the control whose
 * aria-describedby names it, and how they sit; null when no message is shown.
 */
export const placement = (page, scope) => page.evaluate((scopeSel) => {
  const shown = [...document.querySelectorAll(scopeSel)].flatMap((s) => [...s.querySelectorAll('.field-error')])
    .filter((p) => p.textContent.trim() !== '' && p.getClientRects().length > 0);
  if (shown.length === 0) return null;
  const message = shown[0];
  const control = [...document.querySelectorAll('[aria-describedby]')]
    .find((c) => c.getAttribute('aria-describedby').split(/\s+/).includes(message.id));
  const m = message.getBoundingClientRect();
  const c = control?.getBoundingClientRect();
  const style = getComputedStyle(message);
  const active = document.activeElement;
  return {
    id: message.id,
    text: message.textContent,
    count: shown.length,
    control: control ? `${control.tagName.toLowerCase()}#${control.id || control.name}` : null,
    sameFieldset: Boolean(control && message.closest('fieldset')?.contains(control)),
    gap: c ? m.top - c.bottom : null,
    inView: m.bottom > 0 && m.top < window.innerHeight,
    colour: style.color,
    focused: active === message || (control !== undefined && active === control),
    focus: `${active?.tagName.toLowerCase()}#${active?.id}`,
  };
}, scope);

// The decimal numbers of a text (integers, such as line numbers, are left out) with more than
// `max` significant digits. Quoted text ("0,5", a cell; 'thresholds:0.0051234', a field's text,
// not the apostrophe of "record's") is the user's own and is left out too.
export function longNumbers(text, max = 4) {
  const unquoted = text.replace(/"[^"]*"|(?<!\w)'[^']*'(?!\w)/g, '""');
  return (unquoted.match(/\d*\.\d+(?:e[+-]?\d+)?/gi) ?? []).filter((x) => {
    const mantissa = x.split(/e/i)[0].replace('.', '').replace(/^0+/, '');
    return mantissa.length > max;
  });
}

// The problems of one placement, as text (empty when all is well).
export function problemsOf(where) {
  if (!where) return ['no message shown'];
  const out = [];
  if (!where.control) out.push(`no control points to #${where.id} (aria-describedby)`);
  else if (!where.sameFieldset && !(where.gap >= -4 && where.gap <= NEAR_PX)) out.push(`#${where.id} is ${where.gap} px from ${where.control}`);
  if (!where.inView) out.push(`#${where.id} is outside the window`);
  if (where.colour !== ERROR_COLOUR) out.push(`colour ${where.colour}`);
  if (!where.focused) out.push(`focus on ${where.focus}, not on #${where.id} or ${where.control}`);
  const long = longNumbers(where.text);
  if (long.length) out.push(`long numbers ${long.join(', ')}`);
  return out;
}
