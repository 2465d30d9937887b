// The markup of the lesson (#lesson, inside the Identify section), run by
// web/views/lesson/lesson.js. web/app/markup.js fills web/index.html's placeholder of each name
// (<section data-markup="name">) with it before any section starts; constant text of the page,
// never user data. Every id in it is unique in the whole page (tests/node/page_markup.test.mjs).
export const markup = {
  lesson: `
<h4 id="lesson-title">Lesson: why fast sampling is hard</h4>
<p id="lesson-caption">Sampling faster should help, but the usual method (n4sid + d2c)
  gets <em>worse</em> when the samples are very close together, while the variational
  method keeps M, D and K accurate there: press the button to see the errors of both
  against the sampling period h.</p>
<details id="lesson-details" class="precise">
  <summary>The precise statement</summary>
  <p id="lesson-design">The 3-DOF system of Bruschetta 2011, sec. 5.2.1 is simulated with a PRBS
    input at several sampling periods h, with noise on q and new data in each run.</p>
  <p>Each run is identified by the variational
    method (n4sid start, structured PEM on the midpoint model eq. 2.23, M, D, K from
    eq. 2.26) and by n4sid + d2c (the matrix logarithm of the identified discrete model).
    The four plots and the table give, for X = M, K, D and A (the continuous state matrix
    of eq. 1.4), the RMS over the runs of ‖X̂ − X‖/‖X‖ (eq. 5.1): the comparison of Bruschetta 2011,
    Figs. 5.2 (M), 5.3 (K), 5.4 (D) and 5.5 (A).</p>
  <p>Small h: the logarithm’s condition grows like 1/h (Bruschetta 2011, sec. 1.1 and Fig. 3.1), so
    the d2c errors blow up as h → 0 and, at the smallest h, some identified models are
    unstable and have no real logarithm at all (counted as failed runs, left out of the
    RMS). The midpoint map is linear; its condition number grows as h → 0 too (like
    1/h², eq. 3.36), but in this range the variational errors stay small (Bruschetta 2011 sees
    that growth only at still smaller h, with an exactly initialised PEM, sec. 5.2.2.1).</p>
  <p>Large h: the midpoint model only approximates the sampled motion, an error that
    grows with h (the error “due to the Cayley transform”, Bruschetta 2011, sec. 4.1; seen on M in
    sec. 5.2.2.2, Figs. 5.14–5.15), while the PRBS input is held over each period, so the
    ZOH model behind d2c fits the data exactly. There the variational errors of M, D and A
    grow and the curves of M cross: n4sid + d2c is the better method at the largest h.</p>
  <p>Bruschetta 2011 uses SNR 15 dB and N = 6000; at 15 dB most d2c runs fail outright at
    h = 0.001 s, which leaves no point to plot there.</p>
</details>
<div class="actions">
  <button id="lesson-run" type="button" disabled>Run the lesson: small h</button>
  <button id="lesson-cancel" type="button" hidden disabled>Cancel</button>
</div>
<progress id="lesson-progress" max="1" value="0" hidden aria-label="Runs of the lesson done"></progress>
<p id="lesson-status" role="status" aria-live="polite" data-state="loading">Loading the WebAssembly module…</p>
<figure>
  <div id="lesson-plot" class="lesson-plots">
    <figure><figcaption>Mass M</figcaption><div id="lesson-plot-M" class="plot"></div></figure>
    <figure><figcaption>Stiffness K</figcaption><div id="lesson-plot-K" class="plot"></div></figure>
    <figure><figcaption>Damping D</figcaption><div id="lesson-plot-D" class="plot"></div></figure>
    <figure><figcaption>State matrix A</figcaption><div id="lesson-plot-A" class="plot"></div></figure>
  </div>
  <figcaption class="hint">The error of each matrix against the sampling period h (both
    axes logarithmic; lower is better). Read each plot from right to left: n4sid + d2c
    gets worse as the sampling gets faster, while at the slowest sampling it is the
    variational method’s M, D and A that get worse.</figcaption>
</figure>
<div id="lesson-table" class="table-scroll"></div>
`,
};
