// `npm run db:diff -- <name> [--db-url <postgres://…>] [--workdir <dir>]`: drafts the next migration from what the
// schema files (supabase/schemas) hold and the migrations (supabase/migrations) do not, as `supabase db diff -f <name>`
// does with Docker (docs/decisions/077-declarative-schema-files.md). Both are applied to scratch databases on a
// PostgreSQL 15 server (a throwaway cluster, or the one --db-url names), compared object by object as pg_dump prints
// them (scripts/schema-files.ts), and each difference is written as SQL (scripts/migration-draft.ts). The draft is
// then applied to the migrated database and compared again: what it still leaves different is listed, to finish by
// hand. With a name it is written to supabase/migrations/<timestamp>_<name>.sql; without one it is only printed.
// Data is never drafted: a backfill or a generated data load (npm run lexicon:sql) is written beside it by hand.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { projectRoot } from '../emulator/config';
import { MigrationError } from '../emulator/db/migrate';
import { draftMigration } from './migration-draft';
import { compareObjects, describeDifference } from './schema-objects';
import { migratedDatabase, postgresServer, schemaDatabase, schemaDump, schemaFiles } from './schema-files';

/** yyyymmddhhmmss of now (UTC), or one second after the newest migration when that is later. */
export function nextVersion(migrationsDir: string, now = new Date()): string {
  const stamp = (d: Date) => d.toISOString().replace(/\D/g, '').slice(0, 14);
  const last = readdirSync(migrationsDir)
    .map((f) => /^(\d{14})_/.exec(f)?.[1])
    .filter((v): v is string => !!v)
    .sort()
    .at(-1);
  if (!last || stamp(now) > last) return stamp(now);
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((i) => Number(last.slice(i, i + (i ? 2 : 4))));
  return stamp(new Date(Date.UTC(y, mo - 1, d, h, mi, s + 1)));
}

export type DiffResult = {
  /** 0: nothing to draft, or a draft that makes the schema files' database; 1: anything else. */
  status: number;
  lines: string[];
  /** The draft's text, and the file it was written to when named. */
  text?: string;
  file?: string;
};

/**
 * db:diff on the project whose supabase/ folder is `supabaseDir`, with scratch databases on `serverUrl` (the migrated
 * one copied from `template` when given: migratedTemplate in scripts/schema-files.ts).
 */
export async function dbDiff(
  serverUrl: string,
  supabaseDir: string,
  name?: string,
  template?: string,
): Promise<DiffResult> {
  const lines: string[] = [];
  const migrated = await migratedDatabase(serverUrl, supabaseDir, template);
  try {
    const built = await schemaDatabase(serverUrl, schemaFiles(supabaseDir));
    const schemas = schemaDump(built.db.url!);
    await built.db.close();
    if (built.duplicates.length) {
      for (const d of built.duplicates)
        lines.push(`${d.object}: made more than once, by ${d.files.join(', ')}: keep one definition`);
      lines.push('db:diff: the schema files make some objects twice; nothing drafted');
      return { status: 1, lines };
    }
    const migrations = schemaDump(migrated.url!);
    const differences = compareObjects(migrations, schemas);
    if (!differences.length) {
      lines.push(
        'db:diff: no schema changes: supabase/schemas and supabase/migrations make the same database.',
      );
      return { status: 0, lines };
    }
    const { statements, notes } = draftMigration(differences, migrations, schemas);
    const text = [
      '-- Drafted by `npm run db:diff` from supabase/schemas. Say here why the change is made; a data change (a',
      '-- backfill, a lexicon load) is written beside it by hand.',
      ...notes.map((n) => `-- review: ${n.replace(/\n/g, '\n--   ')}`),
      '',
      statements.join('\n\n'),
      '',
    ].join('\n');
    // Does the draft make the schema files' database? Applied to the migrated one in one transaction, as a migration
    // is, then compared again.
    let left: string[];
    try {
      await migrated.transaction((tx) => tx.exec(text));
      left = compareObjects(schemaDump(migrated.url!), schemas).flatMap(describeDifference);
    } catch (error) {
      left = [new MigrationError('the draft', error, text).message];
    }
    lines.push(text);
    let file: string | undefined;
    if (name) {
      const migrationsDir = path.join(supabaseDir, 'migrations');
      file = path.join(migrationsDir, `${nextVersion(migrationsDir)}_${name}.sql`);
      writeFileSync(file, text);
      lines.push(
        `db:diff: wrote ${path.relative(process.cwd(), file)}: review it, then commit it with the schema files.`,
      );
    } else lines.push('db:diff: printed only; name it to write it: npm run db:diff -- <name>');
    if (left.length)
      lines.push(
        "db:diff: the draft does not make the schema files' database yet; finish it by hand:",
        ...left,
      );
    return { status: left.length ? 1 : 0, lines, text, file };
  } finally {
    await migrated.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values: args, positionals } = parseArgs({
    allowPositionals: true,
    options: { workdir: { type: 'string', default: projectRoot }, 'db-url': { type: 'string' } },
  });
  const name = positionals[0];
  let status = 1;
  if (name !== undefined && !/^[a-z0-9_]{1,80}$/.test(name)) {
    console.log(
      'db:diff: a migration name is lower-case words joined by _, e.g. npm run db:diff -- sold_by_week',
    );
  } else {
    try {
      const server = postgresServer(args['db-url']);
      try {
        const result = await dbDiff(server.url, path.join(path.resolve(args.workdir), 'supabase'), name);
        for (const line of result.lines) console.log(line);
        status = result.status;
      } finally {
        server.stop();
      }
    } catch (error) {
      console.log(`db:diff: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  process.exit(status);
}
