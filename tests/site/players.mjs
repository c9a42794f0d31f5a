// In-page players: each plays the game open on the play page to its end by clicks on its
// board and panel, as a person taps, and resolves to what it saw ({ over: true, ... }, or
// { over: false, ... } with why it stopped). They run inside the page (page.evaluate in
// Playwright, `run` of webdriver.mjs over WebDriver), so they are written with no closure over
// this module: each function carries everything it needs. The strategies are those of
// check-site.mjs, which plays the same games in Chromium at two screen sizes.

/// Stack Control: stacks and landing squares in a fixed order. Where no stack has a landing
/// square, the result is given a second to show, then every stack is tried once more.
export async function playStackControl() {
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const $ = (s) => document.querySelector(s);
  const stucks = [];
  for (let n = 0; n < 1000; n++) {
    await tick();
    if ($('.game-over')) return stucks.length ? { over: true, moves: n, stucks } : { over: true, moves: n };
    const cells = [...document.querySelectorAll('svg.board .cell.stack')];
    let moved = false;
    for (let k = 0; k < cells.length && !moved; k++) {
      click(cells[(k + n * 13) % cells.length]);
      await tick();
      const targets = document.querySelectorAll('svg.board .cell.target');
      if (targets.length) { click(targets[n % targets.length]); moved = true; }
    }
    if (moved) continue;
    // Stuck: what the page says, and how long the result takes to show, if it does.
    const t0 = performance.now();
    const board = () => [...document.querySelectorAll('svg.board .cell')].map((c) => c.getAttribute('aria-label')).join();
    const before = board();
    const stuck = { n, stacks: cells.length, said: ($('.board-panel .say') || {}).textContent, turn: ($('.turn-banner') || {}).textContent, moves: document.querySelectorAll('.moves li').length };
    while (!$('.game-over') && performance.now() - t0 < 1000) await new Promise((r) => setTimeout(r, 10));
    Object.assign(stuck, { waited: Math.round(performance.now() - t0), over: !!$('.game-over'), boardChanged: board() !== before, movesAfter: document.querySelectorAll('.moves li').length });
    stucks.push(stuck);
    if (!stuck.over && stucks.length > 2) return { over: false, moves: n, why: 'no stack can move', stucks };
  }
  return { over: false, why: 'no end after 1,000 moves' };
}

/// Evade: the hand-off screens, a random secret setup for each player, then coins and their
/// targets.
export async function playEvade() {
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const $ = (s) => document.querySelector(s);
  let handoffs = 0;
  for (let n = 0; n < 3000; n++) {
    await tick();
    if ($('.game-over')) return { over: true, steps: n, handoffs };
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
  return { over: false, handoffs, why: 'no end after 3,000 steps' };
}

/// Stacks: whatever may move (a stack or the reserve), then off the board when it can, else
/// the furthest highlighted cell.
export async function playStacks() {
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const $ = (s) => document.querySelector(s);
  for (let n = 0; n < 2000; n++) {
    await tick();
    if ($('.game-over')) return { over: true, clicks: n };
    if ($('#stacks-pass')) { click($('#stacks-pass')); continue; }
    const sources = [...document.querySelectorAll('svg.board .movable')];
    if (!sources.length) return { over: false, clicks: n, why: 'nothing may move' };
    click(sources[(n * 5) % sources.length]);
    await tick();
    const targets = [...document.querySelectorAll('svg.board .target')];
    const target = $('svg.board .zone.off.target') || targets[targets.length - 1];
    if (target) click(target); else if ($('#stacks-cancel')) click($('#stacks-cancel'));
  }
  return { over: false, why: 'no end after 2,000 clicks' };
}

/// STAX for `players`: a capture of the hunted king whenever a tile on the table can take it
/// (after 20 turns), else a random rack tile or tile on the table, a random highlighted cell and
/// a random way that is not refused; after 400 turns a draw is offered and accepted.
export async function playStax({ players }) {
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const $ = (s) => document.querySelector(s);
  const $$ = (s) => [...document.querySelectorAll(s)];
  const names = ['Light', 'Dark', 'Red'];
  let seed = 11;
  const rnd = (k) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % k; };
  const finish = async () => { click($('#stax-confirm') || $('svg.board .cell.chosen') || document.body); await tick(); };
  const way = async (pickRandom) => {
    const ok = $$('.stax-ways button:not(.refused)');
    if (ok.length) { click(ok[pickRandom ? rnd(ok.length) : 0]); await tick(); }
  };
  for (let n = 0; n < 3000; n++) {
    await tick();
    if ($('.game-over')) return { over: true, turns: n };
    if ($('#stax-accept')) { click($('#stax-accept')); continue; }
    if (n >= 400 && $('#stax-offer')) { click($('#stax-offer')); continue; }
    const seat = ['L', 'D', 'R'].indexOf($('svg.board').dataset.toMove);
    const hunted = names[(seat + 1) % players];
    let captured = false;
    for (const from of n >= 20 ? $$('svg.board .cell.movable') : []) {
      click(from);
      await tick();
      const capture = $$('svg.board .cell.target').find((t) => (t.getAttribute('aria-label') || '').includes(`${hunted} K; move here`));
      if (capture) { click(capture); await tick(); await way(false); await finish(); captured = true; break; }
      click($('#stax-cancel')); await tick();
    }
    if (captured) continue;
    // Kings wait a few turns, so that the game is more than a quick duel of kings.
    const king = n > 8 && $('.rack-tile.usable[data-kind="K"]');
    const rack = $$('.rack-tile.usable').filter((b) => n > 8 || b.dataset.kind !== 'K');
    const movable = $$('svg.board .cell.movable');
    if (king && rnd(6) === 0) click(king);
    else if (movable.length && (rnd(2) === 0 || !rack.length)) click(movable[rnd(movable.length)]);
    else if (rack.length) click(rack[rnd(rack.length)]);
    else return { over: false, turns: n, why: 'nothing to play' };
    await tick();
    const targets = $$('svg.board .cell.target');
    if (!targets.length) { if ($('#stax-cancel')) click($('#stax-cancel')); continue; }
    click(targets[rnd(targets.length)]);
    await tick();
    await way(true);
    if ($('.stax-ways')) await finish();
  }
  return { over: false, why: 'no end after 3,000 turns' };
}

/// Evacuate: in the panel, the take-off, pass, release or end buttons when offered; else a
/// pyramid of the stash on a highlighted triangle (one that evacuates when a few tried find
/// one, else the first move, else a nudge), previewed, then confirmed.
export async function playEvacuate() {
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const $ = (s) => document.querySelector(s);
  const $$ = (s) => [...document.querySelectorAll(s)];
  const pickUp = async (piece) => {
    if (!$(`[data-p='${piece}'][aria-pressed='true']`)) click($(`[data-p='${piece}']`));
    await tick();
  };
  let evacuated = 0;
  for (let n = 0; n < 6000; n++) {
    await tick();
    if (/evacuated/.test(($('.evac-note') || {}).textContent || '')) evacuated++;
    if ($('.game-over')) return { over: true, steps: n, evacuated };
    const steps = $$('.evac-steps button');
    const take = steps.find((b) => /^t/.test(b.dataset.m));
    if (take) { click(take); continue; }
    if ($('#evac-pass')) { click($('#evac-pass')); continue; }
    if ($('#evac-end')) {
      const release = steps.find((b) => /^r/.test(b.dataset.m));
      click(release && n % 3 === 0 ? release : $('#evac-end'));
      continue;
    }
    const pieces = $$('.evac-stash button.usable').map((b) => b.dataset.p);
    if (!pieces.length) {
      if (steps.length) { click(steps[0]); continue; }
      return { over: false, steps: n, why: 'stuck: no pyramid and no step' };
    }
    let best = null;
    for (const piece of pieces.slice().reverse()) {
      await pickUp(piece);
      let out = false;
      for (const t of $$('svg.board .tri.move').map((e) => e.dataset.t).slice(0, 8)) {
        click($(`svg.board [data-t='${t}']`));
        await tick();
        if (!best) best = [piece, t];
        if (/evacuated/.test(($('.evac-preview') || {}).textContent || '')) { best = [piece, t]; out = true; break; }
      }
      if (out) break;
    }
    for (let k = 0; !best && k < pieces.length; k++) {
      const piece = pieces[(n + k) % pieces.length];
      await pickUp(piece);
      const nudge = $$('svg.board .tri.nudge')[0];
      if (nudge) best = [piece, nudge.dataset.t];
    }
    if (!best) return { over: false, steps: n, why: 'no placement and no nudge' };
    if ($('#evac-cancel')) { click($('#evac-cancel')); await tick(); }
    click($(`[data-p='${best[0]}']`));
    await tick();
    click($(`svg.board [data-t='${best[1]}']`));
    await tick();
    if (!$('#evac-go')) return { over: false, steps: n, why: 'no confirm button after a placement' };
    click($('#evac-go'));
  }
  return { over: false, why: 'no end after 6,000 steps' };
}
