// The built site as friends use it away from a network, or one move a day by link:
// - installable and offline: the manifest and its icons; after one visit under a sub-path, the
//   browser goes offline, reloads, starts a game and plays a move (and reads a rules page);
// - a newer build deployed: the open page says so, keeps running its own build until the player
//   chooses to reload, then runs the new build only;
// - play by link between two devices (two browser contexts, separate storage): a link sent and
//   answered adds the moves to the first device's saved game; a conflicting link keeps both.
// Usage: node tests/site/check-offline.mjs [dist dir]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { start, root, newGame as newGameAt, oneMove, readDb, APP_CARDS } from './serve.mjs';

const site = await start(process.argv[2]);
const { base, browser, check } = site;
const dist = path.resolve(process.argv[2] || path.join(root, 'dist'));

function watch(page, errors) {
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('dialog', (d) => d.accept());
}

const newGame = (page) => newGameAt(page, base);

const stored = async (page) => {
  await page.waitForTimeout(100);
  return Object.entries((await readDb(page)).games).map(([id, text]) => ({ id, moves: JSON.parse(text).record.moves }));
};

async function shareLink(page) {
  await page.click('#share-link');
  await page.waitForSelector('label.share input');
  return page.locator('label.share input').inputValue();
}

// Starts a Stack Control game between two quick computers and waits for their first two moves.
async function playsTwoComputerMoves(page) {
  await page.goto(base + '#/new/stack-control');
  await page.waitForSelector('select.played-by');
  await page.locator('select.played-by').nth(0).selectOption('quick');
  await page.locator('select.played-by').nth(1).selectOption('quick');
  await page.click('#start-game');
  await page.waitForFunction(() => document.querySelectorAll('.moves li').length >= 2, null, { timeout: 20000 });
}

// Waits until the service worker of this build has kept every file and is active.
const ready = (page) => page.evaluate(async () => {
  const reg = await navigator.serviceWorker.ready;
  const w = reg.active;
  if (w && w.state !== 'activated') await new Promise((r) => w.addEventListener('statechange', () => w.state === 'activated' && r()));
  return w ? w.state : 'none';
});

try {
  // Installable, then offline.
  {
    // A host that redirects /index.html to the directory (as many do) must not matter.
    site.redirectIndex(true);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    watch(page, errors);
    await page.goto(base, { waitUntil: 'load' });
    await page.waitForSelector(APP_CARDS, { timeout: 20000 });

    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel=manifest]');
      const res = await fetch(link.href);
      const m = await res.json();
      const icons = [];
      for (const icon of m.icons) {
        const r = await fetch(new URL(icon.src, link.href));
        const img = new Image();
        img.src = URL.createObjectURL(await r.blob());
        await img.decode();
        icons.push({ sizes: icon.sizes, purpose: icon.purpose, ok: r.ok, w: img.naturalWidth, h: img.naturalHeight });
      }
      return { m, icons, theme: document.querySelector('meta[name=theme-color]')?.content };
    });
    check(manifest.m.display === 'standalone' && manifest.m.start_url === './' && manifest.m.scope === './',
      'install: the manifest opens the app standalone, at the sub-path it was installed from');
    check(manifest.m.name && manifest.m.short_name && manifest.m.theme_color === manifest.theme,
      'install: the manifest names the app and its theme colour (the same as the page\'s)');
    for (const size of ['192x192', '512x512']) {
      check(manifest.icons.some((i) => i.ok && i.sizes === size && `${i.w}x${i.h}` === size && i.purpose === 'any'),
        `install: a ${size} icon, of that size`);
    }
    check(manifest.icons.some((i) => i.ok && i.purpose === 'maskable' && i.w === 512), 'install: a maskable 512x512 icon');

    check(await ready(page) === 'activated', 'offline: the service worker is active after the first visit');
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Test browsers are private windows, which never install; any other reason is a failure.
    await cdp.detach();
    const why = installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
    check(why.length === 0, `install: Chromium finds nothing against installing the app${why.length ? ' (' + why.join(', ') + ')' : ''}`);
    const cached = await page.evaluate(async () => {
      const keys = await caches.keys();
      const mine = keys.filter((k) => k.startsWith('stackplay-'));
      const cache = await caches.open(mine[0]);
      return { caches: mine.length, files: (await cache.keys()).map((r) => new URL(r.url).pathname) };
    });
    // Every file but the worker and the rules pages for browsers without JavaScript (which run
    // no service worker: scripts/no-js-pages.mjs).
    const builtFiles = fs.readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name !== 'sw.js' && !/^rules-[a-z-]+\.html$/.test(e.name)).length;
    check(cached.caches === 1 && cached.files.length === builtFiles,
      `offline: one cache holds every file of the build (${cached.files.length} of ${builtFiles})`);
    check(cached.files.every((f) => f.startsWith(new URL(base).pathname)), 'offline: the files are kept under the sub-path');

    // Offline for the page, and a server with nothing left (the browser's offline switch does
    // not reach a service worker's own fetches): whatever loads now comes from the cache.
    await context.setOffline(true);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'stackplay-gone-'));
    site.setDist(empty);
    // Before any reload: the first page was taken in charge when the worker became active, so
    // the computer's worker, never loaded yet, loads from the offline copy.
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 10000 })
      .catch(() => {});
    check(await page.evaluate(() => !!navigator.serviceWorker.controller),
      'offline: the first page is served by the offline copy without a reload');
    await playsTwoComputerMoves(page);
    check(true, 'offline: on the first visit, before any reload, the computer plays with no network');
    await page.goto(base);
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector(APP_CARDS, { timeout: 20000 });
    const before = errors.length;
    const served = await page.evaluate(async () => ({
      controlled: !!navigator.serviceWorker.controller,
      online: navigator.onLine,
      network: await fetch('not-in-the-build?' + Date.now()).then(() => 'reached', () => 'unreachable'),
    }));
    await page.waitForTimeout(200);
    // The probe's own failure is the one console error expected here.
    errors.splice(before, errors.length - before, ...errors.slice(before).filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e)));
    check(served.controlled && !served.online && served.network === 'unreachable',
      `offline: with no network, the reloaded page is served by the offline copy (${JSON.stringify(served)})`);
    const id = await newGame(page);
    await oneMove(page);
    await page.waitForSelector('.moves li');
    const games = await stored(page);
    check(games.some((g) => g.id === id && g.moves.length === 1), 'offline: a new game starts and its first move is saved');
    await page.goto(base + '#/rules/stax');
    await page.waitForSelector('.rules-text h2', { timeout: 10000 });
    check(await page.locator('.rules-text h2').count() > 0, 'offline: a rules page (fetched when it opens) reads from the offline copy');
    await page.reload({ waitUntil: 'load' });
    await page.goto(base + '#/play/' + id);
    await page.waitForSelector('.moves li');
    check(await page.locator('.moves li').count() === 1, 'offline: after another reload the game is there with its move');
    // The computer plays offline too: its worker's files come from the cache.
    await playsTwoComputerMoves(page);
    check(true, 'offline: the computer plays (its worker loads from the offline copy)');
    check(errors.length === 0, `offline: no console errors or warnings${errors.length ? ': ' + errors.join(' | ') : ''}`);
    await context.close();
    site.setDist(dist);
    site.redirectIndex(false);
    fs.rmSync(empty, { recursive: true, force: true });
  }

  // A newer build: noticed, offered, and never mixed with the running one.
  {
    const newer = fs.mkdtempSync(path.join(os.tmpdir(), 'stackplay-newer-'));
    fs.cpSync(dist, newer, { recursive: true });
    const html = path.join(newer, 'index.html');
    fs.writeFileSync(html, fs.readFileSync(html, 'utf8').replace('</head>', '<meta name="test-build" content="newer"></head>'));
    const runsNewer = () => page.evaluate(() => !!document.querySelector('meta[name=test-build]'));
    execFileSync('node', [path.join(root, 'scripts/service-worker.mjs'), newer]);
    const build = (dir) => /const BUILD = "([0-9a-f]+)"/.exec(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8'))[1];

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = [];
    watch(page, errors);
    await page.goto(base, { waitUntil: 'load' });
    await page.waitForSelector(APP_CARDS, { timeout: 20000 });
    await ready(page);
    await page.reload({ waitUntil: 'load' }); // now served by the worker
    await page.waitForSelector(APP_CARDS);
    check(await page.locator('#new-build').isHidden(), 'new build: nothing offered while the build is current');

    site.setDist(newer);
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('#new-build:not([hidden])', { timeout: 20000 });
    check(/new version/i.test(await page.locator('#new-build').innerText()), 'new build: the page says a new version is ready and offers to reload');
    await site.shot(page, 'phone-new-build.png');
    check(!(await runsNewer()), 'new build: until then the page runs its own build');
    await page.click('#new-build-later');
    check(await page.locator('#new-build').isHidden(), 'new build: "Later" puts the offer away');
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('#new-build:not([hidden])', { timeout: 20000 });
    check(!(await runsNewer()), 'new build: a reload without choosing still runs the old build, whole, and offers again');
    await Promise.all([page.waitForEvent('load', { timeout: 20000 }), page.click('#new-build-reload')]);
    await page.waitForSelector(APP_CARDS, { timeout: 20000 });
    check(await runsNewer(), 'new build: "Reload now" runs the new build');
    check(await page.locator('#new-build').isHidden(), 'new build: nothing offered after the reload');
    const keys = await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('stackplay-')));
    check(keys.length === 1 && keys[0] === 'stackplay-' + build(newer), `new build: only the new build's files are kept (${keys.join(', ')}, not ${build(dist)})`);
    check(errors.length === 0, `new build: no console errors or warnings${errors.length ? ': ' + errors.join(' | ') : ''}`);
    await context.close();
    site.setDist(dist);
    fs.rmSync(newer, { recursive: true, force: true });
  }

  // Play by link between two devices.
  {
    const devices = [];
    for (const name of ['Ann', 'Ben']) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const errors = [];
      watch(page, errors);
      devices.push({ name, context, page, errors });
    }
    const [ann, ben] = devices;
    const annId = await newGame(ann.page);
    await oneMove(ann.page);
    const first = await shareLink(ann.page);
    check(/#\/import\/z\./.test(first) && first.length < 600, `link: Ann's link is short and compressed (${first.length} characters)`);

    await ben.page.goto(first);
    await ben.page.waitForSelector('svg.board .cell', { timeout: 10000 });
    let benGames = await stored(ben.page);
    check(benGames.length === 1 && benGames[0].moves.length === 1, 'link: on Ben\'s device the link opens as a new saved game with Ann\'s move');
    const benId = benGames[0].id;
    await oneMove(ben.page);
    await ben.page.waitForFunction(() => document.querySelectorAll('.moves li').length === 2);
    const answer = await shareLink(ben.page);

    await ann.page.goto(answer);
    await ann.page.waitForSelector('#copy-notice', { timeout: 10000 });
    let annGames = await stored(ann.page);
    check(annGames.length === 1 && annGames[0].id === annId && annGames[0].moves.length === 2,
      'link: Ben\'s answer adds his move to Ann\'s saved game (no second game)');
    check(new URL(ann.page.url()).hash === '#/play/' + annId, 'link: the answer opens Ann\'s own game');
    check(await ann.page.locator('#copy-notice .new-moves li').count() === 1, 'link: the page lists the one move made since Ann last looked');
    check(await ann.page.locator('.moves li').count() === 2, 'link: the move list has both moves');

    // Both answer the same position differently: Ann's later link conflicts with Ben's game.
    await oneMove(ann.page, -1);
    await ann.page.waitForFunction(() => document.querySelectorAll('.moves li').length === 3);
    const annThird = await shareLink(ann.page);
    await ben.page.goto(ben.page.url().split('#')[0] + '#/play/' + benId);
    await ben.page.waitForSelector('svg.board .cell');
    await oneMove(ben.page, 0);
    await ben.page.waitForFunction(() => document.querySelectorAll('.moves li').length === 3);
    const benThird = (await stored(ben.page))[0].moves[2];
    const annThirdMove = (await stored(ann.page))[0].moves[2];
    check(JSON.stringify(benThird) !== JSON.stringify(annThirdMove), 'conflict: Ann and Ben made different third moves');
    await ben.page.goto(annThird);
    await ben.page.waitForSelector('#copy-notice', { timeout: 10000 });
    benGames = await stored(ben.page);
    const kept = benGames.find((g) => g.id === benId);
    check(benGames.length === 2 && kept && JSON.stringify(kept.moves[2]) === JSON.stringify(benThird),
      'conflict: Ben\'s own game keeps his move, and Ann\'s link is kept beside it as a second game');
    check(benGames.some((g) => g.id !== benId && JSON.stringify(g.moves[2]) === JSON.stringify(annThirdMove)),
      'conflict: the second game has Ann\'s third move');
    const notice = await ben.page.locator('#copy-notice').innerText();
    check(/copy|both|differ/i.test(notice) && await ben.page.locator('#copy-notice a').count() === 1,
      `conflict: the page says both are kept and links to the other ("${notice.trim().slice(0, 90)}")`);
    for (const d of devices) {
      check(d.errors.length === 0, `link: no console errors or warnings on ${d.name}'s device${d.errors.length ? ': ' + d.errors.join(' | ') : ''}`);
      await d.context.close();
    }
  }
} catch (e) {
  check(false, `the offline and link checks ran to the end (${e.stack || e})`);
}
await site.finish('offline and links');
