// Boxes that scroll sideways (.table-scroll: wide result tables, 8×8 matrices on a phone) are in
// the Tab order while, and only while, their content is wider than they are, so that a keyboard
// user can reach them and scroll them with the arrow keys (WCAG 2.1.1; axe's rule
// scrollable-region-focusable). Checked when a box changes size, when the page's content changes
// (views fill tables later) and when the window is resized; a step of the navigation shown or
// hidden resizes its boxes.

const BOXES = '.table-scroll';

function update(box) {
  const scrolls = box.scrollWidth > box.clientWidth + 1;
  if (scrolls && !box.hasAttribute('tabindex')) box.tabIndex = 0;
  else if (!scrolls && box.getAttribute('tabindex') === '0') box.removeAttribute('tabindex');
}

/** Keeps every scrolling box of the page focusable from now on. */
export function focusScrollingBoxes() {
  const sizes = new ResizeObserver((entries) => entries.forEach((e) => update(e.target)));
  const seen = new WeakSet();
  let queued = false;
  const scan = () => {
    queued = false;
    for (const box of document.querySelectorAll(BOXES)) {
      if (!seen.has(box)) {
        seen.add(box);
        sizes.observe(box);
      }
      update(box);
    }
  };
  const later = () => {
    if (!queued) requestAnimationFrame(scan);
    queued = true;
  };
  new MutationObserver(later).observe(document.body, { childList: true, subtree: true });
  window.addEventListener('resize', later);
  scan();
}
