// Registers the service worker (sw.js) that serves the page from the browser's cache after its
// first load (also offline), says so in the header, and offers a reload when it has downloaded a
// newer version of the page.
import { $ } from '../ui/dom.js';

const note = $('offline-status');

navigator.serviceWorker?.addEventListener('message', (event) => {
  if (event.data?.type !== 'mechid-updated') return;
  note.dataset.state = 'updated';
  note.textContent = 'A newer version of this page was downloaded: reload the page to use it.';
});

/** Registers web/sw.js for the page's directory; the header's note says how it went. */
export async function registerOffline() {
  if (!('serviceWorker' in navigator)) {
    note.textContent = 'This browser cannot keep the page for offline use.';
    return;
  }
  try {
    // Relative to the page (not this module): sw.js sits next to index.html, its scope.
    await navigator.serviceWorker.register('sw.js', { scope: './' });
    await navigator.serviceWorker.ready;
    note.dataset.state = 'ready';
    note.textContent = 'Available offline: after this first load the page works without a network.';
  } catch (e) {
    note.textContent = `Offline use is not available: ${e?.message ?? e}`;
  }
}
