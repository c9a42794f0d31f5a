// Writes `sw.js`, the site's service worker, into a built site: Trunk runs it after every
// build (a post_build hook in Trunk.toml, on the staging directory), and a test can run it on
// any copy of dist/ to make "a newer build":
//
//   node scripts/service-worker.mjs [site dir]   (default: $TRUNK_STAGING_DIR, else dist)
//
// A release build gets a worker that keeps every file of that build in one cache named after
// the build (a hash of all its files), answers from that cache alone, and waits when a newer
// build is found until the page says "reload" (index.html shows the offer). So after one visit
// the app starts with no network, and a page never gets files of two builds. A debug build
// (`trunk serve`) gets a worker that removes itself and any cache, so development never sees a
// stale build.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const dir = path.resolve(process.argv[2] || process.env.TRUNK_STAGING_DIR || 'dist');
// First the rules pages for browsers without JavaScript (Trunk starts all the hooks of a stage
// at once, so this one hook runs both, in order).
await import('./no-js-pages.mjs');
const release = process.argv[2] ? true : process.env.TRUNK_PROFILE !== 'debug';
const out = path.join(dir, 'sw.js');

if (!release) {
  fs.writeFileSync(out, `// Development build: no offline copy. This worker removes itself and the caches.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil((async () => {
  for (const k of await caches.keys()) if (k.startsWith('stackplay-')) await caches.delete(k);
  await self.registration.unregister();
})()));
`);
  process.exit(0);
}

// The page's JS glue (wasm-bindgen's, part of the first load), minified: about 2 KB gzipped
// less than Trunk's own minifier leaves. Before the files are hashed; skipped, with a warning,
// where the npm tools are not installed.
const glue = fs.readdirSync(dir).filter((f) => /^stackplay-[0-9a-f]+\.js$/.test(f));
let terser = null;
try {
  terser = createRequire(path.join(root, 'tools/package.json'))('terser');
} catch {
  console.warn('service-worker.mjs: terser is not installed (bash scripts/setup.sh): the JS glue is left as it is');
}
for (const f of terser ? glue : []) {
  const file = path.join(dir, f);
  const { code } = await terser.minify(fs.readFileSync(file, 'utf8'), { module: true, compress: true, mangle: true });
  fs.writeFileSync(file, code);
}

// wasm-bindgen names each import of the page's wasm after its function plus a hash (about 200
// names of 35 characters), written twice: in the wasm's import section and as the keys of the
// JS glue's import object, where gzip cannot shorten the hashes. Both are renamed to short
// names here, together (docs/bundle.md: about 4 KB gzipped of the first load). Left as they
// are, with a warning, if any name is not found exactly once in the glue.
const leb = (buf, i) => {
  let value = 0; let shift = 0; let byte;
  do { byte = buf[i++]; value += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
  return [value, i];
};
const lebBytes = (n) => {
  const out = [];
  do { let byte = n % 128; n = Math.floor(n / 128); if (n > 0) byte |= 0x80; out.push(byte); } while (n > 0);
  return out;
};
const nameBytes = (s) => { const b = Buffer.from(s, 'utf8'); return [...lebBytes(b.length), ...b]; };
function shortenImports(wasmFile, jsFile) {
  const wasm = fs.readFileSync(wasmFile);
  let js = fs.readFileSync(jsFile, 'utf8');
  let i = 8;
  while (i < wasm.length) {
    const id = wasm[i];
    const [size, start] = leb(wasm, i + 1);
    const end = start + size;
    if (id === 2) {
      let [count, k] = leb(wasm, start);
      const entries = [];
      for (let n = 0; n < count; n++) {
        let len;
        [len, k] = leb(wasm, k); const module = wasm.toString('utf8', k, k + len); k += len;
        [len, k] = leb(wasm, k); const field = wasm.toString('utf8', k, k + len); k += len;
        const from = k;
        const kind = wasm[k++];
        const limits = () => { const flag = wasm[k++]; [, k] = leb(wasm, k); if (flag & 1) [, k] = leb(wasm, k); };
        if (kind === 0) [, k] = leb(wasm, k);
        else if (kind === 1) { k++; limits(); } else if (kind === 2) limits();
        else if (kind === 3) k += 2;
        else if (kind === 4) { k++; [, k] = leb(wasm, k); } else return `import kind ${kind}`;
        entries.push({ module, field, desc: wasm.subarray(from, k) });
      }
      if (entries.every((e) => /^\$[0-9a-z]+$/.test(e.field))) return null; // short already
      const modules = [...new Set(entries.map((e) => e.module))];
      const quoted = (s) => js.split(JSON.stringify(s)).length - 1;
      if (modules.some((m) => quoted(m) !== 1)) return 'a module name is not found once';
      const key = (f) => new RegExp(`(?<![\\w$])${f.replace(/\$/g, '\\$')}(?![\\w$])`, 'g');
      for (const e of entries) if ((js.match(key(e.field)) || []).length !== 1) return `${e.field} is not found once`;
      const body = [...lebBytes(entries.length)];
      entries.forEach((e, n) => {
        const short = '$' + n.toString(36);
        js = js.replace(key(e.field), short);
        body.push(...nameBytes(String(modules.indexOf(e.module))), ...nameBytes(short), ...e.desc);
      });
      for (const m of modules) js = js.replace(JSON.stringify(m), JSON.stringify(String(modules.indexOf(m))));
      const section = Buffer.from([2, ...lebBytes(body.length), ...body]);
      fs.writeFileSync(wasmFile, Buffer.concat([wasm.subarray(0, i), section, wasm.subarray(end)]));
      fs.writeFileSync(jsFile, js);
      return null;
    }
    i = end;
  }
  return 'no import section';
}
for (const f of glue) {
  const wasmFile = path.join(dir, f.replace(/\.js$/, '_bg.wasm'));
  if (!fs.existsSync(wasmFile)) continue;
  const why = shortenImports(wasmFile, path.join(dir, f));
  if (why) console.warn(`service-worker.mjs: the wasm's import names are left long (${why})`);
}

// Trunk's loader for the computer's worker calls wasm-bindgen's init the old way, which logs a
// deprecation warning in the worker; call it the current way (before the files are hashed).
// And when its files do not load (a network that fails, a file missing), it tells the page
// ("failed": the page says the computer could not answer, and offers to ask again) rather
// than leave a rejected promise ("Failed to fetch") unhandled in the console.
const loader = path.join(dir, 'ai-worker_loader.js');
if (fs.existsSync(loader)) {
  const text = fs.readFileSync(loader, 'utf8');
  const load = /^importScripts\((".*?")\);wasm_bindgen\((".*?")\);?\s*$/.exec(text);
  if (load) {
    fs.writeFileSync(loader, `const failed=()=>postMessage("failed");try{importScripts(${load[1]});wasm_bindgen({ module_or_path: ${load[2]} }).catch(failed)}catch(e){failed()}`);
  } else {
    console.warn('service-worker.mjs: the worker\'s loader is not as expected: it is left as it is');
  }
}

// Every file of the build but the worker itself and the rules pages for browsers without
// JavaScript (which run no service worker), as URLs relative to the site's root.
function walk(d) {
  return fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(d, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}
const files = walk(dir)
  .map((p) => path.relative(dir, p).split(path.sep).join('/'))
  .filter((f) => f !== 'sw.js' && !f.endsWith('.map') && !/^rules-[a-z-]+\.html$/.test(f))
  .sort();
const hash = crypto.createHash('sha256');
for (const f of files) hash.update(f + '\0').update(fs.readFileSync(path.join(dir, f))).update('\0');
const version = hash.digest('hex').slice(0, 16);
// Each file's own hash: the worker keeps a file only if it is this build's (a CDN or a deploy
// in progress may still hand out another build's copy under the same name).
const sums = Object.fromEntries(files.map((f) => [f, crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, f))).digest('hex')]));

fs.writeFileSync(out, `// Generated by scripts/service-worker.mjs for one build of the site; do not edit.
const BUILD = ${JSON.stringify(version)};
const CACHE = 'stackplay-' + BUILD;
const SUMS = ${JSON.stringify(sums)};
const FILES = Object.keys(SUMS);

const hex = (buf) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

// Keep every file of this build, fetched past the HTTP cache, each checked against its hash:
// a file of another build fails the install, and the browser tries again on a later visit.
// The page is kept under the scope's own URL ('./'), so a host that redirects index.html to
// the directory cannot leave a redirected response to serve. The worker then waits: a page
// running an older build keeps it until its user chooses to reload.
self.addEventListener('install', (e) => e.waitUntil((async () => {
  const cache = await caches.open(CACHE);
  await Promise.all(FILES.map(async (f) => {
    const res = await fetch(new Request(f === 'index.html' ? './' : f, { cache: 'reload' }));
    const body = await res.arrayBuffer();
    if (!res.ok || hex(await crypto.subtle.digest('SHA-256', body)) !== SUMS[f]) {
      throw new Error(f + ' is not the file of build ' + BUILD);
    }
    await cache.put(f, new Response(body, { status: 200, headers: { 'content-type': res.headers.get('content-type') || '' } }));
  }));
})()));

// Once in charge, drop the caches of every other build, and take charge of the pages open
// without a worker (the first visit's page above all): the files they fetch later, such as
// the computer's worker on its first move, then come from this cache even with no network.
// Pages of an older build are not among them: their worker hands over only when its user
// chooses to reload, and index.html then reloads them.
self.addEventListener('activate', (e) => e.waitUntil((async () => {
  for (const k of await caches.keys()) if (k.startsWith('stackplay-') && k !== CACHE) await caches.delete(k);
  await self.clients.claim();
})()));

self.addEventListener('message', (e) => {
  if (e.data === 'reload-to-new-build') self.skipWaiting();
});

// The site's page (the scope itself, or its index.html) is this build's page; the build's
// files come from its cache; anything else (other pages of the same host) is left alone.
const SCOPE = new URL(self.registration.scope);
self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  const rel = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length)) || 'index.html';
  if (!FILES.includes(rel)) return;
  e.respondWith((async () => {
    const hit = await (await caches.open(CACHE)).match(rel);
    return hit || fetch(e.request);
  })());
});
`);
console.log(`service worker: build ${version}, ${files.length} files`);
