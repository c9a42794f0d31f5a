// Nothing wedged: the page never waits for ever, on the computer or on the database. The
// computer's worker whose files fail to load (the requests aborted), or never come (the
// requests left unanswered): the page stops saying the computer is thinking (or thinking of a
// hint), says in words that the computer could not answer here, and its Ask again button starts
// the worker afresh and asks again; the game waits, nothing is lost, and nothing is left
// unhandled in the console.
// Usage: node tests/site/check-wedge.mjs [dist dir]   (ONLY=words: only the parts whose name
// has them: computer, hint, database)
import { start, readDb, newGame as startGame } from './serve.mjs';

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

try {
  // The quick strength (0.2 s) at the fast pace (0.15 s), and 5 s for loading and a busy
  // device: the page gives up after 6 s.
  if (chosen('computer abort')) {
    await computerCutOff('abort', '**/ai-worker_bg.wasm', 5000);
    await computerCutOff('abort', '**/ai-worker*', 5000);
  }
  if (chosen('computer hang')) await computerCutOff('hang', '**/ai-worker*', 12000);
  if (chosen('hint')) await hintCutOff();
} catch (e) {
  check(false, `wedge: ${e.stack || e}`);
}
await site.finish('check-wedge');
