// `npm run bench:emulator`: how fast the local Supabase starts and serves reads.
// 1. Builds a migrated, seeded database in a temp folder (not timed), then starts the emulator on it in a fresh
//    process and reports the cold start (process launch to listening, and startEmulator() alone).
// 2. Reads 10 published blog articles through /rest/v1 as anon (RLS on) for 10 s over 32 connections (autocannon),
//    and prints requests/s and latency percentiles. Loopback only; the whole run is bounded in time.
// 3. Issue 12: a visitor's blog read, one at a time, alone and then while three hostile callers keep sending 1 MB
//    bodies (an anonymous RPC to a helper function, a sign-up with 1 MB of metadata, a 1 MB contact message); prints
//    the p50 and p95 of both and the ratio. Target: p95 under 500 ms under attack.
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
      const hostile = await readsUnderAttack(url, ready);
      const ms = (n: number) => `${n.toFixed(1)} ms`;
      console.log(
        `  blog read, one at a time (${hostile.quiet.length} reads): p50 ${ms(percentile(hostile.quiet, 50))}, p95 ${ms(percentile(hostile.quiet, 95))}`,
      );
      console.log(
        `  the same with 3 concurrent hostile 1 MB requests (${hostile.attacked.length} reads, ${hostile.hostileSent} hostile requests answered ${[...hostile.hostileStatuses].join('/')}): p50 ${ms(percentile(hostile.attacked, 50))}, p95 ${ms(percentile(hostile.attacked, 95))} (${(percentile(hostile.attacked, 95) / percentile(hostile.quiet, 95)).toFixed(1)}x)`,
      );
      console.log(
        `  target p95 under attack < 500 ms: ${percentile(hostile.attacked, 95) < 500 ? 'met' : 'NOT met'}`,
      );
    } finally {
      await stopChild(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Blog-read latencies alone, then while three callers keep sending 1 MB bodies to REST, auth and a function. */
async function readsUnderAttack(url: string, ready: Ready) {
  const READS = 150;
  const read = async () => {
    const t = performance.now();
    const res = await fetch(url, { headers: { apikey: ready.anonKey } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`blog read answered ${res.status}`);
    return performance.now() - t;
  };
  const quiet: number[] = [];
  for (let i = 0; i < READS; i++) quiet.push(await read());

  const megabyte = 'x'.repeat(1024 * 1024);
  const json = { 'content-type': 'application/json', apikey: ready.anonKey };
  const attacks = [
    () =>
      fetch(`${ready.url}/rest/v1/rpc/market_words`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ input: megabyte }),
      }),
    () =>
      fetch(`${ready.url}/auth/v1/signup`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          email: `x${Math.random()}@example.com`,
          password: 'x-secret-99',
          data: { bio: megabyte },
        }),
      }),
    () =>
      fetch(`${ready.url}/functions/v1/contact`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${ready.anonKey}` },
        body: JSON.stringify({ name: 'x', email: 'x@example.com', message: megabyte, elapsedMs: 9000 }),
      }),
  ];
  let running = true;
  let hostileSent = 0;
  const hostileStatuses = new Set<number>();
  const loops = attacks.map(async (attack) => {
    while (running) {
      try {
        const res = await attack();
        await res.arrayBuffer();
        hostileStatuses.add(res.status);
      } catch {
        hostileStatuses.add(0);
      }
      hostileSent++;
    }
  });
  const attacked: number[] = [];
  for (let i = 0; i < READS; i++) attacked.push(await read());
  running = false;
  await Promise.all(loops);
  return { quiet, attacked, hostileSent, hostileStatuses };
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
