// The shapes of a sales import: the fields a row can carry, a marketplace export's preset, and the row we store.
// One definition for the browser import (src/features/sales) and `npm run market:import` (scripts/), which is why
// the condition list comes in by a relative path.
import { conditions, type Condition } from '../../../../config/conditions';

export { conditions, type Condition };

/** The fields an imported row can carry; the mapping step offers exactly these. */
export const importFields = [
  'title',
  'price',
  'currency',
  'sold_at',
  'listed_at',
  'brand',
  'size',
  'condition',
  'marketplace',
  'external_id',
  'category',
  'status',
] as const;
export type ImportField = (typeof importFields)[number];

/** Which column holds each field: the column's header text exactly as it appears in the file. */
export type ColumnMapping = Partial<Record<ImportField, string>>;

/**
 * A marketplace's export, recognised by its header row. `columns` lists, per field, the header names that hold it in
 * this export (the first one present in the file wins); `signature` lists headers that must all be present for the
 * file to be this format (compared ignoring case, spaces and punctuation).
 */
export type FormatPreset = {
  id: string;
  /** What the preview says: "eBay Seller Hub orders report". */
  name: string;
  /** The marketplace every row is from, or null when a column says it (crosslister exports). */
  marketplace: string | null;
  /** Every row's status when the export holds only sales ('sold') or only live listings ('available'); null: a column says. */
  status: 'sold' | 'available' | null;
  signature: string[];
  columns: Partial<Record<ImportField, string[]>>;
  /** How to read a date such as 03/04/2025: month first (US exports) or day first (UK and EU exports). */
  dayFirst?: boolean;
  /** Rows above the header row that the export puts first (a title line, a blank line). */
  skipLines?: number;
  /** Where the column names come from: public documentation or public code that parses this export. */
  sources: string[];
};

/** A row as stored in public.seller_items (one item a reseller listed or sold). */
export type SaleRow = {
  marketplace: string;
  /** The order or item id the export gives; with the marketplace it is what re-imports deduplicate on. */
  external_id: string;
  title: string;
  brand: string | null;
  category: string | null;
  size: string | null;
  condition: Condition | null;
  status: 'available' | 'sold';
  /** The sale price when sold, the asking price when still listed; null when the export has none. */
  price: number | null;
  currency: string;
  listed_at: string | null;
  sold_at: string | null;
};
