// Serves the built site (dist/) under a sub-path with a static file server, opens it in
// headless Chromium and checks: no console errors or warnings, the home page lists the games, a new
// Stack Control game draws its board SVG, a move can be played, and a reload keeps it; whole
// games of Evade, Stacks, STAX and Evacuate are played through their boards; every board's
// key opens with its pictures.
// Usage: node tests/site/check-site.mjs [dist dir]   (SCREENSHOTS=dir to save PNGs)
import { start, gamesOf, APP_CARDS } from './serve.mjs';

/// Plays the Evacuate game on the page through its board to the end: in the panel, a pyramid
/// of the stash, a highlighted triangle (a move rather than a nudge when there is one,
/// evacuating when it can), then confirm; or the take-off, release, trade, end or pass
/// buttons. Returns what the announcements said (steps < 0: stuck).
async function playEvacuate(page, pause = 0) {
  return page.evaluate(async (pause) => {
    const tick = () => new Promise((r) => setTimeout(r, 0));
    const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const $ = (s) => document.querySelector(s);
    const $$ = (s) => [...document.querySelectorAll(s)];
    const seen = { steps: 0, rounds: 0, stuck: 0, jams: 0, evacuated: 0, trades: 0 };
    for (let n = 0; n < 6000; n++) {
      await tick();
      const note = ($('.evac-note') || {}).textContent || '';
      if (/Round \d+ is over/.test(note)) seen.rounds++;
      if (/pile is stuck/.test(note)) seen.stuck++;
      if (/is jammed/.test(note)) seen.jams++;
      if (/evacuated/.test(note)) seen.evacuated++;
      if (/trades yellow's tree/.test(note)) seen.trades++;
      if ($('.game-over')) return seen;
      seen.steps++;
      const steps = $$('.evac-steps button');
      const take = steps.find((b) => /^t/.test(b.dataset.m));
      if (take) { click(take); continue; }
      if ($('#evac-pass')) { click($('#evac-pass')); continue; }
      const stash = $$('.evac-stash button.usable');
      if ($('#evac-end')) {
        const release = steps.find((b) => /^r/.test(b.dataset.m));
        click(release && n % 3 === 0 ? release : $('#evac-end'));
        continue;
      }
      if (!stash.length) {
        if (steps.length) { click(steps[0]); continue; }
        return { ...seen, steps: -1 };
      }
      // Try each pyramid (largest first) on a few triangles for a placement that
      // evacuates, else the first move found.
      let best = null;
      let out = false;
      const pieces = stash.map((b) => b.dataset.p);
      for (const piece of pieces.slice().reverse()) {
        if (out) break;
        if (!$(`[data-p='${piece}'][aria-pressed='true']`)) click($(`[data-p='${piece}']`));
        await tick();
        const moves = $$('svg.board .tri.move').map((t) => t.dataset.t);
        for (const t of moves.slice(0, 8)) {
          click($(`svg.board [data-t='${t}']`));
          await tick();
          if (!best) best = [piece, t];
          if (/evacuated/.test(($('.evac-preview') || {}).textContent || '')) { best = [piece, t]; out = true; break; }
        }
      }
      // Else a nudge, by any pyramid that has one (starting with a different one each time).
      for (let k = 0; !best && k < pieces.length; k++) {
        const piece = pieces[(n + k) % pieces.length];
        if (!$(`[data-p='${piece}'][aria-pressed='true']`)) click($(`[data-p='${piece}']`));
        await tick();
        const nudge = $$('svg.board .tri.nudge')[0];
        if (nudge) best = [piece, nudge.dataset.t];
      }
      if (!best) return { ...seen, steps: -2, state: ($('.evac-now') || {}).textContent };
      const [p, t] = best;
      if ($('#evac-cancel')) { click($('#evac-cancel')); await tick(); }
      click($(`[data-p='${p}']`));
      await tick();
      click($(`svg.board [data-t='${t}']`));
      await tick();
      if (!$('#evac-go')) return { ...seen, steps: -3 };
      // Paused mid-game with a placement previewed, before it is confirmed.
      if (pause && n >= pause) return { ...seen, paused: n };
      click($('#evac-go'));
    }
    return { ...seen, steps: -4 };
  }, pause);
}

/// On a phone, the board and what the mover needs for a turn fit one screen: the board's top
/// to the bottom of the last element matching `selector` (the answer line, the mover's rack or
/// stash and the step's buttons) is at most 700 px, what a 390x844 phone shows below the
/// browser's own bars.
async function phoneFit(page, check, game, when, selector) {
  const fit = await page.evaluate((sel) => {
    const board = document.querySelector('svg.board');
    const els = [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length);
    if (!board || !els.length) return null;
    const top = board.getBoundingClientRect().top;
    return Math.round(Math.max(...els.map((e) => e.getBoundingClientRect().bottom)) - top);
  }, selector);
  check(fit !== null && fit <= 700, `phone: ${game}: the board and the turn's controls (${selector}) end ${fit} px below the board's top ${when} (at most 700)`);
}

const site = await start(process.argv[2]);
// The games the site was built with.
const GAMES = gamesOf(process.argv[2]);
const { base, browser, check, shot } = site;

try {
  for (const viewport of [{ width: 1280, height: 900, name: 'desktop' }, { width: 390, height: 844, name: 'phone' }]) {
    const phone = viewport.name === 'phone';
    // The phone is a touch phone: taps, and the page laid out for its width.
    const context = await browser.newContext({ viewport, hasTouch: phone, isMobile: phone });
    const press = (locator) => (phone ? locator.tap() : locator.click());
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`); });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));

    await page.goto(base, { waitUntil: 'load' });
    await page.waitForSelector(APP_CARDS, { timeout: 20000 });
    check(await page.locator('.game-card h3', { hasText: 'Stack Control' }).count() === 1, `${viewport.name}: home lists Stack Control`);
    // The games' pictures are static images (not in the first load): every game's loads.
    const thumbs = await page.evaluate(async () => {
      const imgs = [...document.querySelectorAll('.game-card img.thumb')];
      await Promise.all(imgs.map((i) => (i.complete ? null : new Promise((r) => { i.onload = r; i.onerror = r; }))));
      return imgs.map((i) => i.naturalWidth > 0);
    });
    check(thumbs.length === GAMES.length && thumbs.every(Boolean), `${viewport.name}: home: the static pictures of the ${GAMES.length} games load (${JSON.stringify(thumbs)})`);
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

    if (phone) await phoneFit(page, check, 'Stack Control', 'at the start', 'svg.board, .board-panel');
    // A tap on an empty square says why nothing happened.
    await press(page.locator('svg.board .cell:not(.stack)').first());
    const said = await page.locator('.board-panel .say').innerText();
    check(/is empty: pick a stack to move/.test(said), `${viewport.name}: a tap on an empty square says why ("${said}")`);
    // Tap stacks until one has a landing square, then play there.
    const cells = page.locator('svg.board .cell.stack');
    let played = false;
    for (let i = 0; i < await cells.count() && !played; i++) {
      await press(cells.nth(i));
      if (await page.locator('svg.board .cell.target').count() > 0) {
        await shot(page, `${viewport.name}-selected.png`);
        await press(page.locator('svg.board .cell.target').first());
        played = true;
      }
    }
    check(played, `${viewport.name}: a stack was moved`);
    await page.waitForSelector('.moves li');
    check(await page.locator('.moves li').count() === 1, `${viewport.name}: the move list shows the move`);
    await page.reload();
    await page.waitForSelector('.moves li', { timeout: 10000 });
    check(await page.locator('.moves li').count() === 1, `${viewport.name}: the move survives a reload`);
    if (phone) await phoneFit(page, check, 'Stack Control', 'after a move', 'svg.board, .board-panel');
    await shot(page, `${viewport.name}-play.png`);

    // Keyboard undo and redo (a passive listener would log an error here).
    await page.keyboard.press('Control+z');
    await page.waitForSelector('.moves li.later', { timeout: 5000 });
    check(await page.locator('.moves li.later').count() === 1, `${viewport.name}: Ctrl+Z undoes`);
    await page.keyboard.press('Control+Shift+z');
    await page.waitForSelector('.moves li.current', { timeout: 5000 });
    check(await page.locator('.moves li.later').count() === 0, `${viewport.name}: Ctrl+Shift+Z redoes`);

    {
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
    }
    if (viewport.name === 'desktop') {
      await page.click('text=Rematch');
      await page.waitForSelector('svg.board .cell', { timeout: 10000 });
      // The finished game's board is there until the new game's page replaces it.
      await page.waitForFunction(() => document.querySelectorAll('.moves li').length === 0, null, { timeout: 10000 }).catch(() => {});
      check(await page.locator('.moves li').count() === 0, `${viewport.name}: rematch starts a fresh game`);
      await page.goto(base + '#/');
      await page.waitForSelector('.saved');
      check(await page.locator('.saved').count() === 2, `${viewport.name}: home lists both saved games`);
      await shot(page, `${viewport.name}-home-saved.png`);

      // The benchmark page is left out of the site (a `bench-page` build has it): it says so.
      await page.goto(base + '#/bench');
      await page.waitForSelector('.dead-end');
      check(/No benchmark in this build/.test(await page.locator('.dead-end h1').innerText()), `${viewport.name}: #/bench says the site leaves the benchmark out`);
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
    await page.click('#handoff-ready');
    await page.waitForSelector('svg.board');
    const setupBanner = await page.locator('.turn-banner').innerText();
    check(/to set up their coins in secret/.test(setupBanner), `${viewport.name}: Evade: the banner says the secret setup ("${setupBanner.trim()}")`);
    if (phone) await phoneFit(page, check, 'Evade', 'in the secret setup', '.evade-tray, #evade-setup');
    // Played by taps to the end; on the phone first paused mid-game (a coin picked) to check
    // that the board and its panel still fit.
    const playEvade = async (pause) => {
      const tick = () => new Promise((r) => setTimeout(r, 0));
      const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      const $ = (s) => document.querySelector(s);
      let handoffs = 0;
      for (let n = 0; n < 3000; n++) {
        await tick();
        if ($('.game-over')) return { steps: n, handoffs };
        if ($('#handoff-ready')) { click($('#handoff-ready')); handoffs++; continue; }
        if (pause && n >= pause && !$('#evade-random')) {
          const mine = document.querySelector('svg.board .cell.has-coin.movable') || document.querySelector('svg.board .cell.has-coin');
          if (mine) { click(mine); await tick(); }
          return { paused: n };
        }
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
    };
    let evade = null;
    if (phone) {
      const first = await page.evaluate(playEvade, 12);
      check(first.paused !== undefined, `phone: Evade: paused mid-game (${JSON.stringify(first)})`);
      if (first.paused !== undefined) {
        await phoneFit(page, check, 'Evade', 'mid-game, a coin picked', 'svg.board, .evade-panel .say, .evade-panel .buttons button, .evade-detail');
        await shot(page, 'phone-evade-mid.png');
      } else evade = first;
    }
    evade = evade || await page.evaluate(playEvade, 0);
    check(evade.steps > 0 && evade.handoffs > 1, `${viewport.name}: Evade: a whole game played through the board ends (${evade.steps} steps, ${evade.handoffs} hand-offs)`);
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
    if (phone) await phoneFit(page, check, 'Stacks', 'at the start', '#stacks-enter, .stacks-panel .buttons');
    const playStacks = async (pause) => {
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
        // Paused mid-game with a stack picked, its whole panel showing.
        if (pause && n >= pause) return 0;
        // Going off the board first, else the furthest highlighted cell, else any target.
        const off = $('svg.board .zone.off.target');
        const targets = [...document.querySelectorAll('svg.board .target')];
        const target = off || targets[targets.length - 1];
        if (target) click(target); else if ($('#stacks-cancel')) click($('#stacks-cancel'));
      }
      return -2;
    };
    let stacks = null;
    if (phone) {
      const first = await page.evaluate(playStacks, 20);
      check(first === 0, `phone: Stacks: paused mid-game (${first})`);
      if (first === 0) {
        await phoneFit(page, check, 'Stacks', 'mid-game, a stack picked', 'svg.board, .stacks-panel .stacks-controls');
        await shot(page, 'phone-stacks-mid.png');
        if (await page.locator('#stacks-cancel').count()) await page.click('#stacks-cancel');
      } else stacks = first;
    }
    stacks = stacks || await page.evaluate(playStacks, 0);
    check(stacks > 0, `${viewport.name}: Stacks: a whole Diabolical game on side 4 played through the board ends (${stacks} clicks)`);
    if (stacks > 0) {
      const over = await page.locator('.game-over').innerText();
      check(/wins|Draw/.test(over), `${viewport.name}: Stacks: the result is shown ("${over.split('\n')[0]}")`);
    }
    await shot(page, `${viewport.name}-stacks-over.png`);

    // STAX (2 players on the desktop, 3 on the phone): zoom and pan first, then a whole game
    // through the board: after 20 turns a capture whenever a landing holds the hunted king, else
    // a random rack tile or tile on the table, a random highlighted cell, a random way that is
    // not refused. After 400 turns without an end, a draw agreed ends it.
    await page.goto(base + '#/new/stax');
    await page.waitForSelector('#start-game');
    const staxPlayers = viewport.name === 'desktop' ? 2 : 3;
    await page.selectOption('#player-count', String(staxPlayers));
    await page.click('#start-game');
    await page.waitForSelector('svg.board .cell', { timeout: 10000 });
    if (phone) await phoneFit(page, check, 'STAX', 'at the start', '.stax-rack .rack-tile.usable');
    const box = () => page.locator('svg.stax-board').getAttribute('viewBox');
    const fitted = await box();
    await page.click('#stax-zoom-in');
    const zoomed = await box();
    check(zoomed !== fitted, `${viewport.name}: STAX: the + button zooms (${fitted} -> ${zoomed})`);
    const rect = await page.locator('svg.stax-board').boundingBox();
    await page.mouse.move(rect.x + rect.width / 2, rect.y + rect.height / 2);
    await page.mouse.down();
    await page.mouse.move(rect.x + rect.width / 2 + 60, rect.y + rect.height / 2 + 30, { steps: 5 });
    await page.mouse.up();
    const panned = await box();
    check(panned !== zoomed, `${viewport.name}: STAX: dragging pans (${zoomed} -> ${panned})`);
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(50);
    check(await box() !== panned, `${viewport.name}: STAX: the wheel zooms`);
    await page.click('#stax-zoom-reset');
    check(await box() === fitted, `${viewport.name}: STAX: the fit button fits the view again`);
    const playStax = async ({ players, pause }) => {
      const tick = () => new Promise((r) => setTimeout(r, 0));
      const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      const $ = (s) => document.querySelector(s);
      const $$ = (s) => [...document.querySelectorAll(s)];
      const names = ['Light', 'Dark', 'Red'];
      let seed = 11;
      const rnd = (k) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % k; };
      const finish = async () => {
        click($('#stax-confirm') || $('svg.board .cell.chosen') || document.body);
        await tick();
      };
      let refusals = 0;
      for (let n = 0; n < 3000; n++) {
        await tick();
        if ($('.game-over')) return { turns: n, refusals, drawn: false };
        if ($('#stax-accept')) { click($('#stax-accept')); continue; }
        if (n >= 400 && $('#stax-offer')) { click($('#stax-offer')); continue; }
        const seat = ['L', 'D', 'R'].indexOf($('svg.board').dataset.toMove);
        const hunted = names[(seat + 1) % players];
        // After 20 turns, a capture if a tile on the table can land on the hunted king.
        let moved = false;
        for (const from of n >= 20 ? $$('svg.board .cell.movable') : []) {
          click(from);
          await tick();
          const capture = $$('svg.board .cell.target').find((t) => (t.getAttribute('aria-label') || '').includes(`${hunted} K; move here`));
          if (capture) {
            click(capture); await tick();
            const ok = $$('.stax-ways button:not(.refused)');
            if (ok.length) { click(ok[0]); await tick(); }
            await finish();
            moved = true;
            break;
          }
          click($('#stax-cancel')); await tick();
        }
        if (moved) continue;
        // Kings wait a few turns, so that the game is more than a quick duel of kings.
        const king = n > 8 && $('.rack-tile.usable[data-kind="K"]');
        const rack = $$('.rack-tile.usable').filter((b) => n > 8 || b.dataset.kind !== 'K');
        const movable = $$('svg.board .cell.movable');
        if (king && rnd(6) === 0) click(king);
        else if (movable.length && (rnd(2) === 0 || !rack.length)) click(movable[rnd(movable.length)]);
        else if (rack.length) click(rack[rnd(rack.length)]);
        else return { turns: -1, refusals, drawn: false };
        await tick();
        // Paused mid-game with a tile picked, its targets and ways showing.
        if (pause && n >= pause) return { paused: n };
        // Now and then, a cell that is not highlighted: it must say why.
        const plain = $$('svg.board .cell:not(.target):not(.movable):not(.selected)');
        if (plain.length && rnd(8) === 0) {
          click(plain[rnd(plain.length)]); await tick();
          if (($('.stax-panel .say') || {}).textContent) refusals++;
        }
        const targets = $$('svg.board .cell.target');
        if (!targets.length) { if ($('#stax-cancel')) click($('#stax-cancel')); continue; }
        click(targets[rnd(targets.length)]);
        await tick();
        const ok = $$('.stax-ways button:not(.refused)');
        if (ok.length) { click(ok[rnd(ok.length)]); await tick(); }
        if ($('.stax-ways')) await finish();
      }
      return { turns: -2, refusals, drawn: false };
    };
    let stax = null;
    if (phone) {
      const first = await page.evaluate(playStax, { players: staxPlayers, pause: 8 });
      check(first.paused !== undefined, `phone: STAX: paused mid-game (${JSON.stringify(first)})`);
      if (first.paused !== undefined) {
        await phoneFit(page, check, 'STAX', 'mid-game, a tile picked', 'svg.board, .stax-panel .say, .stax-rack.mine .rack-tile.usable, .stax-act button');
        await shot(page, 'phone-stax-mid.png');
        if (await page.locator('#stax-cancel').count()) await page.click('#stax-cancel');
      } else stax = first;
    }
    stax = stax || await page.evaluate(playStax, { players: staxPlayers, pause: 0 });
    check(stax.turns > 0, `${viewport.name}: STAX: a whole ${staxPlayers}-player game played through the board ends (${stax.turns} turns, ${stax.refusals} refusals explained)`);
    if (stax.turns > 0) {
      const over = await page.locator('.game-over').innerText();
      check(/wins|draw/i.test(over), `${viewport.name}: STAX: the result is shown ("${over.split('\n')[0]}")`);
      check(await page.locator('svg.board .cell .tile').count() > 0, `${viewport.name}: STAX: the tiles are on the board`);
    }
    await shot(page, `${viewport.name}-stax-over.png`);

    // Evacuate through the built site, one round on the phone and first to 14 on the
    // desktop: in the panel, pick a pyramid of the stash, a highlighted triangle (a move
    // rather than a nudge when there is one, evacuating when it can), then confirm; or the
    // take-off, release, end or pass buttons. Screenshots at the start, with a preview shown,
    // and at the end.
    await page.goto(base + '#/rules/evacuate');
    await page.waitForSelector('.rules h2');
    check(/reconstruction/.test(await page.locator('.rules').innerText()), `${viewport.name}: Evacuate: the rules say the board is a reconstruction`);
    await page.goto(base + '#/new/evacuate');
    await page.waitForSelector('#start-game');
    const evacOption = viewport.name === 'desktop' ? '14' : '1';
    await page.selectOption('#option-match', evacOption);
    await page.click('#start-game');
    await page.waitForSelector('svg.board [data-t]', { timeout: 10000 });
    if (phone) await phoneFit(page, check, 'Evacuate', 'at the start', '.evac-stash button.usable');
    check(await page.locator('svg.board [data-t]').count() === 48, `${viewport.name}: Evacuate: 48 triangles`);
    check(await page.locator('svg.board .space').count() === 8, `${viewport.name}: Evacuate: 8 floor spaces`);
    check(await page.locator('svg.board .space .pc').count() === 12, `${viewport.name}: Evacuate: 12 occupants`);
    await shot(page, `${viewport.name}-evacuate-start.png`);
    await page.locator('.evac-stash button.usable').first().click();
    await page.locator('svg.board .tri.move').first().click();
    await page.waitForSelector('#evac-go');
    check(/If you confirm/.test(await page.locator('.evac-preview').innerText()), `${viewport.name}: Evacuate: a preview before confirming`);
    await shot(page, `${viewport.name}-evacuate-preview.png`);
    await page.click('#evac-cancel');
    let evac = null;
    if (phone) {
      // A few placements in (a one-round game can be short), a placement previewed.
      const first = await playEvacuate(page, 6);
      check(first.paused !== undefined, `phone: Evacuate: a placement previewed mid-game (${JSON.stringify(first)})`);
      if (first.paused !== undefined) {
        await phoneFit(page, check, 'Evacuate', 'mid-game, a placement previewed', 'svg.board, .evac-mine, #evac-go');
        await shot(page, 'phone-evacuate-mid.png');
        if (await page.locator('#evac-cancel').count()) await page.click('#evac-cancel');
      } else evac = first;
    }
    evac = evac || await playEvacuate(page);
    check(evac.steps > 0, `${viewport.name}: Evacuate: a whole game (${evacOption === '1' ? 'one round' : 'first to 14'}) played through the board ends (${JSON.stringify(evac)})`);
    if (evac.steps > 0) {
      const over = await page.locator('.game-over').innerText();
      check(/wins|Draw/.test(over), `${viewport.name}: Evacuate: the result is shown ("${over.split('\n')[0]}")`);
      check(evac.evacuated > 0, `${viewport.name}: Evacuate: evacuations were announced`);
      if (evacOption === '14') check(evac.rounds > 0, `${viewport.name}: Evacuate: a round's end and the next round were announced`);
    }
    await shot(page, `${viewport.name}-evacuate-over.png`);

    // A three-player game on the desktop (blue wild, yellow's tree trades between rounds,
    // first to 13) and Phobos Pugilists on the phone (pugilists, first to 9), both played to
    // the end through the board.
    await page.goto(base + '#/new/evacuate');
    await page.waitForSelector('#start-game');
    const table = viewport.name === 'desktop' ? 'three players' : 'Phobos Pugilists';
    if (viewport.name === 'desktop') await page.selectOption('#player-count', '3');
    else await page.selectOption('#option-match', 'pugilists');
    await page.click('#start-game');
    await page.waitForSelector('svg.board [data-t]', { timeout: 10000 });
    if (viewport.name === 'desktop') {
      check(await page.locator('.player').count() === 3 && await page.locator('.evac-general .pc.usable').count() === 3,
        `${viewport.name}: Evacuate, three players: three player cards and the general stash (blue) open to the player to move`);
    } else {
      check(await page.locator('svg.board .pc.c4').count() === 1 && await page.locator('svg.board .pc.c5').count() === 1,
        `${viewport.name}: Evacuate, Phobos Pugilists: the black and the white pugilist are on the floor`);
    }
    await shot(page, `${viewport.name}-evacuate-${viewport.name === 'desktop' ? 'three' : 'pugilists'}-start.png`);
    const variant = await playEvacuate(page);
    check(variant.steps > 0 && await page.locator('.game-over').count() === 1,
      `${viewport.name}: Evacuate, ${table}: a whole game played through the board ends (${JSON.stringify(variant)})`);
    if (viewport.name === 'desktop' && variant.rounds > 0) {
      check(variant.trades > 0, `${viewport.name}: Evacuate, three players: yellow's tree trade was chosen and announced`);
    }
    await shot(page, `${viewport.name}-evacuate-${viewport.name === 'desktop' ? 'three' : 'pugilists'}-over.png`);

    // Every game's key under its board ("What the marks mean": a static file, fetched when it
    // is opened): it opens with its lines, each with its picture, drawn at a size that reads
    // (Evacuate's key is words only: its board is a reconstruction).
    for (const slug of GAMES) {
      await page.goto(base + `#/new/${slug}`);
      await page.waitForSelector('#start-game');
      await page.click('#start-game');
      await page.waitForSelector('#handoff-ready, svg.board', { timeout: 10000 });
      if (await page.locator('#handoff-ready').count()) await page.click('#handoff-ready');
      await page.click(`.${slug}-key summary`);
      await page.waitForSelector(`.${slug}-key .marks li`, { timeout: 10000 }).catch(() => {});
      const key = await page.evaluate((s) => {
        const lines = [...document.querySelectorAll(`.${s}-key .marks li`)];
        const pictures = lines.filter((li) => {
          const svg = li.querySelector('svg');
          const r = svg && svg.getBoundingClientRect();
          return r && r.width >= 30 && r.height >= 30;
        });
        return { lines: lines.length, pictures: pictures.length };
      }, slug);
      check(key.lines >= 5 && (slug === 'evacuate' || key.pictures === key.lines),
        `${viewport.name}: ${slug}: "What the marks mean" opens with its lines and their pictures (${key.lines} lines, ${key.pictures} pictures)`);
      await shot(page, `${viewport.name}-key-${slug}.png`);
    }

    await page.goto(base + '#/no/such/page');
    await page.waitForSelector('text=Page not found');
    check(errors.length === 0, `${viewport.name}: no console errors or warnings${errors.length ? ': ' + errors.join(' | ') : ''}`);
    await context.close();
  }

  // A browser that refuses its database and localStorage (some private modes): games still
  // play, in memory, and the page says they are not kept.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });
      IDBFactory.prototype.open = function () { throw new DOMException('denied', 'InvalidStateError'); };
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
  site.failures.push(String(e));
  console.log('FAIL', e);
} finally {
  await site.finish('built site');
}
