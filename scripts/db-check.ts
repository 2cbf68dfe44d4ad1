// `npm run db:check [-- --db-url <postgres://…>] [-- --workdir <dir>]`: the schema files (supabase/schemas) and the
// migrations (supabase/migrations) make the same database (docs/decisions/077-declarative-schema-files.md).
// Both are applied to scratch databases on a PostgreSQL 15 server (a throwaway cluster, or the test server --db-url
// names) and compared as `pg_dump --schema-only` prints them, object by object: tables, columns, constraints, indexes,
// functions (their bodies as text), triggers, policies, comments and grants. No diff tool is trusted with the answer.
// It also fails when a schema file does not apply, or when two make the same table, view, function or index.
// Prints each difference with the object's name and exits 1; prints one line and exits 0 when they agree.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { projectRoot } from '../emulator/config';
import { compareObjects, describeDifference } from './schema-objects';
import { dumpsOf, postgresServer } from './schema-files';

/**
 * db:check on the project whose supabase/ folder is `supabaseDir`, with scratch databases on `serverUrl` (the migrated
 * one copied from `template` when given: migratedTemplate in scripts/schema-files.ts).
 */
export async function dbCheck(
  serverUrl: string,
  supabaseDir: string,
  template?: string,
): Promise<{ ok: boolean; lines: string[] }> {
  const started = Date.now();
  const lines: string[] = [];
  try {
    const { migrations, schemas, duplicates, files } = await dumpsOf(serverUrl, supabaseDir, template);
    for (const d of duplicates)
      lines.push(`${d.object}: made more than once, by ${d.files.join(', ')}: keep one definition`);
    const differences = compareObjects(migrations, schemas);
    for (const d of differences) lines.push(...describeDifference(d));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (differences.length)
      lines.push(
        `db:check: ${differences.length} object${differences.length === 1 ? '' : 's'} differ between ` +
          'supabase/schemas and supabase/migrations. Change the schema file, draft the migration with ' +
          `\`npm run db:diff -- <name>\`, and commit both (${seconds} s).`,
      );
    else if (!duplicates.length)
      lines.push(
        `db:check: supabase/schemas (${files.length} files) and supabase/migrations make the same ` +
          `${migrations.length} objects (${seconds} s).`,
      );
    return { ok: !differences.length && !duplicates.length, lines };
  } catch (error) {
    lines.push(`db:check: ${error instanceof Error ? error.message : String(error)}`);
    return { ok: false, lines };
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values: args } = parseArgs({
    options: { workdir: { type: 'string', default: projectRoot }, 'db-url': { type: 'string' } },
  });
  let ok = false;
  try {
    const server = postgresServer(args['db-url']);
    try {
      const result = await dbCheck(server.url, path.join(path.resolve(args.workdir), 'supabase'));
      for (const line of result.lines) console.log(line);
      ok = result.ok;
    } finally {
      server.stop();
    }
  } catch (error) {
    console.log(`db:check: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(ok ? 0 : 1);
}
