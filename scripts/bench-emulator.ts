// `npm run bench:emulator`: how fast the local Supabase starts and serves reads.
// 1. Builds a migrated, seeded database in a temp folder (not timed), then starts the emulator on it in a fresh
//    process and reports the cold start (process launch to listening, and startEmulator() alone).
// 2. Reads 10 published blog articles through /rest/v1 as anon (RLS on) for 10 s over 32 connections (autocannon),
//    and prints requests/s and latency percentiles. Loopback only; the whole run is bounded in time.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startEmulator } from '../emulator/server';

const DURATION_S = 10;
const CONNECTIONS = 32;
const BUDGET_MS = 5 * 60 * 1000;

type Ready = { url: string; anonKey: string; serviceRoleKey: string; startMs: number };

/** Child mode: start on a data folder, report, serve until told to stop. */
async function serveChild(dataDir: string) {
  const started = performance.now();
  const emulator = await startEmulator({ port: 0, dataDir, log: false, seedScripts: false });
  const ready: Ready = {
    url: emulator.url,
    anonKey: emulator.anonKey,
    serviceRoleKey: emulator.serviceRoleKey,
    startMs: performance.now() - started,
  };
  process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
  process.on('SIGTERM', () => void emulator.stop().then(() => process.exit(0)));
}

function launch(dataDir: string): Promise<{ child: ChildProcess; ready: Ready; processMs: number }> {
  const launched = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve('scripts/bench-emulator.ts'), '--serve', dataDir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('READY '));
      if (line)
        resolve({
          child,
          ready: JSON.parse(line.slice(6)) as Ready,
          processMs: performance.now() - launched,
        });
    });
    child.once('exit', (code) => reject(new Error(`emulator process exited with ${code}`)));
  });
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });

async function main() {
  const timer = setTimeout(() => {
    console.error('bench:emulator gave up after 5 minutes');
    process.exit(1);
  }, BUDGET_MS);
  timer.unref();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'flipwise-bench-emulator-'));
  try {
    // Untimed: create, migrate and seed; make sure at least 10 articles are published.
    const setup = await startEmulator({ port: 0, dataDir, log: false, seedScripts: false });
    const { rows } = await setup.db.query<{ n: number }>(
      'select count(*)::int as n from public.blog_articles where published',
    );
    for (let i = rows[0].n; i < 10; i++) {
      await setup.db.query(
        `insert into public.blog_articles (title, slug, intro, meta_description, category, read_time, published)
         values ($1, $2, 'A bench article.', 'A bench article.', 'Bench', '3 min read', true)`,
        [`Bench article ${i}`, `bench-article-${i}`],
      );
    }
    await setup.stop();

    const { child, ready, processMs } = await launch(dataDir);
    try {
      const url = `${ready.url}/rest/v1/blog_articles?select=id,title,slug,intro,category,read_time,created_at&published=eq.true&order=created_at.desc&limit=10`;
      const check = await fetch(url, { headers: { apikey: ready.anonKey } });
      const body = (await check.json()) as unknown[];
      if (check.status !== 200 || body.length !== 10)
        throw new Error(`unexpected answer: ${check.status}, ${body.length} rows`);

      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: { apikey: ready.anonKey, accept: 'application/json' },
      });
      const ok = result['2xx'];
      console.log('\nbench:emulator');
      console.log(
        `  cold start (migrated database): ${(processMs / 1000).toFixed(2)} s from process launch, ${(ready.startMs / 1000).toFixed(2)} s in startEmulator()`,
      );
      console.log(
        `  read 10 published rows (anon, RLS): ${Math.round(result.requests.average)} requests/s over ${DURATION_S} s at ${CONNECTIONS} connections`,
      );
      console.log(
        `  latency: p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
      );
      console.log(
        `  responses: ${ok} 2xx, ${result.non2xx} other, ${result.errors} errors, ${result.timeouts} timeouts`,
      );
    } finally {
      await stopChild(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const serveAt = process.argv.indexOf('--serve');
if (serveAt > 0) {
  void serveChild(process.argv[serveAt + 1]);
} else {
  main().catch((error: Error) => {
    console.error(`bench:emulator failed: ${error.message}`);
    process.exit(1);
  });
}
