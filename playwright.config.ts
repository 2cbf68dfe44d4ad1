// End-to-end tests: Debian's Chromium (or CHROMIUM_PATH) against the built, prerendered site and the emulator, both
// started here as web servers on E2E_SITE_PORT and E2E_EMULATOR_PORT (free ports unless set). `npx playwright test`
// or `npm run test:e2e`; the HTML report lands in playwright-report/ (`npx playwright show-report`), the trace and
// screenshot of each failed test in test-results/ (`npx playwright show-trace <trace.zip>`).
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/support/chromium';
import { portFromEnv } from './e2e/support/ports';

const executablePath = chromiumPath();
if (!executablePath)
  throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH).');
const emulatorPort = portFromEnv('E2E_EMULATOR_PORT');
const sitePort = portFromEnv('E2E_SITE_PORT', [emulatorPort]);
const ci = process.env.CI === 'true' || process.env.CI === '1';
// scripts/test.mjs asks for a JSON report to count the tests for its closing line.
const json = process.env.E2E_JSON_REPORT;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: true,
  retries: 0,
  // Two cores: a worker per core, each with its own Chromium. More only queue for the CPU.
  workers: 2,
  reporter: [
    [ci ? 'dot' : 'list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    ...(json ? [['json', { outputFile: json }] as const] : []),
  ],
  use: {
    baseURL: `http://localhost:${sitePort}`,
    headless: true,
    launchOptions: { executablePath, args: chromiumArgs },
    // Every test records a trace, kept only when it fails: actions, network, console and sources, and the screenshot
    // of the failure. Without the screencast, which cost about half the suite's time on two cores, and without DOM
    // snapshots, another fifth (site.spec: 142 s with them, 105 s without). Rerun one spec with `--trace on` to step
    // through its pages.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: true },
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
  },
  // Every spec shares one emulator. Specs that change state others read run one at a time within their group, the
  // groups side by side: the blog group (blog-xss and prerender publish articles the list and its counts would show),
  // the contact group (both raise the contact function's limit or break its database key, and share the one address
  // every browser here sends from), and the market group: search-trust-source reads what the market-sources function
  // says this site holds and measures that nothing moves when it arrives, after the specs that change it (imported
  // listings, panel shares) have run, in file order. Every other spec that searches adds imported listings under words
  // of its own, which changes that answer only if none were there yet, and sales-import adds some before
  // search-trust-source starts. panel-release, first in the market group, runs the seller panel's weekly release (a
  // week is released once, so its shared sales must be in before, and no other spec releases). So those specs run side
  // by side, a file per worker. A spec that needs
  // other settings for the functions scopes them to its own user or to the function it tests
  // (e2e/support/function-env.ts).
  projects: [
    { name: 'blog', testMatch: /\/(blog|blog-xss|prerender)\.spec\.ts$/, workers: 1 },
    { name: 'contact', testMatch: /\/(contact|contact-kept)\.spec\.ts$/, workers: 1 },
    {
      name: 'market',
      testMatch: /\/(panel-release|sales-import|sales-share|search-panel|search-trust-source)\.spec\.ts$/,
      workers: 1,
    },
    {
      name: 'functions',
      testMatch:
        /\/(search|search-[a-z0-9-]+|sales-import|sales-share|mobile-menu|a11y|dialog-focus|verify-return)\.spec\.ts$/,
      testIgnore: /\/(sales-import|sales-share|search-panel|search-trust-source)\.spec\.ts$/,
    },
    {
      // Independent tests, each in its own browser context: spread over both workers (auth's story stays serial).
      name: 'pages',
      fullyParallel: true,
      testIgnore:
        /\/(blog|blog-xss|prerender|contact|contact-kept|panel-release|search|search-[a-z0-9-]+|sales-import|sales-share|mobile-menu|a11y|dialog-focus|verify-return)\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      command: 'npx tsx e2e/support/emulator-server.ts',
      url: `http://127.0.0.1:${emulatorPort}/auth/v1/health`,
      env: { E2E_EMULATOR_PORT: String(emulatorPort) },
      timeout: 120_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
    },
    // Builds while the emulator starts, then waits for it: the prerender reads its database.
    {
      command: 'npx tsx e2e/support/site-server.ts',
      url: `http://127.0.0.1:${sitePort}/`,
      env: { E2E_SITE_PORT: String(sitePort), E2E_EMULATOR_PORT: String(emulatorPort) },
      timeout: 180_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
    },
  ],
});
