// Every move said and every piece read: no word on a board or a rules drawing within a contrast
// ratio of 3 of what it is drawn on; "since your last turn" names each move the person to move has not seen
// (after the computer's turn; in a three-person Evacuate after each hand-over, every step),
// and the board numbers them as the line does;
// on a phone (390x844) Hint and Undo are on the first screen at the start of a turn in every
// game, and Evacuate's Confirm after a since line; a new screen starts at its top; the coordinates can be switched off; Share says what it did beside its button; a shared
// link says whose game it opened.
// Usage: node tests/site/check-words.mjs [dist dir]   (SCREENSHOTS=dir to save PNGs)
import { start, gamesOf, oneMove } from './serve.mjs';
import { playStackControl, playEvade, playStacks, playStax, playEvacuate } from './players.mjs';

const site = await start(process.argv[2]);
const GAMES = gamesOf(process.argv[2]);
const { base, browser, check, shot } = site;

/// The since line: each entry's move number and player, and the move list's player of each
/// move (from its buttons' labels: "Show the position after move N, NAME: ...").
const readSince = (page) => page.evaluate(() => {
  const since = [...document.querySelectorAll('#since li')].map((li) => ({ n: Number(li.value), who: li.querySelector('.who').textContent }));
  const movers = {};
  for (const b of document.querySelectorAll('.moves button[aria-label^="Show the position after move"]')) {
    const m = /after move (\d+), (.+?): /.exec(b.getAttribute('aria-label').replace(/[\u2066-\u2069]/g, ''));
    if (m) movers[Number(m[1])] = m[2];
  }
  const mover = (document.querySelector('.players .player.to-move .name') || {}).textContent || '';
  return { since, movers, moves: Object.keys(movers).length, mover };
});

/// Whether the since line names exactly the moves made since the mover last moved: numbers
/// running up to the last move, none the mover's, and the one before them the mover's (or the
/// start); `ownSteps` of the mover's current turn may follow.
function namesEverything({ since, movers, moves, mover }) {
  if (!since.length) return false;
  let last = moves;
  while (last > 0 && movers[last] === mover) last--;
  const first = since[0].n;
  return since.every((m, i) => m.n === first + i && m.who !== mover && movers[m.n] === m.who)
    && since[since.length - 1].n === last
    && (first === 1 || movers[first - 1] === mover);
}

/// In the page: every word drawn in the SVG pictures `selector` names whose colour is within a
/// contrast ratio of 3 of what it is drawn on (WCAG's non-text contrast), as "text (colour on
/// colour, ratio)", and how many words were measured. What a word is drawn on is the last
/// shape painted before it whose fill holds the word's middle (an opaque fill, not a
/// gradient); a word drawn with a halo (a stroke painted under its fill) stands on its halo.
const lowContrast = (selector) => {
  const rgb = (c) => { const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?/.exec(c || ''); return m ? { v: [m[1], m[2], m[3]].map(Number), a: m[4] === undefined ? 1 : Number(m[4]) } : null; };
  const lum = ([r, g, b]) => { const f = (x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const ratio = (p, q) => { const [a, b] = [lum(p), lum(q)].sort((x, y) => y - x); return (a + 0.05) / (b + 0.05); };
  const visible = (el) => { for (let e = el; e && e.nodeType === 1; e = e.parentNode) { const s = getComputedStyle(e); if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) < 0.5) return false; } return el.getClientRects().length > 0; };
  const out = [];
  let words = 0;
  for (const svg of document.querySelectorAll(selector)) {
    const shapes = [...svg.querySelectorAll('rect, circle, ellipse, polygon, path')].filter((s) => {
      const st = getComputedStyle(s);
      const fill = rgb(st.fill);
      return fill && fill.a >= 0.5 && Number(st.fillOpacity) >= 0.5 && visible(s);
    });
    for (const t of svg.querySelectorAll('text')) {
      if (!t.textContent.trim() || !visible(t)) continue;
      const st = getComputedStyle(t);
      const colour = rgb(st.fill);
      if (!colour) continue;
      const r = t.getBoundingClientRect();
      const point = new DOMPoint(r.left + r.width / 2, r.top + r.height / 2);
      let under = null;
      for (const s of shapes) {
        if (!(s.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
        const m = s.getScreenCTM();
        if (m && s.isPointInFill(point.matrixTransform(m.inverse()))) under = s;
      }
      if (!under) continue;
      words++;
      const bg = rgb(getComputedStyle(under).fill);
      // A word drawn with a halo (a stroke under its fill) stands on its halo.
      const halo = rgb(st.stroke);
      const haloed = halo && parseFloat(st.strokeWidth) >= 1.5 && st.paintOrder.startsWith('stroke');
      const k = haloed ? ratio(colour.v, halo.v) : ratio(colour.v, bg.v);
      if (k < 3) out.push(`"${t.textContent.trim()}" (${st.fill} on ${haloed ? 'its halo ' + st.stroke : getComputedStyle(under).fill}, ${k.toFixed(2)})`);
    }
  }
  return { words, low: [...new Set(out)] };
};

try {
  // Contrast: every word on the boards in mid-game and in the rules pages' drawings; and the
  // check finds the Stack Control height badge as it was before it was styled (black on black).
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const d = await desk.newPage();
  const players = { 'stack-control': playStackControl, evade: playEvade, stacks: playStacks, stax: playStax, evacuate: playEvacuate };
  for (const slug of GAMES) {
    await d.goto(base + '#/rules/' + slug);
    await d.waitForSelector('.rules svg');
    const rules = await d.evaluate(lowContrast, '.rules svg');
    check(rules.words > 0 && rules.low.length === 0, `contrast: ${slug}'s rules drawings, ${rules.words} words, none below 3${rules.low.length ? ': ' + rules.low.slice(0, 4).join(', ') : ''}`);
    if (slug === 'stack-control') {
      await d.addStyleTag({ content: '.stack-height circle, .stack-height text { fill: #000 !important; }' });
      const old = await d.evaluate(lowContrast, '.rules svg');
      check(old.low.some((w) => /^"\d+" \(rgb\(0, 0, 0\) on rgb\(0, 0, 0\)/.test(w)), `contrast: the check finds the old black-on-black height badge (${old.low.slice(0, 2).join(', ')})`);
    }
    // Mid-game: the game's player plays for a while, then stops where it is.
    await d.goto(base + '#/new/' + slug);
    await d.waitForSelector('#start-game');
    await d.click('#start-game');
    await d.waitForSelector('svg.board, #handoff-ready');
    const playing = d.evaluate(players[slug], { players: 2 }).catch(() => null);
    await d.waitForFunction(() => document.querySelectorAll('.moves li').length >= 6 || document.querySelector('.game-over'), null, { timeout: 30000 }).catch(() => null);
    // A reload ends the player (not the page's own timers) and opens the game where it was.
    void playing;
    await d.reload();
    await d.waitForSelector('svg.board, #handoff-ready');
    if (await d.locator('#handoff-ready').count()) { await d.click('#handoff-ready'); await d.waitForSelector('svg.board'); }
    const board = await d.evaluate(lowContrast, 'svg.board');
    check(board.low.length === 0, `contrast: ${slug}'s board in mid-game, ${board.words} words on a shape, none below 3${board.low.length ? ': ' + board.low.slice(0, 4).join(', ') : ''}`);
    await shot(d, `contrast-${slug}.png`);
  }
  await desk.close();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`); });

  // On a phone, Hint and Undo are on the first screen at the start of a turn, in every game;
  // and the page opens at its top even when the last one was scrolled.
  for (const slug of GAMES) {
    await page.goto(base + '#/new/' + slug);
    await page.waitForSelector('#start-game');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.tap('#start-game');
    await page.waitForSelector('svg.board, #handoff-ready');
    if (await page.locator('#handoff-ready').count()) { await page.tap('#handoff-ready'); await page.waitForSelector('svg.board'); }
    const at = await page.evaluate(() => {
      const bottom = (sel) => { const e = document.querySelector(sel); return e ? Math.round(e.getBoundingClientRect().bottom) : 9999; };
      return { scroll: Math.round(scrollY), hint: bottom('#hint-button'), undo: bottom('.buttons button[title="Ctrl+Z"]') };
    });
    check(at.scroll === 0, `${slug}: the play page opens at its top (scrolled ${at.scroll} px)`);
    check(at.hint <= 844 && at.undo <= 844, `${slug}: phone: Hint and Undo on the first screen (they end ${at.hint} and ${at.undo} px down, of 844)`);
    await shot(page, `phone-first-${slug}.png`);
  }

  // Evacuate on a phone, the second player's turn (the since line above the board): the
  // pyramid picked, a triangle aimed at, Confirm and Cancel are on the first screen.
  await page.goto(base + '#/new/evacuate');
  await page.waitForSelector('#start-game');
  await page.tap('#start-game');
  await page.waitForSelector('svg.board');
  const aim = async () => {
    await page.tap('[data-p].usable');
    await page.locator('svg.board .tri.move, svg.board .tri.nudge').first().tap();
    await page.waitForSelector('#evac-go');
  };
  await aim();
  await page.tap('#evac-go');
  for (let k = 0; k < 3 && await page.locator('#evac-end').count(); k++) await page.tap('#evac-end');
  await page.waitForSelector('#since li');
  await aim();
  const confirm = await page.evaluate(() => ['#evac-go', '#evac-cancel'].map((s) => Math.round(document.querySelector(s).getBoundingClientRect().bottom)));
  check(Math.max(...confirm) <= 844, `evacuate: phone: after the since line, Confirm and Cancel on the first screen (they end ${confirm.join(' and ')} px down, of 844)`);
  await shot(page, 'phone-evacuate-confirm.png');

  // Three people at Stack Control: the two moves since the third person's last turn are
  // numbered on the board as in the line.
  await page.goto(base + '#/new/stack-control');
  await page.waitForSelector('#start-game');
  await page.selectOption('#player-count', '3');
  await page.tap('#start-game');
  await page.waitForSelector('svg.board .cell');
  for (let i = 0; i < 3; i++) await oneMove(page, i % 2 ? -1 : 0);
  await page.waitForSelector('#since li + li');
  const numbered = await page.evaluate(() => ({
    line: [...document.querySelectorAll('#since li')].map((li) => Number(li.value)),
    board: [...document.querySelectorAll('svg.board .since-mark text')].map((t) => Number(t.textContent)),
  }));
  check(numbered.line.join() === '2,3' && numbered.board.join() === numbered.line.join(), `stack-control: the moves since the last turn numbered on the board as in the line (line ${numbered.line}, board ${numbered.board})`);
  await shot(page, 'phone-since-marks.png');

  // At the end of a game on a phone, the result with its scores is on the first screen.
  await page.goto(base + '#/new/stack-control');
  await page.waitForSelector('#start-game');
  await page.selectOption('#player-count', '3');
  await page.tap('#start-game');
  await page.waitForSelector('svg.board');
  await page.evaluate(playStackControl);
  await page.waitForSelector('.game-over .final-scores');
  await page.evaluate(() => window.scrollTo(0, 0));
  const end = await page.evaluate(() => Math.round(document.querySelector('.game-over .final-scores').getBoundingClientRect().bottom));
  check(end <= 844, `phone: at the end the result and its scores are on the first screen (they end ${end} px down, of 844)`);
  await shot(page, 'phone-end-scores.png');

  // Against the computer: after its move, the line names it.
  await page.goto(base + '#/new/stack-control');
  await page.waitForSelector('#start-game');
  await page.locator('select.played-by').nth(1).selectOption('quick');
  await page.tap('#start-game');
  await page.waitForSelector('svg.board');
  await page.waitForFunction(() => document.querySelector('#since li') && document.querySelector('.player.to-move .badge.computer') === null, null, { timeout: 20000 });
  const vsComputer = await readSince(page);
  check(vsComputer.since.length === 1 && namesEverything(vsComputer), `computer: after its move the line names it (${JSON.stringify(vsComputer.since)})`);
  await shot(page, 'phone-since-computer.png');

  // Coordinates can be switched off, and stay off after a reload (a setting of the device).
  const shownCoords = () => page.evaluate(() => [...document.querySelectorAll('svg.board .coord')].filter((e) => e.getClientRects().length).length);
  const before = await shownCoords();
  await page.tap('#coords-switch');
  const off = await shownCoords();
  await page.reload();
  await page.waitForSelector('svg.board');
  const offAfter = await shownCoords();
  await page.tap('#coords-switch');
  const on = await shownCoords();
  check(before === 16 && off === 0 && offAfter === 0 && on === 16, `coordinates: 16 along the board, switched off (${off}), still off after a reload (${offAfter}), on again (${on})`);

  // Share: what it did is said beside the button.
  await page.tap('#share-link');
  await page.waitForSelector('.share-said');
  const said = await page.evaluate(() => {
    const s = document.querySelector('.share-said');
    const b = document.querySelector('#share-link').getBoundingClientRect();
    return { text: s.textContent, near: Math.abs(s.getBoundingClientRect().top - b.top) < 60 };
  });
  check(/Link/.test(said.text) && said.near, `share: "${said.text}" beside the button`);
  // The link, opened as another device would: it says whose game it opened.
  const link = await page.locator('label.share input').inputValue();
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const friend = await other.newPage();
  await friend.goto(link);
  await friend.waitForSelector('#copy-notice', { timeout: 15000 });
  const told = await friend.locator('#copy-notice').innerText();
  check(/shared game between .*Player 1.*Player 2/.test(told) && /copy/.test(told), `link: the page says whose game it opened, and that it is a copy ("${told.replace(/\s+/g, ' ').slice(0, 140)}")`);
  await other.close();

  // Three people at Evacuate: at every hand-over, the line names each step since the new
  // mover's last turn.
  await page.goto(base + '#/new/evacuate');
  await page.waitForSelector('#start-game');
  await page.selectOption('#player-count', '3');
  await page.selectOption('#option-match', '1').catch(() => {});
  await page.tap('#start-game');
  await page.waitForSelector('svg.board');
  await page.evaluate(() => {
    // The player stops at each new mover for the check to read the line.
    window.__turns = 0;
    let last = null;
    new MutationObserver(() => {
      const mover = (document.querySelector('.players .player.to-move .name') || {}).textContent;
      if (mover && mover !== last) { last = mover; window.__turns++; }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  let right = 0;
  let seen = 0;
  const play = page.evaluate(playEvacuate).catch(() => null);
  for (let k = 0; k < 6; k++) {
    await page.waitForFunction((k) => window.__turns > k + 3, k, { timeout: 20000 }).catch(() => null);
    const now = await readSince(page);
    if (!now.since.length) continue;
    seen++;
    if (namesEverything(now)) right++;
    else console.log('     since line:', JSON.stringify(now));
  }
  void play;
  check(seen >= 3 && right === seen, `three-person Evacuate: at ${seen} hand-overs the line named every step since the mover's last turn (${right} right)`);
  await shot(page, 'phone-since-evacuate.png');

  check(errors.length === 0, `no page errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
  await phone.close();
} catch (e) {
  site.failures.push(String(e));
  console.log('FAIL', e);
} finally {
  await site.finish('every move said');
}
