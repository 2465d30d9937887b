// Registers the service worker (sw.js) that keeps the page usable offline after its first load,
// and says in the header whether it is.
const note = document.getElementById('offline-status');

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
