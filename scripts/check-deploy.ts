// `npm run check:deploy [-- --production] [-- --workdir <dir>] [-- --db-url <postgres://…>]`: what would break a
// deploy, found without touching the hosted project.
//   1. config.toml: every function has its [functions.<name>] block and deno.json; with --production, every env()
//      value the CLI would push (site URL, redirect URLs, SMTP) has a production value from the environment. The
//      functions' secrets (supabase/functions/.env, or the shell) do not make eBay the headline source without
//      EBAY_RATES_APPROVED (docs/decisions/055).
//   2. The Supabase CLI loads config.toml and runs `supabase db push --include-seed` against a throwaway
//      PostgreSQL 15 set up like a new hosted project (emulator/db/bootstrap.sql): the migrations as the CLI applies them.
//   3. Supabase's database linter (splinter) on the result, twice: the rules in scripts/deploy-lints.ts, and the CLI's own
//      copy (`supabase db advisors`), whose findings are added when ours did not already report them.
// The throwaway PostgreSQL 15 is a cluster of Debian's binaries that this script starts and deletes; --db-url names a
// test server instead (npm test's), on which it creates a scratch database and drops it: never a production server.
// Prints one line per finding (ERROR, WARN or INFO) and a last line; exits 1 on any ERROR or WARN.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  configEnv,
  ENV_REFERENCE,
  loadConfig,
  loadRawConfig,
  projectRoot,
  readDotenv,
  section,
} from '../emulator/config';
import { createDatabase } from '../emulator/db';
import {
  EBAY_RATES_NOT_APPROVED,
  ebayRatesMisconfigured,
} from '../supabase/functions/_shared/market/ebay-terms';
import { bootstrapSql } from '../emulator/db/migrate';
import { LEVEL_RANK, runLints, type LintLevel } from './deploy-lints';
import { pgBin, startPostgres } from './throwaway-postgres.mjs';

type Finding = { level: LintLevel; source: string; message: string };

const { values: args } = parseArgs({
  options: {
    production: { type: 'boolean', default: false },
    workdir: { type: 'string', default: projectRoot },
    'db-url': { type: 'string' },
  },
});
const workdir = path.resolve(args.workdir);
const supabaseDir = path.join(workdir, 'supabase');
const findings: Finding[] = [];
const report = (level: LintLevel, source: string, message: string) =>
  findings.push({ level, source, message });

const LOCAL_HOST = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)(:|\/|$)/i;

/** Every env(NAME) in a config subtree, with its dotted path. */
function envReferences(node: unknown, at: string): { path: string; name: string }[] {
  if (typeof node === 'string') {
    const match = ENV_REFERENCE.exec(node);
    return match ? [{ path: at, name: match[1] }] : [];
  }
  if (Array.isArray(node)) return node.flatMap((item, i) => envReferences(item, `${at}[${i}]`));
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([key, value]) => envReferences(value, at ? `${at}.${key}` : key));
  return [];
}

function checkConfig() {
  const raw = loadRawConfig(supabaseDir);
  const resolved = loadConfig(supabaseDir);
  const functionsDir = path.join(supabaseDir, 'functions');
  const folders = existsSync(functionsDir)
    ? readdirSync(functionsDir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && !d.name.startsWith('_') && !d.name.startsWith('.'))
        .map((d) => d.name)
    : [];
  const blocks = section(raw, 'functions');
  for (const name of folders) {
    const block = section(blocks, name);
    if (typeof block.verify_jwt !== 'boolean')
      report(
        'WARN',
        'config',
        `[functions.${name}] does not choose verify_jwt: the default (true) rejects publishable keys and the new JWT signing keys`,
      );
    if (!existsSync(path.join(functionsDir, name, 'deno.json')))
      report(
        'ERROR',
        'config',
        `supabase/functions/${name} has no deno.json: the CLI bundles each function from its own import map`,
      );
  }
  for (const name of Object.keys(blocks)) {
    if (!folders.includes(name))
      report('ERROR', 'config', `[functions.${name}] names a function that supabase/functions does not have`);
  }

  // What `supabase config push` sends: the auth settings, SMTP included.
  const auth = section(resolved, 'auth');
  const references = envReferences(section(raw, 'auth'), 'auth');
  if (!args.production) {
    report(
      'INFO',
      'config',
      `${references.length} env() values in [auth] resolve to the local defaults of supabase/.env; run with --production before \`supabase config push\``,
    );
    return;
  }
  // Production values come from the shell or CI: supabase/.env holds the local defaults and never counts.
  const local = configEnv(supabaseDir, {});
  for (const ref of references) {
    const value = process.env[ref.name];
    if (!value) {
      const fallback = local[ref.name] ? ` (now ${JSON.stringify(local[ref.name])} from supabase/.env)` : '';
      const what = ref.path === 'auth.site_url' ? 'site_url has no production value' : `${ref.path} is unset`;
      report('ERROR', 'config', `${what}: set ${ref.name} in the environment${fallback}`);
    } else if (LOCAL_HOST.test(value)) {
      report(
        'ERROR',
        'config',
        `${ref.path} points at this machine (${value}): set ${ref.name} to a public URL`,
      );
    }
  }
  const siteUrl = typeof auth.site_url === 'string' ? auth.site_url : '';
  if (siteUrl && !LOCAL_HOST.test(siteUrl) && !siteUrl.startsWith('https://'))
    report('ERROR', 'config', `auth.site_url must be https:// in production (now ${siteUrl})`);
}

/**
 * The functions' secrets as a deploy sets them (`supabase secrets set --env-file supabase/functions/.env`), with the
 * shell's values over the file's: MARKET_PROVIDER=ebay shows eBay-derived sold counts and rates, which eBay's licence
 * allows only with its written approval, so it is an error without EBAY_RATES_APPROVED.
 */
function checkFunctionSecrets() {
  const file = readDotenv(path.join(supabaseDir, 'functions', '.env'));
  const env = { ...file };
  for (const name of ['MARKET_PROVIDER', 'EBAY_RATES_APPROVED'])
    if (process.env[name] !== undefined) env[name] = process.env[name]!;
  if (ebayRatesMisconfigured(env)) report('ERROR', 'functions', EBAY_RATES_NOT_APPROVED);
}

const cli = path.join(projectRoot, 'node_modules', '.bin', 'supabase');
// A local server has no TLS; the CLI says so on every connection otherwise.
const cliEnv = { ...process.env, PGSSLMODE: 'disable', DO_NOT_TRACK: '1', SUPABASE_TELEMETRY_DISABLED: '1' };

/** `supabase db push` as a deploy runs it; every line the CLI prints about the config or a migration is kept. */
function cliPush(url: string) {
  const result = spawnSync(
    cli,
    ['db', 'push', '--workdir', workdir, `--remote=${url}`, '--include-seed', '--yes'],
    { encoding: 'utf8', timeout: 300_000, env: cliEnv },
  );
  const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`;
  for (const line of output.split('\n')) {
    const warning = /^\s*(?:WARN(?:ING)?:|▲)\s*(.*)$/.exec(line);
    if (warning) report('WARN', 'supabase db push', warning[1]);
  }
  if (result.status !== 0) {
    const lines = output
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !/^[│┌└◇]/.test(l));
    report(
      'ERROR',
      'supabase db push',
      `failed (exit ${result.status ?? result.signal}): ${lines.slice(-6).join(' | ')}`,
    );
    return false;
  }
  const applied = output.match(/Applying migration/g)?.length ?? 0;
  report('INFO', 'supabase db push', `applied ${applied} migrations and the seed`);
  return true;
}

type Advisory = {
  name: string;
  level: string;
  detail: string;
  metadata?: { schema?: string; name?: string };
};

/** The CLI's linter (its own copy of splinter), WARN and ERROR only: INFO on a new database is mostly unused indexes. */
function cliAdvisors(url: string): { key: string; level: LintLevel; name: string; detail: string }[] {
  const result = spawnSync(
    cli,
    ['db', 'advisors', '--workdir', workdir, `--remote=${url}`, '--output-format', 'json', '--level', 'warn'],
    { encoding: 'utf8', timeout: 300_000, env: cliEnv },
  );
  const json = result.stdout.slice(result.stdout.indexOf('{'));
  let advisories: Advisory[];
  try {
    advisories = (JSON.parse(json) as { results: Advisory[] }).results;
  } catch {
    report(
      'ERROR',
      'supabase db advisors',
      `gave no report (exit ${result.status}): ${result.stderr.trim()}`,
    );
    return [];
  }
  return advisories.map((a) => ({
    key: `${a.name}|${a.metadata?.schema ?? 'public'}.${a.metadata?.name ?? ''}`,
    level: a.level === 'ERROR' ? 'ERROR' : a.level === 'WARN' ? 'WARN' : 'INFO',
    name: a.name,
    detail: a.detail.replace(/`/g, ''),
  }));
}

/** A new database on the given server (or on a throwaway PostgreSQL 15), prepared like a new hosted project. */
async function withProjectDatabase(run: (url: string) => Promise<void>) {
  // Only an explicit --db-url: DATABASE_URL in a deployer's shell may well be the production server.
  const serverUrl = args['db-url'];
  let server: { url: string; stop(): void } | undefined;
  if (!serverUrl) {
    if (!pgBin) {
      report(
        'ERROR',
        'postgres',
        'PostgreSQL 15 is not installed (apt-get install -y postgresql-15) and no --db-url given',
      );
      return;
    }
    server = startPostgres({ stdio: 'ignore' });
    // Interrupted: the cluster must not outlive the script.
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.once(signal, () => {
        server?.stop();
        process.exit(1);
      });
  }
  try {
    // A scratch database on that server, dropped (with force) on close.
    const db = await createDatabase({ databaseUrl: serverUrl ?? server!.url, throwaway: true });
    try {
      await db.exec(bootstrapSql());
      await run(db.url!);
    } finally {
      await db.close().catch(() => {});
    }
  } finally {
    server?.stop();
  }
}

checkConfig();
checkFunctionSecrets();
await withProjectDatabase(async (url) => {
  if (!cliPush(url)) return;
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const exposed = section(loadConfig(supabaseDir), 'api').schemas;
    const schemas = Array.isArray(exposed) ? exposed.map(String) : ['public'];
    const ours = await runLints(db, schemas);
    for (const f of ours) report(f.level, f.name, `${f.object} ${f.detail}`);
    // The same finding from both: ours is kept (it says what to write). Objects compare without arguments or quotes.
    const seen = new Set(ours.map((f) => `${f.name}|${f.object.replace(/\(.*$/, '').replace(/"/g, '')}`));
    for (const a of cliAdvisors(url))
      if (!seen.has(a.key)) report(a.level, `supabase db advisors: ${a.name}`, a.detail);
  } finally {
    await db.end();
  }
});

findings.sort((a, b) => LEVEL_RANK[a.level] - LEVEL_RANK[b.level]);
for (const f of findings) console.log(`${f.level.padEnd(5)} ${f.source}: ${f.message}`);
const count = (level: LintLevel, noun: string) => {
  const n = findings.filter((f) => f.level === level).length;
  return { n, text: `${n} ${noun}${n === 1 ? '' : 's'}` };
};
const [errors, warnings, notes] = [count('ERROR', 'error'), count('WARN', 'warning'), count('INFO', 'note')];
const blocking = errors.n + warnings.n;
console.log(
  blocking
    ? `check:deploy: ${errors.text}, ${warnings.text}: fix them before deploying`
    : `check:deploy: ready to deploy${args.production ? '' : ' (local config; --production checks the production values)'}, ${notes.text}`,
);
process.exit(blocking ? 1 : 0);
