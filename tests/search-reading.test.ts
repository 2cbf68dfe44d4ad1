// How a query is read (supabase/migrations/20261125000300_market_matching.sql, docs/decisions/060-reading-the-query.md):
// which words are corrected and into what, what the reading says it recognised or does not know, and that "did you
// mean" keeps the brand and model a query named. A fresh database with a few listings of our own, so every case
// says exactly what the index holds.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../emulator/config';
import type { Database } from '../emulator/db/index';
import { mergeCells } from '../emulator/seeds/data/market-data';
import { DICTIONARY_MIGRATION, dictionarySql } from '../scripts/dictionary-sql';
import { migratedDatabase } from './support/database';

let db: Database;

const LISTINGS: [title: string, brand: string, category: string][] = [
  ['Lululemon Align Pant 25"', 'Lululemon', 'Leggings'],
  ['The North Face Nuptse 1996 Puffer Jacket', 'The North Face', 'Jackets'],
  ['Adidas Gazelle Trainers', 'Adidas', 'Sneakers'],
  ['Coach Signature Purse', 'Coach', 'Handbags'],
  ['Coach Tabby Crossbody', 'Coach', 'Handbags'],
  ['Coach Leather Backpack', 'Coach', 'Backpacks'],
  ["Levi's 501 Original Jeans", "Levi's", 'Jeans'],
  ['Vintage Harley Davidson Tee', 'Harley Davidson', 'T-Shirts'],
  ['Birkenstock Arizona Sandals', 'Birkenstock', 'Sandals'],
  ['J.Crew Cashmere Crewneck Sweater', 'J.Crew', 'Sweaters'],
  ['J.Crew Cashmere Crewneck Cardigan', 'J.Crew', 'Sweaters'],
  // a label the lexicon does not know
  ['Sefr Matty Shirt Brown Check', 'Sefr', 'Shirts'],
  ['Lululemon Align High Rise Pant 28" Black', 'Lululemon', 'Leggings'],
];

beforeAll(async () => {
  db = await migratedDatabase();
  for (const [i, [title, brand, category]] of LISTINGS.entries()) {
    await db.query(
      `insert into public.market_listings (marketplace, external_id, title, brand, category, condition, status, price,
         currency, listed_at, source)
       values ('ebay', $1, $2, $3, $4, 'pre_owned', 'available', 50, 'USD', now(), 'demo')`,
      [`reading-${i}`, title, brand, category],
    );
  }
  await db.query('select public.market_refresh_vocabulary()');
  await mergeCells(db);
});
afterAll(async () => {
  await db?.close();
});

type Reading = {
  corrected: { from: string; to: string }[];
  recognised: { text: string; kind: string; label: string; brand?: string }[];
  unknown: string[];
  clauses: { groups: { kind: string; label?: string; any: string[][] }[] }[];
};

async function read(query: string): Promise<Reading> {
  const { rows } = await db.query<{ parsed: Reading }>('select public.market_parse_query($1) as parsed', [
    query,
  ]);
  return rows[0].parsed;
}

async function suggest(query: string): Promise<string[]> {
  const { rows } = await db.query<{ s: string[] }>('select public.market_suggest($1, 3) as s', [query]);
  return rows[0].s;
}

async function suggestions(query: string): Promise<{ suggestions: string[]; unused: string[] }> {
  const { rows } = await db.query<{ s: { suggestions: string[]; unused: string[] } }>(
    'select public.market_suggestions($1, 3) as s',
    [query],
  );
  return rows[0].s;
}

const words = (reading: Reading) =>
  reading.clauses.flatMap((c) => c.groups.map((g) => g.label ?? g.any[0].join(' ')));

describe('band tees', () => {
  it('reads "band tee" as a garment whose names hold the bands\' own tees (issue 24)', async () => {
    const reading = await read('vintage band tee');
    expect(reading.corrected).toEqual([]);
    expect(words(reading)).toEqual(['vintage', 'band tee']);
    const names = reading.clauses[0].groups.find((g) => g.label === 'band tee')!.any.map((n) => n.join(' '));
    expect(names).toEqual(expect.arrayContaining(['band tee', 'grateful dead tee', 'pink floyd t shirt']));
    // A band's name alone is no tee: a Grateful Dead poster is not counted.
    expect(names).not.toContain('grateful dead');
  });
});

describe('the correction rule', () => {
  it('never corrects an English word that no listing uses', async () => {
    const reading = await read('vintage polka tee');
    expect(reading.corrected).toEqual([]);
    expect(words(reading)).toEqual(['vintage', 'polka', 't-shirt']);
    expect(reading.unknown).toEqual(['polka']);
  });

  it('never corrects a brand or a model of the lexicon, even one no listing uses', async () => {
    const reading = await read('hermes birkin');
    expect(reading.corrected).toEqual([]);
    expect(reading.recognised).toEqual([
      expect.objectContaining({ kind: 'brand', label: 'Hermes' }),
      expect.objectContaining({ kind: 'model', label: 'Birkin', brand: 'Hermes' }),
    ]);
    expect(reading.unknown).toEqual([]);
  });

  it('never corrects a model number', async () => {
    const reading = await read('levis 5010 jeans');
    expect(reading.corrected).toEqual([]);
    expect(words(reading)).toContain('5010');
    const letters = await read('nike am90');
    expect(letters.corrected).toEqual([]);
    expect(words(letters)).toContain('am90');
  });

  it('corrects a typo that is no word into the name one slip away', async () => {
    const reading = await read('lululemn align');
    expect(reading.corrected).toEqual([{ from: 'lululemn', to: 'lululemon' }]);
    expect(reading.recognised).toEqual([expect.objectContaining({ kind: 'brand', label: 'Lululemon' })]);
  });

  it('corrects a one-letter slip: a letter doubled, dropped or two swapped', async () => {
    expect((await read('addidas gazelle')).corrected).toEqual([{ from: 'addidas', to: 'adidas' }]);
    expect((await read('birkenstok sandals')).corrected).toEqual([{ from: 'birkenstok', to: 'birkenstock' }]);
    expect((await read('nupste jacket')).corrected).toEqual([{ from: 'nupste', to: 'nuptse' }]);
  });

  it('corrects no word into an English word no listing uses, such as a word of a brand name (issue 54)', async () => {
    // "white" is a word of White Stag and White House Black Market, and no listing here uses it: "whte" is left as
    // written (where listings say white, it is corrected, as "sear" would be for a Sears listing)
    const reading = await read('whte tee');
    expect(reading.corrected).toEqual([]);
    expect(reading.unknown).toContain('whte');
    const { rows } = await db.query<{ fix: string | null }>("select public.market_correction('sefo') as fix");
    expect(rows[0].fix).toBe('sefr');
  });

  it('leaves a word that is nothing one slip from anything as unknown', async () => {
    const reading = await read('zxqvblorp');
    expect(reading.corrected).toEqual([]);
    expect(reading.unknown).toEqual(['zxqvblorp']);
    expect(reading.recognised).toEqual([]);
  });

  it('reads a word in quotes as written, so a correction can be undone', async () => {
    const reading = await read('"lululemn" align');
    expect(reading.corrected).toEqual([]);
    expect(words(reading)).toEqual(['lululemn', 'align']);
  });

  it('notes nothing for the words of an exclusion', async () => {
    const reading = await read('coach purse -zxqvblorp');
    expect(reading.unknown).toEqual([]);
    expect(reading.recognised.map((r) => r.label)).toEqual(['Coach', 'handbag']);
  });
});

describe('brands that are everyday words (issue 54, decision 060)', () => {
  const brands = async (query: string) =>
    (await read(query)).recognised.filter((r) => r.kind === 'brand').map((r) => r.label);

  it('reads them as brands where the query reads as one: leading it', async () => {
    expect(await brands('mother looker jeans')).toEqual(['Mother']);
    expect(await brands('frame le garcon jeans')).toEqual(['Frame']);
    expect(await brands('guess jeans')).toEqual(['Guess']);
    expect(await brands('gap hoodie')).toEqual(['Gap']);
    expect(await brands('express')).toEqual(['Express']);
    // after condition words, colours, sizes and describing words
    expect(await brands('vintage coach bag')).toEqual(['Coach']);
    expect(await brands('NWT black frame jeans')).toEqual(['Frame']);
    expect(await brands("women's 90s guess denim jacket")).toEqual(['Guess']);
    // a name that ends in s is written so
    expect(await brands('vans old skool')).toEqual(['Vans']);
  });

  it('reads them as words where the query does not: after another word, a possessive, a phrase with "of"', async () => {
    expect(await brands('mother of the bride dress')).toEqual([]);
    expect(await brands('mother of pearl buttons')).toEqual([]);
    expect(await brands("mother's day tee")).toEqual([]);
    expect(await brands('metal frame glasses')).toEqual([]);
    expect(await brands('picture frame')).toEqual([]);
    expect(await brands('nike coach jacket')).toEqual(['Nike']);
    expect(await brands('vw van tee')).toEqual([]);
    // still searched for: the word is required as written, and is nothing unknown
    const reading = await read('mother of pearl buttons');
    expect(words(reading)).toEqual(['mother', 'pearl', 'button']);
    expect(reading.unknown).not.toContain('mother');
  });

  it('keeps a brand whose name is no English word a brand anywhere in the query', async () => {
    expect(await brands('cropped vince sweater')).toEqual(['Vince']);
    expect(await brands('black sandro blazer')).toEqual(['Sandro']);
  });

  it("reads a word of a named brand's product name as that product's, not as another brand", async () => {
    expect(await brands('tory burch lee radziwill')).toEqual(['Tory Burch']);
    expect(await brands('gucci brixton loafers')).toEqual(['Gucci']);
    expect(await brands('lee jeans')).toEqual(['Lee']);
  });
});

describe('the English word list', () => {
  it('is loaded by the current migration (npm run dictionary:sql)', () => {
    expect(readFileSync(path.join(projectRoot, DICTIONARY_MIGRATION), 'utf8')).toBe(dictionarySql());
  });
});

describe('did you mean', () => {
  it('keeps the brand a query named in every suggestion', async () => {
    const suggestions = await suggest('coach bagpack');
    expect(suggestions.length).toBeGreaterThan(0);
    for (const s of suggestions) expect(s).toMatch(/^Coach\b/);
  });

  it('offers the broader search that finds listings, not a single word (issue 24)', async () => {
    // No Coach clutch in the index: the clutch a query names widens to the handbags and bags that cover it.
    expect(await suggest('coach leather clutch')).toEqual(['Coach handbag', 'Coach bag', 'Coach']);
    // A word that narrowed the search to nothing goes first: Coach crossbodies are listed, suede ones are not.
    expect((await suggest('coach suede crossbody'))[0]).toBe('Coach crossbody bag');
  });

  it('offers the same search without its size first, when the index holds it in other sizes', async () => {
    // The Align is listed, in no letter size: the model stays in the suggestion, not only the brand.
    expect(await suggest('lululemon align size s')).toEqual(['Lululemon align', 'Lululemon']);
    // "size 6" leaves the size and the number (6, or vi); both go, and the words keep the query's spelling.
    expect((await suggest('coach tabby size 6'))[0]).toBe('Coach tabby');
    expect((await suggest("levi's 501 originals sz 40"))[0]).toBe("Levi's 501 originals");
    // Without its size it still finds nothing, so it is not offered.
    expect(await suggest('coach suede size s')).not.toContain('Coach suede');
  });

  it('offers the garment a query named as the word of another garment the listings are', async () => {
    // "crewneck" alone is a crewneck sweatshirt, and a crewneck sweater is not one: the search finds nothing, and
    // the suggestion keeps every word of the query.
    // Each garment listings name beside the query's words, two at most: the cardigan and the sweater.
    const suggestions = await suggest('j.crew cashmere crewneck');
    expect(suggestions.slice(0, 2).sort()).toEqual([
      'J.Crew cashmere crewneck cardigan',
      'J.Crew cashmere crewneck sweater',
    ]);
    // A crewneck sweatshirt rules the sweaters out: offered, it would find nothing.
    expect(suggestions).not.toContain('J.Crew crewneck sweatshirt');
  });

  it('answers "did you mean" in the same call as a listed search that finds nothing, and only then', async () => {
    const search = async (query: string) =>
      (
        await db.query<{ r: { result: { available: number; suggestions?: unknown } } }>(
          `select public.market_search('available', $1, 'pre_owned', '00000000-0000-4000-8000-0000000000bb',
             'reading-test', 1000, 60) as r`,
          [query],
        )
      ).rows[0].r.result;
    const none = await search('coach tabby 26');
    expect(none.available).toBe(0);
    expect(none.suggestions).toEqual(await suggestions('coach tabby 26'));
    const found = await search('coach tabby');
    expect(found.available).toBeGreaterThan(0);
    expect(found).not.toHaveProperty('suggestions');
  });

  it('offers the search without the words no listing of it uses first, brand and model kept, and names them (issue 54)', async () => {
    // a number no Tabby listing holds
    expect(await suggestions('coach tabby 26')).toEqual({
      suggestions: ['Coach tabby', 'Coach'],
      unused: ['26'],
    });
    // an inch length, a colour, a collection word no listing uses
    expect(await suggestions('lululemon align 31 inch')).toMatchObject({
      suggestions: ['Lululemon align', 'Lululemon'],
      unused: ['31 inch'],
    });
    expect(await suggestions('coach tabby sage')).toEqual({
      suggestions: ['Coach tabby', 'Coach'],
      unused: ['sage'],
    });
    expect(await suggestions('north face nuptse tidepool blue')).toMatchObject({
      suggestions: ['The North Face Nuptse'],
      unused: ['tidepool', 'blue'],
    });
    // the words listings of it do use stay: the Align is listed in black and at 28"
    expect((await suggestions('lululemon align 28 black zebra')).suggestions[0]).toBe(
      'Lululemon align 28 black',
    );
    expect((await suggestions('lululemon align 28 black zebra')).unused).toEqual(['zebra']);
    // each word holds with the Align alone (a 25" Align, a black one) but not both: the first kept, the next named
    const eitherWord = await suggestions('lululemon align 25 black');
    expect(eitherWord.suggestions[0]).toBe('Lululemon align 25');
    expect(eitherWord.unused).toEqual(['black']);
    // an inch length is its number: titles write 28" (no word), 28 in or 28 inch
    const inches = await read('lululemon align 28 inch black');
    expect(words(inches)).toEqual(['Lululemon', 'align', '28', 'black']);
    expect(await suggest('lululemon align 28 inch black')).not.toContain('Lululemon align');
    // unless the two are a product's name
    expect(words(await read('timberland 6 inch boots'))).toEqual(['Timberland', '6', 'inch', 'boots']);
    // a size is said as a size
    expect((await suggestions('coach tabby size 6')).unused).toEqual(['size 6']);
    expect((await suggestions('lululemon align size s')).unused).toEqual(['size S']);
  });

  it('keeps a brand the lexicon does not know yet in every suggestion', async () => {
    const shirt = await suggestions('sefr matty shirt olive');
    expect(shirt.suggestions[0]).toBe('sefr matty shirt');
    expect(shirt.unused).toEqual(['olive']);
    for (const s of shirt.suggestions) expect(s).toMatch(/^sefr\b/);
    const jacket = await suggest('sefr jacket');
    expect(jacket.length).toBeGreaterThan(0);
    for (const s of jacket) expect(s).toMatch(/^sefr\b/);
    // a brand no listing uses: no garment alone, nor the query without it, which would drop it
    expect(await suggest('vujade hoodie')).toEqual([]);
    expect(await suggest('vujade shirt olive')).toEqual([]);
  });

  it('offers no other brand for a brand and model the index does not hold', async () => {
    expect(await suggest('hermes birkin')).toEqual([]);
  });

  it('offers the brand alone when the other words narrowed it to nothing, and nothing for gibberish', async () => {
    expect(await suggest('lululemn zebra print')).toEqual(['Lululemon']);
    expect(await suggest('zzzz qqqq')).toEqual([]);
  });
});
