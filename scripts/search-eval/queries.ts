// The labelled search-quality set (issue 10): what a reseller means by a query, and which demo rows that is. The demo
// generator knows every row's brand, line, category and size, so each truth is written from those facts and never from
// the title text, which is what the matcher under test reads. `npm run eval:search` scores a matcher against it.
//
// Decisions the set encodes:
// - A comma means OR between its parts ('nuptse, super puff' is either line); spaces inside a part still mean AND.
// - A pasted listing title means its brand and line, and its size when the title states one. Colour, condition and
//   filler words ('EUC', 'Buttery Soft', 'Womens') do not narrow it: sellers of the same piece describe it differently.
// - '-word' excludes rows that are that thing; '"quoted words"' must appear together and in order.
import { LINES, type MarketListing } from '../market-data';

/** What a demo row really is: the generator knows it (brand, line, garment, size). */
export type TruthRow = Pick<
  MarketListing,
  'title' | 'brand' | 'category' | 'size' | 'colour' | 'condition' | 'status'
> & { item: string };

export type EvalQuery = {
  query: string;
  kind:
    | 'alias'
    | 'misspelling'
    | 'plural'
    | 'size'
    | 'exclusion'
    | 'phrase'
    | 'long-title'
    | 'emoji'
    | 'comma'
    | 'plain';
  note: string;
  truth: (row: TruthRow) => boolean;
};

type Truth = EvalQuery['truth'];

// The helpers refuse names the demo market does not have, so a typo in a truth fails at load instead of quietly
// matching nothing (a comma query would still find rows through its other parts).
function line(brand: string, item: string): Truth {
  if (!LINES.some((l) => l.brand === brand && l.item === item))
    throw new Error(`no demo line ${brand} ${item}`);
  return (row) => row.brand === brand && row.item === item;
}
function brand(name: string): Truth {
  if (!LINES.some((l) => l.brand === name)) throw new Error(`no demo brand ${name}`);
  return (row) => row.brand === name;
}
function category(name: string): Truth {
  if (!LINES.some((l) => l.category === name)) throw new Error(`no demo category ${name}`);
  return (row) => row.category === name;
}
const anyOf =
  (...truths: Truth[]): Truth =>
  (row) =>
    truths.some((t) => t(row));
const allOf =
  (...truths: Truth[]): Truth =>
  (row) =>
    truths.every((t) => t(row));
const not =
  (truth: Truth): Truth =>
  (row) =>
    !truth(row);
const size =
  (value: string): Truth =>
  (row) =>
    row.size === value;
const colour =
  (value: string): Truth =>
  (row) =>
    row.colour === value;
const nothing: Truth = () => false;

// Garments as a buyer sees them, across brands.
const hoodies = anyOf(
  line('Lululemon', 'Scuba Hoodie'),
  line('Nike', 'Tech Fleece Hoodie'),
  line('Gap', 'Logo Hoodie'),
);
const denimJackets = anyOf(line("Levi's", 'Trucker Denim Jacket'), line('Gap', 'Denim Jacket'));
const align = line('Lululemon', 'Align Pant');
const nuptse = line('The North Face', 'Nuptse Puffer Jacket');
const superPuff = line('Aritzia', 'Super Puff Jacket');
const docs1460 = line('Doc Martens', '1460 Leather Boots');
const atom = line("Arc'teryx", 'Atom LT Hoody Jacket');
const levis501 = line("Levi's", '501 Original Jeans');
const detroit = line('Carhartt', 'Detroit Jacket');
const betterSweater = line('Patagonia', 'Better Sweater Fleece Jacket');
const boston = line('Birkenstock', 'Boston Clogs');

export const EVAL_QUERIES: EvalQuery[] = [
  // Aliases: other names of the same brand or garment.
  {
    query: 'Dr. Martens 1460',
    kind: 'alias',
    note: 'brand name; the demo lists them as Doc Martens',
    truth: docs1460,
  },
  { query: 'doc martens 1460', kind: 'alias', note: 'how the demo titles spell it', truth: docs1460 },
  { query: 'DMs 1460', kind: 'alias', note: 'reseller abbreviation', truth: docs1460 },
  { query: 'docs 1460', kind: 'alias', note: 'nickname', truth: docs1460 },
  {
    query: 'doc martin jadon',
    kind: 'alias',
    note: 'spoken form of the name',
    truth: line('Doc Martens', 'Jadon Platform Boots'),
  },
  { query: 'TNF nuptse', kind: 'alias', note: 'The North Face abbreviation', truth: nuptse },
  { query: 'north face nuptse', kind: 'alias', note: 'without "the"', truth: nuptse },
  {
    query: 'the northface denali',
    kind: 'alias',
    note: 'joined form',
    truth: line('The North Face', 'Denali Fleece Jacket'),
  },
  { query: 'lulu lemon align', kind: 'alias', note: 'split form', truth: align },
  { query: 'lulu align', kind: 'alias', note: 'short form resellers use', truth: align },
  { query: 'arc teryx atom', kind: 'alias', note: 'split form', truth: atom },
  { query: 'arcteryx atom', kind: 'alias', note: 'without the apostrophe', truth: atom },
  { query: 'arc-teryx atom', kind: 'alias', note: 'hyphen for the apostrophe', truth: atom },
  { query: 'levis 501', kind: 'alias', note: 'without the apostrophe', truth: levis501 },
  { query: 'levi 501', kind: 'alias', note: 'singular form of the brand', truth: levis501 },
  { query: 'jean jacket', kind: 'alias', note: 'denim jacket under its other name', truth: denimJackets },
  { query: 'trucker jacket', kind: 'alias', note: "a denim jacket; Gap's counts too", truth: denimJackets },
  {
    query: 'polo ralph lauren',
    kind: 'alias',
    note: 'the main label: the whole brand, sweaters too',
    truth: brand('Ralph Lauren'),
  },
  {
    query: 'RL polo',
    kind: 'alias',
    note: 'abbreviation + garment alias',
    truth: line('Ralph Lauren', 'Polo Shirt'),
  },
  {
    query: 'tee',
    kind: 'alias',
    note: 't-shirts: the graphic tee, not polo shirts',
    truth: line('Old Navy', 'Graphic Tee'),
  },
  { query: 'old navy t-shirt', kind: 'alias', note: 't-shirt ~ tee', truth: line('Old Navy', 'Graphic Tee') },
  {
    query: 'nike trainers',
    kind: 'alias',
    note: 'UK for sneakers',
    truth: line('Nike', 'Air Max 90 Sneakers'),
  },
  {
    query: 'cashmere jumper',
    kind: 'alias',
    note: 'UK for sweater',
    truth: line('J.Crew', 'Cashmere Crewneck Sweater'),
  },
  { query: 'hooded sweatshirt', kind: 'alias', note: 'hoodies, not hooded jackets', truth: hoodies },
  {
    query: 'yoga pants',
    kind: 'alias',
    note: 'leggings, not joggers or wide-leg pants',
    truth: category('Leggings'),
  },
  {
    query: 'kate spade purse',
    kind: 'alias',
    note: 'purse ~ handbag (US)',
    truth: line('Kate Spade', 'Crossbody Handbag'),
  },
  {
    query: 'carhartt trousers',
    kind: 'alias',
    note: 'UK for pants',
    truth: line('Carhartt', 'Double Knee Work Pants'),
  },
  {
    query: 'north face rucksack',
    kind: 'alias',
    note: 'UK for backpack',
    truth: line('The North Face', 'Borealis Backpack'),
  },

  {
    query: 'carhartt toque',
    kind: 'alias',
    note: 'Canadian for beanie',
    truth: line('Carhartt', 'Beanie Hat'),
  },
  // Misspellings: typos fuzzy matching must absorb.
  { query: 'lululemn align', kind: 'misspelling', note: 'dropped letter in the brand', truth: align },
  { query: 'patagonya better sweater', kind: 'misspelling', note: 'phonetic typo', truth: betterSweater },
  { query: 'carhart detroit jacket', kind: 'misspelling', note: 'dropped double letter', truth: detroit },
  { query: 'birkenstok boston', kind: 'misspelling', note: 'dropped letter', truth: boston },
  {
    query: 'madwell transport tote',
    kind: 'misspelling',
    note: 'dropped letter',
    truth: line('Madewell', 'Transport Tote Handbag'),
  },
  {
    query: 'reformaton juliette',
    kind: 'misspelling',
    note: 'dropped letter',
    truth: line('Reformation', 'Juliette Linen Dress'),
  },
  { query: 'arcterix atom', kind: 'misspelling', note: 'common spelling of the brand', truth: atom },
  {
    query: 'anthropolgie maeve dress',
    kind: 'misspelling',
    note: 'dropped letter',
    truth: line('Anthropologie', 'Maeve Midi Dress'),
  },
  {
    query: 'eilen fisher cardigan',
    kind: 'misspelling',
    note: 'dropped letter',
    truth: line('Eileen Fisher', 'Merino Cardigan Sweater'),
  },
  {
    query: 'kate spade crosbody',
    kind: 'misspelling',
    note: 'typo in the garment',
    truth: line('Kate Spade', 'Crossbody Handbag'),
  },

  // Plurals: folded without turning one garment into another.
  {
    query: 'leggings',
    kind: 'plural',
    note: 'category Leggings, not wide-leg pants or jeans',
    truth: category('Leggings'),
  },
  { query: 'legging', kind: 'plural', note: 'singular of leggings', truth: category('Leggings') },
  {
    query: 'hoodies',
    kind: 'plural',
    note: 'hoodie sweatshirts, not the Atom LT Hoody jacket',
    truth: hoodies,
  },
  { query: 'jeans', kind: 'plural', note: 'category Jeans, not other pants', truth: category('Jeans') },
  { query: 'dresses', kind: 'plural', note: 'irregular plural (-es)', truth: category('Dresses') },
  { query: 'boots', kind: 'plural', note: 'category Boots', truth: category('Boots') },
  {
    query: 'sneakers',
    kind: 'plural',
    note: 'sneakers only, not sandals or clogs',
    truth: line('Nike', 'Air Max 90 Sneakers'),
  },
  { query: 'handbags', kind: 'plural', note: 'category Handbags', truth: category('Handbags') },
  {
    query: 'earring',
    kind: 'plural',
    note: 'singular of earrings',
    truth: line('Kate Spade', 'Spade Flower Earrings'),
  },
  {
    query: 'midi dresses',
    kind: 'plural',
    note: 'two lines of midi dresses',
    truth: anyOf(line('Anthropologie', 'Maeve Midi Dress'), line('Zara', 'Satin Midi Dress')),
  },

  { query: 'shorts', kind: 'plural', note: 'word that is always plural', truth: category('Shorts') },
  {
    query: 'sandals',
    kind: 'plural',
    note: 'sandals, not clogs or sneakers',
    truth: line('Birkenstock', 'Arizona Sandals'),
  },
  {
    query: 'backpacks',
    kind: 'plural',
    note: 'category Bags',
    truth: line('The North Face', 'Borealis Backpack'),
  },
  // Sizes: size words are never stop words, and they narrow to that size.
  { query: 'align pant size 6', kind: 'size', note: 'numeric pants size', truth: allOf(align, size('6')) },
  {
    query: 'lululemon scuba hoodie size s',
    kind: 'size',
    note: '"s" is a size, not a stop word',
    truth: allOf(line('Lululemon', 'Scuba Hoodie'), size('S')),
  },
  {
    query: 'nike air max 90 size 9',
    kind: 'size',
    note: 'shoe size; 90 is the model',
    truth: allOf(line('Nike', 'Air Max 90 Sneakers'), size('9')),
  },
  { query: 'hoodie size xl', kind: 'size', note: 'every hoodie in XL', truth: allOf(hoodies, size('XL')) },
  { query: 'levis 501 size 32', kind: 'size', note: 'waist size', truth: allOf(levis501, size('32')) },
  {
    query: 'doc martens size 8',
    kind: 'size',
    note: 'brand and shoe size',
    truth: allOf(brand('Doc Martens'), size('8')),
  },
  { query: 'nuptse size m', kind: 'size', note: '"m" is a size', truth: allOf(nuptse, size('M')) },
  {
    query: 'jeans size 28',
    kind: 'size',
    note: 'garment and waist size',
    truth: allOf(category('Jeans'), size('28')),
  },
  {
    query: 'lululemon define jacket xs',
    kind: 'size',
    note: 'size without the word "size"',
    truth: allOf(line('Lululemon', 'Define Jacket'), size('XS')),
  },

  {
    query: 'birkenstock arizona size 10',
    kind: 'size',
    note: 'shoe size 10, which is also a pants size elsewhere',
    truth: allOf(line('Birkenstock', 'Arizona Sandals'), size('10')),
  },
  {
    query: 'size 7 jadon',
    kind: 'size',
    note: 'size before the line',
    truth: allOf(line('Doc Martens', 'Jadon Platform Boots'), size('7')),
  },
  {
    query: 'wilfred pants size 0',
    kind: 'size',
    note: 'size 0 is a size, not noise',
    truth: allOf(line('Aritzia', 'Wilfred Effortless Pants'), size('0')),
  },
  // Exclusions: '-word' removes rows that are that thing, and is never a required word.
  {
    query: 'jeans -levis',
    kind: 'exclusion',
    note: "jeans of every brand but Levi's",
    truth: allOf(category('Jeans'), not(brand("Levi's"))),
  },
  {
    query: 'lululemon -align',
    kind: 'exclusion',
    note: 'every Lululemon line but Align',
    truth: allOf(brand('Lululemon'), not(align)),
  },
  {
    query: 'north face jacket -nuptse',
    kind: 'exclusion',
    note: 'the Denali fleece jacket',
    truth: line('The North Face', 'Denali Fleece Jacket'),
  },
  {
    query: 'carhartt -beanie',
    kind: 'exclusion',
    note: 'Carhartt apparel without the beanie',
    truth: allOf(brand('Carhartt'), not(line('Carhartt', 'Beanie Hat'))),
  },
  {
    query: 'dress -zara -shein',
    kind: 'exclusion',
    note: 'two exclusions',
    truth: allOf(category('Dresses'), not(brand('Zara')), not(brand('Shein'))),
  },
  {
    query: 'nike hoodie -kids',
    kind: 'exclusion',
    note: 'no kids rows exist: -kids must not become required',
    truth: line('Nike', 'Tech Fleece Hoodie'),
  },

  {
    query: 'dr martens -jadon',
    kind: 'exclusion',
    note: 'alias and exclusion together: the 1460s',
    truth: docs1460,
  },
  // Phrases: quoted words together and in order.
  {
    query: '"wide leg"',
    kind: 'phrase',
    note: 'wide-leg pants and jeans, not leggings',
    truth: anyOf(line('Eileen Fisher', 'Linen Wide Leg Pants'), line('Zara', 'Wide Leg Jeans')),
  },
  { query: '"align pant"', kind: 'phrase', note: 'the line name', truth: align },
  {
    query: '"high rise" jeans',
    kind: 'phrase',
    note: 'phrase plus a word',
    truth: line('Reformation', 'Cynthia High Rise Jeans'),
  },
  {
    query: '"double knee"',
    kind: 'phrase',
    note: 'Carhartt work pants',
    truth: line('Carhartt', 'Double Knee Work Pants'),
  },
  {
    query: '"slip dress"',
    kind: 'phrase',
    note: 'not every dress',
    truth: line('Free People', 'Adella Slip Dress'),
  },

  {
    query: '"north face" backpack',
    kind: 'phrase',
    note: 'a quoted brand alias',
    truth: line('The North Face', 'Borealis Backpack'),
  },
  // Commas: OR between the parts.
  {
    query: 'nuptse, super puff',
    kind: 'comma',
    note: 'comma means OR: either puffer line',
    truth: anyOf(nuptse, superPuff),
  },
  {
    query: 'align pant, define jacket',
    kind: 'comma',
    note: 'comma means OR: two Lululemon lines',
    truth: anyOf(align, line('Lululemon', 'Define Jacket')),
  },
  {
    query: 'birkenstock boston, dr martens 1460',
    kind: 'comma',
    note: 'comma means OR, and aliases work in each part',
    truth: anyOf(boston, docs1460),
  },

  // Long listing titles pasted whole: brand + line, and the size the title states.
  {
    query: 'Lululemon Align Pant 25" High Rise Black Size 6 EUC Buttery Soft Yoga Leggings Womens',
    kind: 'long-title',
    note: 'states size 6',
    truth: allOf(align, size('6')),
  },
  {
    query: 'The North Face Nuptse 1996 Retro Puffer Jacket 700 Fill Down Mens Size M Black Excellent',
    kind: 'long-title',
    note: 'states size M; 1996 and 700 are not sizes',
    truth: allOf(nuptse, size('M')),
  },
  {
    query: "Carhartt Detroit Jacket Blanket Lined Duck Canvas Brown Men's Size L Workwear Vintage Style",
    kind: 'long-title',
    note: 'states size L',
    truth: allOf(detroit, size('L')),
  },
  {
    query: "Dr. Martens 1460 Smooth Leather 8-Eye Lace Up Combat Boots Black Women's Size 8",
    kind: 'long-title',
    note: 'states size 8; 8-Eye is not a size',
    truth: allOf(docs1460, size('8')),
  },
  {
    query: "Levi's 501 Original Fit Button Fly Straight Leg Jeans Medium Wash Mens Size 32 Vintage Denim",
    kind: 'long-title',
    note: 'states size 32; "Medium Wash" is not size M',
    truth: allOf(levis501, size('32')),
  },
  {
    query: 'Coach Tabby Shoulder Bag 26 Pebbled Leather Chalk Gold Hardware Removable Strap Preloved',
    kind: 'long-title',
    note: 'one-size bag; 26 is the model width',
    truth: line('Coach', 'Tabby Shoulder Handbag'),
  },
  {
    query: 'Patagonia Better Sweater Fleece Jacket Full Zip Womens Heather Grey Warm Cozy Outdoor Hiking',
    kind: 'long-title',
    note: 'no size stated: every size',
    truth: betterSweater,
  },

  // Emoji around the words.
  { query: '🔥 Carhartt Detroit Jacket 🔥', kind: 'emoji', note: 'emoji on both sides', truth: detroit },
  {
    query: '✨ Free People slip dress ✨',
    kind: 'emoji',
    note: '"free" belongs to the brand here',
    truth: line('Free People', 'Adella Slip Dress'),
  },
  { query: '👖levis 501', kind: 'emoji', note: 'emoji glued to a word', truth: levis501 },
  { query: 'Birkenstock Boston 🌿 clogs', kind: 'emoji', note: 'emoji between words', truth: boston },

  {
    query: '💖kate spade earrings💖',
    kind: 'emoji',
    note: 'emoji glued at both ends',
    truth: line('Kate Spade', 'Spade Flower Earrings'),
  },
  // Plain queries: brand and line, case, colour, and words that only look like stop words.
  {
    query: 'nike tech fleece',
    kind: 'plain',
    note: 'brand + line',
    truth: line('Nike', 'Tech Fleece Hoodie'),
  },
  {
    query: 'coach tabby',
    kind: 'plain',
    note: 'brand + line',
    truth: line('Coach', 'Tabby Shoulder Handbag'),
  },
  {
    query: 'kate spade crossbody',
    kind: 'plain',
    note: 'brand + garment',
    truth: line('Kate Spade', 'Crossbody Handbag'),
  },
  { query: 'CARHARTT detroit', kind: 'plain', note: 'case does not matter', truth: detroit },
  { query: 'Levi’s 501', kind: 'plain', note: 'typographic apostrophe', truth: levis501 },
  {
    query: 'free people we the free',
    kind: 'plain',
    note: '"we", "the" and "free" are all needed',
    truth: line('Free People', 'We The Free Jeans'),
  },
  { query: 'old navy', kind: 'plain', note: 'the brand, not navy-coloured rows', truth: brand('Old Navy') },
  {
    query: 'navy nuptse',
    kind: 'plain',
    note: 'the colour, not the brand Old Navy',
    truth: allOf(nuptse, colour('Navy')),
  },
  { query: 'black align pant', kind: 'plain', note: 'colour narrows', truth: allOf(align, colour('Black')) },
  {
    query: 'heather grey hoodie',
    kind: 'plain',
    note: 'two-word colour',
    truth: allOf(hoodies, colour('Heather Grey')),
  },
  {
    query: 'vuori joggers',
    kind: 'plain',
    note: 'brand + garment',
    truth: line('Vuori', 'Performance Joggers'),
  },
  {
    query: 'forever 21 bodycon dress',
    kind: 'plain',
    note: '"21" belongs to the brand; the line never sells',
    truth: line('Forever 21', 'Bodycon Dress'),
  },
  {
    query: 'nike shorts',
    kind: 'plain',
    note: 'brand + garment',
    truth: line('Nike', 'Dri-FIT Running Shorts'),
  },
  {
    query: 'off-white hoodie',
    kind: 'plain',
    note: 'the brand Off-White, absent from the demo: not white hoodies',
    truth: nothing,
  },
  { query: 'zzzz qqqq', kind: 'plain', note: 'unknown words match nothing', truth: nothing },
];

/** How many queries of each kind the set holds. */
export function describeCounts(): Record<EvalQuery['kind'], number> {
  const counts = {} as Record<EvalQuery['kind'], number>;
  for (const { kind } of EVAL_QUERIES) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}
