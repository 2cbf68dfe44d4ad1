// config.toml's env(NAME) references resolve as the Supabase CLI resolves them: the environment, then
// supabase/.env.local, then the committed local defaults in supabase/.env.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, loadRawConfig, section } from './config';

const dir = mkdtempSync(path.join(tmpdir(), 'flipwise-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('config.toml env() references', () => {
  it('keeps the local site working from the committed defaults in supabase/.env', () => {
    const auth = section(loadConfig(undefined, {}), 'auth');
    expect(auth.site_url).toBe('http://localhost:5173');
    expect(auth.additional_redirect_urls).toEqual(['http://127.0.0.1:5173', 'http://localhost:4173']);
    expect(section(loadRawConfig(), 'auth').site_url).toBe('env(SITE_URL)');
  });

  it('lets the environment win over supabase/.env.local, and that over supabase/.env', () => {
    writeFileSync(
      path.join(dir, 'config.toml'),
      '[auth]\nsite_url = "env(SITE_URL)"\nadditional_redirect_urls = ["env(ALIAS)", "env(UNSET_NAME)"]\n' +
        'note = "not env(SITE_URL) as a whole"\n',
    );
    writeFileSync(path.join(dir, '.env'), 'SITE_URL=http://localhost:5173\nALIAS=http://127.0.0.1:5173\n');
    writeFileSync(path.join(dir, '.env.local'), 'ALIAS=https://www.flipwise.app\n');
    expect(section(loadConfig(dir, {}), 'auth')).toEqual({
      site_url: 'http://localhost:5173',
      additional_redirect_urls: ['https://www.flipwise.app', ''],
      note: 'not env(SITE_URL) as a whole',
    });
    expect(section(loadConfig(dir, { SITE_URL: 'https://flipwise.app' }), 'auth').site_url).toBe(
      'https://flipwise.app',
    );
  });
});
