// `npm run check:deploy`: the Supabase CLI pushes the migrations and seed to a throwaway PostgreSQL 15 set up like a
// new hosted project, and Supabase's linter rules run on the result. The repository as it stands passes with no WARN
// or ERROR; a policy with a bare auth.uid(), or a production run without a site URL, fails with a line saying so.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EBAY_RATES_NOT_APPROVED } from '../supabase/functions/_shared/market/ebay-terms';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const work = mkdtempSync(path.join(tmpdir(), 'flipwise-check-deploy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Production values a deploy would set, every one of them; a test removes the one it is about. */
const PRODUCTION_ENV = {
  SITE_URL: 'https://flipwise.app',
  SITE_ALIAS_URL: 'https://www.flipwise.app',
  PREVIEW_URL: 'https://*-flipwise.vercel.app/**',
  SMTP_HOST: 'smtp.resend.com',
  SMTP_USER: 'resend',
  SMTP_PASS: 're_test_secret',
  SMTP_ADMIN_EMAIL: 'hello@flipwise.app',
};

/** The PostgreSQL 15 suite's server when there is one (npm test), else the script starts its own. */
const server = process.env.DATABASE_URL ? ['--db-url', process.env.DATABASE_URL] : [];

/** A copy of the repository's supabase/ folder named `name`, with one file added (a path inside supabase/). */
function projectWith(name: string, file: string, content: string): string {
  const project = path.join(work, name);
  cpSync(path.join(root, 'supabase'), path.join(project, 'supabase'), { recursive: true });
  writeFileSync(path.join(project, 'supabase', file), content);
  return project;
}

function checkDeploy(args: string[], env: Record<string, string> = {}) {
  const base = { ...process.env };
  for (const name of [...Object.keys(PRODUCTION_ENV), 'MARKET_PROVIDER', 'EBAY_RATES_APPROVED'])
    delete base[name];
  const result = spawnSync(tsx, [path.join(root, 'scripts', 'check-deploy.ts'), ...server, ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 240_000,
    env: { ...base, ...env },
  });
  const lines = `${result.stdout}${result.stderr}`.split('\n').filter(Boolean);
  return { status: result.status, lines, blocking: lines.filter((l) => /^(WARN|ERROR)\b/.test(l)) };
}

describe('npm run check:deploy', () => {
  it('passes on the repository as it stands: the CLI applies every migration and the linter finds nothing', () => {
    const { status, lines, blocking } = checkDeploy([]);
    expect(blocking).toEqual([]);
    expect(lines).toContainEqual(
      expect.stringMatching(/^INFO {2}supabase db push: applied \d+ migrations and the seed$/),
    );
    expect(lines.at(-1)).toMatch(/^check:deploy: ready to deploy/);
    expect(status).toBe(0);
  }, 250_000);

  it('fails on a policy that calls auth.uid() bare', () => {
    const project = projectWith(
      'bare-uid',
      'migrations/20991231000000_bare_uid.sql',
      `create policy "Owners can delete their saved searches, row by row" on public.saved_searches
         for delete to authenticated using (user_id = auth.uid());\n`,
    );
    const { status, blocking, lines } = checkDeploy(['--workdir', project]);
    expect(blocking).toContain(
      'WARN  auth_rls_initplan: public.saved_searches policy "Owners can delete their saved searches, row by row" ' +
        'calls auth.<function>() or current_setting() once per row: write (select auth.uid())',
    );
    expect(lines.at(-1)).toMatch(/^check:deploy: 0 errors, \d+ warnings?: fix them before deploying$/);
    expect(status).toBe(1);
  }, 250_000);

  it("fails while the functions' secrets make eBay the headline source without EBAY_RATES_APPROVED, saying why", () => {
    // What `supabase secrets set --env-file supabase/functions/.env` would push.
    const project = projectWith(
      'ebay-rates',
      'functions/.env',
      'MARKET_PROVIDER=ebay\nEBAY_CLIENT_ID=app-id\nEBAY_CLIENT_SECRET=cert-id\n',
    );
    const refused = checkDeploy(['--workdir', project]);
    // On failure, say what the script printed (a failed CI run once saw no line at all).
    expect(refused.blocking, `status ${refused.status}:\n${refused.lines.join('\n')}`).toEqual([
      `ERROR functions: ${EBAY_RATES_NOT_APPROVED}`,
    ]);
    expect(refused.blocking[0]).toMatch(/written approval/);
    expect(refused.status).toBe(1);

    // The flag from the shell (a CI secret) counts as well as the file's.
    const approved = checkDeploy(['--workdir', project], { EBAY_RATES_APPROVED: 'true' });
    expect(approved.blocking).toEqual([]);
    expect(approved.status).toBe(0);
  }, 500_000);

  it('fails in production mode while site_url has no production value, and names nothing else', () => {
    const { SITE_URL: _unset, ...rest } = PRODUCTION_ENV;
    const { status, blocking } = checkDeploy(['--production'], rest);
    expect(blocking).toEqual([
      'ERROR config: site_url has no production value: set SITE_URL in the environment ' +
        '(now "http://localhost:5173" from supabase/.env)',
    ]);
    expect(status).toBe(1);
  }, 250_000);
});
