// Exploring a game apart from it: "Explore" opens the position on the board as a copy in the
// tab's memory, where moves for every side can be tried and undone and the history stepped
// through, while the saved game stays byte for byte as it was; "Back to the game" finds it
// unchanged; a reload of the explore page opens the copy again; "Play on from here" asks
// first, then makes a new game of the position and leaves the old one as it was; the
// computer's view gives each side's chances and its three best moves. In a game with
// hidden information being played (Evade), the copy is dealt anew: everything shown, no
// hand-off, the stored game unchanged, and a reload says to open it again.
// Usage: node tests/site/check-explore.mjs [dist dir]   (SCREENSHOTS=dir to save PNGs)
import { start, newGame, oneMove, readDb } from './serve.mjs';

const site = await start(process.argv[2]);
const { base, browser, check, shot } = site;

try {
  for (const [name, viewport, touch] of [['desktop', { width: 1280, height: 900 }, false], ['phone', { width: 390, height: 844 }, true]]) {
    const ctx = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const id = await newGame(page, base);
    for (let i = 0; i < 4; i++) await oneMove(page, i % 2 ? -1 : 0);
    await page.waitForFunction(() => document.querySelectorAll('.moves button[aria-label^="Show the position after"]').length === 4);
    // Explore from the position after move 3 (the game stores where it is shown: read it
    // once that is saved).
    await page.click('.moves button[aria-label^="Show the position after move 3,"]');
    await page.waitForTimeout(400);
    const before = (await readDb(page)).games[id];
    check(typeof before === 'string' && JSON.parse(before).cursor === 3, `${name}: the game is stored, shown at move 3`);
    await page.click('#explore');
    await page.waitForSelector('#exploring');
    check(page.url().endsWith('#/explore/' + id), `${name}: Explore opens #/explore/<id> (${page.url().split('#')[1]})`);
    const moves = () => page.evaluate(() => document.querySelectorAll('.moves button[aria-label^="Show the position after"]').length);
    check(await moves() === 4 && await page.locator('.history-note').count() === 1, `${name}: the copy shows the game's moves, at move 3`);
    // Moves for both sides from move 3: a new line replaces the later move in the copy.
    for (let i = 0; i < 3; i++) await oneMove(page, i % 2 ? 0 : -1);
    await page.waitForFunction(() => document.querySelectorAll('.moves button[aria-label^="Show the position after"]').length === 6);
    await page.click('button[title="Ctrl+Z"]');
    await page.waitForFunction(() => document.querySelector('#step-back') && !document.querySelector('#step-back').disabled);
    await page.click('#step-back');
    // The computer's view of the position: each side's chances, its three best moves.
    await page.click('#hint-button');
    await page.waitForFunction(() => /best moves/.test((document.querySelector('#hint') || {}).textContent || ''), null, { timeout: 30000 });
    const view = await page.locator('#hint').innerText();
    check(/chances Player 1 \d+%, Player 2 \d+%/.test(view) && /1\. .*; 2\. .*; 3\. /.test(view) && await page.locator('.hinting').count() === 1,
      `${name}: the computer's view gives each side's chances and its three best moves, the best on the board ("${view.slice(0, 160)}…")`);
    await shot(page, `${name}-explore.png`);
    const during = (await readDb(page)).games[id];
    check(during === before, `${name}: while exploring, the stored game is byte for byte as it was`);

    // A reload opens the copy again, apart from the game.
    await page.reload();
    await page.waitForSelector('#exploring');
    check(await page.locator('svg.board').count() === 1, `${name}: a reload of the explore page opens the copy`);

    // Back to the game: its four moves, unchanged.
    await page.click('#exploring a');
    await page.waitForSelector('#explore');
    check(page.url().endsWith('#/play/' + id) && await moves() === 4, `${name}: back to the game, its 4 moves`);
    check((await readDb(page)).games[id] === before, `${name}: after exploring, the stored game is byte for byte as it was`);

    // Play on from here: asked first (declined: nothing happens; accepted: a new game).
    await page.click('#explore');
    await page.waitForSelector('#play-on');
    await oneMove(page, 0);
    const explored = await moves();
    let asked = 0;
    page.once('dialog', (d) => { asked++; d.dismiss(); });
    await page.click('#play-on');
    await page.waitForTimeout(200);
    const stillExploring = page.url().includes('#/explore/');
    page.once('dialog', (d) => { asked++; d.accept(); });
    await page.click('#play-on');
    await page.waitForFunction(() => location.hash.startsWith('#/play/'));
    const newId = new URL(page.url()).hash.replace('#/play/', '');
    await page.waitForSelector('svg.board');
    await page.waitForTimeout(300);
    const db = await readDb(page);
    const made = JSON.parse(db.games[newId] || '{}');
    check(asked === 2 && stillExploring && newId !== id && made.record && made.record.moves.length === explored,
      `${name}: Play on from here asks first, then makes a new game of the ${explored} moves explored (${made.record ? made.record.moves.length : 'none'})`);
    check(db.games[id] === before, `${name}: the game explored is still byte for byte as it was`);

    // Evade, played: Explore opens a copy dealt anew by the worker, where everything is
    // shown but what the seat on the board had not seen is drawn at random.
    await page.goto(base + '#/new/evade');
    await page.waitForSelector('#start-game');
    await page.click('#start-game');
    await page.waitForSelector('svg.board, #handoff-ready');
    const evade = new URL(page.url()).hash.replace('#/play/', '');
    // Both setups and six coin steps by clicks, then the device handed to the seat to move.
    await page.evaluate(async () => {
      const tick = () => new Promise((r) => setTimeout(r, 20));
      const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      const $ = (q) => document.querySelector(q);
      let steps = 0;
      for (let n = 0; n < 400 && steps < 6; n++) {
        await tick();
        if ($('#handoff-ready')) { click($('#handoff-ready')); continue; }
        if ($('#evade-random')) { click($('#evade-random')); await tick(); click($('#evade-setup')); continue; }
        const coins = [...document.querySelectorAll('svg.board .cell.has-coin')];
        for (let k = 0; k < coins.length; k++) {
          click(coins[(k + n * 7) % coins.length]);
          await tick();
          const targets = [...document.querySelectorAll('svg.board .cell.target')].filter((t) => !/freezes/.test(t.getAttribute('aria-label')));
          if (targets.length) { click(targets[0]); steps++; break; }
        }
      }
    });
    await page.waitForSelector('#handoff-ready');
    await page.click('#handoff-ready');
    await page.waitForSelector('svg.board');
    const labels = () => page.evaluate(() => [...document.querySelectorAll('svg.board .cell.has-coin')].map((c) => c.getAttribute('aria-label')));
    const hiddenBefore = (await labels()).filter((l) => !/face up|you know it is/.test(l)).length;
    const evadeBefore = (await readDb(page)).games[evade];
    await page.click('#explore');
    await page.waitForSelector('#exploring', { timeout: 20000 });
    const shown = await labels();
    const hiddenAfter = shown.filter((l) => !/face up|you know it is/.test(l)).length;
    check(page.url().endsWith('#/explore/' + evade) && await page.locator('#drawn').count() === 1 && await page.locator('#handoff-ready').count() === 0,
      `${name}: Explore in an Evade game being played opens a copy, says what it had not seen is dealt at random, and asks for no hand-off`);
    check(hiddenBefore > 0 && hiddenAfter === 0 && shown.length === 12,
      `${name}: the copy shows every coin's value (${hiddenBefore} face down to the seat in the game, ${hiddenAfter} in the copy)`);
    // A step in the copy for the side to move: no hand-off follows, the stored game unchanged.
    await page.evaluate(async () => {
      const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      for (const c of document.querySelectorAll('svg.board .cell.has-coin')) {
        click(c);
        await new Promise((r) => setTimeout(r, 20));
        const t = document.querySelector('svg.board .cell.target');
        if (t) { click(t); return; }
      }
    });
    await page.waitForTimeout(300);
    check(await page.locator('#handoff-ready').count() === 0 && await page.locator('#exploring').count() === 1, `${name}: a step in the copy asks for no hand-off`);
    await shot(page, `${name}-explore-evade.png`);
    check((await readDb(page)).games[evade] === evadeBefore, `${name}: the Evade game explored is byte for byte as it was`);
    // A reload cannot deal the copy again from the game itself: it says so.
    await page.reload();
    await page.waitForSelector('main h1, main h2');
    check(/Nothing to explore here/.test(await page.locator('main').innerText()) && await page.locator('svg.board').count() === 0,
      `${name}: a reload of an Evade copy shows no board and says to open Explore again`);
    check(errors.length === 0, `${name}: no page errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
    await ctx.close();
  }
} catch (e) {
  site.failures.push(String(e));
  console.log('FAIL', e);
} finally {
  await site.finish('exploring');
}
