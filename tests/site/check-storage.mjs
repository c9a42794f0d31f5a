// The built site, as a careless or unlucky user meets it: a full storage (with real reloads),
// two tabs moving at the same moment, a 4 MB unreadable entry, a right-to-left name, a
// standard-base64 link, and a backup downloaded and opened again.
// Usage: node tests/site/check-storage.mjs [dist dir]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { start, newGame as newGameAt, pick, oneMove } from './serve.mjs';

const site = await start(process.argv[2]);
const { base, browser, check } = site;

const newGame = (page, names) => newGameAt(page, base, names);

const fill = () => {
  let n = 0;
  for (let size = 1 << 20; size >= 1; size >>= 1) {
    const chunk = 'f'.repeat(size);
    try { for (;;) { localStorage.setItem('filler.' + n, chunk); n++; } } catch (e) { /* full at this size */ }
  }
  return n;
};
const free = () => { for (const k of Object.keys(localStorage)) if (k.startsWith('filler.')) localStorage.removeItem(k); };
const storedMoves = (page, id) => page.evaluate((id) => {
  const text = localStorage.getItem('stackplay.game.' + id);
  return text ? JSON.parse(text).record.moves.length : -1;
}, id);

try {
  // A full storage, before and during a game, with real reloads.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('dialog', (d) => d.accept());
    const first = await newGame(page);
    const second = await newGame(page);
    check((await page.evaluate(fill)) > 0, 'full: the storage is filled to its quota');
    await oneMove(page);
    await page.waitForSelector('#unsaved', { timeout: 5000 });
    check(/full/.test(await page.locator('#unsaved').innerText()), 'full: the move is marked unsaved, with the reason');
    check(await page.locator('.moves li').count() === 1, 'full: the move stays on the board');
    check(await storedMoves(page, second) === 0, 'full: nothing half-written');
    await page.reload();
    await page.waitForSelector('#unsaved');
    check(await page.locator('.moves li').count() === 1, 'full: after a reload the unsaved move is still on the board (kept in the tab\'s session storage), still marked');
    await page.goto(base + '#/');
    await page.waitForSelector('.saved');
    check(await page.locator('.saved').count() === 2, 'full: after a reload every game is still listed');
    check(/Saved games use \d+ KB/.test(await page.locator('#storage-use').innerText()), 'full: the home page shows the storage the games use');
    await page.goto(base + '#/play/' + first);
    await page.waitForSelector('svg.board .cell');
    check(await page.locator('.dead-end').count() === 0, 'full: a saved game opens after a reload');
    await oneMove(page);
    await page.waitForSelector('#unsaved');
    await page.evaluate(free);
    await page.waitForSelector('#unsaved', { state: 'detached', timeout: 8000 });
    check(await storedMoves(page, first) === 1, 'full: the move is saved once there is room');
    await page.reload();
    await page.waitForSelector('.moves li');
    check(await page.locator('.moves li').count() === 1, 'full: and it is there after a reload');
    // Full before the game starts: it opens, plays, and is saved when room is made.
    await page.evaluate(fill);
    const third = await newGame(page);
    await page.waitForSelector('#unsaved');
    await oneMove(page);
    await page.evaluate(free);
    await page.waitForSelector('#unsaved', { state: 'detached', timeout: 8000 });
    check(await storedMoves(page, third) === 1, 'full from the start: the game and its move are saved once there is room');
    check(errors.length === 0, `full: no page errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
    await context.close();
  }

  // A browser that refuses to save (not a full storage), across a reload: still "refused".
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      if (sessionStorage.getItem('test.refuse') !== 'on') return;
      const real = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (this === window.localStorage) throw new DOMException('refused by the test', 'SecurityError');
        return real.call(this, k, v);
      };
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('dialog', (d) => d.accept());
    const id = await newGame(page);
    await page.evaluate(() => sessionStorage.setItem('test.refuse', 'on'));
    await page.reload();
    await page.waitForSelector('svg.board .cell');
    await oneMove(page);
    await page.waitForSelector('#unsaved');
    const said = await page.locator('#unsaved').innerText();
    check(/refused/.test(said) && !/full/.test(said), 'refused: the move is marked unsaved because the browser refused');
    await page.reload();
    await page.waitForSelector('#unsaved');
    const again = await page.locator('#unsaved').innerText();
    check(/refused/.test(again) && !/full/.test(again) && await page.locator('.moves li').count() === 1,
      `refused: after a reload the move is still there, still "refused", not "full" ("${again.split('\n')[0].slice(0, 60)}")`);
    await page.evaluate(() => sessionStorage.removeItem('test.refuse'));
    await page.reload();
    await page.waitForSelector('.moves li');
    await page.waitForFunction((id) => JSON.parse(localStorage.getItem('stackplay.game.' + id) || '{}').record?.moves.length === 1, id, { timeout: 8000 });
    check(true, 'refused: once the browser saves again, the move is saved');
    check(errors.length === 0, `refused: no page errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
    await context.close();
  }

  // Two tabs on one game, each moving at the same moment: no move is lost. "The same moment"
  // is made certain by holding each tab's storage events back for a second, as if both moves
  // were made before either tab heard of the other's.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      const add = window.addEventListener.bind(window);
      window.addEventListener = (type, handler, options) => add(type, type === 'storage'
        ? (e) => setTimeout(() => (handler.handleEvent ? handler.handleEvent(e) : handler(e)), 1000)
        : handler, options);
    });
    const one = await context.newPage();
    const id = await newGame(one);
    const two = await context.newPage();
    await two.goto(base + '#/play/' + id);
    await two.waitForSelector('svg.board .cell');
    await (await pick(one, 0)).click();
    await (await pick(two, -1)).click();
    await one.waitForSelector('#copy-notice', { timeout: 5000 });
    await two.waitForSelector('#copy-notice', { timeout: 5000 });
    const games = await one.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('stackplay.game.'))
      .map((k) => JSON.parse(localStorage.getItem(k))));
    // Each entry reads its move in words; its notation is the entry's title.
    const shown = [await one.locator('.moves li button').getAttribute('title'), await two.locator('.moves li button').getAttribute('title')];
    const histories = games.map((g) => g.record.moves.join(' '));
    check(games.length === 2 && shown.every((text) => histories.some((h) => h.length > 0 && text.includes(h))),
      `two tabs: both moves are kept (stored: ${histories.join(' | ')}; shown: ${shown.join(' | ')})`);
    check(games.some((g) => g.copy_of === id) && new URL(two.url()).hash !== '#/play/' + id,
      'two tabs: the second is kept as a copy, and its tab shows it');
    check(/kept beside it/.test(await one.locator('#copy-notice').innerText()) && /this is yours, as a copy/.test(await two.locator('#copy-notice').innerText()),
      'two tabs: both tabs say so');
    await context.close();
  }

  // A 4 MB unreadable entry and a right-to-left name.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await newGame(page, ['\u202EBen', '\u202EAnn']);
    await page.evaluate(() => localStorage.setItem('stackplay.game.huge', '{"schema":1,"id":"' + 'x'.repeat(4000000)));
    const t0 = Date.now();
    await page.goto(base + '#/');
    await page.reload();
    await page.waitForSelector('.aside');
    console.log(`     home page with a 4 MB unreadable entry: ${Date.now() - t0} ms to list it (including the reload)`);
    const reason = await page.locator('.aside span').first().innerText();
    check(reason.length < 300 && !reason.includes('xxxxx'), `4 MB entry: a short reason (${reason.length} characters)`);
    const why = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('stackplay.why.')).map((k) => localStorage.getItem(k).length));
    check(why.every((n) => n < 300), `4 MB entry: the stored reason is short (${why.join(', ') || 'left in place'})`);
    // The name's override stays inside the name: "to move" still reads after it, left to right.
    const order = await page.evaluate(() => {
      const el = document.querySelector('.saved .status');
      const text = el.firstChild;
      const at = (i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1); return r.getBoundingClientRect().left; };
      const data = text.data;
      const to = data.indexOf(' to move') + 1;
      return { name: at(data.indexOf('B') >= 0 ? data.indexOf('B') : data.indexOf('A')), t: at(to), o: at(to + 1) };
    });
    check(order.t > order.name && order.o > order.t, `right-to-left name: the words after it read in order (${JSON.stringify(order)})`);
    await context.close();
  }

  // A link in standard base64 (with + and /) opens, or says it is damaged: never "not found".
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(base);
    const payload = await page.evaluate(() => {
      for (let i = 0; i < 200; i++) {
        const record = { format: 1, game: 'stack-control', options: 'colours=RB', seed: i, players: [{ name: '?'.repeat(i % 7) + '>>>???' + i, colour: 'R' }, { name: 'Ben', colour: 'B' }], moves: [] };
        const b = btoa(JSON.stringify(record)).replace(/=+$/, '');
        if (b.includes('+') && b.includes('/')) return b;
      }
      return null;
    });
    check(payload !== null, 'standard base64: a payload with + and / was made');
    await page.goto(base + '#/import/' + payload);
    await page.waitForSelector('svg.board .cell, .dead-end', { timeout: 10000 });
    check(await page.locator('svg.board .cell').count() > 0, 'standard base64: the link opens the game');
    await page.goto(base + '#/import/' + payload.slice(0, 40) + '/+/');
    await page.waitForSelector('.dead-end', { timeout: 10000 });
    const why = await page.locator('.dead-end .error').innerText();
    check(/damaged|cut short|not a game record/.test(why) && !/not found/i.test(await page.locator('.dead-end').innerText()),
      `standard base64: a damaged one says the link is damaged ("${why}")`);
    await context.close();
  }

  // A backup: download every game, delete one, open the file: it comes back, nothing doubles.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    page.on('dialog', (d) => d.accept());
    await newGame(page, ['Ann', 'Ben']);
    await oneMove(page);
    await newGame(page, ['Cy', 'Di']);
    await page.goto(base + '#/');
    await page.waitForSelector('#backup');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#backup')]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stackplay-')), download.suggestedFilename());
    await download.saveAs(file);
    check(/^stackplay-backup-\d{4}-\d\d-\d\d\.json$/.test(download.suggestedFilename()), `backup: a dated file (${download.suggestedFilename()})`);
    await page.locator('.saved button.danger').first().click();
    await page.waitForFunction(() => document.querySelectorAll('.saved').length === 1);
    await page.setInputFiles('input[type=file]', file);
    await page.waitForSelector('#file-message');
    const message = await page.locator('#file-message').innerText();
    check(/1 game added/.test(message) && /1 already here/.test(message), `backup: opened ("${message}")`);
    check(await page.locator('.saved').count() === 2, 'backup: both games are listed again, none twice');
    // A backup with a hostile name and a game of a newer version: each refusal says why, and
    // a backup in a newer format says so.
    const text = fs.readFileSync(file, 'utf8');
    const first = JSON.parse(text).games[0];
    const hostile = { ...first, id: 'hostile1', record: { ...first.record, players: first.record.players.map((p, i) => (i ? p : { ...p, name: 'A\u001bB' })) } };
    const future = { ...first, id: 'future1', record: { ...first.record, game: 'hexes' } };
    const crafted = path.join(path.dirname(file), 'crafted.json');
    fs.writeFileSync(crafted, JSON.stringify({ stackplay_backup: 1, games: [hostile, future] }));
    await page.setInputFiles('input[type=file]', crafted);
    await page.waitForFunction(() => /0 games added/.test((document.querySelector('#file-message') || {}).textContent || ''));
    const refused = await page.locator('#file-message').innerText();
    check(/2 not added/.test(refused)
      && /player 1's name has a line break or another control character/.test(refused) && /does not know/.test(refused),
      `backup: each refusal says why ("${refused}")`);
    const newer = path.join(path.dirname(file), 'newer.json');
    fs.writeFileSync(newer, text.replace('"stackplay_backup":1', '"stackplay_backup":2'));
    await page.setInputFiles('input[type=file]', newer);
    await page.waitForFunction(() => /newer version/.test((document.querySelector('.error, #file-message, [role=alert]') || {}).textContent || ''), null, { timeout: 5000 }).catch(() => {});
    const said = await page.locator('body').innerText();
    check(/a backup made by a newer version of the app/.test(said), 'backup: a newer backup format is said to be one');
    check(await page.locator('.saved').count() === 2, 'backup: nothing refused was added');
    await context.close();
  }
} catch (e) {
  site.failures.push(String(e));
  console.log('FAIL', e);
} finally {
  await site.finish('storage, tabs, names, links and backups');
}
