// Nothing wedged: the page never waits for ever, on the computer or on the database. The
// computer's worker whose files fail to load (the requests aborted), or never come (the
// requests left unanswered): the page stops saying the computer is thinking (or thinking of a
// hint), says in words that the computer could not answer here, and its Ask again button starts
// the worker afresh and asks again; the game waits, nothing is lost, and nothing is left
// unhandled in the console. The database: an `indexedDB.open` that never answers (the app
// gives up after 4 s, plays from memory and says so), a database deleted under an open tab by
// another, cleared by the browser, or upgraded by a newer version of the app (the tab reopens
// it on its next write, or says to reload; the moves made meanwhile land once it opens).
// Values that are not text in the games store: set aside with a reason, listed on the home
// page.
// Usage: node tests/site/check-wedge.mjs [dist dir]   (ONLY=words: only the parts whose name
// has them: computer, hint, database, odd values)
import { start, readDb, oneMove, newGame as startGame } from './serve.mjs';

const site = await start(process.argv[2]);
const { base, browser, check, shot } = site;
const chosen = (label) => !process.env.ONLY || label.includes(process.env.ONLY);

/// A context with no service worker in charge (a worker's requests through one would not be
/// seen by the page's routes): its sw.js is an empty one. The page's errors and console errors
/// are gathered in `errors`.
async function context() {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await ctx.route('**/sw.js', (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: '// none' }));
  await ctx.addInitScript(() => {
    if (!localStorage.getItem('stackplay.setting.speed')) localStorage.setItem('stackplay.setting.speed', 'fast');
  });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return { ctx, page, errors };
}

/// Starts a Stack Control game with `seats` ('person' or a strength, in the form's order).
const newGame = (page, seats) => startGame(page, base, [], seats);
const banner = (page) => page.locator('.turn-banner').innerText();
const moves = (page) => page.locator('.moves li').count();
const storedMoves = async (page, id) => {
  const text = (await readDb(page)).games[id];
  return text ? JSON.parse(text).record.moves.length : -1;
};

/// The computer's worker cut off as `how` says ('abort': the requests for `files` fail at
/// once; 'hang': they are never answered), in a game of two computers: the page gives up, says
/// so and offers Ask again, which, with the network back, plays on.
async function computerCutOff(how, files, within) {
  const { ctx, page, errors } = await context();
  const held = [];
  const abort = how === 'abort';
  await page.route(files, (r) => (abort ? r.abort() : held.push(r)));
  how += `, ${files.replace('**/', '')}`;
  const id = await newGame(page, ['quick', 'quick']);
  const asked = Date.now();
  let gaveUp = false;
  try {
    await page.waitForSelector('#ask-again', { timeout: within });
    gaveUp = true;
  } catch { /* reported below */ }
  const seconds = ((Date.now() - asked) / 1000).toFixed(1);
  const words = await page.locator('.play-status .error').allInnerTexts();
  await shot(page, `wedge-computer-${how}.png`);
  check(gaveUp && !/thinking/.test(await banner(page)),
    `computer (${how}): the page stops saying the computer is thinking (after ${seconds} s): "${(await banner(page)).replace(/\s+/g, ' ')}"`);
  check(words.some((w) => /could not answer here/.test(w) && /nothing is lost/.test(w)),
    `computer (${how}): it says in words that the computer could not answer here: "${words.join(' | ')}"`);
  check(await moves(page) === 0 && await storedMoves(page, id) === 0, `computer (${how}): the game waits (no move made, the game stored)`);
  // The network back: Ask again starts a new worker, which answers.
  await page.unroute(files);
  for (const r of held) await r.abort().catch(() => {});
  await page.click('#ask-again');
  let played = false;
  try {
    await page.waitForFunction(() => document.querySelectorAll('.moves li').length >= 2, null, { timeout: 20000 });
    played = true;
  } catch { /* reported below */ }
  check(played, `computer (${how}): Ask again starts the computer afresh and it plays on (${await moves(page)} moves)`);
  check(played && await storedMoves(page, id) >= 2, `computer (${how}): its moves are saved`);
  check(errors.length === 0, `computer (${how}): no page error or console error${errors.length ? ': ' + errors.join(' | ') : ''}`);
  await ctx.close();
}

/// A hint asked of a worker whose files never come: the note gives up, says so, and the Hint
/// button, now "Ask again", asks a new worker, which answers.
async function hintCutOff() {
  const { ctx, page, errors } = await context();
  const held = [];
  await page.route('**/ai-worker*', (r) => held.push(r));
  // A person against the computer, the person to move first (the form's second seat starts).
  const id = await newGame(page, ['quick', 'person']);
  await page.waitForSelector('#hint-button', { timeout: 5000 });
  await page.click('#hint-button');
  const asked = Date.now();
  check(/Thinking of a hint/.test(await page.locator('#hint').innerText()), 'hint (hang): the page says it is thinking of a hint');
  let gaveUp = false;
  try {
    await page.waitForFunction(() => !/Thinking/.test(document.querySelector('#hint')?.innerText || 'Thinking'), null, { timeout: 12000 });
    gaveUp = true;
  } catch { /* reported below */ }
  const seconds = ((Date.now() - asked) / 1000).toFixed(1);
  const note = await page.locator('#hint').innerText();
  await shot(page, 'wedge-hint-hang.png');
  check(gaveUp && /could not answer here/.test(note), `hint (hang): after ${seconds} s the note says the computer could not answer here: "${note}"`);
  const button = await page.locator('#hint-button').innerText();
  check(button === 'Ask again' && await page.locator('#hint-button').isEnabled(), `hint (hang): the hint's button offers to ask again ("${button}")`);
  await page.unroute('**/ai-worker*');
  for (const r of held) await r.abort().catch(() => {});
  await page.click('#hint-button');
  let answered = false;
  try {
    await page.waitForFunction(() => {
      const t = document.querySelector('#hint')?.innerText || '';
      return t && !/Thinking|could not answer/.test(t);
    }, null, { timeout: 20000 });
    answered = true;
  } catch { /* reported below */ }
  check(answered, `hint (hang): asked again, a new worker hints: "${await page.locator('#hint').innerText()}"`);
  check(await storedMoves(page, id) === 0 && await moves(page) === 0, 'hint (hang): the game waited for the person (nothing played, nothing lost)');
  check(errors.length === 0, `hint (hang): no page error or console error${errors.length ? ': ' + errors.join(' | ') : ''}`);
  await ctx.close();
}

/// Runs `f` on the database from a page of the site's origin that is not the app (another
/// tab, as a newer version of the app would).
async function fromAnotherTab(ctx, f, arg) {
  const other = await ctx.newPage();
  await other.goto(base + 'not-the-app');
  const out = await other.evaluate(f, arg);
  await other.close();
  return out;
}
const deleteDb = () => new Promise((resolve) => {
  const q = indexedDB.deleteDatabase('stackplay');
  q.onsuccess = () => resolve('deleted');
  q.onerror = () => resolve('failed');
  q.onblocked = () => resolve('blocked');
});
const upgradeDb = () => new Promise((resolve) => {
  const q = indexedDB.open('stackplay', 2);
  q.onupgradeneeded = () => q.result.createObjectStore('newer');
  q.onsuccess = () => { q.result.close(); resolve('upgraded'); };
  q.onerror = () => resolve('failed');
  q.onblocked = () => resolve('blocked');
});

/// indexedDB.open answers nothing: the app gives up after 4 s, plays from memory, says so.
async function openNeverAnswers() {
  const { ctx, page, errors } = await context();
  await ctx.addInitScript(() => {
    const pending = () => ({ readyState: 'pending', get result() { throw new DOMException('pending', 'InvalidStateError'); }, get error() { throw new DOMException('pending', 'InvalidStateError'); } });
    IDBFactory.prototype.open = pending;
  });
  const started = Date.now();
  await page.goto(base);
  let said = '';
  try {
    said = await (await page.waitForSelector('#no-saving', { timeout: 15000 })).innerText();
  } catch { /* reported below */ }
  const seconds = (Date.now() - started) / 1000;
  await shot(page, 'wedge-db-never-opens.png');
  check(/^Your games cannot be saved in this browser right now: the browser's database did not answer/.test(said),
    `database never opens: after ${seconds.toFixed(1)} s the app says so: "${said}"`);
  check(seconds >= 3.5 && seconds < 12, `database never opens: it gives up after about 4 s (${seconds.toFixed(1)} s)`);
  const id = await newGame(page, []);
  await oneMove(page);
  await oneMove(page);
  check(await moves(page) === 2 && id.length > 0, 'database never opens: a game is started and played from memory (2 moves)');
  check(await page.locator('#no-saving').count() === 1, 'database never opens: the play page says so too');
  check(errors.length === 0, `database never opens: no page error or console error${errors.length ? ': ' + errors.join(' | ') : ''}`);
  await ctx.close();
}

/// The database taken from under an open tab by `how` (another tab deletes it, the browser
/// clears it, or a newer version of the app upgrades it): moves made after are kept, in the
/// reopened database, or once it can be reopened.
async function closedUnder(how) {
  const { ctx, page, errors } = await context();
  const id = await newGame(page, []);
  await oneMove(page);
  await page.waitForFunction(() => !document.querySelector('#unsaved'));
  check(await storedMoves(page, id) === 1, `database ${how}: the first move is stored`);
  let did;
  if (how === 'deleted by another tab') did = await fromAnotherTab(ctx, deleteDb);
  else if (how === 'cleared by the browser') {
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(base).origin, storageTypes: 'indexeddb' });
    did = 'cleared';
  } else did = await fromAnotherTab(ctx, upgradeDb);
  check(/deleted|cleared|upgraded/.test(did), `database ${how}: done (${did})`);
  await oneMove(page);
  await oneMove(page);
  check(await moves(page) === 3, `database ${how}: two more moves are played on the board`);
  if (how === 'upgraded by a newer version') {
    let said = '';
    try { said = await (await page.waitForSelector('#unsaved', { timeout: 5000 })).innerText(); } catch { /* below */ }
    await shot(page, 'wedge-db-newer.png');
    check(/Not saved yet: a newer version of Stackplay changed this browser.s saved games: reload this page/.test(said),
      `database ${how}: the page says the moves are not saved and to reload: "${said.replace(/\s+/g, ' ')}"`);
    // The newer version gone again (its database deleted): the unsaved moves land, tried
    // again every two seconds.
    check(await fromAnotherTab(ctx, deleteDb) === 'deleted', `database ${how}: the newer database deleted`);
  }
  let stored = -1;
  for (let until = Date.now() + 8000; Date.now() < until && stored !== 3; await page.waitForTimeout(200)) stored = await storedMoves(page, id);
  check(stored === 3, `database ${how}: the database reopened, the moves made after are stored (${stored} of 3)`);
  await page.waitForFunction(() => !document.querySelector('#unsaved'), null, { timeout: 5000 }).catch(() => {});
  check(await page.locator('#unsaved').count() === 0, `database ${how}: the page no longer says "not saved"`);
  await page.reload();
  await page.waitForSelector('.moves li');
  check(await moves(page) === 3, `database ${how}: after a reload the game has its 3 moves`);
  check(errors.length === 0, `database ${how}: no page error or console error${errors.length ? ': ' + errors.join(' | ') : ''}`);
  await ctx.close();
}

/// Values that are not text in the `games` store (a number, an object), put there by hand: on the next start each is set aside with its
/// reason (fixed words) and listed on the home page like any other set-aside entry, the games
/// beside them untouched.
async function oddValues() {
  const { ctx, page, errors } = await context();
  const id = await newGame(page, []);
  await oneMove(page);
  await page.waitForFunction(() => !document.querySelector('#unsaved'));
  const put = await fromAnotherTab(ctx, () => new Promise((resolve) => {
    const q = indexedDB.open('stackplay');
    q.onsuccess = () => {
      const tx = q.result.transaction('games', 'readwrite');
      const games = tx.objectStore('games');
      games.put(42, 'a-number');
      games.put({ SSS: 'an object', moves: [1, 2] }, 'an-object');
      tx.oncomplete = () => { q.result.close(); resolve('put'); };
      tx.onabort = () => resolve(String(tx.error));
    };
  }));
  check(put === 'put', `odd values: a number and an object are put in the games store (${put})`);
  await page.goto(base);
  await page.reload();
  await page.waitForSelector('.aside', { timeout: 10000 });
  const rows = await page.locator('.aside span').allInnerTexts();
  await shot(page, 'wedge-odd-values.png');
  const said = (what) => rows.filter((r) => r.includes(what) && /: not a saved game's text \(a value of another kind\)$/.test(r)).length;
  check(rows.length === 2 && said('a-number') === 1 && said('an-object') === 1,
    `odd values: the home page lists the two set aside, with the reason: ${rows.join(' | ')}`);
  check(rows.every((r) => !r.includes('SSS')), 'odd values: the reason never quotes the value');
  const db = await readDb(page);
  const aside = Object.values(db.aside);
  check(Object.keys(db.games).length === 1 && db.games[id] !== undefined, `odd values: only the real game is left in the games store (${Object.keys(db.games).join(', ')})`);
  check(aside.some((v) => v.endsWith('\u000042')) && aside.some((v) => v.endsWith('\u0000{"SSS":"an object","moves":[1,2]}')),
    'odd values: each is kept in the aside store, as JSON, beside its reason');
  check(await page.locator('.saved').count() === 1, 'odd values: the real game is still listed');
  // A way on: download or discard, as for any set-aside entry.
  page.once('dialog', (d) => d.accept());
  await page.click('.aside button.danger >> nth=0');
  await page.waitForFunction(() => document.querySelectorAll('.aside').length === 1);
  check(Object.keys((await readDb(page)).aside).length === 1, 'odd values: one is discarded from the home page (gone from the database)');
  check(errors.length === 0, `odd values: no page error or console error${errors.length ? ': ' + errors.join(' | ') : ''}`);
  await ctx.close();
}

try {
  // The quick strength (0.2 s) at the fast pace (0.15 s), and 5 s for loading and a busy
  // device: the page gives up after 6 s.
  if (chosen('computer abort')) {
    await computerCutOff('abort', '**/ai-worker_bg.wasm', 5000);
    await computerCutOff('abort', '**/ai-worker*', 5000);
  }
  if (chosen('computer hang')) await computerCutOff('hang', '**/ai-worker*', 12000);
  if (chosen('hint')) await hintCutOff();
  if (chosen('database never opens')) await openNeverAnswers();
  if (chosen('odd values')) await oddValues();
  for (const how of ['deleted by another tab', 'cleared by the browser', 'upgraded by a newer version']) {
    if (chosen(`database ${how}`)) await closedUnder(how);
  }
} catch (e) {
  check(false, `wedge: ${e.stack || e}`);
}
await site.finish('check-wedge');
