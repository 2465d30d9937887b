#!/usr/bin/env node
// Static server for web/ on 127.0.0.1 (node:http only). `node scripts/serve.mjs`, port from $PORT.
// Tests call startServer({port: 0}) in-process.
import { createServer } from 'node:http';
import { existsSync, realpathSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assetManifest } from './asset-manifest.mjs';

export const WEB_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'web');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

// The page's Content-Security-Policy (README, "What the page may request"): its own files only;
// WebAssembly compiled from its own mechid.wasm ('wasm-unsafe-eval', not 'unsafe-eval'); no inline
// script or style; plots and downloads as data:/blob: images and links. web/index.html carries the
// same policy in a <meta> (for any other static host): PAGE_CSP is what a <meta> can carry, and
// tests/e2e/csp.test.mjs checks that the two are equal.
export const PAGE_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
  + "connect-src 'self'; img-src 'self' data: blob:; style-src 'self'; object-src 'none'; "
  + "base-uri 'none'; form-action 'none'";

// frame-ancestors is ignored in a <meta> (CSP 3, sec. 6.4.2), so only a header can forbid framing
// (clickjacking); X-Frame-Options DENY says the same to browsers without CSP 3.
export const CSP = `${PAGE_CSP}; frame-ancestors 'none'`;

// Cross-origin isolation (HTML, "cross-origin isolated capability"): the page may then share
// memory with its workers (SharedArrayBuffer), which the core's module with WebAssembly threads
// needs (web/app/worker.js). The page loads only its own files, so requiring CORP or CORS of every
// subresource costs nothing. A static host sends the same two headers, or the service worker adds
// them from the second load (web/sw.js; README, "Threads").
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const COMMON_HEADERS = {
  'Content-Security-Policy': CSP,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-cache',
};

/** The file under root for a request URL, or null (traversal, bad encoding, NUL). */
export function resolveRequestPath(root, url) {
  let path;
  try {
    path = decodeURIComponent((url ?? '/').split(/[?#]/)[0]);
  } catch {
    return null;
  }
  if (!path.startsWith('/') || path.includes('\0')) return null;
  if (path.split(/[/\\]/).some((seg) => seg === '..')) return null;
  const file = resolve(root, `.${path}`);
  if (file !== root && !file.startsWith(root + sep)) return null;
  return path.endsWith('/') ? join(file, 'index.html') : file;
}

async function handle(root, headers, req, res) {
  const send = (code, type, body, extra = {}) => {
    res.writeHead(code, { ...headers, 'Content-Type': type, 'Content-Length': body.length, ...extra });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(405, 'text/plain; charset=utf-8', Buffer.from('method not allowed\n'), { Allow: 'GET, HEAD' });
    return;
  }
  const notFound = () => send(404, 'text/plain; charset=utf-8', Buffer.from('not found\n'));
  let file = resolveRequestPath(root, req.url);
  if (!file) return notFound();
  // The service worker's list of files, computed now, so that an edited file is a new version.
  if (file === join(root, 'gen', 'assets.json')) {
    send(200, MIME['.json'], Buffer.from(`${JSON.stringify(assetManifest(root))}\n`));
    return;
  }
  try {
    if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
    const body = await readFile(file);
    send(200, MIME[extname(file).toLowerCase()] ?? 'application/octet-stream', body);
  } catch {
    notFound();
  }
}

/**
 * Starts the server; resolves with {server, url, close()}. port 0 picks a free port. isolated:
 * false leaves out ISOLATION_HEADERS, as a static host that cannot send them (tests of the
 * service worker's isolation and of the one-thread module).
 */
export function startServer({ port = 8080, host = '127.0.0.1', root = WEB_ROOT, isolated = true } = {}) {
  const headers = isolated ? { ...ISOLATION_HEADERS, ...COMMON_HEADERS } : COMMON_HEADERS;
  const server = createServer((req, res) => {
    handle(root, headers, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, headers);
      res.end();
    });
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { port: actual } = server.address();
      const close = () => new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      resolvePromise({ server, url: `http://${host}:${actual}/`, close });
    });
  });
}

function isMain() {
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const text = process.env.PORT ?? '8080';
  const port = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65535)) {
    console.error(`mechid: error: PORT must be an integer from 0 to 65535, got "${text}"`);
    process.exit(1);
  }
  if (!existsSync(join(WEB_ROOT, 'gen', 'mechid.wasm'))) {
    console.error('mechid: warning: web/gen/mechid.wasm is missing; run `npm run build:wasm` first');
  }
  try {
    const { url } = await startServer({ port });
    console.log(`mechid: serving ${url}`);
  } catch (e) {
    console.error(`mechid: error: cannot listen on 127.0.0.1:${port}: ${e.message}`);
    process.exit(1);
  }
}
