// pg_dump's output as objects, compared object by object: what `npm run db:check` reports and `npm run db:diff`
// drafts from (docs/decisions/077-declarative-schema-files.md). No database here: scripts/schema-files.ts builds the
// two databases and dumps them.

/** One object of pg_dump's output: its header (`Name: …; Type: …; Schema: …`) and its SQL. */
export type DumpObject = { key: string; name: string; type: string; schema: string; sql: string };

const HEADER = /^-- (?:Data for )?Name: (.*); Type: (.*); Schema: (.*); Owner: .*$/m;

/** Kinds of object a COMMENT or ACL header names before the object itself ("COLUMN market_listings.terms"). */
const ON_KINDS = new RegExp(
  '^(COLUMN|FUNCTION|PROCEDURE|AGGREGATE|TABLE|VIEW|MATERIALIZED VIEW|SEQUENCE|SCHEMA|EXTENSION|TYPE|DOMAIN|' +
    'INDEX|LANGUAGE|FOREIGN TABLE|CONSTRAINT|TRIGGER|POLICY|RULE) (.*)$',
);

/** What a pg_dump header is about, as a person names it: `COMMENT ON COLUMN public.t.c`, `POLICY "…" ON public.t`. */
function objectName(name: string, type: string, schema: string): string {
  const q = (n: string) => (schema === '-' ? n : `${schema}.${n}`);
  if (type === 'COMMENT' || type === 'ACL' || type === 'SECURITY LABEL') {
    const on = ON_KINDS.exec(name);
    if (on && ['CONSTRAINT', 'TRIGGER', 'POLICY', 'RULE'].includes(on[1])) {
      const [object, table] = on[2].split(' ON ');
      return `${type} ON ${on[1]} ${object} ON ${q(table)}`;
    }
    return on ? `${type} ON ${on[1]} ${q(on[2])}` : `${type} ON ${q(name)}`;
  }
  if (type === 'DEFAULT ACL') return `${type} ${name}${schema === '-' ? '' : ` IN SCHEMA ${schema}`}`;
  if (type === 'ROW SECURITY') return `${type} ON ${q(name)}`;
  if (/CONSTRAINT$|^(TRIGGER|POLICY|DEFAULT|RULE)$/.test(type)) {
    const space = name.indexOf(' ');
    const object = name.slice(space + 1);
    return `${type} ${type === 'POLICY' ? `"${object}"` : object} ON ${q(name.slice(0, space))}`;
  }
  return `${type} ${q(name)}`;
}

/**
 * pg_dump's output cut into its objects (each starts at a `-- Name: …; Type: …` header), in pg_dump's order. Lines
 * that name the server or a random restrict key, and the migrations bookkeeping schema, are left out. A grant block's
 * statements are sorted (revokes first): their order is the order the grants were made in, which says nothing about
 * the database.
 */
export function dumpObjects(dump: string): DumpObject[] {
  const kept = dump
    .split('\n')
    .filter((line) => !/^(\\(un)?restrict |-- Dumped (from|by) )/.test(line))
    .join('\n');
  const seen = new Map<string, number>();
  return kept
    .split(/\n(?=--\n-- (?:Data for )?Name: )/)
    .slice(1)
    .map((block) => block.trim())
    .filter((block) => !/; Schema: supabase_migrations;/.test(block))
    .map((block) => {
      const [, name, type, schema] = HEADER.exec(block)!;
      let sql = block.slice(block.indexOf('\n--\n', 3) + 4).trim();
      if (type === 'ACL' || type === 'DEFAULT ACL')
        sql = sql
          .split('\n')
          .sort(
            (a, b) =>
              Number(a.startsWith('GRANT')) - Number(b.startsWith('GRANT')) || (a < b ? -1 : a > b ? 1 : 0),
          )
          .join('\n');
      const base = objectName(name, type, schema);
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      return { key: n === 1 ? base : `${base} #${n}`, name, type, schema, sql };
    });
}

// Comparing ---------------------------------------------------------------------------------------------------------

export type Difference = {
  key: string;
  /** only-migrations: the migrations make it and no schema file does; only-schemas: the other way round. */
  kind: 'only-migrations' | 'only-schemas' | 'differs';
  migrations?: DumpObject;
  schemas?: DumpObject;
};

export function compareObjects(migrations: DumpObject[], schemas: DumpObject[]): Difference[] {
  const m = new Map(migrations.map((o) => [o.key, o]));
  const s = new Map(schemas.map((o) => [o.key, o]));
  const keys = [...new Set([...m.keys(), ...s.keys()])].sort();
  const out: Difference[] = [];
  for (const key of keys) {
    const a = m.get(key);
    const b = s.get(key);
    if (a && !b) out.push({ key, kind: 'only-migrations', migrations: a });
    else if (b && !a) out.push({ key, kind: 'only-schemas', schemas: b });
    else if (a!.sql !== b!.sql) out.push({ key, kind: 'differs', migrations: a, schemas: b });
  }
  return out;
}

/** The lines that differ between two texts, as a short unified diff without line numbers (- migrations, + schemas). */
export function lineDiff(before: string, after: string, context = 1, limit = 40): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  // Longest common subsequence, from the end; bodies are a few hundred lines at most.
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const ops: { op: ' ' | '-' | '+'; line: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ op: ' ', line: a[i] });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1]))
      ops.push({ op: '-', line: a[i++] });
    else ops.push({ op: '+', line: b[j++] });
  }
  const near = (k: number) => ops.slice(Math.max(0, k - context), k + context + 1).some((o) => o.op !== ' ');
  const out: string[] = [];
  let skipped = false;
  ops.forEach((o, k) => {
    if (o.op === ' ' && !near(k)) {
      skipped = true;
      return;
    }
    if (skipped && out.length) out.push('  …');
    skipped = false;
    out.push(`${o.op} ${o.line}`);
  });
  return out.length > limit ? [...out.slice(0, limit), `  … ${out.length - limit} more lines`] : out;
}

/** A difference in words, for db:check's report. */
export function describeDifference(d: Difference): string[] {
  if (d.kind === 'only-migrations') return [`${d.key}: made by the migrations, in no schema file`];
  if (d.kind === 'only-schemas') return [`${d.key}: in the schema files, made by no migration`];
  return [
    `${d.key}: differs (- as the migrations make it, + as the schema files have it)`,
    ...lineDiff(d.migrations!.sql, d.schemas!.sql).map((line) => `    ${line}`),
  ];
}
