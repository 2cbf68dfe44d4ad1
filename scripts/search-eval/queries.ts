// The labelled search-quality set (issue 10): queries as resellers type them, each with the demo rows it should
// find, written from what the generator knows a row is (brand, line, garment category, size), never from its title.
// `npm run eval:search` prints precision and recall per query and overall; scripts/search-eval/eval.test.ts runs
// the set on a small market in the unit suite.
import type { LabelledListing } from '../../emulator/seeds/data/market-data';

/** What a demo row really is. */
export type Truth = {
  brand: string;
  item: string;
  category: string;
  size: string | null;
  colour: string | null;
};

export const truthOf = ({ row, line }: LabelledListing): Truth => ({
  brand: line.brand,
  item: line.item,
  category: line.category,
  size: row.size,
  colour: row.colour,
});

export type EvalKind =
  | 'plain'
  | 'alias'
  | 'misspelling'
  | 'plural'
  | 'size'
  | 'exclusion'
  | 'phrase'
  | 'comma'
  | 'long-title'
  | 'emoji'
  | 'nothing';

export type EvalQuery = { query: string; kind: EvalKind; truth: (row: Truth) => boolean };

const line = (brand: string, item: string) => (r: Truth) => r.brand === brand && r.item === item;
const brand = (name: string) => (r: Truth) => r.brand === name;
const category = (name: string) => (r: Truth) => r.category === name;
const itemHas = (word: string) => (r: Truth) => new RegExp(`\\b${word}\\b`, 'i').test(r.item);
const and =
  (...tests: ((r: Truth) => boolean)[]) =>
  (r: Truth) =>
    tests.every((t) => t(r));
const or =
  (...tests: ((r: Truth) => boolean)[]) =>
  (r: Truth) =>
    tests.some((t) => t(r));
const not = (test: (r: Truth) => boolean) => (r: Truth) => !test(r);
const size = (s: string) => (r: Truth) => r.size === s;
const colour = (c: string) => (r: Truth) => r.colour === c;

const docs1460 = line('Doc Martens', '1460 Leather Boots');
const nuptse = line('The North Face', 'Nuptse Puffer Jacket');
const align = line('Lululemon', 'Align Pant');
const atom = line("Arc'teryx", 'Atom LT Hoody Jacket');
const levis501 = line("Levi's", '501 Original Jeans');
const leggings = category('Leggings');
const denimJacket = or(line("Levi's", 'Trucker Denim Jacket'), line('Gap', 'Denim Jacket'));
const hoodies = or(itemHas('Hoodie'), itemHas('Hoody'));

export const EVAL_QUERIES: EvalQuery[] = [
  // Plain
  { query: 'nike tech fleece', kind: 'plain', truth: line('Nike', 'Tech Fleece Hoodie') },
  { query: 'coach tabby', kind: 'plain', truth: line('Coach', 'Tabby Shoulder Handbag') },
  { query: 'kate spade crossbody', kind: 'plain', truth: line('Kate Spade', 'Crossbody Handbag') },
  {
    query: 'patagonia better sweater',
    kind: 'plain',
    truth: line('Patagonia', 'Better Sweater Fleece Jacket'),
  },
  { query: 'carhartt detroit jacket', kind: 'plain', truth: line('Carhartt', 'Detroit Jacket') },
  { query: 'birkenstock boston', kind: 'plain', truth: line('Birkenstock', 'Boston Clogs') },
  { query: 'madewell transport tote', kind: 'plain', truth: line('Madewell', 'Transport Tote Handbag') },
  { query: 'reformation juliette', kind: 'plain', truth: line('Reformation', 'Juliette Linen Dress') },
  { query: 'aritzia super puff', kind: 'plain', truth: line('Aritzia', 'Super Puff Jacket') },
  { query: 'vuori joggers', kind: 'plain', truth: line('Vuori', 'Performance Joggers') },
  { query: 'salomon xt-6', kind: 'plain', truth: line('Salomon', 'XT-6 Trail Sneakers') },
  { query: 'chanel classic flap', kind: 'plain', truth: line('Chanel', 'Classic Flap Bag') },
  { query: 'CARHARTT double knee', kind: 'plain', truth: line('Carhartt', 'Double Knee Work Pants') },
  { query: 'free people adella', kind: 'plain', truth: line('Free People', 'Adella Slip Dress') },
  { query: 'j.crew schoolboy blazer', kind: 'plain', truth: line('J.Crew', 'Schoolboy Blazer Jacket') },
  { query: 'shein', kind: 'plain', truth: brand('Shein') },
  // Aliases
  { query: 'Dr. Martens 1460', kind: 'alias', truth: docs1460 },
  { query: 'doc martens 1460', kind: 'alias', truth: docs1460 },
  { query: 'DMs 1460', kind: 'alias', truth: docs1460 },
  { query: 'docs jadon', kind: 'alias', truth: line('Doc Martens', 'Jadon Platform Boots') },
  { query: 'TNF nuptse', kind: 'alias', truth: nuptse },
  { query: 'north face nuptse', kind: 'alias', truth: nuptse },
  { query: 'the north face denali', kind: 'alias', truth: line('The North Face', 'Denali Fleece Jacket') },
  { query: 'lulu lemon align', kind: 'alias', truth: align },
  { query: 'arc teryx atom', kind: 'alias', truth: atom },
  { query: 'arcteryx atom', kind: 'alias', truth: atom },
  { query: "Arc'teryx beta", kind: 'alias', truth: line("Arc'teryx", 'Beta AR Shell Jacket') },
  { query: 'levis 501', kind: 'alias', truth: levis501 },
  { query: 'levi 501', kind: 'alias', truth: levis501 },
  { query: 'jean jacket', kind: 'alias', truth: denimJacket },
  { query: 'denim jacket', kind: 'alias', truth: denimJacket },
  { query: 'polo ralph lauren cable knit', kind: 'alias', truth: line('Ralph Lauren', 'Cable Knit Sweater') },
  { query: 'ralph lauren polo shirt', kind: 'alias', truth: line('Ralph Lauren', 'Polo Shirt') },
  { query: 'nike trainers', kind: 'alias', truth: line('Nike', 'Air Max 90 Sneakers') },
  { query: 'old navy tee', kind: 'alias', truth: line('Old Navy', 'Graphic Tee') },
  { query: 'gap hoody', kind: 'alias', truth: line('Gap', 'Logo Hoodie') },
  { query: 'f21 bodycon', kind: 'alias', truth: line('Forever 21', 'Bodycon Dress') },
  // Misspellings
  { query: 'lululemn align', kind: 'misspelling', truth: align },
  {
    query: 'patagonya better sweater',
    kind: 'misspelling',
    truth: line('Patagonia', 'Better Sweater Fleece Jacket'),
  },
  { query: 'carhart detroit jacket', kind: 'misspelling', truth: line('Carhartt', 'Detroit Jacket') },
  { query: 'birkenstok boston', kind: 'misspelling', truth: line('Birkenstock', 'Boston Clogs') },
  { query: 'madwell transport tote', kind: 'misspelling', truth: line('Madewell', 'Transport Tote Handbag') },
  { query: 'reformaton juliette', kind: 'misspelling', truth: line('Reformation', 'Juliette Linen Dress') },
  { query: 'nuptsee puffer', kind: 'misspelling', truth: nuptse },
  // Plurals and garments
  { query: 'leggings', kind: 'plural', truth: leggings },
  { query: 'legging', kind: 'plural', truth: leggings },
  { query: 'lululemon hoodies', kind: 'plural', truth: and(brand('Lululemon'), hoodies) },
  { query: 'jeans', kind: 'plural', truth: category('Jeans') },
  { query: 'dresses', kind: 'plural', truth: category('Dresses') },
  { query: 'boots', kind: 'plural', truth: category('Boots') },
  { query: 'clogs', kind: 'plural', truth: line('Birkenstock', 'Boston Clogs') },
  { query: 'shorts', kind: 'plural', truth: category('Shorts') },
  { query: 'wunder train legging', kind: 'plural', truth: line('Lululemon', 'Wunder Train Leggings') },
  // Sizes
  { query: 'align pant size 6', kind: 'size', truth: and(align, size('6')) },
  {
    query: 'lululemon scuba hoodie size s',
    kind: 'size',
    truth: and(line('Lululemon', 'Scuba Hoodie'), size('S')),
  },
  {
    query: 'nike air max 90 size 9',
    kind: 'size',
    truth: and(line('Nike', 'Air Max 90 Sneakers'), size('9')),
  },
  { query: 'hoodie xl', kind: 'size', truth: and(hoodies, size('XL')) },
  { query: 'levis 501 sz 30', kind: 'size', truth: and(levis501, size('30')) },
  { query: 'doc martens 1460 us 8', kind: 'size', truth: and(docs1460, size('8')) },
  { query: 'patagonia baggies m', kind: 'size', truth: and(line('Patagonia', 'Baggies Shorts'), size('M')) },
  // Exclusions
  { query: 'jeans -levis', kind: 'exclusion', truth: and(category('Jeans'), not(brand("Levi's"))) },
  { query: 'lululemon -align', kind: 'exclusion', truth: and(brand('Lululemon'), not(align)) },
  {
    query: 'north face jacket -nuptse',
    kind: 'exclusion',
    truth: and(brand('The North Face'), itemHas('Jacket'), not(nuptse)),
  },
  { query: 'boots -jadon', kind: 'exclusion', truth: and(category('Boots'), not(itemHas('Jadon'))) },
  // Phrases
  { query: '"wide leg"', kind: 'phrase', truth: itemHas('Wide Leg') },
  { query: '"wide leg" jeans', kind: 'phrase', truth: line('Zara', 'Wide Leg Jeans') },
  { query: '"align pant"', kind: 'phrase', truth: align },
  { query: '"slip dress"', kind: 'phrase', truth: line('Free People', 'Adella Slip Dress') },
  // Commas: a comma separates alternatives (either part)
  { query: 'nuptse, super puff', kind: 'comma', truth: or(nuptse, line('Aritzia', 'Super Puff Jacket')) },
  { query: 'align, define jacket', kind: 'comma', truth: or(align, line('Lululemon', 'Define Jacket')) },
  { query: 'birkenstock arizona, birkenstock boston', kind: 'comma', truth: brand('Birkenstock') },
  // Long listing titles pasted whole: the item and its stated size count; colour and sales words do not
  {
    query: 'Lululemon Align Pant 25" High Rise Black Size 6 EUC Buttery Soft Yoga Leggings Womens',
    kind: 'long-title',
    truth: and(align, size('6')),
  },
  {
    query: "The North Face Men's Nuptse 1996 Retro Puffer Jacket Black 700 Fill Down Size L Excellent",
    kind: 'long-title',
    truth: and(nuptse, size('L')),
  },
  {
    query: 'Dr Martens 1460 Smooth Leather 8 Eye Lace Up Boots Cherry Red UK 7 US 8 Worn Twice Great',
    kind: 'long-title',
    truth: and(docs1460, size('8')),
  },
  {
    query: "Levi's 501 Original Fit Button Fly Straight Leg Jeans Medium Wash Vintage 90s Size 30 GUC",
    kind: 'long-title',
    truth: and(levis501, size('30')),
  },
  // Emoji
  { query: '🔥 Carhartt Detroit Jacket 🔥', kind: 'emoji', truth: line('Carhartt', 'Detroit Jacket') },
  { query: 'coach tabby 👜✨', kind: 'emoji', truth: line('Coach', 'Tabby Shoulder Handbag') },
  // Nothing comparable
  { query: 'zzzz qqqq', kind: 'nothing', truth: () => false },
  { query: 'gucci horsebit loafers', kind: 'nothing', truth: () => false },
  // A second pass over every kind: more aliases and garment synonyms, typos, sizes (0, shoe sizes, size first), colours
  // that are also brand words (navy / Old Navy), brand words that look like stop words (free, we, the, 21).
  { query: 'docs 1460', kind: 'alias', truth: docs1460 },
  { query: 'doc martin jadon', kind: 'alias', truth: line('Doc Martens', 'Jadon Platform Boots') },
  { query: 'the northface denali', kind: 'alias', truth: line('The North Face', 'Denali Fleece Jacket') },
  { query: 'lulu align', kind: 'alias', truth: align },
  { query: 'arc-teryx atom', kind: 'alias', truth: atom },
  { query: 'trucker jacket', kind: 'alias', truth: denimJacket },
  // The main label: every Ralph Lauren line, sweaters too.
  { query: 'polo ralph lauren', kind: 'alias', truth: brand('Ralph Lauren') },
  { query: 'tee', kind: 'alias', truth: line('Old Navy', 'Graphic Tee') },
  { query: 'old navy t-shirt', kind: 'alias', truth: line('Old Navy', 'Graphic Tee') },
  { query: 'cashmere jumper', kind: 'alias', truth: line('J.Crew', 'Cashmere Crewneck Sweater') },
  { query: 'yoga pants', kind: 'alias', truth: leggings },
  { query: 'kate spade purse', kind: 'alias', truth: line('Kate Spade', 'Crossbody Handbag') },
  { query: 'carhartt trousers', kind: 'alias', truth: line('Carhartt', 'Double Knee Work Pants') },
  { query: 'north face rucksack', kind: 'alias', truth: line('The North Face', 'Borealis Backpack') },
  { query: 'carhartt toque', kind: 'alias', truth: line('Carhartt', 'Beanie Hat') },
  { query: 'arcterix atom', kind: 'misspelling', truth: atom },
  {
    query: 'anthropolgie maeve dress',
    kind: 'misspelling',
    truth: line('Anthropologie', 'Maeve Midi Dress'),
  },
  {
    query: 'eilen fisher cardigan',
    kind: 'misspelling',
    truth: line('Eileen Fisher', 'Merino Cardigan Sweater'),
  },
  { query: 'kate spade crosbody', kind: 'misspelling', truth: line('Kate Spade', 'Crossbody Handbag') },
  { query: 'hoodies', kind: 'plural', truth: hoodies },
  { query: 'sneakers', kind: 'plural', truth: itemHas('Sneakers') },
  { query: 'handbags', kind: 'plural', truth: category('Handbags') },
  { query: 'earring', kind: 'plural', truth: line('Kate Spade', 'Spade Flower Earrings') },
  {
    query: 'midi dresses',
    kind: 'plural',
    truth: or(line('Anthropologie', 'Maeve Midi Dress'), line('Zara', 'Satin Midi Dress')),
  },
  { query: 'sandals', kind: 'plural', truth: line('Birkenstock', 'Arizona Sandals') },
  { query: 'backpacks', kind: 'plural', truth: line('The North Face', 'Borealis Backpack') },
  { query: 'hoodie size xl', kind: 'size', truth: and(hoodies, size('XL')) },
  { query: 'levis 501 size 32', kind: 'size', truth: and(levis501, size('32')) },
  { query: 'doc martens size 8', kind: 'size', truth: and(brand('Doc Martens'), size('8')) },
  { query: 'nuptse size m', kind: 'size', truth: and(nuptse, size('M')) },
  { query: 'jeans size 28', kind: 'size', truth: and(category('Jeans'), size('28')) },
  {
    query: 'lululemon define jacket xs',
    kind: 'size',
    truth: and(line('Lululemon', 'Define Jacket'), size('XS')),
  },
  {
    query: 'birkenstock arizona size 10',
    kind: 'size',
    truth: and(line('Birkenstock', 'Arizona Sandals'), size('10')),
  },
  { query: 'size 7 jadon', kind: 'size', truth: and(line('Doc Martens', 'Jadon Platform Boots'), size('7')) },
  {
    query: 'wilfred pants size 0',
    kind: 'size',
    truth: and(line('Aritzia', 'Wilfred Effortless Pants'), size('0')),
  },
  { query: 'carhartt -beanie', kind: 'exclusion', truth: and(brand('Carhartt'), not(itemHas('Beanie'))) },
  {
    query: 'dress -zara -shein',
    kind: 'exclusion',
    truth: and(category('Dresses'), not(brand('Zara')), not(brand('Shein'))),
  },
  // No kids rows exist: '-kids' must exclude nothing, never become a required word.
  { query: 'nike hoodie -kids', kind: 'exclusion', truth: line('Nike', 'Tech Fleece Hoodie') },
  { query: 'dr martens -jadon', kind: 'exclusion', truth: docs1460 },
  { query: '"high rise" jeans', kind: 'phrase', truth: line('Reformation', 'Cynthia High Rise Jeans') },
  { query: '"double knee"', kind: 'phrase', truth: line('Carhartt', 'Double Knee Work Pants') },
  { query: '"north face" backpack', kind: 'phrase', truth: line('The North Face', 'Borealis Backpack') },
  { query: 'align pant, define jacket', kind: 'comma', truth: or(align, line('Lululemon', 'Define Jacket')) },
  {
    query: 'birkenstock boston, dr martens 1460',
    kind: 'comma',
    truth: or(line('Birkenstock', 'Boston Clogs'), docs1460),
  },
  {
    query: 'The North Face Nuptse 1996 Retro Puffer Jacket 700 Fill Down Mens Size M Black Excellent',
    kind: 'long-title',
    truth: and(nuptse, size('M')),
  },
  {
    query: "Carhartt Detroit Jacket Blanket Lined Duck Canvas Brown Men's Size L Workwear Vintage Style",
    kind: 'long-title',
    truth: and(line('Carhartt', 'Detroit Jacket'), size('L')),
  },
  {
    query: "Dr. Martens 1460 Smooth Leather 8-Eye Lace Up Combat Boots Black Women's Size 8",
    kind: 'long-title',
    truth: and(docs1460, size('8')),
  },
  {
    query: "Levi's 501 Original Fit Button Fly Straight Leg Jeans Medium Wash Mens Size 32 Vintage Denim",
    kind: 'long-title',
    truth: and(levis501, size('32')),
  },
  {
    query: 'Coach Tabby Shoulder Bag 26 Pebbled Leather Chalk Gold Hardware Removable Strap Preloved',
    kind: 'long-title',
    truth: line('Coach', 'Tabby Shoulder Handbag'),
  },
  {
    query: 'Patagonia Better Sweater Fleece Jacket Full Zip Womens Heather Grey Warm Cozy Outdoor Hiking',
    kind: 'long-title',
    truth: line('Patagonia', 'Better Sweater Fleece Jacket'),
  },
  { query: '✨ Free People slip dress ✨', kind: 'emoji', truth: line('Free People', 'Adella Slip Dress') },
  { query: '👖levis 501', kind: 'emoji', truth: levis501 },
  { query: 'Birkenstock Boston 🌿 clogs', kind: 'emoji', truth: line('Birkenstock', 'Boston Clogs') },
  { query: '💖kate spade earrings💖', kind: 'emoji', truth: line('Kate Spade', 'Spade Flower Earrings') },
  { query: 'Levi’s 501', kind: 'plain', truth: levis501 },
  { query: 'free people we the free', kind: 'plain', truth: line('Free People', 'We The Free Jeans') },
  { query: 'old navy', kind: 'plain', truth: brand('Old Navy') },
  { query: 'navy nuptse', kind: 'plain', truth: and(nuptse, colour('Navy')) },
  { query: 'black align pant', kind: 'plain', truth: and(align, colour('Black')) },
  { query: 'heather grey hoodie', kind: 'plain', truth: and(hoodies, colour('Heather Grey')) },
  { query: 'forever 21 bodycon dress', kind: 'plain', truth: line('Forever 21', 'Bodycon Dress') },
  { query: 'nike shorts', kind: 'plain', truth: line('Nike', 'Dri-FIT Running Shorts') },
  // The brand Off-White, absent from the demo: never white hoodies.
  { query: 'off-white hoodie', kind: 'nothing', truth: () => false },
];
