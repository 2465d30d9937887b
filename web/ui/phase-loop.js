// The play/pause loop of an animated mode shape (web/ui/mode-animation.js, web/ui/shape-3d-panel.js):
// the phase φ of Re(ψ e^{iφ}) advances by 2π·speed per PERIOD_S seconds of display time, whatever
// the mode's frequency. The loop runs only while playing and while `root` is in view
// (IntersectionObserver), stops for good when `root` leaves the document, and starts paused under
// prefers-reduced-motion. The button says Play or Pause (aria-pressed); root's data-playing says
// which, for tests.

export const PERIOD_S = 2;

export class PhaseLoop {
  /**
   * `frame()` draws the current phase; `canPlay()` whether there is anything to play; `speed()`
   * the display speed (1: one cycle per PERIOD_S s); `detached()` runs when root has left the page.
   */
  constructor(root, button, frame, { canPlay = () => true, speed = () => 1, detached = () => this.stop() } = {}) {
    Object.assign(this, { root, button, frame, canPlay, speed, detached });
    this.phase = 0;
    this.raf = 0;
    this.last = null;
    this.visible = true;
    this.playing = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    button.addEventListener('click', () => this.setPlaying(!this.playing));
    if (typeof IntersectionObserver === 'function') {
      this.observer = new IntersectionObserver((entries) => {
        this.visible = entries.some((e) => e.isIntersecting);
        this.schedule();
      });
      this.observer.observe(root);
    }
  }

  setPlaying(on) {
    this.playing = on && this.canPlay();
    this.button.textContent = this.playing ? 'Pause' : 'Play';
    this.button.setAttribute('aria-pressed', String(this.playing));
    this.root.dataset.playing = String(this.playing);
    this.last = null;
    this.schedule();
  }

  schedule() {
    if (this.raf || !this.playing || !this.visible) return;
    this.raf = requestAnimationFrame((t) => this.tick(t));
  }

  tick(t) {
    this.raf = 0;
    if (!this.root.isConnected) { this.detached(); return; }  // removed from the page: stop for good
    if (!this.playing || !this.visible) return;
    if (this.last !== null) this.phase = (this.phase + (2 * Math.PI * this.speed() * (t - this.last)) / (PERIOD_S * 1000)) % (2 * Math.PI);
    this.last = t;
    this.frame();
    this.schedule();
  }

  /** Stops the loop for good and lets go of the observer. */
  stop() {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
    this.playing = false;
    this.root.dataset.playing = 'false';
    this.observer?.disconnect();
    this.observer = null;
  }
}
