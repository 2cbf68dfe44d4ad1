// `npm run contact:retry`: forwards contact messages that are still undelivered (the form service or the mail API
// was down when they were sent). It asks the contact function to do it (POST /functions/v1/contact/retry with the
// service-role key), so the retry uses exactly the function's configuration. Safe to run at any time, and from cron:
// messages another worker is forwarding are skipped.
//   SUPABASE_URL (default the local emulator) and SUPABASE_SERVICE_ROLE_KEY (default the local key).
//   --limit N (default 50), --include-failed (also messages that used up their attempts).
import { pathToFileURL } from 'node:url';
import { localKeys } from '../emulator/keys';
import type { RetrySummary } from '../supabase/functions/contact/deliver';

export type RetryOptions = { url: string; serviceRoleKey: string; limit?: number; includeFailed?: boolean };

export async function retryContactMessages(options: RetryOptions): Promise<RetrySummary> {
  const response = await fetch(`${options.url.replace(/\/+$/, '')}/functions/v1/contact/retry`, {
    method: 'POST',
    headers: {
      apikey: options.serviceRoleKey,
      Authorization: `Bearer ${options.serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ limit: options.limit ?? 50, includeFailed: options.includeFailed ?? false }),
  });
  const body = (await response.json().catch(() => null)) as
    (RetrySummary & { ok?: boolean; error?: string; msg?: string }) | null;
  if (!response.ok || !body?.ok) {
    throw new Error(`Retry failed with ${response.status}: ${body?.error ?? body?.msg ?? 'no details'}`);
  }
  return {
    claimed: body.claimed,
    delivered: body.delivered,
    pending: body.pending,
    failed: body.failed,
    errors: body.errors,
  };
}

function parseArgs(argv: string[]) {
  const limitAt = argv.indexOf('--limit');
  const limit = limitAt >= 0 ? Number(argv[limitAt + 1]) : undefined;
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
    throw new Error('--limit needs a positive whole number');
  return { limit, includeFailed: argv.includes('--include-failed') };
}

async function main() {
  const url = process.env.SUPABASE_URL || 'http://127.0.0.1:54321';
  const serviceRoleKey = process.env.SUPABASE_SERVICE_ROLE_KEY || localKeys.serviceRoleKey;
  const summary = await retryContactMessages({ url, serviceRoleKey, ...parseArgs(process.argv.slice(2)) });
  console.log(
    `contact:retry: ${summary.claimed} undelivered message(s) tried: ${summary.delivered} delivered, ` +
      `${summary.pending} still pending, ${summary.failed} given up (retry those with --include-failed).`,
  );
  for (const line of summary.errors) console.log(`  ${line}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`contact:retry: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
