// Suspected spam is kept 30 days and no longer (issue 12, point 4): each stored message purges held spam older than
// that, and nothing else. Through supabase-js as the contact function calls it (service role).
import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './support/emulator';
import { client } from './support/supabase';

const emu = emulatorForFile();

async function stored(email: string, status: string, spamReason: string | null, daysAgo: number) {
  await emu.db.query(
    `insert into public.contact_messages (name, email, message, status, spam_reason, created_at, delivered_at)
     values ('Old', $1, 'kept or not', $2, $3, now() - make_interval(days => $4),
       case when $2 = 'delivered' then now() - make_interval(days => $4) end)`,
    [email, status, spamReason, daysAgo],
  );
}

describe('suspected spam is purged after 30 days', () => {
  it('drops spam older than 30 days when a message is stored, and keeps younger spam and every other message', async () => {
    await stored('old-spam@example.com', 'spam', 'too_fast', 31);
    await stored('young-spam@example.com', 'spam', 'honeypot', 29);
    await stored('old-delivered@example.com', 'delivered', null, 90);

    const { data, error } = await client(emu.url, emu.serviceRoleKey).rpc('contact_message_submit', {
      p_name: 'Ada',
      p_email: 'ada@example.com',
      p_message: 'is a<b or c>d? I <3 it',
      p_ip_hash: null,
      p_user_agent: null,
      p_limit: 5,
      p_window_seconds: 600,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ allowed: true, spam: false });

    const { rows } = await emu.db.query<{ email: string; message: string }>(
      'select email, message from public.contact_messages order by email',
    );
    expect(rows).toEqual([
      { email: 'ada@example.com', message: 'is a<b or c>d? I <3 it' },
      { email: 'old-delivered@example.com', message: 'kept or not' },
      { email: 'young-spam@example.com', message: 'kept or not' },
    ]);
  });
});
