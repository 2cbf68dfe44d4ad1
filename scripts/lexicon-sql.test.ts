// `npm run lexicon:sql` never edits a committed migration: a changed lexicon lands as a new migration after every
// other, a draft not yet committed is rewritten in place with its hand-written header, and current data writes nothing.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../emulator/config';
import {
  generatedPart,
  GENERATED_MARK,
  latestLexiconMigration,
  lexiconSql,
  writeLexiconMigration,
} from './lexicon-sql';

let dir: string;
const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');
const old = `${GENERATED_MARK} from an older lexicon.\ndelete from public.market_lexicon;\n`;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'lexicon-sql-'));
  writeFileSync(path.join(dir, '20261128120100_market_lexicon.sql'), old);
  writeFileSync(path.join(dir, '20261129020006_index_empty_of_counted_rows.sql'), '-- schema\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('lexicon:sql', () => {
  it('writes a changed lexicon as a new migration after every other, leaving the committed one as it was', () => {
    const result = writeLexiconMigration({ migrationsDir: dir, isCommitted: () => true });
    expect(result.action).toBe('created');
    expect(path.basename(result.file)).toMatch(/^\d{14}_market_lexicon\.sql$/);
    expect(path.basename(result.file) > '20261129020006_').toBe(true);
    expect(read(result.file)).toBe(lexiconSql());
    expect(readFileSync(path.join(dir, '20261128120100_market_lexicon.sql'), 'utf8')).toBe(old);
    expect(latestLexiconMigration(dir)).toBe(result.file);
  });

  it('rewrites a draft not yet committed in place, keeping the comment written above the generated text', () => {
    const draft = path.join(dir, '20261129030000_market_lexicon.sql');
    writeFileSync(draft, `-- Why: more brands.\n\n${old}`);
    const result = writeLexiconMigration({ migrationsDir: dir, isCommitted: () => false });
    expect(result.action).toBe('rewritten');
    expect(readFileSync(draft, 'utf8')).toBe(`-- Why: more brands.\n\n${lexiconSql()}`);
    expect(readdirSync(dir).filter((f) => f.endsWith('_market_lexicon.sql'))).toHaveLength(2);
  });

  it('writes nothing when the newest lexicon migration loads the data, whatever comment it starts with', () => {
    writeFileSync(
      path.join(dir, '20261129030000_market_lexicon.sql'),
      `-- Why: more brands.\n${lexiconSql()}`,
    );
    const result = writeLexiconMigration({ migrationsDir: dir, isCommitted: () => true });
    expect(result.action).toBe('current');
    expect(readdirSync(dir)).toHaveLength(3);
    expect(generatedPart(read(result.file))).toBe(lexiconSql());
  });
});
