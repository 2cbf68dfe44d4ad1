// Demo market data: a deterministic, realistic set of second-hand fashion listings (available and sold) for the
// local market index, and the fast bulk writer that loads it. Used by `npm run market:seed`, the fresh-database seed
// of `npm start` (emulator/seeds/market.ts), the search bench and tests.
//
// Every product line has a target sell-through rate for pre-owned (sold in the last 90 days / listed now), so
// pre-owned searches land in every band of SPEC §9; condition shifts it (tags sell best, flaws worst). Rows are
// generated line by line, which keeps each line's rows together on disk: a search then reads a few hundred
// neighbouring pages instead of one row per page (see docs/decisions/, market index).
import type { Queryable } from '../../context';

export type Condition = 'new_with_tags' | 'new_without_tags' | 'new_with_imperfections' | 'pre_owned';

export type MarketListing = {
  marketplace: string;
  external_id: string;
  title: string;
  brand: string | null;
  category: string | null;
  size: string | null;
  colour: string | null;
  condition: Condition;
  status: 'available' | 'sold';
  price: number;
  currency: string;
  listed_at: string;
  sold_at: string | null;
  url: string | null;
  source: string;
  /** The (synthetic) seller whose item this is: the demo market is a seller panel too. Unset for imported listings. */
  seller_key?: string | null;
};

/** mulberry32: tiny, fast and the same on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Line = {
  brand: string;
  /** Model or garment words in the title, e.g. 'Align Pant'. */
  item: string;
  category: string;
  /** Resale price of a pre-owned piece, USD. */
  price: number;
  /** Target pre-owned sell-through rate in percent (sold in 90 days per 100 listed now). 0: never sells. */
  str: number;
  /** Relative share of all listings. */
  weight: number;
  sizes: 'apparel' | 'pants' | 'shoes' | 'one';
  /** Typical days from listing to sale. */
  days: number;
  /** Other ways sellers write the brand in titles ('DMs', 'TNF'); the brand column keeps the name. */
  names?: string[];
};

const L = (
  brand: string,
  item: string,
  category: string,
  price: number,
  str: number,
  weight: number,
  sizes: Line['sizes'] = 'apparel',
  days = 20,
  names?: string[],
): Line => ({ brand, item, category, price, str, weight, sizes, days, ...(names ? { names } : {}) });

// How sellers write these brands in titles besides their name (the search must find every one).
const DOCS = ['Dr. Martens', 'Dr Martens', 'DMs'];
const TNF = ['TNF', 'North Face'];

// Sell-through targets follow what resellers report: cult basics (Align, Better Sweater, Atom, 1460s, Nuptse) fly;
// fast fashion (Shein, Old Navy, Zara) sits; Forever 21 here never sells, so its searches show the no-sold dialog.
export const LINES: Line[] = [
  L('Lululemon', 'Align Pant', 'Leggings', 58, 85, 14, 'pants', 9),
  L('Lululemon', 'Define Jacket', 'Jackets', 62, 72, 6, 'apparel', 12),
  L('Lululemon', 'Wunder Train Leggings', 'Leggings', 45, 55, 6, 'pants', 16),
  L('Lululemon', 'Scuba Hoodie', 'Sweatshirts', 60, 88, 7, 'apparel', 7),
  L('Patagonia', 'Better Sweater Fleece Jacket', 'Jackets', 65, 78, 8, 'apparel', 10),
  L('Patagonia', 'Synchilla Snap-T Fleece', 'Sweaters', 55, 62, 5, 'apparel', 14),
  L('Patagonia', 'Baggies Shorts', 'Shorts', 30, 38, 5, 'apparel', 25),
  L("Levi's", '501 Original Jeans', 'Jeans', 35, 55, 12, 'pants', 18),
  L("Levi's", 'Wedgie Straight Jeans', 'Jeans', 32, 47, 5, 'pants', 21),
  L("Levi's", 'Trucker Denim Jacket', 'Jackets', 40, 37, 5, 'apparel', 26),
  L('Nike', 'Air Max 90 Sneakers', 'Shoes', 70, 52, 9, 'shoes', 16),
  L('Nike', 'Tech Fleece Hoodie', 'Sweatshirts', 55, 68, 6, 'apparel', 12),
  L('Nike', 'Dri-FIT Running Shorts', 'Shorts', 16, 18, 6, 'apparel', 35),
  L('Madewell', 'Perfect Vintage Jeans', 'Jeans', 38, 42, 7, 'pants', 22),
  L('Madewell', 'Transport Tote Handbag', 'Handbags', 65, 36, 5, 'one', 27),
  L('Free People', 'Adella Slip Dress', 'Dresses', 42, 38, 6, 'apparel', 25),
  L('Free People', 'We The Free Jeans', 'Jeans', 36, 28, 5, 'pants', 30),
  L('Anthropologie', 'Maeve Midi Dress', 'Dresses', 48, 32, 6, 'apparel', 28),
  L('Anthropologie', 'Pilcro Jeans', 'Jeans', 30, 22, 4, 'pants', 32),
  L('Eileen Fisher', 'Merino Cardigan Sweater', 'Sweaters', 48, 45, 5, 'apparel', 20),
  L('Eileen Fisher', 'Linen Wide Leg Pants', 'Pants', 40, 24, 4, 'pants', 30),
  L('J.Crew', 'Cashmere Crewneck Sweater', 'Sweaters', 38, 26, 6, 'apparel', 30),
  L('J.Crew', 'Schoolboy Blazer Jacket', 'Jackets', 35, 14, 4, 'apparel', 38),
  L('Zara', 'Satin Midi Dress', 'Dresses', 22, 16, 8, 'apparel', 36),
  L('Zara', 'Faux Leather Jacket', 'Jackets', 28, 22, 6, 'apparel', 32),
  L('Zara', 'Wide Leg Jeans', 'Jeans', 20, 12, 5, 'pants', 40),
  L('Shein', 'Floral Mini Dress', 'Dresses', 8, 5, 9, 'apparel', 55),
  L('Shein', 'Knit Sweater', 'Sweaters', 9, 3, 6, 'apparel', 60),
  L('Old Navy', 'Rockstar Jeans', 'Jeans', 10, 7, 7, 'pants', 50),
  L('Old Navy', 'Graphic Tee', 'Tops', 6, 4, 6, 'apparel', 55),
  L('Gap', 'Logo Hoodie', 'Sweatshirts', 18, 20, 7, 'apparel', 34),
  L('Gap', 'Denim Jacket', 'Jackets', 22, 11, 4, 'apparel', 42),
  L('Carhartt', 'Detroit Jacket', 'Jackets', 95, 92, 6, 'apparel', 6),
  L('Carhartt', 'Double Knee Work Pants', 'Pants', 42, 64, 6, 'pants', 13),
  L('Carhartt', 'Beanie Hat', 'Accessories', 12, 33, 4, 'one', 28),
  L('The North Face', 'Nuptse Puffer Jacket', 'Jackets', 130, 76, 8, 'apparel', 9, TNF),
  L('The North Face', 'Denali Fleece Jacket', 'Jackets', 55, 58, 5, 'apparel', 15, TNF),
  L('The North Face', 'Borealis Backpack', 'Bags', 40, 30, 4, 'one', 26),
  L('Coach', 'Tabby Shoulder Handbag', 'Handbags', 180, 64, 5, 'one', 14),
  L('Coach', 'Leather Wristlet Wallet', 'Accessories', 35, 39, 5, 'one', 24),
  L('Kate Spade', 'Crossbody Handbag', 'Handbags', 55, 35, 6, 'one', 27),
  L('Kate Spade', 'Spade Flower Earrings', 'Jewelry', 25, 19, 4, 'one', 33),
  L('Doc Martens', '1460 Leather Boots', 'Boots', 85, 74, 8, 'shoes', 10, DOCS),
  L('Doc Martens', 'Jadon Platform Boots', 'Boots', 95, 60, 5, 'shoes', 14, DOCS),
  L('Birkenstock', 'Arizona Sandals', 'Shoes', 60, 71, 7, 'shoes', 11),
  L('Birkenstock', 'Boston Clogs', 'Shoes', 110, 95, 5, 'shoes', 5),
  L('Reformation', 'Juliette Linen Dress', 'Dresses', 90, 48, 5, 'apparel', 18),
  L('Reformation', 'Cynthia High Rise Jeans', 'Jeans', 45, 36, 4, 'pants', 24),
  L('Aritzia', 'Wilfred Effortless Pants', 'Pants', 55, 57, 6, 'pants', 15),
  L('Aritzia', 'Super Puff Jacket', 'Jackets', 120, 80, 6, 'apparel', 10),
  L('Vuori', 'Performance Joggers', 'Pants', 50, 66, 6, 'pants', 13),
  L('Vuori', 'Kore Shorts', 'Shorts', 30, 44, 4, 'apparel', 19),
  L("Arc'teryx", 'Atom LT Hoody Jacket', 'Jackets', 150, 90, 6, 'apparel', 8),
  L("Arc'teryx", 'Beta AR Shell Jacket', 'Jackets', 260, 83, 4, 'apparel', 9),
  L('Ralph Lauren', 'Polo Shirt', 'Tops', 25, 34, 8, 'apparel', 26),
  L('Ralph Lauren', 'Cable Knit Sweater', 'Sweaters', 55, 52, 5, 'apparel', 17),
  L('Forever 21', 'Bodycon Dress', 'Dresses', 7, 0, 5, 'apparel', 60),
  L('Forever 21', 'Cropped Cardigan', 'Sweaters', 6, 0, 4, 'apparel', 60),
  // More sold in 90 days than are listed now: the screen must explain a rate above 100%.
  L('Salomon', 'XT-6 Trail Sneakers', 'Shoes', 120, 140, 3, 'shoes', 5),
  // Every one sells and none is listed now: demand outruns supply (never "0%").
  L('Chanel', 'Classic Flap Bag', 'Handbags', 3800, Infinity, 0.5, 'one', 3),
];

const COLOURS = [
  'Black',
  'Navy',
  'Heather Grey',
  'Olive',
  'Burgundy',
  'Cream',
  'Blue',
  'Red',
  'Pink',
  'White',
  'Brown',
  'Green',
];
const SIZES: Record<Line['sizes'], string[]> = {
  apparel: ['XS', 'S', 'M', 'L', 'XL'],
  pants: ['0', '2', '4', '6', '8', '10', '12', '26', '28', '30', '32'],
  shoes: ['6', '7', '8', '9', '10', '11'],
  one: ['One Size'],
};
const MARKETPLACES: [string, number][] = [
  ['ebay', 30],
  ['poshmark', 28],
  ['mercari', 20],
  ['depop', 12],
  ['vinted', 10],
];
// Condition mix of second-hand fashion: mostly pre-owned, some new with or without tags, a few with flaws. Cheap fast
// fashion carries more unworn pieces with tags (haul returns that missed the window); pricey outerwear and shoes are
// mostly worn. mixOf reads the tier from the line's price.
const CONDITION_MIX: Record<'budget' | 'mid' | 'premium', [Condition, number][]> = {
  budget: [
    ['pre_owned', 48],
    ['new_with_tags', 27],
    ['new_without_tags', 16],
    ['new_with_imperfections', 9],
  ],
  mid: [
    ['pre_owned', 55],
    ['new_with_tags', 20],
    ['new_without_tags', 17],
    ['new_with_imperfections', 8],
  ],
  premium: [
    ['pre_owned', 64],
    ['new_with_tags', 14],
    ['new_without_tags', 15],
    ['new_with_imperfections', 7],
  ],
};
const mixOf = (line: Line) =>
  CONDITION_MIX[line.price < 15 ? 'budget' : line.price >= 90 ? 'premium' : 'mid'];
// How condition moves the sell-through rate, relative to the line's target (which is its pre-owned rate, the bulk of
// the market): buyers pay for tags, then for unworn, and pass over flaws. Each line's effect is scaled a little (see
// conditionRates) so no two ladders read exactly alike.
const CONDITION_RATE: Record<Condition, number> = {
  new_with_tags: 1.3,
  new_without_tags: 1.14,
  pre_owned: 1,
  new_with_imperfections: 0.58,
};
// New pieces go faster, flawed ones slower.
const CONDITION_DAYS: Record<Condition, number> = {
  new_with_tags: 0.75,
  new_without_tags: 0.88,
  pre_owned: 1,
  new_with_imperfections: 1.4,
};
const CONDITION_PRICE: Record<Condition, number> = {
  new_with_tags: 1.45,
  new_without_tags: 1.2,
  new_with_imperfections: 0.85,
  pre_owned: 1,
};
const CONDITION_WORDS: Record<Condition, string[]> = {
  new_with_tags: ['NWT', 'New With Tags', ''],
  new_without_tags: ['NWOT', 'New Without Tags', ''],
  new_with_imperfections: ['Flaw', 'Small Defect', ''],
  pre_owned: ['EUC', 'GUC', 'Pre-owned', '', ''],
};

const DAY = 86_400_000;
/** Sales and listings reach back this far; the sold count looks at the last 90 days of it. */
// A year of sales, so every sold window of the Deeper look (30 to 365 days) has its own figures.
const HISTORY_DAYS = 365;

function pick<T>(random: () => number, weighted: [T, number][]): T {
  const total = weighted.reduce((sum, [, w]) => sum + w, 0);
  let roll = random() * total;
  for (const [value, w] of weighted) {
    roll -= w;
    if (roll < 0) return value;
  }
  return weighted[weighted.length - 1][0];
}

/** A stable number in [0, 1) from a text: the per-line spread of the condition effect must not depend on the seed. */
function hashUnit(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) / 4294967296;
}

/** Target rate per condition in percent: the line's rate for pre-owned, shifted by condition and a per-line spread. */
export function conditionRates(line: Pick<Line, 'brand' | 'item' | 'str'>): Record<Condition, number> {
  const spread = 0.8 + 0.4 * hashUnit(`${line.brand} ${line.item}`);
  return Object.fromEntries(
    (Object.keys(CONDITION_RATE) as Condition[]).map((c) => [
      c,
      line.str * (1 + (CONDITION_RATE[c] - 1) * spread),
    ]),
  ) as Record<Condition, number>;
}

const oneOf = <T>(random: () => number, list: T[]): T => list[Math.floor(random() * list.length)];

/**
 * The listings of a demo market of `count` rows, in line order. Same seed, count and `now` -> same rows.
 * Sold share per line and condition: with sale dates spread evenly over HISTORY_DAYS, a fraction w = 90 / HISTORY_DAYS
 * of the sales falls in the 90-day window, so a sold fraction s gives a rate of s * w / (1 - s); for a target rate r
 * (conditionRates), s = r / (w + r).
 */
export function* generateListings(options: GenerateOptions): Generator<MarketListing> {
  for (const { row } of generateLabelledListings(options)) yield row;
}

export type GenerateOptions = { count: number; seed?: number; now?: Date };

/** What a demo row really is, known to the generator: the line it was made from (brand, item, garment category). */
export type LabelledListing = { row: MarketListing; line: Readonly<Line> };

/** generateListings with the truth beside each row, for the search-quality set (npm run eval:search). */
export function* generateLabelledListings(options: GenerateOptions): Generator<LabelledListing> {
  const random = prng(options.seed ?? 20250101);
  // Sellers are drawn from their own sequence, so the listings themselves do not depend on the panel's size.
  const sellerRandom = prng((options.seed ?? 20250101) ^ 0x5e11e7);
  const sellers = demoSellerCount(options.count);
  const now = (options.now ?? new Date()).getTime();
  const totalWeight = LINES.reduce((sum, line) => sum + line.weight, 0);
  let made = 0;
  for (const [index, line] of LINES.entries()) {
    const share =
      index === LINES.length - 1
        ? options.count - made
        : Math.round((options.count * line.weight) / totalWeight);
    const inWindow = 90 / HISTORY_DAYS;
    const rates = conditionRates(line);
    const mix = mixOf(line);
    const counters = Object.fromEntries(
      mix.map(([c]) => [
        c,
        {
          rows: 0,
          sales: 0,
          soldFraction: rates[c] === Infinity ? 1 : rates[c] / 100 / (inWindow + rates[c] / 100),
        },
      ]),
    ) as Record<Condition, { rows: number; sales: number; soldFraction: number }>;
    // A line's rows are written available first, then sold from the latest sale back: each search reads one dense run
    // of pages per status (and the 90-day window is the front of the sold run), like a table clustered on
    // (line, status, sold_at desc).
    const lineRows: MarketListing[] = [];
    for (let n = 0; n < share && made < options.count; n++, made++) {
      const condition = pick(random, mix);
      const marketplace = pick(random, MARKETPLACES);
      const colour = oneOf(random, COLOURS);
      const size = oneOf(random, SIZES[line.sizes]);
      // Status and sale window are spread evenly within each line and condition (not drawn at random), so a line's
      // rate is its condition's target instead of drifting with sampling noise at 50,000 rows.
      const { soldFraction } = counters[condition];
      const seen = (counters[condition].rows += 1);
      const sold = Math.floor(seen * soldFraction) > Math.floor((seen - 1) * soldFraction);
      let recent = false;
      if (sold) {
        const sales = (counters[condition].sales += 1);
        recent = Math.floor(sales * inWindow) > Math.floor((sales - 1) * inWindow);
      }
      const noise = Math.exp((random() - 0.5) * 0.6);
      const price = Math.max(
        3,
        Math.round(line.price * CONDITION_PRICE[condition] * noise * (sold ? 0.94 : 1) * 100) / 100,
      );
      let listedAt: number;
      let soldAt: number | null = null;
      if (sold) {
        const windowDays = 90;
        soldAt = recent
          ? now - random() * windowDays * DAY
          : now - (windowDays + random() * (HISTORY_DAYS - windowDays)) * DAY;
        // Exponential days-to-sell around the line's typical figure.
        const days = line.days * CONDITION_DAYS[condition];
        const took = Math.min(HISTORY_DAYS, -Math.log(1 - random() * 0.999) * days) * DAY;
        listedAt = Math.max(now - HISTORY_DAYS * DAY - 30 * DAY, soldAt - took);
      } else {
        listedAt = now - random() * HISTORY_DAYS * DAY;
      }
      const word = oneOf(random, CONDITION_WORDS[condition]);
      const sizeText = line.sizes === 'one' ? '' : ` Size ${size}`;
      // Two titles in five write the brand another way when sellers do ('DMs 1460', 'TNF Nuptse').
      const name = line.names && random() < 0.4 ? oneOf(random, line.names) : line.brand;
      const title = `${name} ${line.item} ${colour}${sizeText}${word ? ` ${word}` : ''}`.slice(0, 300);
      lineRows.push({
        marketplace,
        external_id: `demo-${String(made + 1).padStart(8, '0')}`,
        title,
        brand: line.brand,
        category: line.category,
        size,
        colour,
        condition,
        status: sold ? 'sold' : 'available',
        price,
        currency: 'USD',
        listed_at: new Date(listedAt).toISOString(),
        sold_at: soldAt === null ? null : new Date(soldAt).toISOString(),
        // Demo rows point nowhere: a made-up link to a real marketplace would mislead.
        url: null,
        source: 'demo',
        seller_key: demoSellerKey(Math.floor(sellerRandom() ** 1.6 * sellers)),
      });
    }
    lineRows.sort((a, b) =>
      a.status !== b.status
        ? a.status === 'available'
          ? -1
          : 1
        : a.sold_at && b.sold_at
          ? a.sold_at < b.sold_at
            ? 1
            : -1
          : 0,
    );
    for (const row of lineRows) yield { row, line };
  }
}

/**
 * The demo panel's size: hundreds of synthetic sellers (one per 120 listings, 200 to 5,000). A few sell a lot and
 * most a little (the draw is skewed towards the first keys), as on every marketplace.
 */
export function demoSellerCount(count: number): number {
  return Math.min(5000, Math.max(200, Math.round(count / 120)));
}

/** A synthetic seller's panel key: recognisably made up (5e11e700-...), stable for a seed. */
export function demoSellerKey(index: number): string {
  return `5e11e700-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
}

/** The columns of a listing row, in the order of our own import format (scripts/market-import-parse.ts). */
export const COLUMNS = [
  'marketplace',
  'external_id',
  'title',
  'brand',
  'category',
  'size',
  'colour',
  'condition',
  'status',
  'price',
  'currency',
  'listed_at',
  'sold_at',
  'url',
  'source',
] as const;

/** What upsertListings writes: the import format's columns and the seller's panel key. */
const WRITTEN = [...COLUMNS, 'seller_key'] as const;

const RECORDSET = `x(marketplace text, external_id text, title text, brand text, category text, size text, colour text,
  condition text, status text, price numeric, currency text, listed_at timestamptz, sold_at timestamptz, url text, source text,
  seller_key uuid)`;

/** Upserts rows by (marketplace, external_id) in chunks: one JSON parameter per chunk, parsed by Postgres. */
export async function upsertListings(
  db: Queryable,
  rows: Iterable<MarketListing>,
  chunkSize = 5000,
): Promise<number> {
  let written = 0;
  let chunk: MarketListing[] = [];
  const flush = async () => {
    if (!chunk.length) return;
    await db.query(
      `insert into public.market_listings (${WRITTEN.join(', ')})
       select ${WRITTEN.join(', ')} from jsonb_to_recordset($1::jsonb) as ${RECORDSET}
       on conflict (marketplace, external_id) do update set
         ${WRITTEN.filter((c) => c !== 'marketplace' && c !== 'external_id')
           .map((c) => `${c} = excluded.${c}`)
           .join(', ')}`,
      [JSON.stringify(chunk)],
    );
    written += chunk.length;
    chunk = [];
  };
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length >= chunkSize) await flush();
  }
  await flush();
  return written;
}

// Secondary indexes rebuilt after a bulk load: building a GIN index once is far cheaper than updating it per row.
const BULK_INDEXES = [
  `create index if not exists market_listings_available_terms_idx on public.market_listings
     using gin (terms) with (fastupdate = off) where status = 'available'`,
  `create index if not exists market_listings_sold_terms_idx on public.market_listings
     using gin (terms) with (fastupdate = off) where status = 'sold'`,
  `create index if not exists market_listings_sold_week_idx on public.market_listings
     using gin (public.market_sold_key(terms, sold_at)) with (fastupdate = off) where status = 'sold'`,
  `create index if not exists market_listings_title_trgm_idx on public.market_listings using gin (title extensions.gin_trgm_ops)`,
  `create index if not exists market_listings_source_idx on public.market_listings (source)`,
  `create index if not exists market_listings_seller_key_idx on public.market_listings (seller_key) where seller_key is not null`,
];

/**
 * Takes every listing write noted so far into the exact cells (public.market_cells_merge, decision 091), a committed
 * batch a call, until none is waiting: what the background merge does within a second or two, done now.
 */
export async function mergeCells(db: Queryable): Promise<void> {
  while ((await db.query<{ n: number }>('select public.market_cells_merge() as n')).rows[0].n > 0);
}

/** Drops the secondary indexes BULK_INDEXES builds, before a bulk load (ensureMarketIndexes builds them again). */
export async function dropMarketIndexes(db: Queryable): Promise<void> {
  for (const name of ['available_terms', 'sold_terms', 'sold_week', 'title_trgm', 'source', 'seller_key']) {
    await db.exec(`drop index if exists public.market_listings_${name}_idx`);
  }
}

/**
 * Makes sure a loaded index can be searched: the secondary indexes exist (a bulk load that was interrupted leaves them
 * dropped) and the vocabulary is filled. Cheap when both are in place.
 */
export async function ensureMarketIndexes(db: Queryable): Promise<void> {
  for (const sql of BULK_INDEXES) await db.exec(sql);
  // A bulk load stopped half way leaves the cells' triggers off and the cells short: on again, and rebuilt.
  await db.exec(`alter table public.market_listings enable trigger user`);
  const { rows: cells } = await db.query<{ ok: boolean }>(
    `select exists (select 1 from private.market_listing_places)
       or not exists (select 1 from public.market_listings where status = 'available' and source <> 'panel') as ok`,
  );
  if (!cells[0].ok) await db.query('select private.market_cells_rebuild()');
  else await mergeCells(db);
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.market_vocabulary');
  if (rows[0].n === 0) await db.query('select public.market_refresh_vocabulary()');
}

export type SeedOptions = {
  count: number;
  seed?: number;
  now?: Date;
  /** Drop and rebuild the secondary indexes around the load (worth it from about 10,000 rows). */
  bulk?: boolean;
  /** Rebuild the search vocabulary after the load (default true; tests that never misspell can skip it). */
  vocabulary?: boolean;
  /** How the rows reach the table: upsertListings on `db` by default; the PostgreSQL bench streams them with COPY. */
  write?: (rows: Iterable<MarketListing>) => Promise<unknown>;
  log?: (message: string) => void;
};

/** Replaces the demo rows with `count` freshly generated ones. Imported rows are left alone. */
export async function seedMarketListings(
  db: Queryable,
  options: SeedOptions,
): Promise<{ count: number; ms: number }> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const bulk = options.bulk ?? options.count >= 10_000;
  // A bulk load, or the removal of a large demo market, leaves the exact cells (45_market_cells.sql) to one rebuild at
  // the end: the triggers would carry every row through one statement's transition tables.
  const { rows: existing } = await db.query<{ n: number }>(
    `select count(*)::int as n from public.market_listings where source = 'demo'`,
  );
  const rebuild = bulk || existing[0].n >= 10_000;
  if (rebuild) await db.exec(`alter table public.market_listings disable trigger user`);
  await db.query(`delete from public.market_listings where source = 'demo'`);
  if (bulk) await dropMarketIndexes(db);
  let written = 0;
  const rows = generateListings(options);
  const tick = Math.max(50_000, Math.round(options.count / 10));
  let nextLog = tick;
  const write = options.write ?? ((all: Iterable<MarketListing>) => upsertListings(db, all));
  await write(
    (function* () {
      for (const row of rows) {
        written++;
        if (written >= nextLog) {
          log(
            `market seed: ${written.toLocaleString('en-US')} / ${options.count.toLocaleString('en-US')} rows`,
          );
          nextLog += tick;
        }
        yield row;
      }
    })(),
  );
  if (bulk) {
    log('market seed: building indexes');
    for (const sql of BULK_INDEXES) await db.exec(sql);
  }
  if (rebuild) {
    await db.exec(`alter table public.market_listings enable trigger user`);
    log('market seed: building the exact cells');
    await db.query('select private.market_cells_rebuild()');
  } else {
    // The triggers noted the rows; the cells take them in now, so a seeded market is searchable from cells at once.
    await mergeCells(db);
  }
  await db.exec('analyze public.market_listings');
  // The words typo correction and "did you mean" draw on (public.market_refresh_vocabulary).
  if (options.vocabulary !== false) {
    await db.query('select public.market_refresh_vocabulary()');
    // Fresh statistics for the refreshed words. On PGlite this also keeps the first market_parse_query after a
    // 30,000-row seed from answering no row and then crashing (ERRORDATA_STACK_SIZE exceeded); any statement in
    // between avoided it in every run, and skipping the refresh did too, so the root cause is still open.
    await db.exec('analyze public.market_vocabulary');
  }
  return { count: written, ms: Date.now() - started };
}
