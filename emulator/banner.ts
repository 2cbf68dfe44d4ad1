import type { RunningEmulator } from './server';

/** What `npm start` and `npm run emulator` print: everything needed to talk to the local Supabase. */
export function banner(emulator: RunningEmulator): string {
  return [
    `API URL:          ${emulator.url}`,
    `Mailbox:          ${emulator.mailboxUrl}`,
    `anon key:         ${emulator.anonKey}`,
    `service_role key: ${emulator.serviceRoleKey}`,
    `Database:         ${emulator.db.location}`,
    ...(emulator.authRateLimitScale === 1
      ? []
      : [
          `Auth rate limits: supabase/config.toml [auth.rate_limit] x${emulator.authRateLimitScale} (AUTH_RATE_LIMIT_SCALE=1 for the configured ones)`,
        ]),
  ].join('\n');
}
