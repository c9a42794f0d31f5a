// The computer opponent on the built site: for every game on the home page, a whole game
// between two computer seats at the quick strength and the fast pace (the games run side by
// side, each in its own page, then STAX once more alone), with the main thread's long tasks (over 50 ms)
// measured during the computer's turns and printed (a measurement, not a pass mark: this
// machine is shared). Then a person against the computer: the page says the computer is
// thinking, the board refuses a move for the computer (in the history too), undo goes back
// to the person's turn, undoing or leaving while it thinks stops it, and the chances chart
// follows the game.
// Usage: node tests/site/check-computer.mjs [dist dir]   (SCREENSHOTS=dir to save PNGs)
import { start, oneMove, readDb, putDb, APP_CARDS } from './serve.mjs';

const site = await start(process.argv[2]);
const { base, browser, check, shot } = site;

// Counts the main thread's long tasks from the first script on.
const observeLongTasks = () => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
};

async function newGame(page, slug, seats) {
  await page.goto(base + '#/new/' + slug);
  await page.waitForSelector('#start-game');
  const selects = page.locator('select.played-by');
  for (let i = 0; i < seats.length; i++) await selects.nth(i).selectOption(seats[i]);
  await page.click('#start-game');
  await page.waitForFunction(() => location.hash.startsWith('#/play/'), null, { timeout: 10000 });
}

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(observeLongTasks);
  // The computers' games at the fast pace (0.15 s a move at the soonest, not 0.6 s): the
  // checks below want whole games, not the pace, which the replay check measures. Set once:
  // the replay check chooses its own speeds and checks that the device keeps them.
  await context.addInitScript(() => {
    if (!localStorage.getItem('stackplay.setting.speed')) localStorage.setItem('stackplay.setting.speed', 'fast');
  });
  const home = await context.newPage();
  await home.goto(base, { waitUntil: 'load' });
  await home.waitForSelector(APP_CARDS, { timeout: 20000 });
  const slugs = await home.evaluate(() => [...document.querySelectorAll('.game-card a[href^="#/new/"]')]
    .map((a) => a.getAttribute('href').slice('#/new/'.length)));
  check(slugs.length >= 4, `computer: the home page offers ${slugs.length} games`);

  // Two computers, a whole game.
  const playComputers = async (slug) => {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await newGame(page, slug, ['quick', 'quick']);
    await page.evaluate(() => { window.__longTasks = []; });
    const started = Date.now();
    let over = false;
    try {
      await page.waitForSelector('.game-over', { timeout: 400000 });
      over = true;
    } catch (e) { /* reported below */ }
    const seconds = (Date.now() - started) / 1000;
    const moves = await page.locator('.moves li').count();
    const long = await page.evaluate(() => window.__longTasks);
    await shot(page, `computer-${slug}.png`);
    return { slug, page, errors, over, seconds, moves, long };
  };
  // Every game at once (five pages and their workers on this machine's cores: a busy
  // machine, where the main thread also waits for a core).
  const games = await Promise.all(slugs.map(playComputers));
  // And one game alone (the shortest: STAX), as a person's device plays it.
  if (slugs.includes('stax')) {
    const alone = await playComputers('stax');
    alone.slug = 'stax, alone';
    games.push(alone);
  }
  for (const g of games) {
    check(g.over, `computer: ${g.slug}: two quick computers play a whole game (${g.moves} moves, ${g.seconds.toFixed(0)} s)`);
    check(g.errors.length === 0, `computer: ${g.slug}: no page errors${g.errors.length ? ': ' + g.errors.join(' | ') : ''}`);
    const max = g.long.length ? Math.max(...g.long) : 0;
    console.log(`measured: ${g.slug}: ${g.long.length} main-thread tasks over 50 ms during the computers' game (longest ${max.toFixed(0)} ms)`);
    await g.page.close();
  }

  // Search speed in the browser's worker, from each game's start, at each game's normal
  // count (its info's strengths; the native bench asks the same question:
  // AI_SPEED=1 cargo bench --no-default-features --bench ai): whether the worker reaches the
  // count within the normal strength's second (a measurement: this machine is shared).
  {
    const speeds = await home.evaluate(async (slugs) => {
      const worker = new Worker('ai-worker_loader.js');
      const ask = (q) => new Promise((resolve) => {
        worker.onmessage = (e) => { if (e.data !== 'ready') resolve(e.data); };
        worker.postMessage(q);
      });
      await new Promise((resolve) => { worker.onmessage = (e) => { if (e.data === 'ready') resolve(); }; });
      const out = [];
      for (const slug of slugs) out.push([slug, await ask(`bench\t${slug}\tnormal`)]);
      // The hint as the page asks for it (the normal strength, then the check against an
      // immediate loss), from the start and after 20 seeded random moves.
      const hints = [];
      for (const slug of slugs) for (const moves of [0, 20]) hints.push(await ask(`benchhint\t${slug}\t${moves}`));
      worker.terminate();
      return { out, hints };
    }, slugs);
    for (const text of speeds.hints) {
      const [, slug, moves, ms, mv, checkMs] = text.split('\t');
      check(Number(ms) > 0 && mv, `computer: the worker hints in ${slug} (${text.split('\t').slice(2).join(' ')})`);
      console.log(`measured: worker hint: ${slug} after ${moves} moves: ${Number(ms).toFixed(0)} ms, of which the check ${Number(checkMs).toFixed(0)} ms (${Number(ms) <= 1000 ? 'within' : 'over'} 1 s)`);
    }
    for (const [slug, text] of speeds.out) {
      const [, , n, ms] = text.split('\t').map(Number);
      check(ms > 0 && n > 0, `computer: the worker searches ${slug} at its normal count (${text.split('\t').slice(2).join(' ')})`);
      console.log(`measured: worker search from the start: ${slug}: its normal count, ${n} iterations, in ${ms.toFixed(0)} ms, ${(n * 1000 / ms).toFixed(0)} iterations/s (${ms <= 1000 ? 'within' : 'over'} the normal strength's 1 s)`);
    }
  }

  // A person against the computer (Stack Control): the person moves, the computer answers;
  // undo and leaving while it thinks stop it, and it thinks again when asked.
  {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('dialog', (d) => d.accept()); // "a move here replaces the later ones"
    await newGame(page, 'stack-control', ['person', 'normal']);
    await page.waitForSelector('svg.board .cell');
    const cards = await page.locator('.player').allInnerTexts();
    check(/computer, normal/.test(cards[1]) && !/computer/.test(cards[0]), 'computer: the player cards say who the computer plays');
    // Whoever starts, after at most two moves it is the person's turn with the computer's answer in.
    await page.waitForFunction(() => !/thinking/.test(document.querySelector('.turn-banner')?.innerText || ''), null, { timeout: 20000 });
    const before = await page.locator('.moves li').count();
    await oneMove(page);
    await page.waitForSelector('.turn-banner:has-text("thinking")', { timeout: 5000 });
    check(true, 'computer: after the person\'s move the page says the computer is thinking');
    await shot(page, 'computer-thinking.png');
    await page.waitForFunction((n) => document.querySelectorAll('.moves li').length === n + 2, before, { timeout: 20000 });
    check(true, 'computer: the computer answers with a move');
    // Back in the history, at the computer's turn: the board offers no move for its seat
    // (every stack picked shows no landing square), and nothing is replaced.
    await page.locator('.moves li button').nth(before).click();
    await page.waitForSelector('.history-note');
    const offered = await oneMove(page).then(() => true, () => false);
    check(!offered && await page.locator('svg.board .cell.target').count() === 0 && await page.locator('.moves li').count() === before + 2,
      'computer: in the history, the board offers no move for the computer\'s seat and nothing is replaced');
    await page.click('button:has-text("Redo")');
    await page.waitForFunction(() => !document.querySelector('.history-note'));
    await page.click('button:has-text("Undo")');
    await page.waitForFunction((n) => document.querySelectorAll('.moves li.later').length === 2, before, { timeout: 5000 });
    check(!/thinking/.test(await page.locator('.turn-banner').innerText()), 'computer: undo takes back the computer\'s move and the person\'s, back to the person\'s turn');
    // Undo while it thinks (strong: about 3 s), then leave while it thinks: nothing breaks,
    // no stale answer lands, and it answers when it is asked again.
    const id = new URL(page.url()).hash.replace('#/play/', '');
    await page.waitForTimeout(100);
    const saved = JSON.parse((await readDb(page)).games[id]);
    saved.record.players[1].computer = 'strong';
    await putDb(page, id, JSON.stringify(saved));
    await page.reload();
    await page.waitForSelector('svg.board .cell');
    const atTurn = await page.locator('.moves li:not(.later)').count();
    await oneMove(page);
    await page.waitForSelector('.turn-banner:has-text("thinking")', { timeout: 5000 });
    await page.click('button:has-text("Undo")');
    await page.waitForTimeout(4000);
    check(await page.locator('.moves li:not(.later)').count() === atTurn && !/thinking/.test(await page.locator('.turn-banner').innerText()),
      'computer: undo while it thinks takes the move back and no late answer lands');
    await oneMove(page);
    await page.waitForSelector('.turn-banner:has-text("thinking")', { timeout: 5000 });
    await page.goto(base + '#/');
    await page.waitForSelector(APP_CARDS);
    await page.waitForTimeout(4000);
    const stored = JSON.parse((await readDb(page)).games[id]).record.moves.length;
    check(stored === atTurn + 1, `computer: leaving while it thinks leaves the game as it was (${stored} moves)`);
    await page.goto(base + '#/play/' + id);
    await page.waitForFunction((n) => document.querySelectorAll('.moves li').length === n + 2, atTurn, { timeout: 20000 });
    check(true, 'computer: back on the game, the computer thinks again and answers');
    // The chances while the game is played: opened on the person's turn, the chart has a
    // point for every position so far, and it follows the game after the next moves.
    const points = () => page.locator('figure.chances polyline').first().evaluate((l) => l.points.length);
    await page.click('#show-chances');
    await page.waitForSelector('figure.chances svg[aria-label^="Chances"]', { timeout: 20000 });
    const first = await points();
    await oneMove(page);
    await page.waitForFunction((n) => document.querySelector('figure.chances polyline')?.points.length === n + 4,
      atTurn, { timeout: 30000 }).catch(() => {});
    const followed = await points();
    check(first === atTurn + 3 && followed === atTurn + 5,
      `computer: the chances chart of a game against the computer follows it (${first} points for ${atTurn + 2} moves, then ${followed} for ${atTurn + 4})`);
    await shot(page, 'computer-chances-live.png');
    check(errors.length === 0, `computer: no page errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
    await page.close();
  }
  // A hint (Stack Control, two people): the normal computer's move for the seat to move,
  // checked against an immediate loss, highlighted on the board and said in words, not
  // played; counted with the game for the seat to move, on its card and at the game's end.
  {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await newGame(page, 'stack-control', ['person', 'person']);
    await page.waitForSelector('svg.board .cell');
    await oneMove(page);
    await page.waitForFunction(() => document.querySelectorAll('.moves li').length === 1);
    const id = new URL(page.url()).hash.replace('#/play/', '');
    await page.click('#hint-button');
    await page.waitForSelector('.play-layout.hinting', { timeout: 20000 });
    const hinted = page.locator('.play-layout.hinting svg.board .cell.last');
    const words = await page.locator('#hint').innerText();
    check(await hinted.count() === 2 && await page.locator('.moves li').count() === 1,
      `computer: a hint is highlighted on the board (two squares), said in words ("${words}"), and not played`);
    check(/Hint: .+\. After it, no reply \(the next player's whole turn\) wins at once\./.test(words),
      'computer: the hint says it was checked against an immediate loss, and what a reply is');
    await shot(page, 'computer-hint.png');
    await page.waitForTimeout(300);
    const saved = JSON.parse((await readDb(page)).games[id]);
    const mover = await page.locator('.player').evaluateAll((els) => els.findIndex((e) => e.classList.contains('to-move')));
    check(saved.hints === 1 && saved.hint_seats?.[mover] === 1 && saved.hint_seats.reduce((a, b) => a + b, 0) === 1
      && /hints: 1/.test(await page.locator('.player.to-move').innerText()) && await page.locator('.player .hints').count() === 1,
      `computer: the hint is counted with the saved game for the seat to move (${JSON.stringify(saved.hint_seats)}), and shown on its card`);
    // The hinted move is legal: one of its squares picked offers the other as a target.
    const cells = await hinted.evaluateAll((els) => els.map((e) => e.getAttribute('data-square')));
    let played = false;
    for (const [from, to] of [[cells[0], cells[1]], [cells[1], cells[0]]]) {
      await page.locator(`svg.board .cell[data-square="${from}"]`).click();
      const target = page.locator(`svg.board .cell.target[data-square="${to}"]`);
      if (await target.count() === 1) {
        await target.click();
        played = true;
        break;
      }
      await page.keyboard.press('Escape');
    }
    await page.waitForTimeout(300);
    check(played && await page.locator('.moves li').count() === 2 && await page.locator('#hint, .hinting').count() === 0,
      'computer: the hinted move is legal, plays from the board, and the hint goes with the move');
    // At a game's end, the count of hints used: a finished game of the computers' above,
    // saved with two hints.
    const stored = Object.values((await readDb(page)).games).map((t) => JSON.parse(t))
      .find((g) => g.record.game === 'stack-control' && g.record.players[0].computer === 'quick');
    if (stored) {
      // Saved before hints were counted per seat: one total, two computer seats, so the hints
      // are nobody's.
      stored.id = 'hinted-old';
      stored.hints = 2;
      await putDb(page, stored.id, JSON.stringify(stored));
      await page.goto(base + '#/play/hinted-old');
      await page.reload();
      await page.waitForSelector('.game-over', { timeout: 10000 });
      const old = await page.locator('.game-over .hints-used').innerText();
      check(old === 'Hints used: 2 before they were counted per player', `computer: an older game's hints are still told ("${old}")`);
      stored.id = 'hinted-game';
      stored.hints = 3;
      stored.hint_seats = [2, 1];
      await putDb(page, stored.id, JSON.stringify(stored));
      await page.goto(base + '#/play/hinted-game');
      await page.reload();
      await page.waitForSelector('.game-over', { timeout: 10000 });
      const used = await page.locator('.game-over .hints-used').innerText();
      const cards = await page.locator('.player').allInnerTexts();
      check(/^Hints used: .+ 2, .+ 1$/.test(used) && /hints: 2/.test(cards[0]) && /hints: 1/.test(cards[1]),
        `computer: a finished game says how many hints each player used, in its result ("${used}") and on their cards`);
      // How the game went: the chances after every move, worked out by the worker, drawn
      // as a chart with its axes, the players' names and its marks; a point picked opens that
      // position apart from the game.
      await page.click('#show-chances');
      await page.waitForSelector('figure.chances svg[aria-label^="Chances"]', { timeout: 120000 });
      const points = await page.locator('figure.chances polyline').first().evaluate((l) => l.points.length);
      const moves = stored.record.moves.length;
      check(points === moves + 1 && await page.locator('figure.chances polyline').count() === 2,
        `computer: the chances chart has a point for every position (${points} for ${moves} moves) and a line for each player`);
      const labels = await page.locator('figure.chances svg').first().evaluate((s) => [...s.querySelectorAll('text')].map((t) => t.textContent).join(' | '));
      const marked = await page.locator('figure.chances circle').evaluateAll((cs) => cs.map((c) => c.querySelector('title').textContent));
      check(/100%/.test(labels) && /0%/.test(labels) && / 0 \|/.test(' ' + labels) && stored.record.players.every((p) => labels.includes(p.name || '')),
        `computer: the chart has its axes (0-100%, move numbers) and each player's name ("${labels.slice(0, 120)}"); ${marked.length} moves marked${marked.length ? ' ("' + marked[0] + '")' : ''}`);
      await shot(page, 'computer-chances.png');
      // A click a third of the way along explores the position a third of the way through,
      // apart from the game.
      const storedText = (await readDb(page)).games[stored.id];
      const box = await page.locator('figure.chances svg.plot').boundingBox();
      await page.mouse.click(box.x + box.width / 3, box.y + box.height / 2);
      await page.waitForSelector('#exploring');
      await page.waitForSelector('.history-note');
      const third = Math.round(moves / 3);
      const note = await page.locator('.history-note').innerText();
      check(new RegExp(`Showing move (${third - 1}|${third}|${third + 1}) of ${moves}`).test(note) && (await readDb(page)).games[stored.id] === storedText,
        `computer: a point of the chart explores that position apart from the game ("${note.split('.')[0]}", about move ${third}), the saved game unchanged`);
      // Back in the game, at that move.
      await page.click('#exploring a');
      await page.waitForSelector('#explore');
      await page.click(`.moves button[aria-label^="Show the position after move ${third},"]`);
      await page.waitForSelector('.history-note');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'computer-chances-phone.png');
      await page.setViewportSize({ width: 1280, height: 900 });
      // Replay at two speeds (a setting of the device): fast from where the chart left the
      // board to the end, then slow over the last three moves; and a pause that holds.
      const at = () => page.evaluate(() => {
        const m = /Showing move (\d+) of/.exec(document.querySelector('.history-note')?.innerText || '');
        return m ? Number(m[1]) : null;
      });
      await page.selectOption('#speed', 'fast');
      const from = await at();
      let started = Date.now();
      await page.click('#replay');
      await page.waitForFunction(() => !document.querySelector('.history-note'), null, { timeout: 60000 });
      const fast = (Date.now() - started) / (moves - from);
      await page.selectOption('#speed', 'slow');
      for (let i = 0; i < 3; i++) await page.click('#step-back');
      check(await at() === moves - 3, 'computer: the step buttons move through the history');
      started = Date.now();
      await page.click('#replay');
      await page.waitForFunction(() => !document.querySelector('.history-note'), null, { timeout: 60000 });
      const slow = (Date.now() - started) / 3;
      console.log(`measured: replay: ${fast.toFixed(0)} ms a move at "fast", ${slow.toFixed(0)} ms at "slow"`);
      check(slow > 1400 && fast < 1000 && slow > 3 * fast, `computer: a replay runs at the chosen speed (${fast.toFixed(0)} ms a move fast, ${slow.toFixed(0)} ms slow)`);
      await page.click('#replay'); // from the end: from the start
      await page.waitForFunction(() => /Showing move 1 of/.test(document.querySelector('.history-note')?.innerText || ''), null, { timeout: 5000 });
      await page.click('#replay'); // pause
      const paused = await at();
      await page.waitForTimeout(2000);
      check(await at() === paused && paused <= 2, `computer: a replay from the end starts at the start, and pauses (at move ${paused})`);
      await page.reload();
      await page.waitForSelector('#speed');
      check(await page.locator('#speed').inputValue() === 'slow', 'computer: the speed is kept by the device');
      // The home page's statistics: the same finished game saved once with a person against
      // the quick computer, once between two people.
      const asPeople = (id, seats) => {
        const g = JSON.parse(JSON.stringify(stored));
        g.id = id;
        g.hints = 0;
        delete g.hint_seats;
        seats.forEach((computer, i) => { if (computer) g.record.players[i].computer = computer; else delete g.record.players[i].computer; });
        return putDb(page, id, JSON.stringify(g));
      };
      await asPeople('stats-vs-quick', [null, 'quick']);
      await asPeople('stats-people', [null, null]);
      await page.goto(base + '#/');
      await page.reload();
      await page.waitForSelector('#stats');
      await page.click('#stats summary');
      const row = await page.locator('#stats tr[data-game="stack-control"]').innerText();
      check(/Against quick/.test(await page.locator('#stats').innerText())
        && /(1 won, 0 drawn, 0 lost|0 won, 1 drawn, 0 lost|0 won, 0 drawn, 1 lost)\s+–\s+–\s+1 played/.test(row),
        `computer: the home page counts the results against each strength and between people ("${row.replace(/\s+/g, ' ')}")`);
      await shot(page, 'computer-stats.png');
    } else {
      check(false, 'computer: a finished game of the computers is stored, to show its hints');
    }
    check(errors.length === 0, `computer: hint: no page errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
    await page.close();
  }
  await context.close();
} catch (e) {
  check(false, `the computer checks ran to the end (${e.stack || e})`);
}
await site.finish('computer opponent');
