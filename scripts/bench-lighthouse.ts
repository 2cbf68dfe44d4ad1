// `npm run bench:lighthouse`: builds and prerenders the site against an in-memory emulator (so the blog is read from a
// database, as in production), serves dist/ as the hosts do (scripts/serve-dist.ts), and runs Lighthouse's mobile
// performance audit (the npm package, with Debian's Chromium) three times on /, /blog, one article,
// /thriftingexplorer and a bare static page in the same run. Prints the median score, LCP, TBT and CLS per page and
// each page's LCP as a ratio of the bare page's. Targets (issue 23, now that the app starts by itself once the page is
// idle): score >= 98, LCP <= 1.15x bare, CLS <= 0.02, TBT <= 150 ms. It prints; it does not fail.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startEmulator } from '../emulator/server.ts';
import { loadArticles, publishedOnly, sortArticles } from '../content/blog/index.ts';
import { median } from './bench-stats.ts';
import { buildClient, prerender } from './prerender.ts';
import { serveDist } from './serve-dist.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const BARE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Bare page</title>
    <meta name="description" content="A static page with no script, the floor for this machine and this server." />
  </head>
  <body style="font-family: system-ui, sans-serif; margin: 0 auto; max-width: 40rem; padding: 1rem">
    <h1>A bare static page</h1>
    <p>The same server, the same Chromium and the same throttling as the pages measured beside it, with no script,
    no stylesheet and no image: what a page costs here before it does anything.</p>
  </body>
</html>
`;

type Figures = { score: number; lcp: number; tbt: number; cls: number; documentBytes: number };

async function audit(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (
    lhr.audits['network-requests']?.details as { items?: { url: string; transferSize?: number }[] }
  )?.items;
  return {
    documentBytes: requests?.find((item) => item.url === url)?.transferSize ?? Number.NaN,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

async function main() {
  const emulator = await startEmulator({ port: 0, dataDir: 'memory', testing: false, log: false });
  const outDir = await mkdtemp(path.join(tmpdir(), 'flipwise-lighthouse-'));
  const bareDir = await mkdtemp(path.join(tmpdir(), 'flipwise-bare-'));
  const servers: Server[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await buildClient(outDir, { url: emulator.url, anonKey: emulator.anonKey });
    await prerender({ outDir });
    await writeFile(path.join(bareDir, 'index.html'), BARE);
    await writeFile(path.join(bareDir, 'app.html'), BARE);
    const site = await serveDist(outDir, 0);
    const bare = await serveDist(bareDir, 0);
    servers.push(site.server, bare.server);

    const article = sortArticles(publishedOnly(loadArticles()))[0]!;
    const pages: [string, string][] = [
      ['bare static page', `${bare.url}/`],
      ['/', `${site.url}/`],
      ['/blog', `${site.url}/blog`],
      [`/blog/${article.slug}`, `${site.url}/blog/${article.slug}`],
      ['/thriftingexplorer', `${site.url}/thriftingexplorer`],
    ];

    chrome = await chromeLauncher.launch({
      chromePath: CHROME,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const runs = new Map<string, Figures[]>(pages.map(([name]) => [name, []]));
    // Interleaved, so a slow moment of a shared machine does not land on one page only.
    for (let run = 1; run <= RUNS; run++) {
      for (const [name, url] of pages) {
        runs.get(name)!.push(await audit(url, chrome.port));
        process.stdout.write(`run ${run}/${RUNS} ${name}\n`);
      }
    }

    const medians = new Map(
      [...runs].map(([name, figures]) => [
        name,
        {
          score: median(figures.map((f) => f.score)),
          lcp: median(figures.map((f) => f.lcp)),
          tbt: median(figures.map((f) => f.tbt)),
          cls: median(figures.map((f) => f.cls)),
          documentBytes: median(figures.map((f) => f.documentBytes)),
        },
      ]),
    );
    const bareLcp = medians.get('bare static page')!.lcp;
    const width = Math.max(...pages.map(([name]) => name.length));
    console.log(
      `\nLighthouse ${'mobile'}, median of ${RUNS} runs (targets: score >= 98, LCP <= 1.15x bare, CLS <= 0.02, TBT <= 150 ms)`,
    );
    // A document over the first TCP window (10 segments, about 14.6 KB with its headers) costs a slow phone one more
    // round trip before its first paint.
    console.log(`${'page'.padEnd(width)}  score  LCP (s)  x bare  TBT (ms)  CLS    document (KB, as sent)`);
    for (const [name] of pages) {
      const m = medians.get(name)!;
      console.log(
        `${name.padEnd(width)}  ${String(m.score).padStart(5)}  ${(m.lcp / 1000).toFixed(2).padStart(7)}  ${(m.lcp / bareLcp).toFixed(2).padStart(6)}  ${Math.round(m.tbt).toString().padStart(8)}  ${m.cls.toFixed(3)}  ${(m.documentBytes / 1024).toFixed(1).padStart(6)}`,
      );
    }
  } finally {
    chrome?.kill();
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    await emulator.stop();
    await rm(outDir, { recursive: true, force: true });
    await rm(bareDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
