// How the store does with many games (issue 57), in headless Chromium: a backup of
// BENCH_GAMES games (10,000 by default) made from the records of tests/site/fixtures (each
// cut at a different move, so some are over and some are not), opened on the home page; then
// the page reloaded with all of them saved. Prints the restore's time, the main thread's
// longest task meanwhile (a `longtask` performance entry, Chromium only), and the time from a
// reload to the first saved games listed. With BENCH_BIG=1 a 50,000-game backup is restored
// after it (about 2.5 minutes more). Figures only: nothing here fails on a time.
// Usage: node tests/site/bench-store.mjs [dist dir]
import fs from 'node:fs';
import path from 'node:path';
import { start, APP_CARDS } from './serve.mjs';
import { backupOf } from './backups.mjs';

const site = await start(process.argv[2]);
const { base, browser } = site;
const limit = Number(process.env.BENCH_TIMEOUT_S || 600) * 1000;

/// Records the main thread's long tasks (`window.longTasks`, each's duration in ms) and when
/// the first saved game is listed (`window.firstListed`, ms since the navigation began).
const observe = () => {
  window.longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) { window.longTasks.push(e.duration); if (e.duration > 150) (window.longAt = window.longAt || []).push([Math.round(e.startTime), Math.round(e.duration)]); } })
    .observe({ type: 'longtask', buffered: true });
  new MutationObserver((_, observer) => {
    if (document.querySelector('.saved')) { window.firstListed = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
  // When the app has taken the page over with its own list (the first paint may show the
  // list the app kept at the last visit before that).
  new MutationObserver((_, observer) => {
    if (document.querySelector('#app .saved') && !document.getElementById('first-paint')) { window.appListed = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
};
const tasks = async (page) => {
  const all = await page.evaluate(() => window.longTasks.splice(0));
  return { longest: Math.round(Math.max(0, ...all)), over200: all.filter((d) => d > 200).length };
};
const stored = (page) => page.evaluate(() => new Promise((resolve) => {
  const req = indexedDB.open('stackplay');
  req.onsuccess = () => {
    const count = req.result.transaction('games').objectStore('games').count();
    count.onsuccess = () => { resolve(count.result); req.result.close(); };
  };
  req.onerror = () => resolve(-1);
}));

/// Restores a backup of `n` games into an empty browser profile; prints its figures.
async function restore(context, n, prefix) {
  const file = backupOf(n, prefix);
  const mb = (fs.statSync(file).size / 1e6).toFixed(1);
  const page = await context.newPage();
  await page.goto(base + '#/');
  // The app's own file input (the first paint's is replaced when the app starts).
  await page.waitForSelector(APP_CARDS);
  await tasks(page);
  const began = Date.now();
  await page.setInputFiles('input[type=file]', file);
  const done = await page.waitForFunction(() => /added/.test((document.querySelector('#file-message') || {}).textContent || ''),
    null, { timeout: limit, polling: 250 }).then(() => true, () => false);
  const seconds = (Date.now() - began) / 1000;
  if (process.env.BENCH_TRACE) console.log('long tasks [start, ms]:', JSON.stringify(await page.evaluate(() => window.longAt)), 'now', await page.evaluate(() => Math.round(performance.now())));
  const { longest, over200 } = await tasks(page);
  const count = await stored(page);
  console.log(done
    ? `restore of ${n} games (${mb} MB): ${seconds.toFixed(1)} s (${Math.round(n / seconds)} games/s); longest main-thread task ${longest} ms, ${over200} over 200 ms; ${count} stored`
    : `restore of ${n} games (${mb} MB): not done after ${seconds.toFixed(0)} s, ${count} stored (${(count / seconds).toFixed(1)} games/s); longest main-thread task ${longest} ms, ${over200} over 200 ms`);
  if (!done) {
    // (An older build, too slow to finish:) the rest written straight into the database, so
    // that the reload below still has every game.
    const games = JSON.parse(fs.readFileSync(file, 'utf8')).games.map((g) => [g.id, JSON.stringify(g)]);
    await page.goto('about:blank');
    await page.goto(base + 'index.html?none');
    await page.evaluate((games) => new Promise((resolve) => {
      const req = indexedDB.open('stackplay');
      req.onsuccess = () => {
        const tx = req.result.transaction('games', 'readwrite');
        for (const [id, text] of games) tx.objectStore('games').put(text, id);
        tx.oncomplete = () => { req.result.close(); resolve(); };
      };
    }), games);
  }
  fs.rmSync(path.dirname(file), { recursive: true });
  return page;
}

try {
  const n = Number(process.env.BENCH_GAMES || 10000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(observe);
  const page = await restore(context, n, 'g');
  // A reload with every game saved: the first games listed, and the longest task.
  for (let i = 0; i < 2; i++) {
    await page.reload();
    await page.waitForSelector('.saved', { timeout: limit });
    await page.waitForFunction(() => window.appListed, null, { timeout: limit });
    const [first, app] = await page.evaluate(() => [window.firstListed, window.appListed]);
    await page.waitForTimeout(1000);
    const { longest } = await tasks(page);
    console.log(`home page with ${n} games saved, reload ${i + 1}: first games listed ${Math.round(first)} ms after the navigation began (the first paint), the app's own list at ${Math.round(app)} ms; longest main-thread task ${longest} ms`);
  }
  // The home page opened from another page of the app (the store already open): the page's
  // own time to list the first games.
  for (let i = 0; i < 2; i++) {
    await page.goto(base + '#/rules/stax');
    await page.waitForTimeout(500);
    await tasks(page);
    const ms = await page.evaluate(() => new Promise((resolve) => {
      const began = performance.now();
      new MutationObserver((_, observer) => {
        if (document.querySelector('.saved')) { observer.disconnect(); resolve(performance.now() - began); }
      }).observe(document.body, { childList: true, subtree: true });
      location.hash = '#/';
    }));
    await page.waitForTimeout(500);
    const { longest } = await tasks(page);
    console.log(`home page with ${n} games saved, opened from another page: first games listed after ${Math.round(ms)} ms; longest main-thread task ${longest} ms`);
  }
  await context.close();
  if (process.env.BENCH_BIG) {
    const big = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await big.addInitScript(observe);
    await restore(big, 50000, 'b');
    await big.close();
  }
} catch (e) {
  site.failures.push(String(e));
  console.log('FAIL', e);
} finally {
  await site.finish('the store with many games (benchmark)');
}
