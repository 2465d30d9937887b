// "3-D view on the geometry" (issue 53): a closed <details> placed after a section's SVG mode
// animation; opening it loads three.js and the viewer (web/ui/shape-3d-panel.js; nothing of them
// is fetched before), closing it stops the viewer and frees its WebGL contexts. Without WebGL it
// says so in one sentence and the SVG animation stays the picture of the shape.
import { el } from './dom.js';

// Whether this browser gives a WebGL context; the probe's context is let go at once (a page may
// hold only a few).
const hasWebgl = () => {
  const canvas = document.createElement('canvas');
  const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
  return Boolean(gl);
};

/**
 * The 3-D view of a section, inserted after `anchor`: `id` prefixes its ids; `client` is the
 * worker client (for the MAC); `geometry()` the page's current geometry or null; `onGeometryChange`
 * registers a listener. Returns {show(sets), choose(k)}: show the results `sets`
 * ([{label, channelNames, modes: [{frequency_hz, damping, shape}]}], the first the section's own;
 * hidden when it has no mode), choose the section's mode k.
 */
export function shape3dAfter(anchor, { id, client, geometry, onGeometryChange }) {
  const details = el('details', undefined, { class: 'shape3d-details', id: `${id}-details` });
  const body = el('div');
  details.append(el('summary', '3-D view on the geometry'), body);
  details.hidden = true;
  anchor.after(details);
  let sets = [];
  let panel = null;
  const open = async () => {
    if (!hasWebgl()) {
      body.replaceChildren(el('p', 'This browser offers no WebGL, so the 3-D view cannot be drawn; the animation above shows the shape.', { class: 'hint', id: `${id}-no-webgl` }));
      return;
    }
    body.replaceChildren(el('p', 'Loading the 3-D view…', { class: 'hint' }));
    const { ShapePanel } = await import('./shape-3d-panel.js');
    if (!details.open || panel) return;
    panel = new ShapePanel(body, { id, client, geometry });
    panel.show(sets);
  };
  const close = () => {
    panel?.destroy();
    panel = null;
    body.replaceChildren();
  };
  details.addEventListener('toggle', () => {
    if (details.open && !panel) {
      open().catch((e) => body.replaceChildren(el('p', `The 3-D view could not be loaded: ${e.message}`, { class: 'hint' })));
    } else if (!details.open) close();
  });
  onGeometryChange?.(() => panel?.show(sets));
  return {
    show(next) {
      sets = next.filter((s) => s.modes.length);
      details.hidden = sets.length === 0;
      if (!sets.length) close();
      else if (panel) panel.show(sets);
      else if (details.open) details.dispatchEvent(new Event('toggle'));
    },
    choose(k) {
      panel?.choose(k);
    },
  };
}

/** A result's modes ({freq_hz, zeta, …}) as the 3-D view takes them; `shapeOf(m)` its shape in any form. */
export const viewModes = (modes, shapeOf = (m) => m.shape) => modes.map((m) => ({ frequency_hz: m.freq_hz, damping: m.zeta, shape: shapeOf(m) }));
