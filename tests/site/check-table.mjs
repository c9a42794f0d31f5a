// Around the table, on a tablet (820x1180 portrait, touch): people who sit around the device
// see the page turn to whoever is to move (read from the computed transform), a move is made
// by tapping the turned board, and the clocks run for the mover only, survive a reload within
// a second, and end the game "on time" at zero. Also: Flip turns the board alone.
// Usage: node tests/site/check-table.mjs [dist dir]   (SCREENSHOTS=dir to save PNGs)
import { start } from './serve.mjs';

const site = await start(process.argv[2]);
const { base, browser, check, shot } = site;

/// The play section's turn, in degrees (-180..180), from its computed transform, once its
/// turning has finished.
async function turn(page) {
  await page.waitForFunction(() => {
    const s = document.querySelector('section.play');
    return s && s.getAnimations().every((a) => a.playState !== 'running');
  });
  return page.evaluate(() => {
    const t = getComputedStyle(document.querySelector('section.play')).transform;
    if (!t || t === 'none') return 0;
    const [a, b] = t.slice(t.indexOf('(') + 1, -1).split(',').map(Number);
    return Math.round((Math.atan2(b, a) * 180) / Math.PI);
  });
}

/// The seat to move, from the player cards (0-based), or -1.
const mover = (page) => page.evaluate(() => [...document.querySelectorAll('.players .player')].findIndex((p) => p.classList.contains('to-move')));

/// The clocks as the page shows them: { seat: ms left } and the running seat.
const clocks = (page) => page.evaluate(() => {
  const out = { left: {}, running: -1 };
  for (const c of document.querySelectorAll('.clock')) {
    out.left[c.dataset.seat] = Number(c.dataset.left);
    if (c.classList.contains('running')) out.running = Number(c.dataset.seat);
  }
  return out;
});

/// Starts Stack Control for `players` people, around the device, with `minutes` on each clock
/// (0: none).
async function newTable(page, players, minutes) {
  await page.goto(base + '#/new/stack-control');
  await page.waitForSelector('#start-game');
  if (players !== 2) await page.selectOption('#player-count', String(players));
  await page.selectOption('#seating', 'around');
  await page.waitForSelector('#seat-places');
  if (minutes) {
    await page.selectOption('#clocks', '10');
    await page.fill('#clock-minutes', String(minutes));
    await page.locator('#clock-minutes').dispatchEvent('change');
  }
  await page.tap('#start-game');
  await page.waitForSelector('svg.board .cell', { timeout: 10000 });
}

/// Plays one move by tapping the (turned) board: stacks until one shows landing squares, then
/// the first of them. Returns whether a move was made.
async function tapMove(page) {
  const before = await page.locator('.moves li').count();
  const cells = page.locator('svg.board .cell.stack');
  for (let i = 0; i < await cells.count(); i++) {
    await cells.nth(i).tap();
    if (await page.locator('svg.board .cell.target').count() > 0) {
      await page.locator('svg.board .cell.target').first().tap();
      await page.waitForFunction((n) => document.querySelectorAll('.moves li').length > n, before);
      return true;
    }
  }
  return false;
}

const SIDES = { 2: [0, 180], 3: [0, 90, 180] };

try {
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(String(e)));
  // The page's clock is Playwright's, so that a minute can pass at once.
  await page.clock.install();

  for (const players of [2, 3]) {
    await newTable(page, players, players === 2 ? 1 : 0);
    for (let k = 0; k < 2 * players; k++) {
      const seat = await mover(page);
      const angle = await turn(page);
      check(angle === SIDES[players][seat], `${players} people around: seat ${seat + 1} to move, the page turned ${angle}° (expected ${SIDES[players][seat]}°)`);
      if (k < players) await shot(page, `tablet-around-${players}-seat${seat + 1}.png`);
      check(await tapMove(page), `${players} people around: a move made by tapping the board turned ${angle}°`);
    }
    if (players !== 2) continue;

    // The clocks: the mover's runs down, the other's stays.
    const a = await clocks(page);
    await page.clock.runFor(3000);
    const b = await clocks(page);
    const other = Object.keys(a.left).find((s) => Number(s) !== a.running);
    check(a.running >= 0 && b.left[a.running] < a.left[a.running] - 2500, `clock: the mover's clock runs (${a.left[a.running]} -> ${b.left[a.running]} ms)`);
    check(b.left[other] === a.left[other], `clock: the other clock stays (${a.left[other]} -> ${b.left[other]} ms)`);
    await turn(page);
    await shot(page, 'tablet-clocks.png');
    // A reload keeps both within a second.
    const before = await clocks(page);
    await page.reload();
    await page.waitForSelector('.clock');
    const after = await clocks(page);
    for (const s of Object.keys(before.left)) {
      check(Math.abs(after.left[s] - before.left[s]) < 1000, `clock: seat ${Number(s) + 1}'s clock after a reload ${after.left[s]} ms (before ${before.left[s]})`);
    }
    check(after.running === before.running, 'clock: the same clock runs after a reload');
    // Pause stops it.
    await page.tap('#pause-clocks');
    const paused = await clocks(page);
    await page.clock.runFor(3000);
    const still = await clocks(page);
    check(paused.running === -1 && still.left[before.running] === paused.left[before.running], `clock: paused, nothing runs (${paused.left[before.running]} -> ${still.left[before.running]})`);
    await page.tap('#pause-clocks');
    // Running out ends the game on time.
    await page.clock.runFor(65000);
    await page.waitForSelector('.game-over', { timeout: 5000 });
    const over = await page.locator('.game-over').innerText();
    check(/on time/.test(over), `clock: at zero the game ends on time ("${over.replace(/\s+/g, ' ').slice(0, 120)}")`);
    await turn(page);
    await shot(page, 'tablet-on-time.png');
  }

  // Flip: the board alone turns a half turn; its words stay upright.
  await newTable(page, 2, 0);
  await page.tap('#turn-board'); // back to one side
  check(await turn(page) === 0, 'flip: one side, nothing turns');
  await page.tap('#flip-board');
  const flip = await page.evaluate(() => getComputedStyle(document.querySelector('svg.board')).rotate);
  check(/180/.test(flip), `flip: the board is turned (rotate ${flip})`);
  check(await tapMove(page), 'flip: a move made by tapping the flipped board');
  await shot(page, 'tablet-flipped.png');

  check(errors.length === 0, `no page errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
  await context.close();

  // A phone with turning on: the turned page still fits the board and the mover's controls in
  // one screen (measured in the page's own frame: the height all of them span).
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const p = await phone.newPage();
  await newTable(p, 2, 5);
  // As the phone layout check measures it (the board and the mover's controls), and the
  // running clock on the same screen.
  const span = () => p.evaluate(() => {
    const rects = [...document.querySelectorAll('svg.board, .board-panel')].filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect());
    const clock = document.querySelector('.clock.running').getBoundingClientRect();
    const seen = clock.top >= 0 && clock.bottom <= innerHeight;
    return [Math.round(Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top))), seen];
  });
  for (let k = 0; k < 2; k++) {
    const [seat, angle, [height, clock]] = [await mover(p), await turn(p), await span()];
    check(angle === SIDES[2][seat] && height <= 700 && clock, `phone around: seat ${seat + 1} to move, turned ${angle}°, the board and the mover's controls span ${height} px (at most 700), the running clock ${clock ? 'on' : 'off'} the screen`);
    if (angle === 180) await shot(p, 'phone-around.png');
    if (k === 0) check(await tapMove(p), 'phone around: a move made by tapping the board');
  }
  await phone.close();
} catch (e) {
  site.failures.push(String(e));
  console.log('FAIL', e);
} finally {
  await site.finish('the table');
}
