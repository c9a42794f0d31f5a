// The first visit on a slow phone's connection, timed (issue 54's targets: the games listed
// within 1.0 s, a new game's board within 2.5 s). Headless Chromium over the DevTools protocol:
// the network at 1.6 Mbps down, 750 kbps up and 150 ms of round trip
// (Network.emulateNetworkConditions), the CPU 4 times slower (Emulation.setCPUThrottlingRate),
// no cache (a fresh browser context each run, and the cache disabled), the built site served
// gzipped under a sub-path, a phone's screen. Each run opens the home page, then, as soon as the
// app runs, taps "New game" for Stack Control and "Start the game". Prints each run and the
// median of the runs
// (RUNS, default 3), in milliseconds from the navigation's start:
// - first paint: first contentful paint (the paint timing entry);
// - games listed: the frame after every game's card is in the page (index.html's first paint,
//   or the app's drawing in a build without one);
// - wasm: when the page's wasm was requested and when it had arrived (resource timing);
// - app running: the app has drawn its page (the first paint's marker gone);
// - new game: the frame after the new-game page is drawn (tapped as soon as the app runs);
// - board: the frame after the new game's board is drawn (started as soon as the page shows).
// A measurement, never a pass or a fail: scripts/test.sh prints it among the benchmarks.
// Usage: node tests/site/bench-first.mjs [dist dir]
import { start, gamesOf } from './serve.mjs';

const site = await start(process.argv[2], { gzip: true });
const { base, browser } = site;
const RUNS = Number(process.env.RUNS || 3);
const CARDS = gamesOf(process.argv[2]).length;

// Runs in the page from its start: notes the frame after every game's card is in the page and
// the app's start; then, as a person tapping at once would, taps "New game" for Stack Control
// as soon as the app runs and "Start the game" as soon as it shows (in the page: the automation's
// own round trips through a slowed CPU would add about a second), noting when each page is drawn.
function watch(cards) {
  window.testTimes = {};
  const times = window.testTimes;
  const frame = (name) => requestAnimationFrame(() => { times[name] = performance.now(); });
  const tap = (selector) => setTimeout(() => document.querySelector(selector)?.click());
  new MutationObserver(() => {
    if (!times.listedSeen && document.querySelectorAll('.game-card').length >= cards) { times.listedSeen = true; frame('listed'); }
    if (!times.running && !document.getElementById('first-paint') && document.querySelector('#app header.top')) times.running = performance.now();
    // (A build without the first paint draws its cards once it has opened the saved games.)
    if (times.running && !times.tapped && document.querySelector('.game-card a[href="#/new/stack-control"]')) {
      times.tapped = true;
      tap('.game-card a[href="#/new/stack-control"]');
    }
    if (!times.formSeen && document.getElementById('start-game')) {
      times.formSeen = true;
      frame('form');
      tap('#start-game');
    }
    if (!times.boardSeen && document.querySelector('svg.board .cell')) { times.boardSeen = true; frame('board'); }
  }).observe(document, { childList: true, subtree: true });
}

async function once() {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(watch, CARDS);
  await page.goto(base, { waitUntil: 'commit' });
  const poll = { timeout: 60000, polling: 100 };
  await page.waitForFunction(() => window.testTimes && window.testTimes.board, null, poll);
  const t = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const wasm = performance.getEntriesByType('resource').find((e) => /stackplay-[0-9a-f]+_bg\.wasm$/.test(e.name));
    return {
      paint: fcp ? fcp.startTime : NaN,
      // Painted no sooner than the first paint.
      listed: Math.max(window.testTimes.listed, fcp ? fcp.startTime : 0),
      wasmAsked: wasm ? wasm.startTime : NaN,
      wasmHere: wasm ? wasm.responseEnd : NaN,
      running: window.testTimes.running,
      form: window.testTimes.form,
      board: window.testTimes.board,
    };
  });
  await context.close();
  return t;
}

const COLUMNS = [['paint', 'first paint'], ['listed', 'games listed'], ['wasmAsked', 'wasm asked'], ['wasmHere', 'wasm here'], ['running', 'app running'], ['form', 'new game'], ['board', 'board']];
const row = (label, t) => `${label.padEnd(8)}${COLUMNS.map(([k]) => String(Math.round(t[k])).padStart(14)).join('')}`;
try {
  console.log(`first visit: 1.6 Mbps down, 150 ms round trip, CPU 4x slower, no cache, gzipped; ms from the navigation's start (${RUNS} runs)`);
  console.log(`${''.padEnd(8)}${COLUMNS.map(([, h]) => h.padStart(14)).join('')}`);
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(await once());
    console.log(row(`run ${i + 1}`, runs[i]));
  }
  const median = Object.fromEntries(COLUMNS.map(([k]) => {
    const v = runs.map((r) => r[k]).sort((a, b) => a - b);
    return [k, v[Math.floor(v.length / 2)]];
  }));
  console.log(row('median', median));
  console.log(`targets: games listed <= 1000 ms (${median.listed <= 1000 ? 'met' : 'NOT met'}), board <= 2500 ms (${median.board <= 2500 ? 'met' : 'NOT met'})`);
} finally {
  await browser.close();
  site.server.close();
}
