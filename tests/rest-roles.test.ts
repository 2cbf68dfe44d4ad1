// REST takes only the roles a PostgREST authenticator can become on Supabase (issue 12): a token signed with the
// project secret for role postgres used to read contact_messages.
import { describe, expect, it } from 'vitest';
import { signJwt } from '../emulator/keys';
import { emulatorForFile } from './support/emulator';
import { client } from './support/supabase';

const emu = emulatorForFile();

describe('REST roles', () => {
  it.each(['postgres', 'supabase_admin', 'authenticator', 'pg_read_all_data'])(
    'refuses a token for role %s with the PostgREST error',
    async (role) => {
      const token = await signJwt({ role, sub: '11111111-1111-4111-8111-111111111111' });
      const sb = client(emu.url, emu.anonKey, token);
      const { data, error, status } = await sb.from('contact_messages').select('*');
      expect(data).toBeNull();
      expect(status).toBe(403);
      expect(error).toMatchObject({ code: '42501', message: `permission denied to set role "${role}"` });
    },
  );

  it('still serves the three API roles', async () => {
    const anon = await client(emu.url, emu.anonKey).from('blog_articles').select('slug').limit(1);
    expect(anon.error).toBeNull();
    const service = await client(emu.url, emu.serviceRoleKey).from('contact_messages').select('id').limit(1);
    expect(service.error).toBeNull();
  });
});
