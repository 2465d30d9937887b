// The report's stylesheet (wasm/report.js): screen and print. Printing (A4): each section starts a
// page, a heading stays with what follows it, no table or figure is cut across pages.
export const REPORT_CSS = `
body { font: 14px/1.45 system-ui, sans-serif; color: #1a1a1a; max-width: 60rem; margin: 1.5rem auto; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin-bottom: 0.2rem; }
h2 { font-size: 1.25rem; border-bottom: 1px solid #ccc; padding-bottom: 0.2rem; margin-top: 2rem; }
h3 { font-size: 1.05rem; margin-top: 1.2rem; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.2rem; }
th, td { border: 1px solid #ccc; padding: 0.15rem 0.5rem; text-align: right; }
th[scope="row"], .settings td { text-align: left; }
thead th { background: #f2f4f7; }
code, .hash { font-family: ui-monospace, monospace; font-size: 0.85em; word-break: break-all; }
figure { margin: 0.5rem 0 1rem; }
figure svg { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { font-size: 0.85rem; color: #444; }
.key { white-space: nowrap; margin-right: 0.8rem; }
.shapes { display: grid; grid-template-columns: repeat(auto-fill, minmax(20rem, 1fr)); gap: 0.5rem; }
.advice { border-left: 4px solid #c2410c; padding: 0.2rem 0.7rem; margin: 0.5rem 0; background: #fff7ed; }
.advice.note { border-color: #0b5cad; background: #eff6ff; }
.status-ok { color: #15803d; } .status-warning { color: #a16207; } .status-failed { color: #b91c1c; }
@page { size: A4; margin: 16mm 14mm; }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 10.5pt; }
  section { break-before: page; }
  section.first { break-before: auto; }
  h1, h2, h3, caption { break-after: avoid; page-break-after: avoid; }
  table, figure, .advice { break-inside: avoid; page-break-inside: avoid; }
  figure svg { border: none; }
}
`;
