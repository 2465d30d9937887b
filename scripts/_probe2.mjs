import { openBrowser } from '../tests/e2e/browser.mjs';
const b = await openBrowser({ root: '/tmp/proot' });
const lines = [];
b.page.on('console', (m) => lines.push(m.text()));
try {
  await b.page.goto(b.page.url().replace(/[^/]*$/, '') + 'mb.html');
  await b.page.waitForFunction(() => true);
  for (let i = 0; i < 120 && !lines.some((l) => l.startsWith('symm')); i++) await new Promise((r) => setTimeout(r, 500));
  console.log(lines.join(' | '));
} finally { await b.close(); }
