// The built site, as a careless or unlucky user meets it: a full storage (with real reloads),
// a browser that refuses to save, leaving while a move's write waits, the move from the older
// store (localStorage) into the database, an older link, a 4 MB unreadable entry, a
// right-to-left name, a standard-base64 link, and backups: downloaded and opened again,
// hostile, newer, and larger than the storage; a backup of thousands of games (its progress
// bar, Cancel, opened again to its end) and a file too large to open. (Tabs racing, reloads
// right after a move and a full storage beside another tab: check-tabs.mjs.)
// Usage: node tests/site/check-storage.mjs [dist dir]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { start, newGame as newGameAt, oneMove, readDb, failingWrites, APP_CARDS } from './serve.mjs';
import { backupOf } from './backups.mjs';

const site = await start(process.argv[2]);
const { base, browser, check } = site;

const newGame = (page, names) => newGameAt(page, base, names);

const storedMoves = async (page, id) => {
  const text = (await readDb(page)).games[id];
  return text ? JSON.parse(text).record.moves.length : -1;
};
const failWrites = (page, mode) => page.evaluate((mode) => {
  if (mode) sessionStorage.setItem('test.fail', mode); else sessionStorage.removeItem('test.fail');
}, mode);

try {
  // A full storage, before and during a game, with real reloads.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(failingWrites);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('dialog', (d) => d.accept());
    const first = await newGame(page);
    const second = await newGame(page);
    await failWrites(page, 'full');
    await oneMove(page);
    await page.waitForSelector('#unsaved', { timeout: 5000 });
    check(/full/.test(await page.locator('#unsaved').innerText()), 'full: the move is marked unsaved, with the reason');
    check(await page.locator('.moves li').count() === 1, 'full: the move stays on the board');
    check(await storedMoves(page, second) === 0, 'full: nothing half-written');
    await page.goto(base + '#/');
    await page.waitForSelector('#home-unsaved');
    check(await page.locator('.saved').count() === 2 && /full/.test(await page.locator('#home-unsaved').innerText()),
      'full: the home page lists every game and says which is not saved, and why');
    await page.goto(base + '#/play/' + second);
    await page.waitForSelector('#unsaved');
    await failWrites(page, null);
    await page.waitForSelector('#unsaved', { state: 'detached', timeout: 8000 });
    check(await storedMoves(page, second) === 1, 'full: the move is saved once there is room (tried again every two seconds)');
    await page.reload();
    await page.waitForSelector('.moves li');
    check(await page.locator('.moves li').count() === 1, 'full: and it is there after a reload');
    await page.goto(base + '#/play/' + first);
    await page.waitForSelector('svg.board .cell');
    check(await page.locator('.dead-end').count() === 0, 'full: the other game opens');
    // Full before the game starts: it opens, plays, and is saved when room is made.
    await failWrites(page, 'full');
    const third = await newGame(page);
    await page.waitForSelector('#unsaved');
    await oneMove(page);
    await failWrites(page, null);
    await page.waitForSelector('#unsaved', { state: 'detached', timeout: 8000 });
    check(await storedMoves(page, third) === 1, 'full from the start: the game and its move are saved once there is room');
    check(/This site uses \d{1,4}(\.\d)? [KMG]B of the \d{1,4}(\.\d)? [KMG]B this browser allows/.test(await (async () => { await page.goto(base + '#/'); await page.waitForSelector('#storage-use'); await page.waitForFunction(() => /uses/.test(document.querySelector('#storage-use').textContent)); return page.locator('#storage-use').innerText(); })()),
      'full: the home page shows what the site uses of the storage the browser allows, each in a unit that keeps it under 10,000');
    check(errors.length === 0, `full: no page errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
    await context.close();
  }

  // A browser that refuses to save (not a full storage): the move says "refused".
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(failingWrites);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const id = await newGame(page);
    await failWrites(page, 'refuse');
    await oneMove(page);
    await page.waitForSelector('#unsaved');
    const said = await page.locator('#unsaved').innerText();
    check(/refused/.test(said) && !/full/.test(said), 'refused: the move is marked unsaved because the browser refused');
    await failWrites(page, null);
    await page.waitForSelector('#unsaved', { state: 'detached', timeout: 8000 });
    check(await storedMoves(page, id) === 1, 'refused: once the browser saves again, the move is saved');
    check(errors.length === 0, `refused: no page errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
    await context.close();
  }

  // Leaving while a move's write is in flight: the browser asks first ("Leave site?"), and
  // the move lands. Another tab holds the database's games busy (a write transaction kept
  // alive), so the move's write waits; once it is free the write lands, and leaving asks
  // nothing.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const id = await newGame(page);
    await oneMove(page);
    await page.waitForFunction(() => document.querySelectorAll('.moves li').length === 1);
    for (let i = 0; i < 50 && await storedMoves(page, id) !== 1; i++) await page.waitForTimeout(100);
    const other = await context.newPage();
    await other.goto(base + '#/');
    await other.waitForSelector(APP_CARDS, { timeout: 20000 });
    await other.evaluate(() => new Promise((resolve) => {
      const req = indexedDB.open('stackplay');
      req.onsuccess = () => {
        const tx = req.result.transaction('games', 'readwrite');
        const store = tx.objectStore('games');
        window.__hold = true;
        const keep = () => { if (window.__hold) store.count().onsuccess = keep; };
        keep();
        resolve();
      };
    }));
    const dialogs = [];
    page.on('dialog', (d) => { dialogs.push(d.type()); d.dismiss(); });
    await oneMove(page);
    await page.waitForFunction(() => document.querySelectorAll('.moves li').length === 2);
    await page.waitForTimeout(300);
    await page.close({ runBeforeUnload: true });
    for (let i = 0; i < 100 && !dialogs.includes('beforeunload') && !page.isClosed(); i++) await other.waitForTimeout(100);
    await other.waitForTimeout(300);
    check(dialogs.includes('beforeunload') && !page.isClosed(),
      `leaving mid-write: leaving while the move's write waits asks first, and the page stays (dialogs: ${dialogs.join(', ') || 'none'})`);
    await other.evaluate(() => { window.__hold = false; });
    let stored = -1;
    for (let i = 0; i < 50 && (stored = await storedMoves(other, id)) !== 2; i++) await other.waitForTimeout(100);
    check(stored === 2, `leaving mid-write: once the database is free, the move lands (${stored} moves stored)`);
    const asked = dialogs.length;
    await page.close({ runBeforeUnload: true });
    for (let i = 0; i < 100 && !page.isClosed(); i++) await other.waitForTimeout(100);
    check(page.isClosed() && dialogs.length === asked, 'leaving mid-write: with every move saved, leaving asks nothing');
    check(errors.length === 0, `leaving mid-write: no page errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
    await context.close();
  }

  // The move from the older store: a localStorage full of games, set-aside entries and their
  // reasons, a damaged entry, one from a newer version and another app's key. Every entry
  // reaches the database byte for byte, and only then leaves localStorage.
  {
    const maker = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await maker.newPage();
    const a = await newGame(page, ['Ann', 'Ben']);
    await oneMove(page);
    const b = await newGame(page, ['Cy', 'Di']);
    await page.waitForTimeout(300);
    const made = (await readDb(page)).games;
    await maker.close();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const fresh = await context.newPage();
    // A page of the site that is not the app: the older store is filled before the app starts.
    await fresh.goto(base + 'manifest.webmanifest');
    const future = made[b].replace('"schema":1', '"schema":9');
    const older = {
      ['stackplay.game.' + a]: made[a],
      ['stackplay.game.' + b]: made[b],
      'stackplay.game.future': future.replace('"id":"' + b + '"', '"id":"future"'),
      'stackplay.game.broken': '{"schema":1,"id":"broken"',
      'stackplay.aside.old1': '{"not":"a game"}',
      'stackplay.why.old1': 'damaged (an earlier version said so)',
      'someone.else': 'not ours',
    };
    await fresh.evaluate((older) => { for (const [k, v] of Object.entries(older)) localStorage.setItem(k, v); }, older);
    await fresh.goto(base + '#/');
    await fresh.waitForSelector('.saved');
    const db = await readDb(fresh);
    check(db.games[a] === made[a] && db.games[b] === made[b], 'migration: both games are in the database byte for byte');
    check(db.games.future === older['stackplay.game.future'], 'migration: an entry of a newer version is in the database, untouched');
    check(Object.values(db.aside).some((v) => v === 'damaged (an earlier version said so)\0{"not":"a game"}'), 'migration: a set-aside entry and its reason are in the database');
    check(Object.values(db.aside).some((v) => v.endsWith('\0{"schema":1,"id":"broken"')), 'migration: a damaged entry is moved aside with a reason');
    // The device's settings (stackplay.setting.*: the replay's speed, the home page kept for
    // the next first paint) are this version's own, not the older store.
    const left = await fresh.evaluate(() => Object.keys(localStorage).filter((k) => !k.startsWith('stackplay.setting.')));
    check(left.length === 1 && left[0] === 'someone.else', `migration: the older store keeps only what is not the app's (${left.join(', ')})`);
    check(await fresh.locator('.saved').count() === 2 && await fresh.locator('.aside').count() === 3,
      'migration: the home page lists both games and the three entries that do not open');
    await fresh.reload();
    await fresh.waitForSelector('.saved');
    check(await fresh.locator('.saved').count() === 2 && await fresh.locator('.aside').count() === 3, 'migration: the same after a reload');
    await context.close();
  }

  // An older link (the first move of a game that has two) changes nothing at all.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const id = await newGame(page, ['Ann', 'Ben']);
    await oneMove(page);
    await oneMove(page);
    await page.waitForFunction(() => document.querySelectorAll('.moves li').length === 2);
    await page.waitForTimeout(300);
    const before = (await readDb(page)).games[id];
    const record = JSON.parse(before).record;
    const payload = Buffer.from(JSON.stringify({ ...record, moves: record.moves.slice(0, 1) })).toString('base64url');
    await page.goto(base + '#/import/' + payload);
    await page.waitForSelector('#copy-notice');
    check(/this link is older/.test(await page.locator('#copy-notice').innerText()), 'older link: the page says the link is older');
    await page.waitForTimeout(300);
    const after = (await readDb(page)).games[id];
    check(after === before, 'older link: the saved game is unchanged, byte for byte (its position too)');
    check(await page.locator('.moves li').count() === 2 && await page.locator('.history-note').count() === 0, 'older link: the board shows the latest move');
    await context.close();
  }

  // A 4 MB unreadable entry and a right-to-left name.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await newGame(page, ['\u202EBen', '\u202EAnn']);
    await page.evaluate(() => new Promise((r) => {
      const q = indexedDB.open('stackplay');
      q.onsuccess = () => {
        const tx = q.result.transaction('games', 'readwrite');
        tx.objectStore('games').put('{"schema":1,"id":"' + 'x'.repeat(4000000), 'huge');
        tx.oncomplete = () => { q.result.close(); r(); };
      };
    }));
    const t0 = Date.now();
    await page.goto(base + '#/');
    await page.reload();
    await page.waitForSelector('.aside');
    console.log(`     home page with a 4 MB unreadable entry: ${Date.now() - t0} ms to list it (including the reload)`);
    const reason = await page.locator('.aside span').first().innerText();
    check(reason.length < 300 && !reason.includes('xxxxx'), `4 MB entry: a short reason (${reason.length} characters)`);
    const why = Object.values((await readDb(page)).aside).map((v) => v.indexOf('\0'));
    check(why.length === 1 && why.every((n) => n > 0 && n < 300), `4 MB entry: moved aside, its stored reason short (${why.join(', ') || 'left in place'})`);
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

  // A backup larger than the storage: it says exactly how many games were saved and how many
  // were not, and why, and does not keep trying what cannot fit. (The storage "fills" after
  // 300 more writes: see failingWrites.)
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(failingWrites);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const id = await newGame(page, ['Ann', 'Ben']);
    await page.waitForTimeout(300);
    const one = JSON.parse((await readDb(page)).games[id]);
    const games = [...Array(500).keys()].map((i) => ({ ...one, id: 'big' + i }));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stackplay-')), 'big.json');
    fs.writeFileSync(file, JSON.stringify({ stackplay_backup: 1, games }));
    await page.goto(base + '#/');
    // The running app's file input (the first paint has one that opens nothing).
    await page.waitForSelector(APP_CARDS);
    await page.waitForSelector('input[type=file]');
    await page.evaluate(() => {
      sessionStorage.setItem('test.fail-after', String((window.testPuts || 0) + 300));
      sessionStorage.setItem('test.fail', 'full');
    });
    await page.setInputFiles('input[type=file]', file);
    await page.waitForSelector('#file-message', { timeout: 30000 });
    const said = await page.locator('#file-message').innerText();
    const stored = Object.keys((await readDb(page)).games).filter((k) => k.startsWith('big')).length;
    const added = Number((said.match(/(\d+) games? added/) || [])[1]);
    const notSaved = Number((said.match(/(\d+) could not be saved: the browser's storage for this site is full/) || [])[1]);
    check(added === stored && added + notSaved === 500 && added >= 200 && notSaved > 0,
      `huge backup: it says exactly what was saved and what was not (${stored} stored; "${said}")`);
    const puts = await page.evaluate(() => window.testPuts);
    await page.waitForTimeout(5000);
    check(await page.evaluate(() => window.testPuts) === puts && await page.locator('#home-unsaved').count() === 0,
      'huge backup: what did not fit is not tried again');
    check(errors.length === 0, `huge backup: no page errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
    await context.close();
  }
  // A backup of 3,000 games: a progress bar while it is added, Cancel stops it (what was added
  // stays, and the page says how much), opening it again adds the rest. A file over the limit
  // is refused from its size.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const file = backupOf(3000, 'many');
    await page.goto(base + '#/');
    await page.waitForSelector('input[type=file]');
    await page.setInputFiles('input[type=file]', file);
    await page.waitForFunction(() => Number((document.querySelector('#restoring progress') || {}).value) >= 50, null, { timeout: 30000 });
    const bar = await page.evaluate(() => {
      const p = document.querySelector('#restoring progress');
      return { max: p.max, value: p.value, text: document.querySelector('#restoring').textContent };
    });
    check(bar.max === 3000 && bar.value < 3000 && /Opening the backup/.test(bar.text),
      `many games: a progress bar while they are added ("${bar.text}", ${bar.value} of ${bar.max})`);
    await page.click('#restore-cancel');
    await page.waitForSelector('#file-message', { timeout: 30000 });
    const said = await page.locator('#file-message').innerText();
    const added = Number((said.match(/(\d+) games? added/) || [])[1]);
    const left = Number((said.match(/(\d+) more in the file were not looked at/) || [])[1]);
    const stored = () => readDb(page).then((db) => Object.keys(db.games).filter((k) => k.startsWith('many')).length);
    const kept = await stored();
    check(/^Cancelled/.test(said) && added > 0 && left > 0 && added + left <= 3000 && kept === added,
      `many games: Cancel stops, keeps what was added and says how much (${kept} stored; "${said}")`);
    check(await page.locator('#restoring').count() === 0 && await page.locator('.saved').count() === Math.min(added, 50)
      && (added <= 50) === (await page.locator('#show-more').count() === 0),
      'many games: the bar is gone, the first 50 are listed, and Show more offers the rest');
    await page.setInputFiles('input[type=file]', file);
    await page.waitForFunction(() => /^Backup opened/.test((document.querySelector('#file-message') || {}).textContent || ''), null, { timeout: 120000 });
    const again = await page.locator('#file-message').innerText();
    check(new RegExp(`^Backup opened: ${3000 - added} games added, ${added} already here\\.$`).test(again) && await stored() === 3000,
      `many games: opened again, the rest are added and none twice ("${again}")`);
    if (added > 50) {
      await page.click('#show-more');
      check(await page.locator('.saved').count() === 100, 'many games: Show more lists 50 more');
    }
    // Over the limit (a sparse file of 129 MiB): refused at once, nothing added.
    const big = path.join(path.dirname(file), 'big.json');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, 129 * 1024 * 1024);
    await page.setInputFiles('input[type=file]', big);
    await page.waitForFunction(() => /too large/.test((document.querySelector('#file-message') || {}).textContent || ''), null, { timeout: 10000 });
    check(/over 128 MB/.test(await page.locator('#file-message').innerText()) && await stored() === 3000,
      'many games: a file over 128 MB is refused from its size');
    check(errors.length === 0, `many games: no page errors${errors.length ? ': ' + errors.join(' | ') : ''}`);
    fs.rmSync(path.dirname(file), { recursive: true });
    await context.close();
  }
} catch (e) {
  site.failures.push(String(e));
  console.log('FAIL', e);
} finally {
  await site.finish('storage, tabs, names, links and backups');
}
