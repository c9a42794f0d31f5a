// Nothing lost between tabs, reloads and a full storage: real tabs (pages of one browser
// context) on one game, moving by real clicks (Playwright's mouse: trusted input through the
// browser), at the same instant, staggered by 0-100 ms, with one tab busy for 2.5 s, three and
// four tabs at once; a reload right after a move; a full storage in one tab while another
// plays on; Evade looking back through its history with no hand-off. Every history any tab's
// move list showed, at any moment (recorded in the page as it is drawn, kept in
// sessionStorage so a reload keeps it), must be the start of a stored
// game's history: a move shown and stored nowhere is a lost move, and the checks count them.
// No timing is asserted: a slow machine changes who wins a race, never what is kept.
// Usage: node tests/site/check-tabs.mjs [dist dir]   (TRIALS=n: trials of each kind, 20;
// ONLY=words: only the kinds whose name has them)
import { start, pick, readDb, failingWrites, APP_CARDS } from './serve.mjs';

const site = await start(process.argv[2]);
const { base, browser, check } = site;
const TRIALS = Number(process.env.TRIALS || 20);
const chosen = (label) => !process.env.ONLY || label.includes(process.env.ONLY);

/// Runs in every page before the app: records each move history the move list shows.
const recordShown = () => {
  const note = () => {
    const moves = [...document.querySelectorAll('.moves li button')].map((b) => b.title);
    if (!moves.length) return;
    const seen = JSON.parse(sessionStorage.getItem('test.shown') || '[]');
    const history = moves.join(' ');
    if (!seen.includes(history)) {
      seen.push(history);
      sessionStorage.setItem('test.shown', JSON.stringify(seen));
    }
  };
  new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
};
const shownIn = (page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('test.shown') || '[]'));
const forget = (page) => page.evaluate(() => sessionStorage.removeItem('test.shown'));
const histories = async (page) => Object.values((await readDb(page)).games).map((t) => JSON.parse(t).record.moves);
/// The moves shown in `pages` and stored nowhere: each move named by the history up to it, so
/// a move is counted once however many histories showed it.
const lostMoves = async (pages) => {
  const stored = new Set((await histories(pages[0])).flatMap((h) => h.map((_, i) => h.slice(0, i + 1).join(' '))));
  const lost = new Set();
  for (const p of pages) {
    for (const shown of await shownIn(p)) {
      const h = shown.split(' ');
      h.forEach((_, i) => { const key = h.slice(0, i + 1).join(' '); if (!stored.has(key)) lost.add(key); });
    }
  }
  return [...lost];
};
/// Waits (up to 6 s) for every move shown to be stored; returns those that are not.
const settle = async (pages) => {
  let lost = [];
  for (let until = Date.now() + 6000; Date.now() < until; await pages[0].waitForTimeout(100)) {
    lost = await lostMoves(pages);
    if (!lost.length) break;
  }
  return lost;
};
const clearDb = (page) => page.evaluate(() => new Promise((r) => {
  const q = indexedDB.open('stackplay');
  q.onsuccess = () => {
    const tx = q.result.transaction('games', 'readwrite');
    tx.objectStore('games').clear();
    tx.oncomplete = () => { q.result.close(); r(); };
  };
}));
/// A new two-player Stack Control game, started in the page (quicker than by clicks): its id.
const newGame = (page) => page.evaluate(async () => {
  const until = async (f) => { for (let i = 0; i < 500 && !f(); i++) await new Promise((r) => setTimeout(r, 10)); return f(); };
  location.hash = '#/new/stack-control';
  (await until(() => document.querySelector('#start-game'))).click();
  await until(() => /^#\/play\//.test(location.hash) && document.querySelector('svg.board .cell.stack'));
  return location.hash.replace('#/play/', '');
});
/// Picks the `nth` movable stack (from the end when negative) in the page; returns the centre
/// of its first landing square, for a real click, or null when none can move.
const aim = async (page, nth) => {
  const found = await page.evaluate(async (nth) => {
    const stacks = [...document.querySelectorAll('svg.board .cell.stack')];
    if (nth < 0) stacks.reverse();
    for (const s of stacks.slice(Math.abs(nth) - (nth < 0 ? 1 : 0))) {
      s.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
      const t = document.querySelector('svg.board .cell.target');
      if (t) { t.scrollIntoView({ block: 'center' }); return true; }
    }
    return false;
  }, nth);
  if (!found) return null;
  const box = await page.locator('svg.board .cell.target').first().boundingBox();
  return box && { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(recordShown);
  const tabs = [];
  for (let i = 0; i < 4; i++) tabs.push(await context.newPage());
  const errors = [];
  for (const p of tabs) p.on('pageerror', (e) => errors.push(String(e)));
  for (const p of tabs) { await p.goto(base + '#/'); await p.waitForSelector(APP_CARDS); }

  // Races: `n` tabs on one new game each pick a different stack, then land by real clicks,
  // each after its own delay (ms); `busy`: the last tab is busy for 2.5 s meanwhile.
  const race = async (label, n, delays, busy = false) => {
    if (!chosen(label)) return;
    let lost = 0;
    let trialsLosing = 0;
    let copies = 0;
    let moved = 0;
    let raced = 0;
    let told = 0;
    const t0 = Date.now();
    for (let trial = 0; trial < TRIALS; trial++) {
      const pages = tabs.slice(0, n);
      const id = await newGame(pages[0]);
      for (const p of pages.slice(1)) {
        await p.goto(base + '#/play/' + id);
        await p.waitForSelector('svg.board .cell.stack');
      }
      for (const p of pages) await forget(p);
      const spots = [];
      for (let i = 0; i < n; i++) spots.push(await aim(pages[i], [1, -1, 3, -3][i]));
      const wait = delays();
      let busyDone = Promise.resolve();
      if (busy) {
        busyDone = pages[n - 1].evaluate(() => { const end = Date.now() + 2500; while (Date.now() < end) { /* busy */ } });
        await sleep(100);
      }
      await Promise.all(pages.map(async (p, i) => {
        if (!spots[i]) return;
        if (wait[i]) await sleep(wait[i]);
        await p.mouse.click(spots[i].x, spots[i].y);
      }));
      await busyDone;
      await pages[0].waitForTimeout(300);
      const missing = await settle(pages);
      const games = Object.values((await readDb(pages[0])).games).map((t) => JSON.parse(t));
      const kept = games.filter((g) => g.copy_of === id).length;
      copies += kept;
      // Every tab moved and all but one lost the race: each says so (the losers on their
      // copies, the winner of a copy kept beside its game).
      if (kept === n - 1) {
        raced++;
        const notices = async () => (await Promise.all(pages.map((p) => p.locator('#copy-notice').count()))).every((c) => c === 1);
        for (let until = Date.now() + 3000; !(await notices()) && Date.now() < until;) await pages[0].waitForTimeout(50);
        if (await notices()) told++;
      }
      moved += new Set(games.flatMap((g) => g.record.moves.map((m, i) => `${i}:${m}`))).size;
      if (missing.length) {
        lost += missing.length;
        trialsLosing++;
        console.log(`     ${label} ${trial}: lost ${JSON.stringify(missing)}; stored ${JSON.stringify(games.map((g) => g.record.moves))}`);
      }
      await clearDb(pages[0]);
    }
    console.log(`     ${label}: ${TRIALS} trials in ${Math.round((Date.now() - t0) / 1000)} s, ${moved} distinct moves stored, ${copies} copies kept`);
    check(lost === 0, `${label}: no move shown is lost (${lost} moves lost, in ${trialsLosing} of ${TRIALS} trials)`);
    check(told === raced, `${label}: where every tab moved and all but one were kept as copies, every tab says so (${told} of ${raced})`);
  };
  await race('two tabs at the same instant', 2, () => [0, 0]);
  await race('two tabs staggered 0-100 ms', 2, () => [0, Math.floor(Math.random() * 101)]);
  const some = () => Math.floor(Math.random() * 101);
  await race('two tabs, the second busy for 2.5 s', 2, () => [some(), some()], true);
  await race('three tabs at once', 3, () => [0, 0, 0]);
  await race('four tabs at once', 4, () => [0, 0, 0, 0]);
  check(errors.length === 0, `races: no page errors${errors.length ? ': ' + errors.join(' | ') : ''}`);

  // A reload right after a real click's move: the move is stored, or the page asked before
  // leaving ("Leave site?", accepted here: the move may then be gone, as the person chose).
  // One game played on, a move after each reload (the first move a fresh page draws is its
  // slowest), the reload 0-40 ms after the click.
  if (chosen('reload')) {
    const page = tabs[0];
    let asked = 0;
    let silent = 0;
    page.on('dialog', (d) => { if (d.type() === 'beforeunload') asked++; d.accept().catch(() => {}); });
    await newGame(page);
    for (let trial = 0; trial < TRIALS; trial++) {
      await forget(page);
      const before = asked;
      const target = await pick(page, trial % 2 ? -1 : 0).catch(() => null);
      if (!target) { await newGame(page); trial--; continue; }
      await target.click();
      await sleep((trial % 9) * 5);
      await page.reload();
      await page.waitForSelector('svg.board .cell');
      const missing = await lostMoves([page]);
      if (missing.length && asked === before) {
        silent++;
        console.log(`     reload ${trial}: lost ${JSON.stringify(missing)} with no prompt`);
      }
    }
    await clearDb(page);
    console.log(`     reload after a move: ${TRIALS} trials, the page asked first in ${asked}`);
    check(silent === 0, `reload: every move shown is stored or the page asks before leaving (${silent} of ${TRIALS} lost with no prompt)`);
  }

  // Evade in two tabs: tab two's person said "I am <first seat>" there earlier. Both seats set
  // up in tab one, so the first seat is to move again; tab two, taking each move, must show
  // its hand-off screen, never a seat's view (whoever holds tab two may be anyone). Tab two
  // is watched in the page from the first move's news until 1.5 s after the second is stored.
  if (chosen('evade')) {
    const [one, two] = tabs;
    const real = (page, selector) => page.locator(selector).click();
    let shown = 0;
    const runs = 3;
    for (let run = 0; run < runs; run++) {
      await one.goto(base + '#/new/evade');
      await real(one, '#start-game');
      await one.waitForSelector('#handoff-ready');
      const id = new URL(one.url()).hash.replace('#/play/', '');
      await two.goto(base + '#/play/' + id);
      await real(two, '#handoff-ready');
      await two.waitForSelector('#evade-random');
      const setUp = async () => {
        await real(one, '#handoff-ready');
        await real(one, '#evade-random');
        await real(one, '#evade-setup');
      };
      await setUp();
      await two.waitForSelector('#handoff-ready');
      await two.evaluate(() => {
        window.seatShown = 0;
        window.watching = setInterval(() => { if (!document.querySelector('#handoff-ready')) window.seatShown++; }, 10);
      });
      await setUp();
      for (let i = 0; i < 50; i++) {
        const stored = Object.values((await readDb(one)).games).map((t) => JSON.parse(t).record.moves.length);
        if (stored.includes(2)) break;
        await one.waitForTimeout(100);
      }
      await two.waitForTimeout(1500);
      if (await two.evaluate(() => { clearInterval(window.watching); return window.seatShown; })) shown++;
    }
    check(shown === 0, `Evade in two tabs: after the other tab's moves, this tab shows only its hand-off screen, never a seat's view (${shown} of ${runs} showed one)`);

    // Looking back (◀, the move list, Replay) in one tab, with the first seat to move and
    // holding the device: the earlier positions show from its view, with no hand-off screen
    // (before, ◀ to the second seat's setup asked for the device to go to the second seat,
    // whose "I am" showed that seat's view of it); Undo still hands the device back.
    await one.goto(base + '#/new/evade');
    await real(one, '#start-game');
    await one.waitForSelector('#handoff-ready');
    for (let seat = 0; seat < 2; seat++) {
      await real(one, '#handoff-ready');
      await real(one, '#evade-random');
      await real(one, '#evade-setup');
    }
    await real(one, '#handoff-ready');
    await one.waitForSelector('svg.board');
    await one.evaluate(() => {
      window.handoffs = 0;
      window.theirs = 0;
      window.watching = setInterval(() => {
        if (document.querySelector('#handoff-ready')) window.handoffs++;
        // A value shown on the second seat's coins (known only to that seat).
        if (document.querySelector('.coin.moons[data-value]')) window.theirs++;
      }, 10);
    });
    await real(one, '#step-back');
    await one.waitForTimeout(300);
    const note = await one.locator('.history-note').innerText().catch(() => '');
    const banner = await one.locator('.turn-banner').innerText().catch(() => '');
    await real(one, '#step-back');
    await real(one, '#step-forward');
    await one.locator('.moves li button').first().click();
    await real(one, '#replay');
    await one.waitForFunction(() => !document.querySelector('.history-note'), null, { timeout: 10000 }).catch(() => {});
    const [handoffs, theirs] = await one.evaluate(() => { clearInterval(window.watching); return [window.handoffs, window.theirs]; });
    check(/Showing move 1 of 2/.test(note) && handoffs === 0,
      `Evade: looking back (◀, the move list, Replay) from the first seat's turn shows no hand-off screen (${handoffs} checks saw one; "${note}"; "${banner.replace(/\s+/g, ' ')}")`);
    check(theirs === 0, `Evade: looking back never shows the second seat's values (${theirs} checks saw one)`);
    check(await one.locator('#handoff-ready').count() === 0 && await one.locator('svg.board').count() === 1, 'Evade: back at the last move, the first seat still holds the device');
    await one.locator('button', { hasText: /^Undo$/ }).click();
    await one.waitForSelector('#handoff-ready', { timeout: 3000 }).catch(() => {});
    check(await one.locator('#handoff-ready').count() === 1, 'Evade: Undo takes the second seat\'s setup back and hands the device to it');
  }
  await context.close();

  // A full storage in one tab while another plays on: the unsaved moves stay on the board,
  // and when there is room again they land, as a copy (the stored game moved on).
  if (chosen('full')) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.addInitScript(recordShown);
    await ctx.addInitScript(failingWrites);
    const [one, two] = [await ctx.newPage(), await ctx.newPage()];
    const errs = [];
    for (const p of [one, two]) p.on('pageerror', (e) => errs.push(String(e)));
    await one.goto(base + '#/');
    await one.waitForSelector(APP_CARDS);
    let lost = 0;
    let kept = 0;
    let told = 0;
    const runs = 3;
    for (let run = 0; run < runs; run++) {
      const id = await newGame(one);
      await two.goto(base + '#/play/' + id);
      await two.waitForSelector('svg.board .cell.stack');
      for (const p of [one, two]) await forget(p);
      await one.evaluate(() => sessionStorage.setItem('test.fail', 'full'));
      for (let i = 0; i < 4; i++) await (await pick(one, i % 2 ? -1 : 0)).click();
      await one.waitForSelector('#unsaved');
      for (let i = 0; i < 3; i++) {
        await (await pick(two, i % 2 ? 0 : -1)).click();
        await two.waitForFunction((n) => document.querySelectorAll('.moves li').length === n, i + 1);
      }
      await one.waitForTimeout(1000);
      const held = await one.locator('.moves li').count() === 4 && await one.locator('#unsaved').count() === 1;
      await one.evaluate(() => sessionStorage.removeItem('test.fail'));
      await one.waitForSelector('#unsaved', { state: 'detached', timeout: 10000 }).catch(() => {});
      await one.waitForTimeout(500);
      const missing = await settle([one, two]);
      lost += missing.length;
      const games = Object.values((await readDb(one)).games).map((t) => JSON.parse(t));
      const copy = games.find((g) => g.copy_of === id);
      if (held && copy && copy.record.moves.length === 4) kept++;
      if (await one.locator('#copy-notice').count() === 1) told++;
      if (missing.length) console.log(`     full ${run}: lost ${JSON.stringify(missing)}; stored ${JSON.stringify(games.map((g) => g.record.moves))}`);
      await clearDb(one);
    }
    check(lost === 0, `full storage and another tab: no move lost (${lost} moves lost in ${runs} runs)`);
    check(kept === runs && told === runs,
      `full storage and another tab: the unsaved moves stay on the board while the other tab plays, land as a copy once there is room, and the page says so (${kept} and ${told} of ${runs})`);
    check(errs.length === 0, `full storage and another tab: no page errors${errs.length ? ': ' + errs.join(' | ') : ''}`);
    await ctx.close();
  }
} catch (e) {
  site.failures.push(String(e));
  console.log('FAIL', e);
} finally {
  await site.finish('tabs, reloads and a full storage: nothing lost');
}
