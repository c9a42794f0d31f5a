// Serves the built site (dist/) under a sub-path, opens every game's rules page in headless
// Chromium and checks: the page loads with no console errors or warnings, its worked examples
// (`figure.example`, drawn by the game's own board: tests/rules_examples.rs) are all there (at
// least the game's minimum, each with its board SVG and a caption) and styled by
// rules/examples.css; on a 390x844 touch phone nothing is wider than the screen and the boards'
// words are big enough to read. Then Evacuate's new-game page: its hint under "Game" follows the
// mode chosen.
// Usage: node tests/site/check-rules.mjs [dist dir]   (SCREENSHOTS=dir to save PNGs)
import { start } from './serve.mjs';

/// The fewest examples each rules page must draw (as tests/rules_examples.rs requires), the line
/// under its title (who designed it, as on the home page's card; the text says for how many
/// players), and the headings Evacuate's page must have, one per mode, each with a drawing of its
/// own.
const GAMES = [
  { slug: 'stack-control', min: 3, designer: 'Robert Dudley' },
  { slug: 'evade', min: 3, designer: 'Mark A. Biggar, after Alex Randolph' },
  { slug: 'stacks', min: 3, designer: 'Designer unknown' },
  { slug: 'stax', min: 3, designer: 'Cameron Browne' },
  {
    slug: 'evacuate',
    min: 9,
    designer: 'Gregory Lattanzio',
    modes: ['Two players', 'Three players', 'Four players', 'Phobos Pugilists'],
  },
];

const site = await start(process.argv[2]);
const { base, browser, check, shot } = site;

try {
  for (const viewport of [{ width: 1280, height: 900, name: 'desktop' }, { width: 390, height: 844, name: 'phone' }]) {
    const phone = viewport.name === 'phone';
    const context = await browser.newContext({ viewport, hasTouch: phone, isMobile: phone });
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`); });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));

    for (const game of GAMES) {
      const what = `${viewport.name}: rules of ${game.slug}`;
      await page.goto(`${base}#/rules/${game.slug}`, { waitUntil: 'load' });
      await page.waitForSelector('.rules-text h2', { timeout: 20000 });
      // The examples' style sheet is linked from the page: wait until it applies.
      await page.waitForFunction(() => {
        const f = document.querySelector('figure.example');
        return !f || getComputedStyle(f).borderTopStyle === 'solid';
      }, null, { timeout: 10000 }).catch(() => {});
      const found = await page.evaluate(() => {
        const figs = [...document.querySelectorAll('.rules-text figure.example')];
        return {
          figures: figs.length,
          drawings: document.querySelectorAll('.rules-text figure.example svg').length,
          unboarded: figs.filter((f) => !f.querySelector('svg.board')).length,
          uncaptioned: figs.filter((f) => !(f.querySelector('figcaption')?.textContent.trim())).length,
          styled: figs.every((f) => getComputedStyle(f).borderTopStyle === 'solid'),
          // Static pictures: nothing in them takes the focus or calls itself a button.
          focusable: document.querySelectorAll('.rules-text figure.example [tabindex], .rules-text figure.example [role=button]').length,
        };
      });
      const designer = (await page.locator('.rules .meta').first().innerText()).trim();
      check(designer === game.designer, `${what}: the line under the title names the designer: "${designer}" ("${game.designer}")`);
      check(found.figures >= game.min, `${what}: ${found.figures} worked examples (at least ${game.min}), ${found.drawings} drawings`);
      check(found.unboarded === 0 && found.uncaptioned === 0, `${what}: every example has its board's SVG and a caption`);
      check(found.styled, `${what}: the examples are styled by rules/examples.css`);
      check(found.focusable === 0, `${what}: the drawings are pictures, with nothing to tab to`);
      if (game.modes) {
        // Each mode has its heading, and a drawing before the next heading.
        const modes = await page.evaluate((modes) => modes.map((m) => {
          const h = [...document.querySelectorAll('.rules-text h2')].find((e) => e.textContent.startsWith(m));
          if (!h) return `${m}: no heading`;
          for (let e = h.nextElementSibling; e && e.tagName !== 'H2'; e = e.nextElementSibling) {
            if (e.matches('figure.example') || e.querySelector('figure.example')) return null;
          }
          return `${m}: no drawing under its heading`;
        }).filter(Boolean), game.modes);
        check(modes.length === 0, `${what}: a heading and a drawing for each mode (${game.modes.join(', ')})${modes.length ? `: ${modes.join('; ')}` : ''}`);
      }
      if (phone) {
        const fit = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          // What is inside a drawing is clipped to it: the drawing itself is what must fit.
          const wide = [...document.querySelectorAll('.rules-text *')]
            .filter((e) => !(e.closest('svg') && e.tagName.toLowerCase() !== 'svg'))
            .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > width + 1)
            .map((e) => e.tagName.toLowerCase() + (e.getAttribute('class') ? `.${e.getAttribute('class').split(' ')[0]}` : ''));
          // The smallest text of the boards drawn, in CSS pixels on this screen.
          let smallest = Infinity;
          for (const t of document.querySelectorAll('.rules-text figure.example svg.board text')) {
            if (!t.textContent.trim()) continue;
            const r = t.getBoundingClientRect();
            if (r.height > 0) smallest = Math.min(smallest, r.height);
          }
          return { scroll: document.documentElement.scrollWidth, width, wide: [...new Set(wide)].slice(0, 5), smallest: Math.round(smallest * 10) / 10 };
        });
        check(fit.scroll <= fit.width && fit.wide.length === 0, `${what}: nothing wider than the ${fit.width} px screen (page ${fit.scroll} px${fit.wide.length ? `; too wide: ${fit.wide.join(', ')}` : ''})`);
        check(fit.smallest >= 7, `${what}: the boards' smallest text is ${fit.smallest} px tall (at least 7)`);
        await shot(page, `rules-${game.slug}-phone.png`);
        // Each example on its own too, as a phone shows it (a whole page is very tall).
        if (process.env.SCREENSHOTS) {
          const figs = page.locator('.rules-text figure.example');
          for (let i = 0; i < await figs.count(); i++) {
            await figs.nth(i).screenshot({ path: `${process.env.SCREENSHOTS}/rules-${game.slug}-example-${i + 1}-phone.png` });
          }
        }
      }
    }

    // Evacuate's new-game page: the hint under "Game" follows the mode chosen.
    await page.goto(`${base}#/new/evacuate`, { waitUntil: 'load' });
    await page.waitForSelector('#start-game', { timeout: 20000 });
    const hints = await page.evaluate(async () => {
      const tick = () => new Promise((r) => setTimeout(r, 50));
      const select = [...document.querySelectorAll('.new-game select')].find((s) => [...s.options].some((o) => /14/.test(o.textContent)));
      if (!select) return null;
      const out = {};
      for (const o of [...select.options]) {
        select.value = o.value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
        await tick();
        const hint = select.closest('.option')?.querySelector('.hint');
        out[o.textContent.trim()] = hint ? hint.textContent.trim() : '';
      }
      return out;
    });
    const texts = hints ? Object.values(hints) : [];
    check(hints !== null && texts.length >= 2 && new Set(texts).size === texts.length && texts.every((t) => t.length > 0),
      `${viewport.name}: Evacuate's new-game hint is one of its own for each choice under "Game" (${hints ? Object.entries(hints).map(([k, v]) => `${k}: "${v.slice(0, 40)}…"`).join('; ') : 'no select'})`);
    const wrong = hints ? Object.entries(hints).filter(([k, v]) => !/Pugilist/i.test(k) && /Pugilist/i.test(v)) : [];
    check(wrong.length === 0, `${viewport.name}: only Phobos Pugilists' hint speaks of pugilists`);
    if (phone) await shot(page, 'new-evacuate-phone.png');

    check(errors.length === 0, `${viewport.name}: no console errors or warnings${errors.length ? `: ${errors.join(' | ')}` : ''}`);
    await context.close();
  }
} catch (e) {
  check(false, `no exception: ${e.stack || e}`);
}
await site.finish('rules pages');
