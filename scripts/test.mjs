#!/usr/bin/env node
// `npm test`: unit, integration and end-to-end tests, then db:check and the integration suite again on a real
// PostgreSQL 15 server when one can be started. Prints one closing line: "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pgBin, startPostgres } from './throwaway-postgres.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && existsSync(p),
);
const work = mkdtempSync(path.join(tmpdir(), 'flipwise-test-'));
const totals = { passed: 0, failed: 0 };
// The failed tests' names, printed again at the very end: a CI log is often read from its tail.
const failedNames = [];
let failedRuns = 0;

function loud(lines) {
  const bar = '!'.repeat(78);
  console.log(`\n${bar}\n${lines.map((l) => `!! ${l}`).join('\n')}\n${bar}\n`);
}

function vitest(label, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const out = path.join(work, `${label.replace(/\W+/g, '-')}.json`);
  const result = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { stdio: 'inherit', env: { ...process.env, ...env } },
  );
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    for (const file of report.testResults)
      for (const test of file.assertionResults)
        if (test.status === 'failed')
          failedNames.push(`${label}: ${path.relative(process.cwd(), file.name)} > ${test.fullName}`);
    if (report.numTotalTests === 0) {
      console.log(`${label}: no tests ran`);
      failedRuns++;
    }
  }
  if (result.status !== 0) failedRuns++;
}

// The end-to-end suite runs on @playwright/test (playwright.config.ts starts the emulator and the built site); its JSON
// report gives the counts. The HTML report stays in playwright-report/, failed tests' traces in test-results/.
function playwright(label, env = {}) {
  console.log(`\n=== ${label} ===`);
  const out = path.join(work, `${label.replace(/\W+/g, '-')}.json`);
  const result = spawnSync('npx', ['playwright', 'test'], {
    stdio: 'inherit',
    env: { ...process.env, ...env, E2E_JSON_REPORT: out },
  });
  if (existsSync(out)) {
    const { stats, suites } = JSON.parse(readFileSync(out, 'utf8'));
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? [])
        if (!spec.ok) failedNames.push(`${label}: ${spec.file} > ${[...titles, spec.title].join(' > ')}`);
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    for (const suite of suites ?? []) walk(suite, []);
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    if (stats.expected + stats.unexpected + stats.flaky === 0) {
      console.log(`${label}: no tests ran`);
      failedRuns++;
    }
  }
  if (result.status !== 0) failedRuns++;
}

// The schema files (supabase/schemas) and the migrations make the same database, compared on the suite's server
// (docs/decisions/077): one test in the count, a few seconds.
function dbCheck(url) {
  console.log('\n=== db:check ===');
  const started = Date.now();
  const result = spawnSync('npx', ['tsx', 'scripts/db-check.ts', '--db-url', url], { stdio: 'inherit' });
  console.log(`db:check took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status === 0) totals.passed++;
  else {
    totals.failed++;
    failedNames.push('db:check: the schema files and the migrations differ');
  }
}

function withPostgres(run) {
  let server;
  try {
    server = startPostgres();
  } catch (error) {
    console.log(error.message);
    failedRuns++;
    return;
  }
  try {
    run(server.url);
  } finally {
    server.stop();
  }
}

vitest('unit', ['--project', 'unit']);
// These never read a PGlite database: each pushes the migrations to a PostgreSQL 15 server of its own, or to the
// suite's when DATABASE_URL names one. With PostgreSQL 15 here they run once, in its pass, not twice (41 s).
const SERVER_ONLY = [
  'tests/check-deploy.test.ts',
  'tests/db-check.test.ts',
  'tests/schema-baseline.test.ts',
  // two transactions in the database at once, which PGlite's one connection cannot hold
  'tests/market-sale-days-writers.test.ts',
  'tests/search-rate-limit-row.test.ts',
  // a statement timeout, which PGlite does not enforce
  'tests/statement-timeout-hoisted.test.ts',
  // databases copied from a template, which only a server makes
  'tests/template-databases.test.ts',
];
// And these never read the server: their only database is tests/support/database.ts, an in-memory PGlite whatever
// DATABASE_URL says (the SQL functions called directly). They run once, in the PGlite pass.
const PGLITE_ONLY = readdirSync('tests')
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `tests/${name}`)
  .filter((file) => {
    const source = readFileSync(file, 'utf8');
    const support = source.match(/from '\.\/support\/[\w-]+'/g) ?? [];
    return (
      support.length === 1 &&
      support[0] === "from './support/database'" &&
      !/startEmulator|DATABASE_URL|databaseUrl/.test(source)
    );
  });
vitest('integration (PGlite)', [
  '--project',
  'integration',
  ...(pgBin ? SERVER_ONLY.flatMap((file) => ['--exclude', file]) : []),
]);

if (pgBin) {
  if (!existsSync('/usr/share/postgresql/15/extension/pgtap.control'))
    loud([
      'pgTAP for PostgreSQL 15 is missing: the pgTAP files (supabase/tests) will fail on PostgreSQL 15.',
      'Install it: apt-get install -y postgresql-15-pgtap',
    ]);
  withPostgres((url) => {
    dbCheck(url);
    vitest(
      'integration (PostgreSQL 15)',
      ['--project', 'integration', ...PGLITE_ONLY.flatMap((file) => ['--exclude', file])],
      { DATABASE_URL: url },
    );
  });
} else if (ci) {
  loud([
    'PostgreSQL 15 is missing, and CI requires the integration suite on it.',
    'Install it: apt-get install -y postgresql-15',
  ]);
  failedRuns++;
} else {
  loud([
    'SKIPPED: the integration suite on PostgreSQL 15 (not installed).',
    'Install it with: apt-get install -y postgresql-15',
  ]);
}

if (chromium) {
  playwright('e2e', { CHROMIUM_PATH: chromium });
} else if (ci) {
  loud([
    'Chromium is missing, and CI requires the end-to-end tests.',
    'Install it: apt-get install -y chromium',
  ]);
  failedRuns++;
} else {
  loud([
    'END-TO-END TESTS WERE SKIPPED: no Chromium found.',
    "Install Debian's Chromium (apt-get install -y chromium) or set CHROMIUM_PATH, then run npm test again.",
  ]);
}

rmSync(work, { recursive: true, force: true });
if (failedNames.length > 0) console.log(`\nfailed:\n${failedNames.map((name) => `  ${name}`).join('\n')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedRuns > 0 || totals.failed > 0 ? 1 : 0);
