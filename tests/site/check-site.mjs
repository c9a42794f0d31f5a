// Serves the built site (dist/) under a sub-path with a static file server, opens it in
// headless Chromium and checks: no console errors or warnings, the home page lists the games, a new
// Stack Control game draws its board SVG, a move can be played, and a reload keeps it.
// Usage: node tests/site/check-site.mjs [dist dir]   (SCREENSHOTS=dir to save PNGs)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { chromium } = require(path.join(root, 'tools/node_modules/playwright-core'));

const dist = path.resolve(process.argv[2] || path.join(root, 'dist'));
const SUB = '/some/sub/path/';
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json' };

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (!url.pathname.startsWith(SUB)) { res.writeHead(404); res.end('not under the sub-path'); return; }
  let rel = decodeURIComponent(url.pathname.slice(SUB.length)) || 'index.html';
  const file = path.join(dist, rel);
  if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) { res.writeHead(404); res.end('missing'); return; }
  res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}${SUB}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
const failures = [];
const shots = process.env.SCREENSHOTS;
async function shot(page, name) { if (shots) { fs.mkdirSync(shots, { recursive: true }); await page.screenshot({ path: path.join(shots, name), fullPage: true }); } }
function check(ok, what) { console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); if (!ok) failures.push(what); }

try {
  for (const viewport of [{ width: 1280, height: 900, name: 'desktop' }, { width: 390, height: 844, name: 'phone' }]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`); });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));

    await page.goto(base, { waitUntil: 'load' });
    await page.waitForSelector('.game-card', { timeout: 20000 });
    check(await page.locator('.game-card h3', { hasText: 'Stack Control' }).count() === 1, `${viewport.name}: home lists Stack Control`);
    await shot(page, `${viewport.name}-home.png`);

    await page.goto(base + '#/new/stack-control');
    await page.waitForSelector('#start-game');
    await page.selectOption('#player-count', '3');
    await page.click('#start-game');
    await page.waitForSelector('svg.board .cell', { timeout: 10000 });
    check(await page.locator('svg.board .cell').count() === 64, `${viewport.name}: board draws 64 squares`);
    check(await page.locator('svg.board polygon').count() === 60, `${viewport.name}: board draws 60 pyramids`);
    const turn = await page.locator('.turn-banner').innerText();
    check(/Player 3 to move/.test(turn), `${viewport.name}: seat 3 moves first ("${turn.trim()}")`);

    // Click stacks until one has a landing square, then play there.
    const cells = page.locator('svg.board .cell.stack');
    let played = false;
    for (let i = 0; i < await cells.count() && !played; i++) {
      await cells.nth(i).click();
      if (await page.locator('svg.board .cell.target').count() > 0) {
        await shot(page, `${viewport.name}-selected.png`);
        await page.locator('svg.board .cell.target').first().click();
        played = true;
      }
    }
    check(played, `${viewport.name}: a stack was moved`);
    await page.waitForSelector('.moves li');
    check(await page.locator('.moves li').count() === 1, `${viewport.name}: the move list shows the move`);
    await page.reload();
    await page.waitForSelector('.moves li', { timeout: 10000 });
    check(await page.locator('.moves li').count() === 1, `${viewport.name}: the move survives a reload`);
    await shot(page, `${viewport.name}-play.png`);

    // Keyboard undo and redo (a passive listener would log an error here).
    await page.keyboard.press('Control+z');
    await page.waitForSelector('.moves li.later', { timeout: 5000 });
    check(await page.locator('.moves li.later').count() === 1, `${viewport.name}: Ctrl+Z undoes`);
    await page.keyboard.press('Control+Shift+z');
    await page.waitForSelector('.moves li.current', { timeout: 5000 });
    check(await page.locator('.moves li.later').count() === 0, `${viewport.name}: Ctrl+Shift+Z redoes`);

    if (viewport.name === 'desktop') {
      // Play the whole game through the board, clicking stacks and landing squares in a fixed order.
      const moves = await page.evaluate(async () => {
        const tick = () => new Promise((r) => setTimeout(r, 0));
        const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        for (let n = 0; n < 1000; n++) {
          if (document.querySelector('.game-over')) return n;
          const cells = [...document.querySelectorAll('svg.board .cell.stack')];
          let moved = false;
          for (let k = 0; k < cells.length && !moved; k++) {
            click(cells[(k + n * 13) % cells.length]);
            await tick();
            const targets = document.querySelectorAll('svg.board .cell.target');
            if (targets.length) { click(targets[n % targets.length]); await tick(); moved = true; }
          }
          if (!moved) return -1000 - cells.length;
        }
        return -2;
      });
      check(moves > 0, `${viewport.name}: a whole game played through the board ends (${moves} more moves)`);
      if (moves <= 0) await shot(page, 'debug-stuck.png');
      const over = await page.locator('.game-over').innerText();
      check(/wins|Draw/.test(over), `${viewport.name}: the result is shown ("${over.split('\n')[0]}")`);
      await shot(page, `${viewport.name}-game-over.png`);
      await page.click('text=Rematch');
      await page.waitForSelector('svg.board .cell', { timeout: 10000 });
      check(await page.locator('.moves li').count() === 0, `${viewport.name}: rematch starts a fresh game`);
      await page.goto(base + '#/');
      await page.waitForSelector('.saved');
      check(await page.locator('.saved').count() === 2, `${viewport.name}: home lists both saved games`);
      await shot(page, `${viewport.name}-home-saved.png`);

      // The wasm benchmark page: printed for comparison with `cargo bench`, never asserted.
      await page.goto(base + '#/bench');
      await page.click('#run-bench');
      await page.waitForSelector('#bench-results[data-done=true]', { timeout: 120000 });
      const rows = await page.$$eval('#bench-results tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
      console.log('wasm playouts in Chromium (game, players, playouts, playouts/s, moves/s):');
      for (const r of rows) console.log('     ' + r.join('\t'));
      check(rows.length > 0, `${viewport.name}: the benchmark page measured ${rows.length} rows`);
    }

    await page.goto(base + '#/rules/stack-control');
    await page.waitForSelector('.rules h2');
    // Evade through the built site: hand-offs, a random secret setup for each player, then
    // steps by clicking coins and their targets until the game ends.
    await page.goto(base + '#/new/evade');
    await page.waitForSelector('#start-game');
    await page.click('#start-game');
    await page.waitForSelector('#handoff-ready', { timeout: 10000 });
    check(await page.locator('svg.board').count() === 0, `${viewport.name}: Evade: the hand-off screen hides the board`);
    await shot(page, `${viewport.name}-evade-handoff.png`);
    const evade = await page.evaluate(async () => {
      const tick = () => new Promise((r) => setTimeout(r, 0));
      const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      const $ = (s) => document.querySelector(s);
      let handoffs = 0;
      for (let n = 0; n < 3000; n++) {
        await tick();
        if ($('.game-over')) return { steps: n, handoffs };
        if ($('#handoff-ready')) { click($('#handoff-ready')); handoffs++; continue; }
        if ($('#evade-random')) { click($('#evade-random')); await tick(); click($('#evade-setup')); continue; }
        for (const id of ['#evade-decline', '#evade-pass']) if ($(id)) { click($(id)); break; }
        const coins = [...document.querySelectorAll('svg.board .cell.has-coin')];
        let moved = false;
        for (let k = 0; k < coins.length && !moved; k++) {
          click(coins[(k + n * 7) % coins.length]);
          await tick();
          const targets = document.querySelectorAll('svg.board .cell.target');
          if (targets.length) { click(targets[n % targets.length]); moved = true; }
        }
      }
      return { steps: -1, handoffs };
    });
    check(evade.steps > 0 && evade.handoffs > 2, `${viewport.name}: Evade: a whole game played through the board ends (${evade.steps} steps, ${evade.handoffs} hand-offs)`);
    if (evade.steps > 0) {
      const over = await page.locator('.game-over').innerText();
      check(/wins|Draw/.test(over), `${viewport.name}: Evade: the result is shown ("${over.split('\n')[0]}")`);
      check(await page.locator('svg.board .coin.face-down').count() === 0, `${viewport.name}: Evade: every coin is face up at the end`);
    }
    await shot(page, `${viewport.name}-evade-over.png`);

    // Stacks through the built site, Diabolical on a side-4 board: pick whatever may move (a
    // stack or the reserve), then a highlighted cell or the off-board box, until the game ends.
    await page.goto(base + '#/new/stacks');
    await page.waitForSelector('#start-game');
    await page.selectOption('#option-side', '4');
    await page.check('#option-diabolical');
    await page.click('#start-game');
    await page.waitForSelector('svg.board .cell', { timeout: 10000 });
    const stacks = await page.evaluate(async () => {
      const tick = () => new Promise((r) => setTimeout(r, 0));
      const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      const $ = (s) => document.querySelector(s);
      for (let n = 0; n < 2000; n++) {
        await tick();
        if ($('.game-over')) return n;
        if ($('#stacks-pass')) { click($('#stacks-pass')); continue; }
        const sources = [...document.querySelectorAll('svg.board .movable')];
        if (!sources.length) return -1;
        const source = sources[(n * 5) % sources.length];
        click(source);
        await tick();
        // Going off the board first, else the furthest highlighted cell, else any target.
        const off = $('svg.board .zone.off.target');
        const targets = [...document.querySelectorAll('svg.board .target')];
        const target = off || targets[targets.length - 1];
        if (target) click(target); else if ($('#stacks-cancel')) click($('#stacks-cancel'));
      }
      return -2;
    });
    check(stacks > 0, `${viewport.name}: Stacks: a whole Diabolical game on side 4 played through the board ends (${stacks} clicks)`);
    if (stacks > 0) {
      const over = await page.locator('.game-over').innerText();
      check(/wins|Draw/.test(over), `${viewport.name}: Stacks: the result is shown ("${over.split('\n')[0]}")`);
    }
    await shot(page, `${viewport.name}-stacks-over.png`);

    await page.goto(base + '#/no/such/page');
    await page.waitForSelector('text=Page not found');
    check(errors.length === 0, `${viewport.name}: no console errors or warnings${errors.length ? ': ' + errors.join(' | ') : ''}`);
    await context.close();
  }

  // A browser that refuses localStorage (some private modes): games still play, in memory,
  // and the page says they are not kept.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(base + '#/new/stack-control');
    await page.waitForSelector('#start-game');
    await page.click('#start-game');
    await page.waitForSelector('svg.board .cell', { timeout: 10000 });
    check(/gives the app no storage/.test(await page.locator('.warning').innerText()), 'no storage: the play page warns');
    const cells = page.locator('svg.board .cell.stack');
    for (let i = 0; i < await cells.count(); i++) {
      await cells.nth(i).click();
      if (await page.locator('svg.board .cell.target').count() > 0) { await page.locator('svg.board .cell.target').first().click(); break; }
    }
    await page.waitForSelector('.moves li');
    check(await page.locator('.moves li').count() === 1, 'no storage: a move is played');
    await page.goto(base + '#/');
    await page.waitForSelector('.saved');
    check(await page.locator('.saved').count() === 1, 'no storage: the game is listed for this tab');
    check(errors.length === 0, `no storage: no page errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
    await context.close();
  }
} catch (e) {
  failures.push(String(e));
  console.log('FAIL', e);
} finally {
  await browser.close();
  server.close();
}
if (failures.length) { console.log(`${failures.length} check(s) failed`); process.exit(1); }
console.log('built site: all checks passed');
