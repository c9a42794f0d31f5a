// Every move said: "since your last turn" names each move the person to move has not seen
// (after the computer's turn; in a three-person Evacuate after each hand-over, every step);
// on a phone (390x844) Hint and Undo are on the first screen at the start of a turn in every
// game; a new screen starts at its top; Share says what it did beside its button; a shared
// link says whose game it opened.
// Usage: node tests/site/check-words.mjs [dist dir]   (SCREENSHOTS=dir to save PNGs)
import { start, gamesOf } from './serve.mjs';
import { playEvacuate } from './players.mjs';

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

try {
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
