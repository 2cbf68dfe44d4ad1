// Throwaway databases on a PostgreSQL server copied from a template (emulator/db/index.ts `template`): what every
// emulator and SQL test of `npm test`'s PostgreSQL 15 pass starts from. The template is made once per key, even when
// test workers ask for it at the same moment; each copy holds what it was made with, and is a database of its own.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../emulator/db/index';
import { startPostgres } from '../scripts/throwaway-postgres.mjs';

let server: { url: string; stop(): void } | undefined;
let serverUrl: string;

beforeAll(() => {
  serverUrl = process.env.DATABASE_URL ?? (server = startPostgres({ stdio: 'ignore' })).url;
});
afterAll(() => server?.stop());

describe('a throwaway database from a template', () => {
  it('is made from one template per key, holds what it was made with, and keeps its own writes', async () => {
    const key = randomBytes(8).toString('hex');
    let made = 0;
    const template = {
      key,
      prepare: async (db: Database) => {
        made++;
        await db.exec(`create table made (note text); insert into made values ('from the template');`);
      },
    };
    const copy = () => createDatabase({ databaseUrl: serverUrl, throwaway: true, template });
    const [a, b] = await Promise.all([copy(), copy()]);
    try {
      expect(made).toBe(1);
      for (const db of [a, b])
        expect((await db.query<{ note: string }>('select note from made')).rows).toEqual([
          { note: 'from the template' },
        ]);
      await a.exec(`insert into made values ('only in a')`);
      expect((await b.query('select * from made')).rows).toHaveLength(1);
      expect(a.location).not.toBe(b.location);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }

    const other = await createDatabase({
      databaseUrl: serverUrl,
      throwaway: true,
      template: { ...template, key: `${key}2` },
    });
    await other.close();
    expect(made).toBe(2);
  });

  it('leaves no half-made template behind when making it fails, so the next caller makes it again', async () => {
    const key = randomBytes(8).toString('hex');
    let calls = 0;
    const template = {
      key,
      prepare: async (db: Database) => {
        calls++;
        if (calls === 1) throw new Error('a migration failed');
        await db.exec('create table made (id int)');
      },
    };
    await expect(createDatabase({ databaseUrl: serverUrl, throwaway: true, template })).rejects.toThrow(
      'a migration failed',
    );
    const db = await createDatabase({ databaseUrl: serverUrl, throwaway: true, template });
    try {
      expect((await db.query('select * from made')).rows).toEqual([]);
      expect(calls).toBe(2);
    } finally {
      await db.close();
    }
  });
});
