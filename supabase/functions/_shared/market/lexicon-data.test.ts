import { describe, expect, it } from 'vitest';
import { LINES } from '../../../../emulator/seeds/data/market-data.ts';
import { dictionaryWords } from '../../../../scripts/dictionary-sql.ts';
import {
  BRANDS,
  GARMENT_FAMILIES,
  GARMENTS,
  MATERIALS,
  MODELS,
  PRODUCTS,
  type LexiconEntry,
} from './lexicon-data.ts';
import {
  ACCESSORIES_BRANDS,
  BANDS_BRANDS,
  HERITAGE_BRANDS,
  JAPAN_BRANDS,
  LUXURY_BRANDS,
  MALL_BRANDS,
  MORE_BRANDS,
  OUTDOOR_BRANDS,
  STREETWEAR_BRANDS,
} from './lexicon-brands.ts';
import { COLOUR_WORDS, NOISE_WORDS } from './lexicon-words.ts';
import { normalizeQuery } from './normalize.ts';

const ALL: LexiconEntry[] = [...BRANDS, ...GARMENTS, ...MODELS];
const norm = (text: string) => normalizeQuery(text);

// Single words that appear in unrelated listings: an alias equal to one of them would match those listings.
const COMMON_WORDS = new Set(
  `a an and the of for by with in on off new old used free people face north south west east navy black white pink red
  blue green grey gray cream brown gold silver lucky mother frame boss guess express champion supreme palace essentials
  represent theory equipment born keen loft hunter gap coach air max one two size small medium large women womens men
  mens kids girls boys baby top tops shirt shoes shoe bag bags jacket coat dress pants jeans denim leather vintage
  classic original lot bundle set cloud run running sport sports active yoga wing wings fog smart hush bean co`.split(
    /\s+/,
  ),
);
// Two- and three-letter aliases resellers really write; adding one means adding it here on purpose.
const SHORT_ALIASES = new Set(
  `tnf dms rl rrl nb nsw lv cdg ysl mk ua fp f21 dvf ck aeo uo bdg hm plt ald alo kut tee pjs af dg 45r acw mcq bbc
  pfg cwx dmb erd fwk hba kjl lmc lvc mmm mnz mmj mm6 acg rei vca y3`.split(/\s+/),
);

describe('lexicon counts and coverage', () => {
  it('has at least 150 brands and 40 garments', () => {
    expect(BRANDS.length).toBeGreaterThanOrEqual(150);
    expect(GARMENTS.length).toBeGreaterThanOrEqual(40);
  });

  it('knows every brand of the demo market, and Off-White', () => {
    const known = new Set(BRANDS.flatMap((e) => [e.name, ...e.aliases].map(norm)));
    const demo = [...new Set(LINES.map((line) => line.brand)), 'Dr. Martens', 'Off-White'];
    expect(demo.filter((brand) => !known.has(norm(brand)))).toEqual([]);
  });

  it('knows the garment words of the demo market', () => {
    const known = new Set(GARMENTS.flatMap((e) => [e.name, ...e.aliases].map(norm)));
    // How buyers name the garments of the demo lines (emulator/seeds/data/market-data.ts LINES).
    const demo = [
      'jeans',
      'leggings',
      'hoodie',
      'sneakers',
      'shorts',
      'dress',
      'sweater',
      'cardigan',
      'pants',
      'joggers',
      'tee',
      'polo shirt',
      'backpack',
      'handbag',
      'tote',
      'wallet',
      'boots',
      'sandals',
      'clogs',
      'beanie hat',
      'blazer',
      'denim jacket',
      'crossbody',
      'fleece',
      'puffer',
    ];
    expect(demo.filter((garment) => !known.has(norm(garment)))).toEqual([]);
  });

  it.each([
    ['BRANDS', BRANDS],
    ['GARMENTS', GARMENTS],
    ['MODELS', MODELS],
  ] as const)('%s is sorted by name', (_, list) => {
    const names = list.map((e) => e.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('the brands resellers sell (issue 54)', () => {
  it('knows at least 1,500 brands, mall to luxury, vintage, streetwear, outdoor and Japanese labels', () => {
    expect(BRANDS.length).toBeGreaterThanOrEqual(1500);
    // Bands and licensed merch are brands a reseller sells too, but the fashion labels alone make the count.
    expect(BRANDS.length - BANDS_BRANDS.length).toBeGreaterThanOrEqual(1500);
    for (const [segment, list, least] of [
      ['mall', MALL_BRANDS, 200],
      ['luxury and designer', LUXURY_BRANDS, 250],
      ['streetwear', STREETWEAR_BRANDS, 150],
      ['vintage, heritage and footwear', HERITAGE_BRANDS, 150],
      ['outdoor', OUTDOOR_BRANDS, 150],
      ['Japanese', JAPAN_BRANDS, 80],
      ['accessories', ACCESSORIES_BRANDS, 80],
    ] as const)
      expect(list.length, segment).toBeGreaterThanOrEqual(least);
  });

  it('names no brand by a garment, colour or condition word: the first entry of a name would take it', () => {
    const words = new Set(
      [...GARMENTS.flatMap((e) => [e.name, ...e.aliases]), ...COLOUR_WORDS, ...NOISE_WORDS].map(norm),
    );
    const taken = BRANDS.flatMap((e) => [e.name, ...e.aliases].map((n) => [e.name, norm(n)] as const)).filter(
      ([, name]) => words.has(name),
    );
    expect(taken).toEqual([]);
  });

  it('gives the new brands no alias that is an English word (they would claim unrelated listings)', () => {
    const english = new Set(dictionaryWords());
    const everyday = MORE_BRANDS.flatMap((e) =>
      e.aliases.map(norm).filter((alias) => !alias.includes(' ') && english.has(alias)),
    );
    expect(everyday).toEqual([]);
  });

  it('gives no new brand a name that is another of its names and a garment: it would swallow the garment', () => {
    // "lee jeans" as a name of Lee reads "lee jeans" as the brand alone, and a Lee jacket would count
    const garments = new Set(GARMENTS.flatMap((e) => [e.name, ...e.aliases].map(norm)));
    const swallowing = MORE_BRANDS.flatMap((e) => {
      const names = [e.name, ...e.aliases].map(norm);
      return names.filter((name) =>
        names.some(
          (other) =>
            other !== name &&
            name.startsWith(`${other} `) &&
            [name.slice(other.length + 1), name.slice(other.length + 1).replace(/s$/, '')].some((rest) =>
              garments.has(rest),
            ),
        ),
      );
    });
    expect(swallowing).toEqual([]);
  });

  it('reads every band of the list as a band tee brand', () => {
    const bandTees = new Set(PRODUCTS.filter((p) => p.garment === 'band tee').map((p) => p.brand));
    expect(BANDS_BRANDS.filter((band) => !bandTees.has(band.name))).toEqual([]);
  });
});

describe('lexicon safety across entries', () => {
  it('no two entries share a name', () => {
    const names = ALL.map((e) => norm(e.name));
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('no alias is shared by two entries or equals another entry’s name', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const entry of ALL) {
      for (const word of [entry.name, ...entry.aliases].map(norm)) {
        const seen = owner.get(word);
        if (seen !== undefined && seen !== entry.name) clashes.push(`${word}: ${seen} / ${entry.name}`);
        owner.set(word, entry.name);
      }
    }
    expect(clashes).toEqual([]);
  });
});

describe.each([
  ['brand', BRANDS],
  ['garment', GARMENTS],
] as const)('%s entries', (_, list: readonly LexiconEntry[]) => {
  it.each(list.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    const name = norm(entry.name);
    expect(name).not.toBe('');
    const aliases = entry.aliases.map(norm);
    expect(aliases).not.toContain('');
    expect(new Set(aliases).size).toBe(aliases.length);
    for (const alias of aliases.filter((a) => !a.includes(' '))) {
      expect(COMMON_WORDS.has(alias), `'${alias}' is a common word`).toBe(false);
      if (alias.length <= 3) expect(SHORT_ALIASES.has(alias), `'${alias}' is a short alias`).toBe(true);
    }
  });
});

describe('model entries', () => {
  const english = new Set(dictionaryWords());
  const brandNames = new Set(BRANDS.map((e) => e.name));
  // Brand and garment names: a model phrase holding one would be read before that brand or garment.
  const taken = [...BRANDS, ...GARMENTS].flatMap((e) => [e.name, ...e.aliases]).map(norm);
  it.each(MODELS.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    expect(brandNames.has(entry.brand), `${entry.brand} is a brand entry`).toBe(true);
    for (const name of [entry.name, ...entry.aliases].map(norm)) {
      expect(name).not.toBe('');
      // One word that is an everyday English word would claim every listing that uses it.
      if (!name.includes(' ')) expect(english.has(name), `'${name}' is an English word`).toBe(false);
      const held = taken.filter((other) => ` ${name} `.includes(` ${other} `));
      expect(held, `'${name}' holds a brand or garment name`).toEqual([]);
    }
  });
});

describe('garments widen and narrow by data', () => {
  const garments = new Set(GARMENTS.map((e) => e.name));
  const materials = new Set(MATERIALS.map((e) => e.name));
  it.each(GARMENTS.filter((e) => e.covers || e.material || e.unlike).map((e) => [e.name, e] as const))(
    '%s',
    (_name, entry) => {
      for (const covered of entry.covers ?? []) {
        expect(garments.has(covered), `covers '${covered}', a garment entry`).toBe(true);
        expect(covered).not.toBe(entry.name);
      }
      if (entry.material) expect(materials.has(entry.material), `made of '${entry.material}'`).toBe(true);
      // A word that makes a title another garment is never one of this garment's own names.
      const own = [entry.name, ...entry.aliases].map(norm);
      for (const word of entry.unlike ?? [])
        expect(own, `'${word}' is its own name`).not.toContain(norm(word));
    },
  );

  it('covers nothing in a circle: a garment never covers itself through others', () => {
    const covers = new Map(GARMENTS.map((e) => [e.name, e.covers ?? []]));
    for (const start of covers.keys()) {
      const seen = new Set<string>();
      const walk = (name: string) => {
        for (const next of covers.get(name) ?? []) {
          expect(next, `${start} covers itself`).not.toBe(start);
          if (!seen.has(next)) {
            seen.add(next);
            walk(next);
          }
        }
      };
      walk(start);
    }
  });
});

describe('every garment has one family', () => {
  const families = Object.entries(GARMENT_FAMILIES);
  it.each(GARMENTS.map((e) => [e.name] as const))('%s', (name) => {
    expect(families.filter(([, members]) => members.includes(name)).map(([family]) => family)).toHaveLength(
      1,
    );
  });
  it('names only garments', () => {
    const garments = new Set(GARMENTS.map((e) => e.name));
    for (const [family, members] of families)
      for (const member of members) expect(garments.has(member), `${family}: '${member}'`).toBe(true);
  });
});

describe('models are garments', () => {
  const garments = new Set(GARMENTS.map((e) => e.name));
  it.each(MODELS.filter((e) => e.garment).map((e) => [e.name, e.garment!] as const))(
    '%s is a %s',
    (_name, garment) => {
      expect(garments.has(garment)).toBe(true);
    },
  );
});

describe("a brand's own names for its garments", () => {
  const brands = new Set(BRANDS.map((e) => e.name));
  const garments = new Set(GARMENTS.map((e) => e.name));
  // A product name that is a name of its own garment already counts: listing it again says nothing.
  const garmentNames = new Map(GARMENTS.map((e) => [e.name, new Set([e.name, ...e.aliases].map(norm))]));
  it.each(PRODUCTS.map((p) => [`${p.brand} ${p.garment}`, p] as const))('%s', (_label, product) => {
    expect(brands.has(product.brand), `${product.brand} is a brand entry`).toBe(true);
    if (product.model)
      expect(
        MODELS.some(
          (m) => m.name === product.model && m.brand === product.brand && m.garment === product.garment,
        ),
        `${product.model} is a ${product.brand} model of that garment`,
      ).toBe(true);
    expect(garments.has(product.garment), `${product.garment} is a garment entry`).toBe(true);
    expect(product.names.length).toBeGreaterThan(0);
    const names = product.names.map(norm);
    // A separate product holds a shorter product name of the brand, or there is nothing to set it apart from.
    const shorter = PRODUCTS.filter((p) => p.brand === product.brand).flatMap((p) => p.names.map(norm));
    for (const name of product.separate ?? []) {
      expect(product.names, `'${name}' is one of the names`).toContain(name);
      expect(
        shorter.some((other) => other !== norm(name) && ` ${norm(name)} `.includes(` ${other} `)),
        `'${name}' holds a shorter product name of ${product.brand}`,
      ).toBe(true);
    }
    expect(new Set(names).size, 'no name twice').toBe(names.length);
    for (const name of names) {
      expect(name).not.toBe('');
      expect(
        garmentNames.get(product.garment)?.has(name) ?? false,
        `'${name}' is a name of ${product.garment}`,
      ).toBe(false);
    }
  });
});

describe('materials', () => {
  it.each(MATERIALS.map((e) => [e.name, e] as const))('%s', (_name, entry) => {
    const own = [entry.name, ...entry.aliases].map(norm);
    // What rules a title out is never a name of the material itself.
    for (const word of [...entry.unlike, ...entry.contrast].map(norm)) expect(own).not.toContain(word);
  });
});
