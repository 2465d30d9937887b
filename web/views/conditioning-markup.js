// The markup of the "Discretization & conditioning" section (#cond), run by
// web/views/conditioning.js. web/app/markup.js fills web/index.html's placeholder of each name
// (<section data-markup="name">) with it before any section starts; constant text of the page,
// never user data. Every id in it is unique in the whole page (tests/node/page_markup.test.mjs).
export const markup = {
  cond: `
<h2 id="cond-title" class="section-title">Discretization &amp; conditioning</h2>
<p class="hint">Sampling turns M, D and K into three discrete matrices, and going back is
  simple arithmetic; but when h is small, a tiny error in the discrete matrices can become a
  large error in M, D and K.</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>Sampling with period h turns M, D, K into discrete matrices. The midpoint (variational)
    rule does it with a linear map (eq. 2.22); going back (eq. 2.26) multiplies by h or 1/h,
    so small errors in the discrete matrices can grow a lot when h is small.</p>
</details>
<div class="grid cond-controls">
  <label>System <select id="cond-preset"></select></label>
  <label class="range">Sampling period h (log scale)
    <input id="cond-h" type="range" min="0" max="200" step="1" value="100" disabled>
    <output id="cond-h-value" for="cond-h">h = 0.1000 s</output>
  </label>
</div>
<p id="cond-controls-error" class="field-error" role="alert"></p>
<p id="cond-status" role="status" aria-live="polite" data-state="loading">Loading the WebAssembly module…</p>

<h3>Discrete matrices Md, Dd, Kd</h3>
<p class="hint">When h is small these matrices are dominated by M divided by h, so K hides
  in small differences between large numbers.</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>Md = M/h + hK/4 + D/2, Dd = −(2M/h − hK/2), Kd = M/h + hK/4 − D/2
    (eq. 2.22), so that Md q<sub>k</sub> + Dd q<sub>k−1</sub> + Kd q<sub>k−2</sub> = L u<sub>d</sub>(k)
    (eq. 2.23). For small h the M/h terms dominate and K is hidden in small differences.</p>
</details>
<div class="matrices">
  <figure><figcaption>Md</figcaption><div class="table-scroll"><table id="cond-Md" class="matrix"></table></div></figure>
  <figure><figcaption>Dd</figcaption><div class="table-scroll"><table id="cond-Dd" class="matrix"></table></div></figure>
  <figure><figcaption>Kd</figcaption><div class="table-scroll"><table id="cond-Kd" class="matrix"></table></div></figure>
</div>

<h3>Condition number κ(h)</h3>
<p id="cond-kappa" class="kappa">κ(h) = …</p>
<p id="cond-amplification" class="hint"></p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>The numbers above are the worst-case amplification of a relative error in
    (Md, Dd, Kd) into each matrix of this system: as h → 0 it stays about 1 for M and grows
    like 1/h² for K and like 1/h for D (Bruschetta 2011, Remark 2).</p>
  <p id="cond-kappa-detail" class="hint"></p>
</details>
<figure>
  <div id="cond-kappa-plot" class="plot"></div>
  <figcaption class="hint">κ(h) is how many times, at worst, a small error in the discrete
    matrices can grow on the way back to M, D and K: it grows fast as h gets small. The dot
    marks the chosen h.
    <details class="precise">
      <summary>The precise statement</summary>
      κ(h) = σ<sub>max</sub>/σ<sub>min</sub> of the map R that gives (M, K, D) back from
      (Md, Kd, Dd) (eqs. 3.28, 3.33): a relative error in the discrete matrices can grow up
      to κ times in M, K, D. κ grows like 1/h² as h → 0. Bruschetta’s formula (3.36) takes
      σ+/σ−, but for √5−1 &lt; h &lt; √5+1 (1.24 s to 3.24 s) the middle singular value √2
      is the largest, so κ differs there (at h = 2, κ = 2, not √2). κ is the same for every
      system.
    </details></figcaption>
</figure>

<h3>Modes</h3>
<div class="table-scroll"><table id="cond-modal" class="data"></table></div>
<p class="hint">Each mode swings at its own frequency f and dies out at a rate set by its
  damping ratio ζ; they belong to the system, not to h, and a useful h samples the fastest
  mode several times per swing (h well below 1/f).</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>The modes are the roots s of det(Ms² + Ds + K) = 0 (eq. 1.5),
    s = −ζω<sub>n</sub> ± iω<sub>n</sub>√(1−ζ²): ω<sub>n</sub> is the natural frequency,
    f = ω<sub>n</sub>/2π and ζ the damping ratio.</p>
</details>

<h3>Passivity per discretization</h3>
<div class="table-scroll"><table id="cond-passivity" class="data"></table></div>
<p class="hint">A passive system never gives out more energy than it has received: the
  midpoint discretization keeps this property at every h, ZOH and forward Euler do not.</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>Passivity is the inequality (3.41). The row “continuous” tests the matrix inequality
    (LMI 3.42), the other rows its discrete form (DLMI 3.45) for the Cayley transform (3.13)
    of the midpoint rule, ZOH and forward Euler, each with the system’s own energy
    ½(qᵀKq + q′ᵀMq′) and velocity output y = Lᵀq′: passive when the largest eigenvalue
    λ<sub>max</sub> of that matrix is ≤ 0 (up to rounding). The Cayley (midpoint)
    discretization keeps passivity at every h (Theorem 3.3.1).</p>
</details>

<h3>Perturbation study: how errors in the discrete model grow on the way back</h3>
<p class="hint">The one-mass system is sampled at eight periods h, its discrete model gets
  small random errors, and the plot shows how large the errors of m, d and k become once
  converted back.</p>
<details class="precise">
  <summary>The precise statement</summary>
  <p>The 1-DOF msd system (m = 15, d = 0.2, k = 2), whatever system is chosen above, is
    sampled at h<sub>i</sub> = 2π/(i ω<sub>B</sub>), i = 1, 2, 3, 5, 10, 20, 50, 100
    (ω<sub>B</sub>: 3 dB bandwidth, eq. 3.22). The discrete parameters get 50 random errors
    of 5 % each (seed 1) and are converted back; the plot shows the relative errors, as
    Bruschetta 2011, Figs. 3.1, 3.2 and A.1.</p>
</details>
<div class="actions"><button id="cond-study" type="button" disabled>Run the perturbation study</button></div>
<p id="cond-study-error" class="field-error" role="alert"></p>
<figure>
  <div id="cond-study-plot" class="plot"></div>
  <figcaption class="hint">With the midpoint rule (solid) the error of m stays flat while
    those of d and k grow as h shrinks; with ZOH (dashed) all of them grow alike.
    <details class="precise">
      <summary>The precise statement</summary>
      Midpoint (solid): δm stays flat, δd grows like 1/h and δk like 1/h² (Remark 2,
      Fig. 3.2). ZOH (dashed): the error of A grows like the condition of the matrix
      logarithm, about 1/h (Fig. 3.1), and spreads to m, d and k alike after the
      second-order extraction (Fig. A.1).
    </details></figcaption>
</figure>
`,
};
