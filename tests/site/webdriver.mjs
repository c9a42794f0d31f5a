// The three browser engines over plain WebDriver (selenium-webdriver from tools/node_modules),
// each session with a driver process of its own (geckodriver takes one session at a time, and
// a session of its own is a browser profile of its own: another device's storage).
//   Chromium: Debian's chromium through chromedriver (CHROMIUM, CHROMEDRIVER)
//   Firefox:  Debian's firefox-esr through geckodriver (FIREFOX, GECKODRIVER)
//   WebKit:   WebKitGTK's MiniBrowser through WebKitWebDriver (WEBKITDRIVER, MINIBROWSER), on a
//             virtual display of its own (Xvfb), as MiniBrowser cannot start without one
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { root } from './serve.mjs';

const require = createRequire(import.meta.url);
const webdriver = require(path.join(root, 'tools/node_modules/selenium-webdriver'));
const { Builder } = webdriver;
/// selenium-webdriver's input devices and keys: Key, Pointer, Origin.
export const input = { Key: webdriver.Key, ...require(path.join(root, 'tools/node_modules/selenium-webdriver/lib/input')) };

const home = process.env.HOME || os.homedir();
const minibrowser = () => process.env.MINIBROWSER
  || ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib', '/usr/libexec']
    .flatMap((dir) => ['webkit2gtk-4.1', 'webkit2gtk-4.0', 'webkitgtk-6.0'].map((v) => path.join(dir, v, 'MiniBrowser')))
    .find((p) => fs.existsSync(p));

/// Each engine: its name as the test prints it, its driver's command line, the capabilities
/// of a new session, and how to read the browser's version.
export const ENGINES = {
  chromium: {
    name: 'Chromium',
    driver: (port) => [process.env.CHROMEDRIVER || '/usr/bin/chromedriver', [`--port=${port}`]],
    capabilities: () => ({
      browserName: 'chrome',
      'goog:chromeOptions': {
        binary: process.env.CHROMIUM || '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
          '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
          '--window-size=1280,900'],
      },
    }),
    version: () => execFileSync(process.env.CHROMIUM || '/usr/bin/chromium', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim(),
  },
  firefox: {
    name: 'Firefox',
    driver: (port) => [process.env.GECKODRIVER || path.join(home, '.cargo/bin/geckodriver'), ['--port', String(port)]],
    capabilities: () => ({
      browserName: 'firefox',
      'moz:firefoxOptions': {
        binary: process.env.FIREFOX || '/usr/bin/firefox-esr',
        args: ['-headless', '-width', '1280', '-height', '900'],
      },
    }),
    version: () => execFileSync(process.env.FIREFOX || '/usr/bin/firefox-esr', ['--version']).toString().trim(),
  },
  webkit: {
    name: 'WebKit',
    // xvfb-run gives the driver (and the MiniBrowser it starts) a display of its own.
    driver: (port) => ['xvfb-run', ['-a', '-s', '-screen 0 1280x1024x24', process.env.WEBKITDRIVER || '/usr/bin/WebKitWebDriver', `--port=${port}`]],
    capabilities: () => ({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: minibrowser(), args: ['--automation'] },
    }),
    version: () => {
      const lib = execFileSync('sh', ['-c', "dpkg-query -W -f '${Version}' libwebkit2gtk-4.1-0 2>/dev/null || true"]).toString().trim();
      return `WebKitGTK ${lib || '(version unknown)'} (MiniBrowser)`;
    },
  },
};

// The driver processes still running (each a process group: the driver, its browser, Xvfb),
// ended when this process ends, however it ends.
const groups = new Set();
const endGroup = (pid) => { try { process.kill(-pid, 'SIGTERM'); } catch (e) { /* gone */ } groups.delete(pid); };
process.on('exit', () => { for (const pid of [...groups]) endGroup(pid); });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.exit(130));

const freePort = () => new Promise((resolve) => {
  const s = net.createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

async function until(what, test, ms) {
  const end = Date.now() + ms;
  for (;;) {
    if (await test()) return;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/// Starts a driver process and a session of `engine` on it (a fresh profile: storage of its
/// own). Returns the selenium driver, with `quit()` ending the session and its driver process.
export async function launch(engine) {
  const spec = ENGINES[engine];
  const port = await freePort();
  const [cmd, args] = spec.driver(port);
  // A process group of its own, so that quitting ends the driver and whatever it started.
  const proc = spawn(cmd, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  groups.add(proc.pid);
  let log = '';
  proc.stderr.on('data', (d) => { log = (log + d).slice(-4000); });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => endGroup(proc.pid);
  try {
    await until(`${spec.name}'s driver answers`, () => fetch(url + '/status').then((r) => r.ok, () => false), 30000);
    const driver = await new Builder().usingServer(url).withCapabilities(spec.capabilities()).build();
    await driver.manage().setTimeouts({ script: 600000, pageLoad: 60000 });
    // The same window in every engine (WebKit's starts at 1024 px wide).
    await driver.manage().window().setRect({ width: 1280, height: 900 }).catch(() => {});
    const quit = driver.quit.bind(driver);
    // Ends the session (or gives up on it after 10 s: a driver that hangs), then the driver.
    driver.quit = async () => {
      await Promise.race([quit().catch(() => {}), new Promise((r) => { setTimeout(r, 10000).unref(); })]);
      stop();
    };
    return driver;
  } catch (e) {
    stop();
    throw new Error(`${spec.name} did not start (${e.message}); its driver said: ${log.trim().slice(-600)}`);
  }
}

/// Runs `fn` (an async function, written as for page.evaluate) in the page with `arg`, and
/// returns what it resolves to; a rejection comes back as an error here.
export async function run(driver, fn, arg = null) {
  const out = await driver.executeAsyncScript(
    `const done = arguments[arguments.length - 1];
     Promise.resolve().then(() => (${fn.toString()})(arguments[0]))
       .then((value) => done({ value }), (e) => done({ error: String(e && e.stack || e) }));`, arg);
  if (out && out.error) throw new Error(`in the page: ${out.error}`);
  return out ? out.value : undefined;
}
