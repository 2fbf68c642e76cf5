// Cold load of the web app in headless Chromium (issue 17, Delivery): prints figures, asserts nothing.
// `node scripts/bench-coldload.mjs [--build]`
//
// Starts the built product (apps/api/dist/server.js; `--build` runs `npm run build` first, as does a missing
// build) on a free port with a fresh DATA_DIR and the demo data, then for the demo dealer and the demo
// installer, each run in a new browser context with the HTTP cache disabled:
//   sign-in screen  open /login: JavaScript transferred (response bodies as sent, compressed when the server
//                   compressed them: the DevTools protocol's loadingFinished.encodedDataLength less the
//                   headers) and decoded, LCP;
//   sign in         fill the form, press 'Lets Go': the JavaScript the list adds, and the time from the
//                   press to the first list row;
//   list, reload    reload /requestimates signed in (the refresh cookie restores the session), cache still
//                   disabled: JavaScript transferred until the first row shows and in all, LCP, time from
//                   navigation start to the first row.
// Each figure is the median of COLDLOAD_RUNS runs (default 3). The browser asks for br/gzip as usual.
// Env: COLDLOAD_RUNS, COLDLOAD_SERVER (another built server.js), WEB_DIST_DIR (another web build),
// CHROMIUM (default /usr/bin/chromium).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer, stopServer } from './bench-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = await import(
  pathToFileURL(path.join(root, 'node_modules/playwright-core/index.mjs')).href
);

const RUNS = Number(process.env.COLDLOAD_RUNS ?? 3);
const serverJs = path.resolve(process.env.COLDLOAD_SERVER ?? path.join(root, 'apps/api/dist/server.js'));
const PASSWORD = 'demo1234';
const ROW = '[aria-label="Requests list"] button';

if (
  process.argv.includes('--build') ||
  !existsSync(serverJs) ||
  (!process.env.WEB_DIST_DIR && !existsSync(path.join(root, 'apps/web/dist/index.html')))
) {
  console.log('building first…');
  const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// In the page: the latest largest-contentful-paint, the moment a list row first appears and the moment the
// sign-in button is pressed (performance.now(), i.e. ms since this document's navigation started).
const pageProbe = `
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  window.__firstRow = null;
  new MutationObserver((_, observer) => {
    if (document.querySelector(${JSON.stringify(ROW)})) {
      window.__firstRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('button[type=submit]')) {
      window.__submitAt ??= performance.now();
    }
  }, true);
`;

/** Watches the page's traffic over the DevTools protocol: bytes per resource type, and what is in flight. */
async function watchNetwork(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map();
  const headerBytes = new Map();
  const decoded = new Map();
  const pending = new Set();
  const totals = { js: 0, jsDecoded: 0, jsFiles: 0, css: 0, all: 0 };
  let lastActivity = performance.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    pending.add(e.requestId);
    lastActivity = performance.now();
  });
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.type);
    headerBytes.set(e.requestId, e.response.encodedDataLength);
  });
  cdp.on('Network.dataReceived', (e) =>
    decoded.set(e.requestId, (decoded.get(e.requestId) ?? 0) + e.dataLength),
  );
  const finish = (e, failed) => {
    pending.delete(e.requestId);
    lastActivity = performance.now();
    if (failed) return;
    const type = types.get(e.requestId);
    // The body as sent (compressed when the server compressed it), without the response headers.
    const body = e.encodedDataLength - (headerBytes.get(e.requestId) ?? 0);
    totals.all += e.encodedDataLength;
    if (type === 'Script') {
      totals.js += body;
      totals.jsDecoded += decoded.get(e.requestId) ?? 0;
      totals.jsFiles += 1;
    }
    if (type === 'Stylesheet') totals.css += body;
  };
  cdp.on('Network.loadingFinished', (e) => finish(e, false));
  cdp.on('Network.loadingFailed', (e) => finish(e, true));
  return {
    snapshot: () => ({ ...totals }),
    /** Resolves once nothing has been in flight for `quietMs`. */
    async settled(quietMs = 500) {
      const until = performance.now() + 30_000;
      while (performance.now() < until) {
        if (pending.size === 0 && performance.now() - lastActivity >= quietMs) return;
        await sleep(50);
      }
    },
  };
}

const minus = (a, b) => Object.fromEntries(Object.keys(a).map((k) => [k, a[k] - b[k]]));

async function oneRun(browser, url, email) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(pageProbe);
  const page = await context.newPage();
  const net = await watchNetwork(context, page);

  await page.goto(`${url}/login`);
  await page.getByRole('button', { name: 'Lets Go' }).waitFor();
  await net.settled();
  const signInScreen = net.snapshot();
  const signInLcp = await page.evaluate(() => window.__lcp);

  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Lets Go' }).click();
  await page.locator(ROW).first().waitFor({ timeout: 30_000 });
  const toFirstRow = await page.evaluate(() => window.__firstRow - window.__submitAt);
  await net.settled();
  const added = minus(net.snapshot(), signInScreen);

  const beforeReload = net.snapshot();
  await page.reload();
  await page.locator(ROW).first().waitFor({ timeout: 30_000 });
  const untilFirstRow = minus(net.snapshot(), beforeReload);
  await net.settled();
  const reloaded = minus(net.snapshot(), beforeReload);
  const [reloadLcp, reloadFirstRow] = await page.evaluate(() => [window.__lcp, window.__firstRow]);
  await context.close();
  return {
    'sign-in screen: JS transferred (bodies), KB': signInScreen.js / 1024,
    'sign-in screen: JS decoded, KB': signInScreen.jsDecoded / 1024,
    'sign-in screen: JS files': signInScreen.jsFiles,
    'sign-in screen: CSS transferred, KB': signInScreen.css / 1024,
    'sign-in screen: LCP, ms': signInLcp,
    'sign in → list: JS added, KB': added.js / 1024,
    'sign in → list: first row after pressing Lets Go, ms': toFirstRow,
    'list (reload): JS transferred until the first row, KB': untilFirstRow.js / 1024,
    'list (reload): JS transferred in all, KB': reloaded.js / 1024,
    'list (reload): JS decoded, KB': reloaded.jsDecoded / 1024,
    'list (reload): JS files': reloaded.jsFiles,
    'list (reload): all bytes transferred, KB': reloaded.all / 1024,
    'list (reload): LCP, ms': reloadLcp,
    'list (reload): first row from navigation start, ms': reloadFirstRow,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-coldload-'));
const { child, url } = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' }, { serverJs });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const accounts = { dealer: 'dealer@demo.test', installer: 'installer@demo.test' };
  const figures = {};
  for (const [who, email] of Object.entries(accounts)) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await oneRun(browser, url, email));
    figures[who] = Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))]));
  }
  const names = Object.keys(figures.dealer);
  const width = Math.max(...names.map((n) => n.length));
  console.log(
    `cold load, median of ${RUNS} (cache disabled; target: JS ≤ 200 KB transferred, LCP < 1000 ms)`,
  );
  console.log(`${'figure'.padEnd(width)} ${'dealer'.padStart(10)} ${'installer'.padStart(10)}`);
  for (const name of names) {
    const cell = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(1)).padStart(10);
    console.log(`${name.padEnd(width)} ${cell(figures.dealer[name])} ${cell(figures.installer[name])}`);
  }
} finally {
  await browser.close();
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}
