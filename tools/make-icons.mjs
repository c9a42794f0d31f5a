// Draws the app's icons (static/icons/*.png) from static/favicon.svg's picture with headless
// Chromium. Run by hand when the picture changes: node tools/make-icons.mjs
// "any" icons keep the favicon's rounded square; the maskable one fills the square with the
// background and keeps the stack inside the middle 60%, the part every mask shows.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = createRequire(import.meta.url)(path.join(root, 'tools/node_modules/playwright-core'));
const svg = fs.readFileSync(path.join(root, 'static/favicon.svg'), 'utf8');
const inner = svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
const stack = inner.replace(/<rect[^>]*\/>/, '');
const any = (size) => svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
const maskable = (size) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1d2a24"/><g transform="translate(32 32) scale(0.62) translate(-32 -31)">${stack}</g></svg>`;
const icons = [
  ['icon-192.png', 192, any], ['icon-512.png', 512, any],
  ['maskable-512.png', 512, maskable], ['apple-touch-icon.png', 180, maskable],
];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
for (const [name, size, draw] of icons) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${draw(size)}</body></html>`);
  await page.locator('svg').screenshot({ path: path.join(root, 'static/icons', name), omitBackground: true });
  console.log(name, size);
}
await browser.close();
