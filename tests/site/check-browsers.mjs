// The built site in every browser engine a player may bring, over plain WebDriver: Chromium
// (chromedriver), Firefox (geckodriver) and WebKit (WebKitGTK's MiniBrowser, Safari's engine),
// the engines side by side, each with the site served under a sub-path by a server of its own.
// In each engine:
// - the home page, its games (as many as the site was built with) and their pictures;
// - a rules page's contents links, tapped and by the keyboard: each section scrolled to and
//   focused, the route in the hash unchanged;
// - each game started from its new-game page and played to its end by clicks on
//   its board and panel (tests/site/players.mjs);
// - a reload that loses nothing (mid-game and at the end); keyboard undo and redo, and a move
//   by the keyboard alone (focus in the board's SVG);
// - the STAX table zoomed and panned by its buttons, a mouse drag, the wheel and a finger;
// - every game's play page laid out within the window's width, and within a narrow window's;
// - two tabs (two windows of one browser) on one game, in step both ways;
// - nothing lost, as check-tabs.mjs counts it: two windows moving at one instant (each click
//   timed in its page), and a reload 0-40 ms after a move;
// - three people around the device: the page turns to each, and taps on the turned board play;
// - a computer seat answering a person's move;
// - a share link opened in a second browser (a session of its own: another device), answered,
//   and the answer adding its move to the first browser's game;
// - the offline start: once the service worker has kept the build, the server has nothing
//   left and the page still starts, plays, saves, and the computer plays;
// - no page error or console warning or error from the first script run on each page.
// Moves outside the whole games are real taps: WebDriver's pointer, pressed where a person
// would, so the engine's own hit testing and pointer events are used.
// Prints each engine's version and the checks that ran and passed.
// Usage: node tests/site/check-browsers.mjs [dist dir]
//   BROWSERS=chromium,firefox,webkit (the default), or some of them; side by side unless SERIAL=1
//   STEPS=races,two tabs: only these steps (their names in STEPS below)
//   SMOKE=webkit: in these engines the whole games are one smoke game (Stack Control), the rest
//   as everywhere
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve, gamesOf, APP_CARDS } from './serve.mjs';
import { ENGINES, launch, run, input } from './webdriver.mjs';
import { playStackControl, playEvade, playStacks, playStax, playEvacuate } from './players.mjs';

const dist = path.resolve(process.argv[2] || 'dist');
// The games the site was built with.
const BUILT = gamesOf(dist);
const engines = (process.env.BROWSERS || 'chromium,firefox,webkit').split(',').map((s) => s.trim()).filter(Boolean);
const smoke = new Set((process.env.SMOKE || '').split(',').map((s) => s.trim()));
for (const e of engines) if (!ENGINES[e]) throw new Error(`unknown engine ${e} (chromium, firefox, webkit)`);

// The games, each with what its new-game form is given (element id: value) and its player.
const GAMES = [
  { slug: 'stack-control', play: playStackControl },
  { slug: 'evade', play: playEvade },
  { slug: 'stacks', play: playStacks },
  { slug: 'stax', play: playStax, arg: { players: 2 } },
  // One round (the default match is first to 14, many rounds).
  { slug: 'evacuate', play: playEvacuate, form: { 'option-match': '1' } },
];
// Every game the site has is played here: a new game needs its player above.
const unplayed = BUILT.filter((slug) => !GAMES.some((g) => g.slug === slug));
if (unplayed.length) throw new Error(`no player in check-browsers.mjs for: ${unplayed.join(', ')}`);

// In the page: keeps every error, unhandled rejection, console error and warning from now on.
const watchErrors = () => {
  if (window.__errors) return;
  window.__errors = [];
  addEventListener('error', (e) => window.__errors.push(`error: ${e.message}`));
  addEventListener('unhandledrejection', (e) => window.__errors.push(`rejection: ${e.reason}`));
  for (const k of ['error', 'warn']) {
    const f = console[k].bind(console);
    console[k] = (...a) => { window.__errors.push(`${k}: ${a.join(' ')}`); f(...a); };
  }
};

// In the page: waits until `css` matches (or, with `count`, matches at least that many).
const waitIn = async ({ css, count, ms, gone }) => {
  const end = Date.now() + ms;
  for (;;) {
    const n = document.querySelectorAll(css).length;
    if (gone ? n === 0 : n >= (count || 1)) return n;
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${gone ? 'no ' : ''}${count || ''} ${css} (${n} now)`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/// One engine's run: its sessions, checks and errors.
class Engine {
  constructor(key, site, buffered) {
    this.key = key;
    this.site = site;
    this.base = site.base;
    this.lines = buffered ? [] : null;
    this.name = ENGINES[key].name;
    this.passed = [];
    this.failed = [];
    this.errors = [];
    this.drivers = [];
  }

  check(ok, what) {
    this.say(`${ok ? 'ok  ' : 'FAIL'} ${this.name}: ${what}`);
    (ok ? this.passed : this.failed).push(what);
  }

  // A line of this engine's report: printed now, or kept for the end when engines run at once.
  say(line) {
    if (this.lines) this.lines.push(line); else console.log(line);
  }

  async launch() {
    const d = await launch(this.key);
    this.drivers.push(d);
    return d;
  }

  // Loads `hash` under the site (a new document when `fresh` or the page is elsewhere).
  async open(d, hash = '', { fresh = false } = {}) {
    await this.keepErrors(d);
    if (fresh) await d.get('about:blank');
    await d.get(this.base + hash);
    await run(d, watchErrors);
  }

  // A person's reload, from the page (WebDriver's own Refresh bypasses the service worker in
  // Firefox, as a forced reload does): done once a new document has loaded.
  async reload(d) {
    await this.keepErrors(d);
    await stored(d);
    await d.executeScript('window.__before_reload = true; setTimeout(() => location.reload(), 0);');
    const end = Date.now() + 30000;
    while (await d.executeScript('return !!window.__before_reload || document.readyState !== "complete";').catch(() => true)) {
      if (Date.now() > end) throw new Error('the page did not reload within 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    await run(d, watchErrors);
  }

  // Moves the page's errors seen so far to this engine's list.
  async keepErrors(d) {
    const url = await d.getCurrentUrl().catch(() => '');
    if (!url.startsWith(this.base)) return;
    const seen = await run(d, () => { const e = window.__errors || []; window.__errors = []; return e; }).catch(() => []);
    this.errors.push(...seen);
  }

  async quit() {
    for (const d of this.drivers) await d.quit();
    this.drivers = [];
  }
}

const wait = (d, css, { count, ms = 10000, gone = false } = {}) => run(d, waitIn, { css, count, ms, gone });
const count = (d, css) => run(d, (css) => document.querySelectorAll(css).length, css);
const text = (d, css) => run(d, (css) => (document.querySelector(css) || {}).innerText || '', css);
const hash = (d) => run(d, () => location.hash);

// Sets the new-game form's fields (id: value; `true` ticks a box), as a change by the person.
const fillForm = (form) => {
  for (const [id, value] of Object.entries(form)) {
    const el = document.getElementById(id);
    if (!el) throw new Error(`no #${id} on the new-game page`);
    if (value === true) { if (!el.checked) el.click(); continue; }
    el.value = value;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
};

/// Opens `slug`'s new-game page, fills the form (`form`, and `seats`: who plays each seat) and
/// starts the game with a click; returns its id.
async function startGame(e, d, slug, { form = {}, seats = [] } = {}) {
  await e.open(d, '#/new/' + slug);
  await wait(d, '#start-game', { ms: 20000 });
  await run(d, fillForm, form);
  await run(d, (seats) => seats.forEach((s, i) => {
    const el = document.querySelectorAll('select.played-by')[i];
    el.value = s;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }), seats);
  await d.findElement({ css: '#start-game' }).click();
  await run(d, waitIn, { css: 'svg.board, #handoff-ready', ms: 15000 });
  return (await hash(d)).replace('#/play/', '');
}

/// A real tap, as a person's: the pointer moved to the middle of `el` (scrolled into view) and
/// pressed there, so that the engine itself finds what is under it. (WebDriver's element click
/// refuses SVG groups in some engines: Firefox finds a <g> "not in view".)
async function tap(d, el) {
  const at = await d.executeScript(`const r = arguments[0].getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) { arguments[0].scrollIntoView({ block: 'center' }); }
    const s = arguments[0].getBoundingClientRect();
    return [Math.round(s.left + s.width / 2), Math.round(s.top + s.height / 2)];`, el);
  await d.actions({ async: true }).move({ origin: 'viewport', x: at[0], y: at[1] }).click().perform();
}

/// One Stack Control move by real taps: the first stack (from the end when `last`) that has a
/// landing square, then its first landing square.
// Waits (up to 10 s) until the game on the page is stored with as many moves as the page
// shows: a person's reload comes at least the few milliseconds after a move that its write
// takes (until it lands, leaving the page asks first). Off a play page, at once.
async function stored(d) {
  const end = Date.now() + 10000;
  while (Date.now() < end) {
    const landed = await run(d, () => new Promise((resolve) => {
      if (!location.hash.startsWith('#/play/')) return resolve(true);
      const id = location.hash.slice('#/play/'.length);
      const shown = document.querySelectorAll('.moves li').length;
      const req = indexedDB.open('stackplay');
      req.onupgradeneeded = () => req.transaction.abort();
      req.onerror = () => resolve(false);
      req.onsuccess = () => {
        const get = req.result.transaction('games').objectStore('games').get(id);
        get.onsuccess = () => {
          req.result.close();
          try { resolve(JSON.parse(get.result).record.moves.length === shown); } catch (e) { resolve(false); }
        };
        get.onerror = () => { req.result.close(); resolve(false); };
      };
    })).catch(() => true);
    if (landed) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function clickMove(d, last = false) {
  const before = await count(d, '.moves li:not(.later)');
  const stacks = await d.findElements({ css: 'svg.board .cell.stack' });
  if (last) stacks.reverse();
  for (const stack of stacks) {
    await tap(d, stack);
    const targets = await d.findElements({ css: 'svg.board .cell.target' });
    if (targets.length) {
      await tap(d, targets[0]);
      await wait(d, '.moves li:not(.later)', { count: before + 1, ms: 5000 });
      return;
    }
  }
  throw new Error('no stack has a landing square');
}

// What a reload must keep: the move list and every square's contents.
const gameState = () => ({
  moves: [...document.querySelectorAll('.moves li')].map((li) => li.textContent.trim()),
  board: [...document.querySelectorAll('svg.board .cell')].map((c) => c.getAttribute('aria-label')).join('|'),
  turn: (document.querySelector('.turn-banner') || {}).textContent || '',
  over: (document.querySelector('.game-over') || {}).textContent || '',
});

async function shareLink(d) {
  await d.findElement({ css: '#share-link' }).click();
  await wait(d, 'label.share input');
  return d.findElement({ css: 'label.share input' }).getAttribute('value');
}

async function home(e, d) {
  await e.open(d, '');
  await wait(d, APP_CARDS, { count: BUILT.length, ms: 30000 });
  const thumbs = await run(d, async () => {
    const imgs = [...document.querySelectorAll('.game-card img.thumb')];
    await Promise.all(imgs.map((i) => (i.complete ? null : new Promise((r) => { i.onload = r; i.onerror = r; }))));
    return imgs.map((i) => i.naturalWidth > 0);
  });
  e.check(thumbs.length === BUILT.length && thumbs.every(Boolean), `home: the ${BUILT.length} games, with their pictures (${JSON.stringify(thumbs)})`);
}

// A rules page's contents list: its second link tapped and its third followed by the keyboard
// (focused, then Enter) each scroll their section to the top and focus its heading, the route in
// the hash unchanged (the page follows these links itself: its routes live in the hash).
async function rulesLinks(e, d) {
  await e.open(d, '#/rules/stax');
  await wait(d, '.rules-text nav.contents a', { ms: 30000 });
  const where = (n) => run(d, (n) => {
    const h = document.querySelector(document.querySelectorAll('.rules-text nav.contents a')[n].getAttribute('href'));
    return { id: h.id, top: Math.round(h.getBoundingClientRect().top), focused: document.activeElement === h, hash: location.hash };
  }, n);
  // The page settled first (its drawings laid out), and each scroll given time to end: on a
  // loaded machine WebKit once measured a tap's section mid-way (178 px past, not yet focused).
  const settled = async (n) => {
    let at = await where(n);
    for (let i = 0; i < 20 && !(at.top >= 0 && at.top <= 60 && at.focused); i++) {
      await d.sleep(100);
      at = await where(n);
    }
    return at;
  };
  await d.sleep(500);
  await run(d, () => window.scrollTo(0, 0));
  const links = await d.findElements({ css: '.rules-text nav.contents a' });
  await tap(d, links[1]);
  const tapped = await settled(1);
  await run(d, () => window.scrollTo(0, 0));
  await d.executeScript('arguments[0].focus();', links[2]);
  await d.actions({ async: true }).sendKeys(input.Key.ENTER).perform();
  const keyed = await settled(2);
  for (const [how, at] of [['tapped', tapped], ['by the keyboard', keyed]]) {
    e.check(at.top >= 0 && at.top <= 60 && at.focused && at.hash === '#/rules/stax',
      `rules: a contents link ${how} scrolls "${at.id}" to ${at.top} px from the top${at.focused ? ', focused' : ', not focused'}, the hash left at "${at.hash}"`);
  }
}

async function reloadAndKeys(e, d) {
  await startGame(e, d, 'stack-control');
  for (let i = 0; i < 3; i++) await clickMove(d, i % 2 === 1);
  const before = await run(d, gameState);
  await e.reload(d);
  await wait(d, '.moves li', { count: 3, ms: 20000 });
  const after = await run(d, gameState);
  e.check(JSON.stringify(after) === JSON.stringify(before) && before.moves.length === 3,
    `reload: three moves made by clicks, then a reload: the same moves, board and turn (${after.moves.length} moves)`);
  // Keyboard undo and redo, on the page.
  const keys = d.actions({ async: true });
  await keys.keyDown('\uE009').sendKeys('z').keyUp('\uE009').perform();
  await wait(d, '.moves li.later', { ms: 5000 }).catch(() => {});
  const undone = await count(d, '.moves li.later');
  await d.actions({ async: true }).keyDown('\uE009').keyDown('\uE008').sendKeys('z').keyUp('\uE008').keyUp('\uE009').perform();
  await wait(d, '.moves li.later', { ms: 5000, gone: true }).catch(() => {});
  const redone = await count(d, '.moves li.later');
  e.check(undone === 1 && redone === 0, `keyboard: Ctrl+Z undoes a move, Ctrl+Shift+Z redoes it (${undone} undone, then ${redone})`);
  await keyboardMove(e, d);
}

// In the page: the square the keyboard focus is on, if it is one of the board's.
const focused = () => (document.activeElement && document.activeElement.closest('svg.board') ? document.activeElement.dataset.square || null : null);

/// A Stack Control move by the keyboard alone: Tab into the board (its one square in the tab
/// order), the arrow keys to a stack, Enter, the arrows to a landing square, Enter.
async function keyboardMove(e, d) {
  const press = (...keys) => d.actions({ async: true }).sendKeys(...keys).perform();
  await run(d, () => { document.activeElement.blur(); window.scrollTo(0, 0); });
  let tabs = 0;
  while (!(await run(d, focused)) && tabs < 80) { await press(input.Key.TAB); tabs++; }
  const start = await run(d, focused);
  // Arrow keys from `from` to `to` (files a-h across, ranks 1-8 up the screen).
  const walk = async (from, to) => {
    const across = to.charCodeAt(0) - from.charCodeAt(0);
    const up = Number(to.slice(1)) - Number(from.slice(1));
    const keys = [...Array(Math.abs(across)).fill(across > 0 ? input.Key.ARROW_RIGHT : input.Key.ARROW_LEFT),
      ...Array(Math.abs(up)).fill(up > 0 ? input.Key.ARROW_UP : input.Key.ARROW_DOWN)];
    if (keys.length) await press(...keys);
    return run(d, focused);
  };
  const before = await count(d, '.moves li:not(.later)');
  let at = start;
  let walked = true;
  let moved = false;
  const stacks = await run(d, () => [...document.querySelectorAll('svg.board .cell.stack')].map((c) => c.dataset.square));
  for (const sq of start ? stacks : []) {
    const now = await walk(at, sq);
    walked = walked && now === sq;
    at = now;
    await press(input.Key.ENTER);
    const target = await run(d, () => (document.querySelector('svg.board .cell.target') || { dataset: {} }).dataset.square);
    if (!target) { await press(input.Key.ESCAPE); continue; }
    at = await walk(at, target);
    walked = walked && at === target;
    await press(input.Key.ENTER);
    moved = await wait(d, '.moves li:not(.later)', { count: before + 1, ms: 5000 }).then(() => true, () => false);
    break;
  }
  e.check(start && walked && moved,
    `keyboard: Tab reaches the board (${tabs} presses, on ${start}), the arrow keys move the focus square by square, Enter picks and plays: a move by the keyboard alone`);
}

async function wholeGames(e, d) {
  const games = smoke.has(e.key) ? GAMES.slice(0, 1) : GAMES;
  for (const g of games) {
    const t0 = Date.now();
    await startGame(e, d, g.slug, { form: g.form });
    const result = await run(d, g.play, g.arg || null).catch((err) => ({ over: false, why: err.message }));
    const over = await text(d, '.game-over');
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    e.check(result.over && /wins|draw/i.test(over),
      `${g.slug}: started and played to its end by clicks; the result shown ("${over.trim().split('\n')[0].slice(0, 60)}"; ${JSON.stringify(result)}, ${seconds} s)`);
    if (g.slug === 'stack-control' && result.over) {
      const before = await run(d, gameState);
      await e.reload(d);
      await wait(d, '.game-over', { ms: 20000 }).catch(() => {});
      const after = await run(d, gameState);
      e.check(JSON.stringify(after) === JSON.stringify(before), `reload: a finished game reloads finished, with every move (${after.moves.length})`);
    }
  }
}

/// The STAX table under a mouse and a finger: the + button zooms, a drag pans, the wheel zooms,
/// a finger's drag pans, the fit button fits the view again.
async function pointers(e, d) {
  await startGame(e, d, 'stax');
  await wait(d, 'svg.stax-board .cell');
  const box = () => run(d, () => document.querySelector('svg.stax-board').getAttribute('viewBox'));
  const fitted = await box();
  await tap(d, await d.findElement({ css: '#stax-zoom-in' }));
  const zoomed = await box();
  const [x, y] = await d.executeScript(`const b = document.querySelector('svg.stax-board');
    b.scrollIntoView({ block: 'center' });
    const r = b.getBoundingClientRect();
    return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];`);
  const drag = (pointer) => [pointer.move({ x, y, duration: 0 }), pointer.press(), pointer.move({ x: x + 30, y: y + 15, duration: 100 }),
    pointer.move({ x: x + 60, y: y + 30, duration: 100 }), pointer.release()];
  const mouse = new input.Pointer('mouse', input.Pointer.Type.MOUSE);
  await d.actions({ async: true }).insert(mouse, ...drag(mouse)).perform();
  const panned = await box();
  await d.actions({ async: true }).scroll(x, y, 0, 300, input.Origin.VIEWPORT, 100).perform();
  await new Promise((r) => setTimeout(r, 100));
  const wheeled = await box();
  const finger = new input.Pointer('finger', input.Pointer.Type.TOUCH);
  const touched = await d.actions({ async: true }).insert(finger, ...drag(finger)).perform().then(() => box(), (err) => `no touch: ${err.message.split('\n')[0]}`);
  await tap(d, await d.findElement({ css: '#stax-zoom-reset' }));
  const fits = await box();
  e.check(zoomed !== fitted && panned !== zoomed && wheeled !== panned && touched !== wheeled && fits === fitted,
    `pointers: on the STAX table the + button zooms, a mouse drag pans, the wheel zooms, a finger's drag pans, the fit button fits again (${[fitted, zoomed, panned, wheeled, touched, fits].join(' -> ')})`);
}

/// The play page's layout at the window's size and in a narrow window: for every game, the page
/// does not scroll sideways, and the board lies within the window's width, beside or above the
/// panel and the player cards.
async function layout(e, d) {
  const measure = () => {
    const board = document.querySelector('svg.board').getBoundingClientRect();
    const cards = document.querySelector('.player');
    return {
      width: innerWidth,
      overflow: document.documentElement.scrollWidth - innerWidth,
      board: [Math.round(board.left), Math.round(board.right), Math.round(board.width)],
      cards: cards ? Math.round(cards.getBoundingClientRect().left) : null,
    };
  };
  const rect = await d.manage().window().getRect();
  const bad = [];
  const seen = [];
  try {
    for (const width of [rect.width, 400]) {
      if (width !== rect.width) await d.manage().window().setRect({ width, height: rect.height });
      for (const g of GAMES) {
        await startGame(e, d, g.slug, { form: g.form });
        if (g.slug === 'evade') await tap(d, await d.findElement({ css: '#handoff-ready' }));
        await wait(d, 'svg.board');
        const m = await run(d, measure);
        seen.push(`${g.slug} ${m.width}px: board ${m.board[2]}px`);
        if (m.overflow > 1 || m.board[0] < -1 || m.board[1] > m.width + 1 || m.board[2] < Math.min(250, m.width * 0.6)) bad.push(`${g.slug} at ${m.width}px: ${JSON.stringify(m)}`);
      }
    }
  } finally {
    await d.manage().window().setRect({ width: rect.width, height: rect.height });
  }
  e.check(bad.length === 0, `layout: every game's play page, in the window and in a narrow one, keeps the board within the width, with no sideways scroll${bad.length ? ': ' + bad.join('; ') : ` (${seen.filter((x, i) => i % 5 === 3).join(', ')})`}`);
}

async function twoTabs(e, d) {
  const id = await startGame(e, d, 'stack-control');
  const first = await d.getWindowHandle();
  // A window rather than a tab: WebKitGTK's driver never delivers a pointer action to a second
  // tab (a person sees only one tab of a window at a time anyway).
  await d.switchTo().newWindow('window');
  const second = await d.getWindowHandle();
  await e.open(d, '#/play/' + id);
  await wait(d, 'svg.board .cell.stack', { ms: 20000 });
  await clickMove(d);
  await d.switchTo().window(first);
  const heard = await wait(d, '.moves li', { count: 1, ms: 10000 }).catch(() => 0);
  await clickMove(d, true);
  await d.switchTo().window(second);
  const heardBack = await wait(d, '.moves li', { count: 2, ms: 10000 }).catch(() => 0);
  const same = JSON.stringify(await run(d, gameState));
  await e.keepErrors(d);
  await d.close();
  await d.switchTo().window(first);
  e.check(heard === 1 && heardBack === 2 && same === JSON.stringify(await run(d, gameState)),
    `two tabs: a move in either tab shows in the other, and both show the same game (${heard}, then ${heardBack} moves)`);
}

// Nothing lost, as check-tabs.mjs counts it in Chromium (a move shown and stored nowhere is
// lost), in this engine too: every move history a window's move list showed, recorded in the
// page as it is drawn (sessionStorage, so a reload keeps it), must start a stored game's
// history. `recordShown` runs in each page after it loads (WebDriver has no init scripts).
const recordShown = () => {
  if (window.__recording) return;
  window.__recording = true;
  const note = () => {
    const moves = [...document.querySelectorAll('.moves li button')].map((b) => b.title);
    if (!moves.length) return;
    const seen = JSON.parse(sessionStorage.getItem('test.shown') || '[]');
    const history = moves.join(' ');
    if (!seen.includes(history)) { seen.push(history); sessionStorage.setItem('test.shown', JSON.stringify(seen)); }
  };
  note();
  new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  // Whether the page asked before leaving (the app's listener, made first, prevents the unload).
  addEventListener('beforeunload', (e) => { if (e.defaultPrevented) sessionStorage.setItem('test.asked', String(Number(sessionStorage.getItem('test.asked') || 0) + 1)); });
};
// The histories this window showed (and forgets them), and how often it asked before leaving.
const shownIn = (d) => run(d, () => {
  const out = [JSON.parse(sessionStorage.getItem('test.shown') || '[]'), Number(sessionStorage.getItem('test.asked') || 0)];
  sessionStorage.removeItem('test.shown');
  sessionStorage.removeItem('test.asked');
  return out;
});
// Every stored game's moves.
const storedHistories = (d) => run(d, () => new Promise((resolve) => {
  const req = indexedDB.open('stackplay');
  req.onupgradeneeded = () => req.transaction.abort();
  req.onerror = () => resolve([]);
  req.onsuccess = () => {
    const all = req.result.transaction('games').objectStore('games').getAll();
    all.onsuccess = () => { req.result.close(); resolve(all.result.map((t) => { try { const g = JSON.parse(t); return { moves: g.record.moves, copy: !!g.copy_of }; } catch (e) { return { moves: [] }; } })); };
    all.onerror = () => { req.result.close(); resolve([]); };
  };
}));
// The moves of `shown` (histories) stored nowhere in `stored`, each named by its history up to it.
const lostOf = (shown, stored) => {
  const kept = new Set(stored.flatMap((h) => h.map((_, i) => h.slice(0, i + 1).join(' '))));
  const lost = new Set();
  for (const history of shown) {
    const h = history.split(' ');
    h.forEach((_, i) => { const key = h.slice(0, i + 1).join(' '); if (!kept.has(key)) lost.add(key); });
  }
  return [...lost];
};
// In the page: picks the `nth` movable stack (from the end when negative) and schedules the
// click on its first landing square for the moment `at` (ms since the epoch; both windows share
// the machine's clock), then, `reloadAfter` ms later if given, a reload. False when none can move.
const landAt = async ([nth, at, reloadAfter]) => {
  const stacks = [...document.querySelectorAll('svg.board .cell.stack')];
  if (nth < 0) stacks.reverse();
  for (const s of stacks.slice(Math.abs(nth) - (nth < 0 ? 1 : 0))) {
    s.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    let t = null;
    for (let i = 0; i < 10 && !t; i++) {
      await new Promise((r) => setTimeout(r, 10));
      t = document.querySelector('svg.board .cell.target');
    }
    if (!t) continue;
    setTimeout(() => {
      t.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      if (reloadAfter !== undefined) setTimeout(() => location.reload(), reloadAfter);
    }, Math.max(0, at - Date.now()));
    return true;
  }
  return false;
};

/// check-tabs' race of two tabs at one instant and its reload right after a move, in this
/// engine: two windows on one game, each landing a move at the same moment (timed in each
/// page), `TRIALS_WD` times (5 by default); then one window reloading 0-40 ms after a move.
/// Nothing shown may be lost (after a reload, unless the page asked before leaving).
async function races(e, d) {
  const trials = Number(process.env.TRIALS_WD || 5);
  const first = await d.getWindowHandle();
  await d.switchTo().newWindow('window');
  const second = await d.getWindowHandle();
  const windows = [first, second];
  let lost = 0;
  // Copies kept (a window lost the race and its move was kept as a copy, the page moving to it).
  let copies = 0;
  for (let trial = 0; trial < trials; trial++) {
    await d.switchTo().window(first);
    const id = await startGame(e, d, 'stack-control');
    await run(d, recordShown);
    await d.switchTo().window(second);
    await e.open(d, '#/play/' + id);
    await wait(d, 'svg.board .cell.stack', { ms: 20000 });
    await run(d, recordShown);
    const at = Date.now() + 1500;
    const aimed = [];
    for (const [i, w] of windows.entries()) {
      await d.switchTo().window(w);
      aimed.push(await run(d, landAt, [[1, -1][i], at]));
    }
    await new Promise((r) => setTimeout(r, at - Date.now() + 1500));
    const shown = [];
    for (const w of windows) {
      await d.switchTo().window(w);
      await stored(d);
      shown.push(...(await shownIn(d))[0]);
    }
    const games = await storedHistories(d);
    copies += games.filter((g) => g.copy && g.moves.length === 1).length - copies;
    const missing = lostOf(shown, games.map((g) => g.moves));
    if (missing.length || !aimed.every(Boolean)) e.say(`     ${e.name}: race ${trial}: aimed ${aimed}, lost ${JSON.stringify(missing)}`);
    lost += missing.length;
  }
  e.check(lost === 0, `races: two windows moving at one instant, ${trials} trials: no move shown is lost (${lost} lost; ${copies} copies kept)`);
  await e.keepErrors(d);
  await d.close();
  await d.switchTo().window(first);
  // A reload 0-40 ms after a move.
  await startGame(e, d, 'stack-control');
  let silent = 0;
  let asked = 0;
  for (let trial = 0; trial < trials; trial++) {
    await run(d, recordShown);
    const moved = await run(d, landAt, [trial % 2 ? -1 : 1, 0, (trial * 10) % 41]);
    if (!moved) break;
    // Loaded again (or still here, if the browser kept the page after asking).
    await new Promise((r) => setTimeout(r, 1000));
    await wait(d, 'svg.board .cell', { ms: 20000 });
    await run(d, watchErrors);
    await stored(d);
    const [shown, prompts] = await shownIn(d);
    asked += prompts;
    const missing = lostOf(shown, (await storedHistories(d)).map((g) => g.moves));
    if (missing.length && !prompts) {
      silent++;
      e.say(`     ${e.name}: reload ${trial}: lost ${JSON.stringify(missing)} with no prompt`);
    }
  }
  e.check(silent === 0, `races: a reload 0-40 ms after a move, ${trials} trials: every move shown is stored, or the page asked before leaving (${silent} lost with no prompt; asked ${asked} times)`);
}

// The play section's turn in degrees, from its computed transform, once it has stopped turning.
// (Read until two readings 150 ms apart agree: WebKit does not list a running transition.)
const pageTurn = () => new Promise((resolve) => {
  const angle = () => {
    const s = document.querySelector('section.play');
    const t = s ? getComputedStyle(s).transform : 'none';
    if (!t || t === 'none') return 0;
    const [a, b] = t.slice(t.indexOf('(') + 1, -1).split(',').map(Number);
    return Math.round((Math.atan2(b, a) * 180) / Math.PI);
  };
  let last = null;
  const read = () => {
    const s = document.querySelector('section.play');
    const now = angle();
    if ((s && s.getAnimations().some((a) => a.playState === 'running')) || now !== last) { last = now; setTimeout(read, 150); return; }
    resolve(now);
  };
  setTimeout(read, 50);
});

/// Three people around the device: the page turns to each mover (0, 90 and 180 degrees) and
/// a real tap on the turned board still lands on the square under it (a move is played).
async function turned(e, d) {
  await e.open(d, '#/new/stack-control');
  await wait(d, '#start-game', { ms: 20000 });
  await run(d, fillForm, { 'player-count': '3' });
  await run(d, fillForm, { seating: 'around' });
  await d.findElement({ css: '#start-game' }).click();
  await run(d, waitIn, { css: 'svg.board', ms: 15000 });
  // The turn's brief animation is left out here: a headless WebKit may draw no frames for a
  // while, and stop a transition half way.
  await run(d, () => document.head.insertAdjacentHTML('beforeend', '<style>.play.around { transition: none !important; }</style>'));
  // Seats 1, 2 and 3 sit at the bottom, on the left and at the top.
  const seen = [];
  let right = true;
  for (let k = 0; k < 4; k++) {
    const seat = await run(d, () => [...document.querySelectorAll('.players .player')].findIndex((p) => p.classList.contains('to-move')));
    const angle = await run(d, pageTurn);
    seen.push(`seat ${seat + 1}: ${angle}`);
    right = right && angle === [0, 90, 180][seat];
    if (k < 3) await clickMove(d);
  }
  e.check(right, `turned board: the page turns to each of three people (${seen.join(', ')} degrees) and real taps on it play moves`);
}

async function computer(e, d) {
  await startGame(e, d, 'stack-control', { seats: ['person', 'quick'] });
  await wait(d, '.turn-banner', { ms: 10000 });
  // Whoever starts, the person's turn comes within the computer's one answer.
  await run(d, async () => {
    for (let i = 0; i < 400 && /thinking/.test(document.querySelector('.turn-banner').textContent); i++) await new Promise((r) => setTimeout(r, 50));
  });
  const before = await count(d, '.moves li');
  // The quick computer can answer before a one-off reading of the banner: watch it instead, from
  // before the click, and remember whether it ever said "thinking".
  await run(d, () => {
    window.__sawThinking = false;
    const look = () => {
      const banner = document.querySelector('.turn-banner');
      if (banner && /thinking/.test(banner.textContent)) window.__sawThinking = true;
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await clickMove(d);
  const t0 = Date.now();
  const answered = await wait(d, '.moves li', { count: before + 2, ms: 30000 }).catch(() => before + 1);
  const thinking = await run(d, () => window.__sawThinking);
  e.check(thinking && answered === before + 2,
    `computer: after a person's move the page says the computer is thinking, and it answers (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

async function shareAndOffline(e, d) {
  // A link between two browsers: the second is a session of its own, storage of its own.
  const id = await startGame(e, d, 'stack-control');
  await clickMove(d);
  const link = await shareLink(d);
  const other = await e.launch();
  await e.open(other, link.slice(e.base.length));
  await wait(other, 'svg.board .cell.stack', { ms: 20000 });
  const opened = await count(other, '.moves li');
  const otherHash = await hash(other);
  await clickMove(other);
  const answer = await shareLink(other);
  await e.open(d, answer.slice(e.base.length));
  const noticed = await wait(d, '#copy-notice', { ms: 15000 }).catch(() => 0);
  const mine = await hash(d);
  const moves = await count(d, '.moves li');
  e.check(/#\/import\/z\./.test(link) && opened === 1 && otherHash.startsWith('#/play/') && noticed && mine === '#/play/' + id && moves === 2,
    `link: a share link (compressed, ${link.length} characters) opens in a second browser with the move; its answer adds the reply to the first browser's own game`);

  // The offline start, in the second browser: its service worker has kept the build.
  const supported = await run(other, () => 'serviceWorker' in navigator);
  if (!supported) {
    e.check(true, 'offline: no service worker in this engine; the site runs online only (not checked offline)');
    return;
  }
  const state = await run(other, async () => {
    const timeout = new Promise((r) => setTimeout(() => r('no worker within 30 s'), 30000));
    const active = navigator.serviceWorker.ready.then(async (reg) => {
      const w = reg.active;
      if (w.state !== 'activated') await new Promise((r) => w.addEventListener('statechange', () => w.state === 'activated' && r()));
      return w.state;
    });
    return Promise.race([active, timeout]);
  });
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'stackplay-gone-'));
  e.site.setDist(empty);
  try {
    await e.open(other, '', { fresh: true });
    const started = await wait(other, APP_CARDS, { count: BUILT.length, ms: 20000 }).catch(() => 0);
    const controlled = await run(other, () => !!navigator.serviceWorker.controller);
    e.check(state === 'activated' && started === BUILT.length && controlled,
      `offline: with the server gone, the site starts from the offline copy (worker ${state}, page ${controlled ? '' : 'not '}served by it)`);
    const offlineId = await startGame(e, other, 'stack-control');
    await clickMove(other);
    await e.reload(other);
    await wait(other, '.moves li', { ms: 20000 }).catch(() => {});
    const kept = { hash: await hash(other), moves: await count(other, '.moves li'), page: (await text(other, '#app')).slice(0, 120) };
    e.check(kept.hash === '#/play/' + offlineId && kept.moves === 1,
      `offline: a new game starts, its move is saved and there after a reload${kept.moves === 1 ? '' : ' ' + JSON.stringify(kept)}`);
    await startGame(e, other, 'stack-control', { seats: ['quick', 'quick'] });
    const played = await wait(other, '.moves li', { count: 2, ms: 30000 }).catch(() => 0);
    e.check(played >= 2, 'offline: two computers play (their worker loads from the offline copy)');
  } finally {
    e.site.setDist(dist);
    fs.rmSync(empty, { recursive: true, force: true });
  }
}

// Each step, and the seconds it may take at the most.
const STEPS = [['home', home, 60], ['rules links', rulesLinks, 60], ['reload', reloadAndKeys, 120], ['pointers', pointers, 60], ['layout', layout, 120], ['whole games', wholeGames, 600],
  ['two tabs', twoTabs, 90], ['races', races, 180], ['turned board', turned, 90], ['computer', computer, 90], ['link and offline', shareAndOffline, 180]];

/// Runs every step in `key`'s engine, against a server of its own (its own origin, and an
/// offline check that empties only its own server).
async function runEngine(key, buffered) {
  const e = new Engine(key, await serve(dist), buffered);
  const t0 = Date.now();
  let version = '';
  try {
    version = ENGINES[key].version();
    e.say(`\n--- ${version}`);
    const d = await e.launch();
    for (const [what, step, seconds] of STEPS.filter(([what]) => !process.env.STEPS || process.env.STEPS.split(',').includes(what))) {
      // A step that hangs (a driver that never answers) ends this engine's run.
      const done = step(e, d).then(() => null, (err) => err);
      const late = new Promise((r) => { setTimeout(() => r(new Error(`no end within ${seconds} s`)), seconds * 1000).unref(); });
      const err = await Promise.race([done, late]);
      if (!err) continue;
      e.check(false, `${what}: ran to its end (${err.stack || err})`);
      if (process.env.SCREENSHOTS) {
        fs.mkdirSync(process.env.SCREENSHOTS, { recursive: true });
        const png = await Promise.race([d.takeScreenshot(), new Promise((r) => { setTimeout(r, 5000).unref(); })]).catch(() => null);
        if (png) fs.writeFileSync(path.join(process.env.SCREENSHOTS, `${key}-${what.replace(/ /g, '-')}.png`), png, 'base64');
      }
      if (/no end within/.test(err.message)) {
        const left = STEPS.slice(STEPS.findIndex((st) => st[0] === what) + 1).map((st) => st[0]);
        if (left.length) e.check(false, `not run after that: ${left.join(', ')}`);
        e.hung = true;
        break;
      }
    }
    if (!e.hung) {
      for (const other of e.drivers) await e.keepErrors(other);
      // One build all along: no page may offer a new version.
      const offers = [];
      for (const other of e.drivers) {
        if (await run(other, () => !!document.querySelector('#new-build:not([hidden])')).catch(() => false)) offers.push(await other.getCurrentUrl());
      }
      e.check(offers.length === 0, `one build: no page offers a new version${offers.length ? ' (' + offers.join(', ') + ')' : ''}`);
    }
    e.check(e.errors.length === 0, `console: no page error, console error or warning${e.errors.length ? ': ' + e.errors.slice(0, 5).join(' | ') : ''}`);
  } catch (err) {
    e.check(false, `the checks ran (${err.stack || err})`);
  } finally {
    await e.quit();
    e.site.server.close();
  }
  if (e.lines) console.log(e.lines.join('\n'));
  return { e, version, seconds: (Date.now() - t0) / 1000 };
}

// The engines side by side (each mostly waits on its own browser), or one after another.
const serial = process.env.SERIAL === '1' || engines.length === 1;
const t0 = Date.now();
const results = [];
if (serial) for (const key of engines) results.push(await runEngine(key, false));
else results.push(...await Promise.all(engines.map((key) => runEngine(key, true))));

console.log(`\nper engine (${serial ? 'one after another' : 'side by side'}, ${((Date.now() - t0) / 1000).toFixed(0)} s in all):`);
for (const { e, version, seconds } of results) {
  const verdict = e.failed.length ? `${e.failed.length} FAILED, ${e.passed.length} passed` : `all ${e.passed.length} passed`;
  // The checks by what they are about (the words before the first colon), with their count.
  const topics = new Map();
  for (const what of e.passed) { const t = what.split(':')[0]; topics.set(t, (topics.get(t) || 0) + 1); }
  const list = [...topics].map(([t, n]) => (n > 1 ? `${t} (${n})` : t)).join(', ');
  console.log(`${e.name} (${version}${smoke.has(e.key) ? '; whole games: Stack Control only' : ''}): ${verdict} in ${seconds.toFixed(0)} s: ${list}`);
  // For scripts/test.sh's summary of what ran in each engine.
  if (process.env.RAN_FILE && !e.failed.length) {
    fs.appendFileSync(process.env.RAN_FILE, `${e.name}\tsite checks, WebDriver\tcheck-browsers.mjs: ${list}\t${e.passed.length}\n`);
  }
}
if (results.some(({ e }) => e.failed.length)) process.exit(1);
console.log('every engine: all checks passed');
