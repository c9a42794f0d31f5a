// The first visit, before and without the app (issue 54), in headless Chromium under a
// sub-path:
// - the first paint: index.html shows the home page (every game, its picture and links) while
//   the app's wasm is held back; when the wasm comes, the app takes the page over with no
//   layout shift (Chromium's layout-shift entries, at most 0.05 in all) and looks the same
//   (screenshots before and after, pixel for pixel), at a desktop and a phone size;
// - a returning player: the first paint shows their saved games (as the app last drew them)
//   before the wasm comes, and the app takes over with no layout shift and no visible change;
// - no lost tap: "New game" tapped on the first paint opens the new-game page once the app runs;
//   a first visit to another page (#/rules/stax) shows "Loading…", not the home page, and the
//   app's home page still lists every game (it takes the cards from the hidden first paint);
// - the page's files requested together: the wasm preloaded, the JS glue modulepreloaded, the
//   style sheet in <head>;
// - without JavaScript: the home page lists the games with their pictures and says playing
//   needs JavaScript, with a link to each game's rules page without JavaScript
//   (rules-<slug>.html), which has the rules and their drawings, styled, and no broken file.
// Usage: node tests/site/check-first.mjs [dist dir]
import fs from 'node:fs';
import path from 'node:path';
import { start, root, gamesOf, newGame, oneMove } from './serve.mjs';

const site = await start(process.argv[2]);
const { base, browser, check, shot } = site;
const dist = path.resolve(process.argv[2] || path.join(root, 'dist'));
const GAMES = gamesOf(process.argv[2]);
const WASM = /\/stackplay-[0-9a-f]+_bg\.wasm$/;

// Every layout shift of the page, from its start (Chromium's Layout Instability API).
const recordShifts = () => {
  window.testShifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.testShifts.push({ value: e.value, input: e.hadRecentInput, at: Math.round(e.startTime) });
  }).observe({ type: 'layout-shift', buffered: true });
};
const running = () => !document.getElementById('first-paint') && !!document.querySelector('#app header.top');

/// A first visit (a context of its own: no cache, no service worker yet) whose wasm (and only
/// it) the server holds back until `release()` is called.
async function heldPage(options) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
  const release = site.hold(WASM);
  await page.addInitScript(recordShifts);
  return { page, errors, release, context };
}

/// How two screenshots differ: the pixels that differ, and the largest difference in a colour
/// channel (0-255), compared in a page of the same browser.
async function pixelDiff(a, b) {
  const page = await browser.newPage();
  const url = (png) => `data:image/png;base64,${png.toString('base64')}`;
  const diff = await page.evaluate(async ([x, y]) => {
    const load = async (src) => {
      const i = new Image();
      i.src = src;
      await i.decode();
      const c = new OffscreenCanvas(i.width, i.height);
      const g = c.getContext('2d');
      g.drawImage(i, 0, 0);
      return g.getImageData(0, 0, i.width, i.height);
    };
    const [p, q] = [await load(x), await load(y)];
    if (p.width !== q.width || p.height !== q.height) return { pixels: Infinity, max: 255 };
    let pixels = 0;
    let max = 0;
    for (let k = 0; k < p.data.length; k += 4) {
      const d = Math.max(Math.abs(p.data[k] - q.data[k]), Math.abs(p.data[k + 1] - q.data[k + 1]), Math.abs(p.data[k + 2] - q.data[k + 2]));
      if (d > 0) { pixels++; max = Math.max(max, d); }
    }
    return { pixels, max, of: p.width * p.height };
  }, [url(a), url(b)]);
  await page.close();
  return diff;
}

try {
  // The page's files, requested with the HTML.
  const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const head = index.slice(0, index.indexOf('</head>') >= 0 ? index.indexOf('</head>') : index.indexOf('<body'));
  check(/<link[^>]*rel="?preload"?[^>]*stackplay-[0-9a-f]+_bg\.wasm|<link[^>]*stackplay-[0-9a-f]+_bg\.wasm[^>]*rel="?preload/.test(head), 'index.html preloads the wasm');
  check(/<link[^>]*stackplay-[0-9a-f]+\.js[^>]*rel="?modulepreload|<link[^>]*rel="?modulepreload"?[^>]*stackplay-[0-9a-f]+\.js/.test(head), 'index.html modulepreloads the JS glue');
  check(/<link[^>]*style-[0-9a-f]+\.css[^>]*rel="?stylesheet|<link[^>]*rel="?stylesheet"?[^>]*style-[0-9a-f]+\.css/.test(head), 'index.html links the style sheet in <head>');

  for (const viewport of [{ width: 1280, height: 900, name: 'desktop' }, { width: 390, height: 844, name: 'phone' }]) {
    const phone = viewport.name === 'phone';
    const what = viewport.name;
    const options = { viewport, hasTouch: phone, isMobile: phone };

    // The first paint, then the app taking over.
    {
      const { page, errors, release, context } = await heldPage(options);
      await page.goto(base, { waitUntil: 'load' });
      const first = await page.evaluate(() => ({
        marker: !!document.getElementById('first-paint'),
        cards: [...document.querySelectorAll('.game-card')].map((c) => ({
          name: c.querySelector('h3')?.textContent,
          picture: c.querySelector('img.thumb')?.complete && c.querySelector('img.thumb')?.naturalWidth > 0,
          links: [...c.querySelectorAll('a')].map((a) => a.getAttribute('href')),
        })),
      }));
      check(first.marker && first.cards.length === GAMES.length, `${what}: before the wasm, the first paint lists the ${GAMES.length} games (${first.cards.map((c) => c.name).join(', ')})`);
      check(first.cards.every((c) => c.picture), `${what}: the first paint shows every game's picture`);
      check(GAMES.every((slug) => first.cards.some((c) => c.links.includes(`#/new/${slug}`) && c.links.includes(`#/rules/${slug}`))), `${what}: the first paint links to every game's new-game and rules pages`);
      await page.evaluate(() => window.scrollTo(0, 0));
      const before = await page.screenshot();
      await shot(page, `${what}-first-paint.png`);
      release();
      await page.waitForFunction(running, null, { timeout: 30000 });
      // Two frames after the app's drawing, and its pictures decoded.
      await page.evaluate(() => Promise.all([...document.images].map((i) => i.decode().catch(() => {}))));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const after = await page.screenshot();
      await shot(page, `${what}-app.png`);
      const shifts = await page.evaluate(() => window.testShifts);
      const total = shifts.filter((s) => !s.input).reduce((a, s) => a + s.value, 0);
      check(total <= 0.05, `${what}: the app takes the page over with a layout shift of ${total.toFixed(4)} (at most 0.05; ${shifts.length} entries)`);
      // A card's edge may be antialiased a shade apart (14 pixels, by 1 of 255, seen once).
      const diff = await pixelDiff(before, after);
      check(diff.max <= 8 && diff.pixels <= 200, `${what}: the page looks the same before and after the app takes it over (${diff.pixels} pixels differ, by at most ${diff.max} of 255)`);
      const cards = await page.locator('.game-card').count();
      check(cards === GAMES.length, `${what}: the running app lists the ${GAMES.length} games`);
      check(errors.length === 0, `${what}: no console error or warning${errors.length ? `: ${errors.join(' | ')}` : ''}`);
      await context.close();
    }

    // A returning player: their games in the first paint, and nothing moves when the app
    // takes over.
    {
      const context = await browser.newContext(options);
      const setup = await context.newPage();
      for (const names of [['Ann', 'Bob'], ['Cy', 'Di'], ['Ed', 'Flo']]) {
        await newGame(setup, base, names);
        await oneMove(setup);
      }
      await setup.goto(`${base}#/`);
      await setup.waitForSelector('#app:not(:has(#first-paint)) .saved');
      await setup.waitForTimeout(300);
      // No offline copy: it would serve the wasm that the check holds back.
      await setup.evaluate(async () => {
        for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
        for (const k of await caches.keys()) await caches.delete(k);
      });
      await setup.close();
      const page = await context.newPage();
      const errors = [];
      page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`); });
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.addInitScript(recordShifts);
      const release = site.hold(WASM);
      await page.goto(base, { waitUntil: 'load' });
      const early = await page.evaluate(() => ({
        marker: !!document.getElementById('first-paint'),
        names: [...document.querySelectorAll('.saved bdi')].map((b) => b.textContent).join(' '),
        empty: !!document.querySelector('.home .empty'),
        listed: performance.now(),
      }));
      check(early.marker && early.names === 'Ed Flo Cy Di Ann Bob' && !early.empty, `${what}: a returning player's first paint lists their three games before the wasm comes (${early.names})`);
      await page.evaluate(() => window.scrollTo(0, 0));
      // The storage line's number may change between two visits (the words are the last ones).
      const mask = [page.locator('#storage-use')];
      const before = await page.screenshot({ mask });
      await shot(page, `${what}-returning-first-paint.png`);
      release();
      await page.waitForFunction(running, null, { timeout: 30000 });
      const ran = await page.evaluate(() => Math.round(performance.now()));
      await page.waitForSelector('#app:not(:has(#first-paint)) .saved');
      await page.evaluate(() => Promise.all([...document.images].map((i) => i.decode().catch(() => {}))));
      // The storage line is filled in when the browser answers (a few milliseconds).
      await page.waitForTimeout(300);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const after = await page.screenshot({ mask });
      await shot(page, `${what}-returning-app.png`);
      const shifts = await page.evaluate(() => window.testShifts);
      const total = shifts.filter((s) => !s.input).reduce((a, s) => a + s.value, 0);
      check(total <= 0.05, `${what}: a returning player's page is taken over with a layout shift of ${total.toFixed(4)} (at most 0.05; ${shifts.length} entries${shifts.length ? `: ${JSON.stringify(shifts)}, the app running at ${ran} ms` : ''})`);
      const diff = await pixelDiff(before, after);
      check(diff.max <= 8 && diff.pixels <= 200, `${what}: ...and looks the same before and after (${diff.pixels} pixels differ, by at most ${diff.max} of 255)`);
      const names = await page.evaluate(() => [...document.querySelectorAll('.saved bdi')].map((b) => b.textContent).join(' '));
      check(names === early.names, `${what}: ...the app lists the same games (${names})`);
      check(errors.length === 0, `${what}: no console error or warning${errors.length ? `: ${errors.join(' | ')}` : ''}`);
      await context.close();
    }

    // A first visit to another page: no home page to tap away from while the wasm comes.
    {
      const { page, errors, release, context } = await heldPage(options);
      await page.goto(`${base}#/rules/stax`, { waitUntil: 'load' });
      const early = await page.evaluate(() => ({ cards: [...document.querySelectorAll('.game-card')].filter((c) => c.getClientRects().length).length, main: document.querySelector('main').innerText.trim() }));
      check(early.cards === 0 && /^Loading/.test(early.main), `${what}: a first visit to #/rules/stax shows "${early.main}" until the app runs, not the home page`);
      release();
      const opened = await page.waitForSelector('.rules-text h2', { timeout: 30000 }).then(() => true, () => false);
      check(opened, `${what}: ...then the app shows the rules of STAX`);
      // The app took the home page's cards from the first paint all the same.
      await page.click('header.top a.brand');
      const cards = await page.waitForFunction((n) => document.querySelectorAll('#app .game-card').length === n, GAMES.length, { timeout: 10000 }).then(() => true, () => false);
      check(cards, `${what}: ...and its home page then lists the ${GAMES.length} games`);
      check(errors.length === 0, `${what}: no console error or warning${errors.length ? `: ${errors.join(' | ')}` : ''}`);
      await context.close();
    }

    // A tap on "New game" before the app runs.
    {
      const { page, errors, release, context } = await heldPage(options);
      await page.goto(base, { waitUntil: 'load' });
      const link = page.locator('.game-card a[href="#/new/stack-control"]');
      await (phone ? link.tap() : link.click());
      const early = await page.evaluate(() => ({ hash: location.hash, marker: !!document.getElementById('first-paint') }));
      check(early.marker && early.hash === '#/new/stack-control', `${what}: "New game" tapped before the app runs sets the hash (${early.hash})`);
      release();
      const opened = await page.waitForSelector('#start-game', { timeout: 30000 }).then(() => true, () => false);
      check(opened, `${what}: ...and the app, once running, opens Stack Control's new-game page`);
      check(errors.length === 0, `${what}: no console error or warning${errors.length ? `: ${errors.join(' | ')}` : ''}`);
      await context.close();
    }
  }

  // Without JavaScript.
  {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const failed = [];
    // Chromium drops the module preloads (the JS glue) with JavaScript off, and a page left
    // at once may drop its icon's request: neither is a missing file (a 404 is counted below).
    page.on('requestfailed', (r) => {
      if (!r.url().endsWith('.js') && !/ERR_ABORTED/.test(r.failure()?.errorText || '')) failed.push(`${r.url()} (${r.failure()?.errorText})`);
    });
    page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
    await page.goto(base, { waitUntil: 'load' });
    const home = await page.evaluate(() => {
      const note = document.querySelector('main noscript, main .warning');
      return {
        cards: [...document.querySelectorAll('.game-card')].map((c) => ({
          name: c.querySelector('h3')?.textContent,
          picture: c.querySelector('img.thumb')?.naturalWidth > 0,
          actions: c.querySelector('.actions') ? getComputedStyle(c.querySelector('.actions')).display : 'none',
        })),
        note: note ? note.textContent : '',
        links: [...document.querySelectorAll('main .warning a')].map((a) => a.getAttribute('href')),
      };
    });
    check(home.cards.length === GAMES.length && home.cards.every((c) => c.picture), `no JavaScript: the home page lists the ${GAMES.length} games with their pictures`);
    check(home.cards.every((c) => c.actions === 'none'), 'no JavaScript: no "New game" button that could not work');
    check(/Playing needs JavaScript/.test(home.note), `no JavaScript: the home page says playing needs JavaScript ("${home.note.slice(0, 60)}...")`);
    check(GAMES.every((slug) => home.links.includes(`rules-${slug}.html`)), `no JavaScript: the note links to every game's rules page (${home.links.join(', ')})`);
    await shot(page, 'no-js-home.png');
    for (const slug of GAMES) {
      await page.click(`main .warning a[href="rules-${slug}.html"]`);
      await page.waitForLoadState('load');
      const rules = await page.evaluate(() => ({
        url: location.pathname,
        title: document.querySelector('h1')?.textContent,
        sections: document.querySelectorAll('.rules-text h2').length,
        drawings: document.querySelectorAll('.rules-text figure.example svg.board').length,
        styled: [...document.querySelectorAll('figure.example')].every((f) => getComputedStyle(f).borderTopStyle === 'solid'),
        header: document.querySelector('header.top') && getComputedStyle(document.querySelector('header.top')).backgroundColor,
        note: document.querySelector('main .warning')?.textContent || '',
        start: document.querySelector('.rules .button') ? getComputedStyle(document.querySelector('.rules .button')).display : 'none',
        home: document.querySelector('header.top a.brand')?.getAttribute('href'),
      }));
      const ok = rules.url.endsWith(`rules-${slug}.html`) && rules.sections > 0 && rules.drawings >= 3 && rules.styled;
      check(ok, `no JavaScript: ${rules.title}: ${rules.sections} sections, ${rules.drawings} drawings, styled (${rules.url})`);
      check(rules.header === 'rgb(29, 42, 36)' && /Playing needs JavaScript/.test(rules.note) && rules.start === 'none',
        `no JavaScript: ${slug}'s rules page has the site's style, the note and no "Start a game"`);
      await shot(page, `no-js-rules-${slug}.png`);
      // Back home by the header's link (index.html, not this page's own hash).
      check(rules.home === './#/', `no JavaScript: ${slug}'s rules page links home (${rules.home})`);
      await page.goto(base, { waitUntil: 'load' });
    }
    check(failed.length === 0, `no JavaScript: every file found${failed.length ? `: ${failed.join(' | ')}` : ''}`);
    await context.close();
  }
} catch (e) {
  check(false, `the check itself failed: ${e.stack || e}`);
}
await site.finish('first visit');
