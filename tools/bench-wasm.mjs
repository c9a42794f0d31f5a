// Runs the #/bench page of a built site (dist/) in headless Chromium and prints its rows.
// The page is only in a build with the bench-page feature:
//   trunk build --release --features bench-page --dist /tmp/bench-dist
// Usage: node tools/bench-wasm.mjs [dist dir]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = require(path.join(root, 'tools/node_modules/playwright-core'));
const dist = path.resolve(process.argv[2] || path.join(root, 'dist'));
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };
const server = http.createServer((req, res) => {
  const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname.slice(1)) || 'index.html';
  const file = path.join(dist, rel);
  if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/#/bench`);
  await page.click('#run-bench');
  await page.waitForSelector('#bench-results[data-done=true]', { timeout: 300000 });
  const rows = await page.$$eval('#bench-results tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  for (const r of rows) console.log(r.join('\t'));
} finally {
  await browser.close();
  server.close();
}
