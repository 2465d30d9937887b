// Registers the service worker (sw.js) that serves the page from the browser's cache after its
// first load (also offline), says so in the header, and offers a reload when it has downloaded a
// newer version of the page.
const note = document.getElementById('offline-status');

navigator.serviceWorker?.addEventListener('message', (event) => {
  if (event.data?.type !== 'mechid-updated') return;
  note.dataset.state = 'updated';
  note.textContent = 'A newer version of this page was downloaded: reload the page to use it.';
});

async function register() {
  if (!('serviceWorker' in navigator)) {
    note.textContent = 'This browser cannot keep the page for offline use.';
    return;
  }
  try {
    await navigator.serviceWorker.register('sw.js', { scope: './' });
    await navigator.serviceWorker.ready;
    note.dataset.state = 'ready';
    note.textContent = 'Available offline: after this first load the page works without a network.';
  } catch (e) {
    note.textContent = `Offline use is not available: ${e?.message ?? e}`;
  }
}

register();
