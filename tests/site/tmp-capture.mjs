import { start } from './serve.mjs';
const srv = await start(process.argv[2]);
const page = await srv.browser.newPage();
await page.goto(srv.base + '#/');
await page.waitForSelector('.thumb');
const grab = async (sel) => page.evaluate((sel) => {
  const svg = document.querySelector(sel);
  const rules = [];
  for (const sheet of document.styleSheets) for (const r of sheet.cssRules) {
    if (!(r instanceof CSSStyleRule) || r.selectorText.startsWith('*') || r.selectorText.startsWith('.thumb')) continue;
    let used = false;
    try { used = svg.matches(r.selectorText) || !!svg.querySelector(r.selectorText); } catch (e) {}
    if (used && !/:focus|:hover/.test(r.selectorText)) rules.push(r.cssText);
  }
  return { html: svg.outerHTML, rules };
}, sel);
const out = { thumb: await grab(process.argv[3]) };
if (process.argv[4]) {
  await page.goto(srv.base + process.argv[4]);
  if (process.argv[4].includes('evade')) {
    await page.click('#start-game');
    await page.click('#handoff-ready');
  }
  await page.waitForSelector(process.argv[5], { state: 'attached', timeout: 15000 });
  out.key = await page.evaluate((s) => document.querySelector(s).innerHTML, process.argv[5]);
}
console.log(JSON.stringify(out));
await srv.finish('capture');
