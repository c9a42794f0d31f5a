// Serves the built site (dist/) under a sub-path, opens every game's rules page in headless
// Chromium and checks: the page loads with no console errors or warnings, its worked examples
// (`figure.example`, drawn by the game's own board: tests/rules_examples.rs) are all there (at
// least the game's minimum, each with its board SVG and a caption) and styled by
// rules/examples.css; on a 390x844 touch phone nothing is wider than the screen and the boards'
// words are big enough to read. Each page opens with a quick start (its heading within the first
// 1,000 px on a phone, its drawings small) and a contents list of the page's sections, whose links
// scroll to them (and give their headings the focus) in the app without changing the route in the
// hash, by click and by keyboard, and in the page without JavaScript (rules-<slug>.html); "Start a
// game" is above the rules text too.
// Then Evacuate's new-game page: its hint under "Game" follows the mode chosen.
// Usage: node tests/site/check-rules.mjs [dist dir]   (SCREENSHOTS=dir to save PNGs: each page
// whole, each example, each page's top as the screen shows it, rules-<slug>-top-<size>.png, its
// quick start and its contents list)
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

/// The quick start and the contents list of the rules page in `page` (the app's or the one without
/// JavaScript): where they are, and what the contents list links to.
const opening = (page) => page.evaluate(() => {
  const text = document.querySelector('.rules-text');
  const quick = text.querySelector('section.quick-start');
  const heading = quick?.querySelector('h2');
  const nav = quick?.nextElementSibling?.matches('nav.contents') ? quick.nextElementSibling : null;
  const y = (e) => Math.round(e.getBoundingClientRect().top + scrollY);
  const start = [...document.querySelectorAll('.rules a')].filter((a) => a.textContent.trim() === 'Start a game');
  return {
    // The quick start is the text's first element (after the examples' style sheet).
    first: [...text.children].find((e) => e.tagName !== 'LINK') === quick,
    heading: heading ? { top: y(heading), text: heading.textContent.trim() } : null,
    lines: quick ? [...quick.querySelectorAll('li')].map(y) : [],
    // Its drawings, as wide and tall as the screen shows them.
    drawings: quick ? [...quick.querySelectorAll('svg.board')].map((d) => { const r = d.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]; }) : [],
    links: nav ? [...nav.querySelectorAll('a')].map((a) => a.getAttribute('href')) : [],
    sections: [...text.querySelectorAll('h2')].filter((h) => !quick?.contains(h)).map((h) => `#${h.id}`),
    textTop: y(text),
    start: start.map((a) => ({ top: y(a), href: a.getAttribute('href'), shown: a.getClientRects().length > 0 })),
  };
});

/// Follows the contents list's link number `n` (from 0) in `page`, by a click or by the keyboard
/// (focus and Enter), from the top of the page: where its section's heading ends up in the
/// viewport, and the address's hash before and after.
const follow = async (page, n, how) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  const before = await page.evaluate(() => location.hash);
  const link = page.locator('.rules-text nav.contents a').nth(n);
  if (how === 'click') await link.click();
  else { await link.focus(); await page.keyboard.press('Enter'); }
  await page.waitForTimeout(300);
  return page.evaluate(([n, before]) => {
    const href = document.querySelectorAll('.rules-text nav.contents a')[n].getAttribute('href');
    const to = document.querySelector(href);
    return { href, before, after: location.hash, top: to ? Math.round(to.getBoundingClientRect().top) : null, scrolled: Math.round(scrollY), focused: !!to && document.activeElement === to };
  }, [n, before]);
};

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
      // The page's opening: a quick start, the contents list, "Start a game" above the text.
      const top = await opening(page);
      check(top.first && top.heading?.text === 'Quick start' && top.heading.top <= 1000,
        `${what}: the text opens with the quick start, its heading ${top.heading?.top} px from the page's top (at most 1000)`);
      check(top.lines.length >= 4 && top.lines.length <= 10 && top.lines[0] <= 1000,
        `${what}: the quick start says it in ${top.lines.length} lines (4 to 10), the first ${top.lines[0]} px from the top`);
      // Small: each at most half the screen's height, and on a wide screen side by side.
      const big = top.drawings.filter(([w, h]) => h > viewport.height / 2 || (!phone && w > 320));
      check(top.drawings.length > 0 && big.length === 0, `${what}: the quick start's ${top.drawings.length} drawings are small (${top.drawings.map(([w, h]) => `${w}x${h}`).join(', ')}; at most half the screen's height${phone ? '' : ', 320 px wide'})`);
      check(top.links.length >= 2 && top.links.join(' ') === top.sections.join(' '),
        `${what}: the contents list after the quick start links every section, in order (${top.links.length} links, ${top.sections.length} sections${top.links.join(' ') === top.sections.join(' ') ? '' : `: ${top.links.join(' ')} against ${top.sections.join(' ')}`})`);
      const starts = top.start.filter((a) => a.shown && a.href === `#/new/${game.slug}`);
      check(starts.length === 2 && starts[0].top < top.textTop,
        `${what}: "Start a game" above the rules text (${starts[0]?.top} px, the text at ${top.textTop} px) and after it`);
      if (process.env.SCREENSHOTS) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${process.env.SCREENSHOTS}/rules-${game.slug}-top-${viewport.name}.png` });
        await page.locator('.rules-text .quick-start').screenshot({ path: `${process.env.SCREENSHOTS}/rules-${game.slug}-quick-${viewport.name}.png` });
        await page.locator('.rules-text nav.contents').screenshot({ path: `${process.env.SCREENSHOTS}/rules-${game.slug}-contents-${viewport.name}.png` });
      }
      // Its links scroll to their sections, by a click and by the keyboard, and the route stays.
      for (const [n, how] of [[1, 'click'], [2, 'keyboard']]) {
        const went = await follow(page, n, how);
        check(went.top !== null && went.top >= 0 && went.top <= 60 && went.scrolled > 0 && went.after === went.before && went.focused,
          `${what}: the contents list's link ${n + 1} (${went.href}, by ${how}) scrolls its section to ${went.top} px from the viewport's top and gives its heading the focus${went.focused ? '' : ' (not focused)'}, the hash left at "${went.after}"`);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
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

  // Without JavaScript (rules-<slug>.html, on a phone): the same opening, and the contents list's
  // links are the page's own anchors.
  {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const game of GAMES) {
      const what = `phone without JavaScript: rules-${game.slug}.html`;
      await page.goto(`${base}rules-${game.slug}.html`, { waitUntil: 'load' });
      const top = await opening(page);
      check(top.first && top.heading?.text === 'Quick start' && top.heading.top <= 1000 && top.lines[0] <= 1000,
        `${what}: the text opens with the quick start, its heading ${top.heading?.top} px from the top`);
      check(top.links.length >= 2 && top.links.join(' ') === top.sections.join(' '), `${what}: the contents list links every section (${top.links.length})`);
      const went = await follow(page, 1, 'click');
      check(went.top !== null && went.top >= 0 && went.top <= 60 && went.after === went.href && went.focused,
        `${what}: the contents list's second link (${went.href}) scrolls its section to ${went.top} px from the viewport's top and gives its heading the focus${went.focused ? '' : ' (not focused)'}`);
      if (process.env.SCREENSHOTS) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${process.env.SCREENSHOTS}/rules-${game.slug}-top-phone-no-js.png` });
      }
    }
    await context.close();
  }
} catch (e) {
  check(false, `no exception: ${e.stack || e}`);
}
await site.finish('rules pages');
