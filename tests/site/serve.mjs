// What the site checks share: the built site served under a sub-path by a static file
// server, headless Chromium, and a list of checks that ends the run with its verdict.
import http from 'node:http';
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { chromium } = require(path.join(root, 'tools/node_modules/playwright-core'));

const SUB = '/some/sub/path/';

/// The game cards of the running app: index.html's first paint shows them too, before the app
/// runs (its marker, `#first-paint`, goes when the app takes the page over).
export const APP_CARDS = '#app:not(:has(#first-paint)) .game-card';
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json' };

/// The slugs of the games the site in `distArg` was built with: one rules page each
/// (`rules/<slug>.html`; every registered game has one, checked by tests/rules_examples.rs),
/// so that no check counts the games itself.
export function gamesOf(distArg) {
  const dir = path.join(path.resolve(distArg || path.join(root, 'dist')), 'rules');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.html')).map((f) => f.slice(0, -5)).sort();
}

/// Serves `dist` under the sub-path. Returns the site's base URL, the server, `setDist(dir)`,
/// which serves another build from then on (a newer deployment; an empty directory is a server
/// that has nothing), `redirectIndex(true)`, which makes /index.html redirect to the
/// directory, as many hosts do, and `hold(regexp)`, which holds back every file whose path
/// matches until the function it returns is called. With `{ gzip: true }`, files go gzipped
/// (level 9, as scripts/bundle-size.sh counts them) to a browser that accepts it, as static
/// hosts send them.
export async function serve(distArg, { gzip = false } = {}) {
  let dist = path.resolve(distArg || path.join(root, 'dist'));
  const zipped = new Map();
  let redirectIndex = false;
  const holds = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    // Files held back (a slow network's late wasm) until the check lets them go.
    for (const h of holds) if (h.re.test(url.pathname)) await h.gate;
    if (!url.pathname.startsWith(SUB)) { res.writeHead(404); res.end('not under the sub-path'); return; }
    const rel = decodeURIComponent(url.pathname.slice(SUB.length)) || 'index.html';
    // Like many static hosts, optionally: /index.html redirects to the directory.
    if (redirectIndex && url.pathname.endsWith('/index.html')) { res.writeHead(301, { location: SUB }); res.end(); return; }
    const file = path.join(dist, rel);
    if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) { res.writeHead(404); res.end('missing'); return; }
    const type = types[path.extname(file)] || 'application/octet-stream';
    if (gzip && /\bgzip\b/.test(req.headers['accept-encoding'] || '') && !type.startsWith('image/png')) {
      const key = `${file}:${fs.statSync(file).mtimeMs}`;
      if (!zipped.has(key)) zipped.set(key, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
      const body = zipped.get(key);
      res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip', 'content-length': body.length, vary: 'accept-encoding' });
      res.end(body);
      return;
    }
    res.writeHead(200, { 'content-type': type });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${server.address().port}${SUB}`,
    server,
    setDist(dir) { dist = path.resolve(dir); },
    redirectIndex(on) { redirectIndex = on; },
    hold(re) {
      let release;
      const h = { re, gate: new Promise((r) => { release = r; }) };
      holds.push(h);
      return () => { holds.splice(holds.indexOf(h), 1); release(); };
    },
  };
}

/// Serves `dist` (with `serve`'s options) and starts Chromium. Returns what `serve` does, the
/// browser, `check(ok, what)`, `shot(page, name)` (PNG into $SCREENSHOTS when set) and
/// `finish(label)`, which closes everything and exits non-zero if any check failed.
export async function start(distArg, options = {}) {
  const { base, server, setDist, redirectIndex, hold } = await serve(distArg, options);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const failures = [];
  const shots = process.env.SCREENSHOTS;
  return {
    base,
    server,
    browser,
    setDist,
    redirectIndex,
    hold,
    failures,
    check(ok, what) { console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); if (!ok) failures.push(what); },
    async shot(page, name) { if (shots) { fs.mkdirSync(shots, { recursive: true }); await page.screenshot({ path: path.join(shots, name), fullPage: true }); } },
    async finish(label) {
      await browser.close();
      server.close();
      if (failures.length) { console.log(`${failures.length} check(s) failed`); process.exit(1); }
      console.log(`${label}: all checks passed`);
    },
  };
}

/// Starts a Stack Control game for two (named `names`, played by `seats`: the form's choices,
/// 'person' or a strength, when given) at `base`; returns its id.
export async function newGame(page, base, names = [], seats = []) {
  await page.goto(base + '#/new/stack-control');
  await page.waitForSelector('#start-game');
  const inputs = page.locator('input[type=text]');
  for (let i = 0; i < names.length; i++) await inputs.nth(i).fill(names[i]);
  for (let i = 0; i < seats.length; i++) await page.locator('select.played-by').nth(i).selectOption(seats[i]);
  await page.click('#start-game');
  await page.waitForSelector('svg.board .cell', { timeout: 10000 });
  return new URL(page.url()).hash.replace('#/play/', '');
}

/// Picks the `nth` stack (from the end when negative) of a Stack Control board that can move;
/// returns its first landing square.
export async function pick(page, nth = 0) {
  const cells = page.locator('svg.board .cell.stack');
  const n = await cells.count();
  const order = [...Array(n).keys()];
  if (nth < 0) order.reverse();
  for (const i of order) {
    await cells.nth(i).click();
    if (await page.locator('svg.board .cell.target').count() > 0) return page.locator('svg.board .cell.target').first();
  }
  throw new Error('no stack can move');
}

/// Plays one Stack Control move: `pick(page, nth)`, then its landing square.
export async function oneMove(page, nth = 0) { await (await pick(page, nth)).click(); }

/// Every entry of the app's database, read in the page: { games: {id: text}, aside: {slot:
/// value} }. (It never creates the database: that is the app's to do.)
export const readDb = (page) => page.evaluate(() => new Promise((resolve) => {
  const out = { games: {}, aside: {} };
  const req = indexedDB.open('stackplay');
  req.onupgradeneeded = () => req.transaction.abort();
  req.onerror = () => resolve(out);
  req.onsuccess = () => {
    const db = req.result;
    const tx = db.transaction(['games', 'aside']);
    for (const name of ['games', 'aside']) {
      const store = tx.objectStore(name);
      const keys = store.getAllKeys();
      const values = store.getAll();
      values.onsuccess = () => keys.result.forEach((k, i) => { out[name][k] = values.result[i]; });
    }
    tx.oncomplete = () => { db.close(); resolve(out); };
  };
}));
/// Stores `text` under game `id` in the app's database, from the page (as another tab would).
export const putDb = (page, id, text) => page.evaluate(([id, text]) => new Promise((resolve, reject) => {
  const req = indexedDB.open('stackplay');
  req.onsuccess = () => {
    const tx = req.result.transaction('games', 'readwrite');
    tx.objectStore('games').put(text, id);
    tx.oncomplete = () => { req.result.close(); resolve(); };
    tx.onabort = () => reject(tx.error);
  };
}), [id, text]);
/// Makes the database's writes fail as a full storage (`QuotaExceededError`) or a refusal
/// would, while sessionStorage's `test.fail` says so (the test cannot shrink Chromium's real
/// quota: its DevTools command for that fails here). `test.fail-after` lets that many writes
/// through first.
export const failingWrites = () => {
  const real = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    const mode = sessionStorage.getItem('test.fail');
    const after = Number(sessionStorage.getItem('test.fail-after') || 0);
    window.testPuts = (window.testPuts || 0) + 1;
    if (mode && window.testPuts > after) {
      throw new DOMException('failed by the test', mode === 'full' ? 'QuotaExceededError' : 'UnknownError');
    }
    return real.apply(this, args);
  };
};
