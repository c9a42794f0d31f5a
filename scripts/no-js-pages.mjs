// Writes each game's rules page for browsers without JavaScript, `rules-<slug>.html`, into a
// built site: Trunk runs it after every build (a post_build hook in Trunk.toml, on the staging
// directory, before the service worker's):
//
//   node scripts/no-js-pages.mjs [site dir]   (default: $TRUNK_STAGING_DIR, else dist)
//
// The app's routes live in the URL's hash, which only the app reads: without JavaScript every
// address is the home page (index.html's first paint). So each rules page is a file of its own,
// linked from the note the home page shows without JavaScript. It is the app's rules page as
// tests/first_paint.rs draws it (`static/no-js/<slug>.html`: its title on the first line, then
// the page), with the rules text (`rules/<slug>.html`, the file the app fetches, drawings
// included) in its place, the site's style sheet, and no script. Its links to the app's pages
// (`#/...`) lead to index.html (`./#/...`). The service worker leaves these pages out of the
// offline copy (without JavaScript there is no service worker).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.resolve(process.argv[2] || process.env.TRUNK_STAGING_DIR || 'dist');
const index = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
// The style sheet and icon as Trunk named them (a hash in each name, unless its filehash is
// off), quoted or not.
const href = (re, what) => {
  const m = index.match(re);
  if (!m) throw new Error(`no-js-pages.mjs: no ${what} in ${dir}/index.html`);
  return m[1];
};
const css = href(/href="?((?:\.\/)?style(?:-[0-9a-f]+)?\.css)/, 'style sheet');
const icon = href(/href="?((?:\.\/)?favicon(?:-[0-9a-f]+)?\.svg)/, 'icon');
const shells = path.join(root, 'static/no-js');
let written = 0;
for (const file of fs.readdirSync(shells).filter((f) => f.endsWith('.html')).sort()) {
  const slug = file.slice(0, -'.html'.length);
  const [title, ...page] = fs.readFileSync(path.join(shells, file), 'utf8').split('\n');
  const text = fs.readFileSync(path.join(dir, 'rules', file), 'utf8');
  const slot = '<div class="rules-text"></div>';
  const body = page.join('\n').trim();
  if (!title.startsWith('<title>') || !body.includes(slot)) {
    throw new Error(`no-js-pages.mjs: static/no-js/${file} is not a page tests/first_paint.rs wrote`);
  }
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${title}
<link rel="icon" href="${icon}">
<link rel="stylesheet" href="${css}">
</head>
<body>
${body.replace(slot, `<div class="rules-text">${text}</div>`).replaceAll('href="#/', 'href="./#/')}
</body>
</html>
`;
  fs.writeFileSync(path.join(dir, `rules-${slug}.html`), html);
  written++;
}
console.log(`no-js-pages.mjs: ${written} rules pages for browsers without JavaScript`);
