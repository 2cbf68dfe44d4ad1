import type { RunningEmulator } from './server';

/** What `npm start` and `npm run emulator` print: everything needed to talk to the local Supabase. */
export function banner(emulator: RunningEmulator): string {
  return [
    `API URL:          ${emulator.url}`,
    `Mailbox:          ${emulator.mailboxUrl}`,
    `anon key:         ${emulator.anonKey}`,
    `service_role key: ${emulator.serviceRoleKey}`,
    `Database:         ${emulator.db.location}`,
  ].join('\n');
}
