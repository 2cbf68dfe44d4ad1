/** One brand or garment: the name resellers see, and the other names buyers type for it. */
export type LexiconEntry = { name: string; aliases: string[] };
export const BRANDS: LexiconEntry[] = [
  { name: 'Dr. Martens', aliases: ['Doc Martens', 'Dr Martens', 'Doc Marten', 'Docs', 'DMs', 'Doc Martin'] },
  { name: 'The North Face', aliases: ['North Face', 'TNF', 'the northface', 'northface'] },
  { name: 'Lululemon', aliases: ['lulu lemon', 'lulu'] },
  { name: "Arc'teryx", aliases: ['arc teryx', 'arcterx'] },
  { name: "Levi's", aliases: ['levi', 'levi strauss'] },
  { name: 'Off-White', aliases: ['offwhite'] },
  { name: 'Nike', aliases: [] },
  { name: 'Carhartt', aliases: ['carhartt wip'] },
  { name: 'Patagonia', aliases: ['patagucci'] },
];
export const GARMENTS: LexiconEntry[] = [
  { name: 'denim jacket', aliases: ['jean jacket', 'trucker jacket'] },
  { name: 'sneakers', aliases: ['trainers', 'kicks'] },
  { name: 't-shirt', aliases: ['tee', 'tshirt'] },
  { name: 'leggings', aliases: ['yoga pants'] },
  { name: 'hoodie', aliases: ['hoody', 'hooded sweatshirt'] },
  { name: 'jeans', aliases: ['jean', 'denim jeans'] },
];
