// The shapes of a sales import: the fields a row can carry, a marketplace export's preset, and the row we store.
// One definition for the browser import (src/features/sales) and `npm run market:import` (scripts/), which is why
// the condition list comes in by a relative path.
import { conditions, type Condition } from '../../../../config/conditions';
import type { SaleStatus } from './values';

export { conditions, type Condition, type SaleStatus };

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
  'order_id',
  'category',
  'status',
  'quantity',
  'shipping',
  'fees',
  'net',
  'cost',
] as const;
export type ImportField = (typeof importFields)[number];

/** Which column holds each field: the column's header text exactly as it appears in the file. */
export type ColumnMapping = Partial<Record<ImportField, string>>;

/**
 * A marketplace's export, recognised by its header row. `columns` lists, per field, the header names that hold it in
 * this export (the first one present in the file is read, and the others, in order, in a row where it is empty);
 * `signature` lists headers that must all be present for the file to be this format. Headers are compared ignoring
 * case, spaces and punctuation, and a name may give its other spellings after a "|" ("Order Number|Order ID").
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
  /** Fields that add up several columns of the export (Depop's three fees). */
  sums?: Partial<Record<'shipping' | 'fees' | 'net' | 'cost', string[]>>;
  /** 'order': each row is a whole order standing for its items (Etsy's Sold Orders); default 'item'. */
  recordKind?: 'item' | 'order';
  /** The price column holds the line's total, not one unit's price (Etsy's Order Value). */
  priceIsTotal?: boolean;
  /** A yes/no column that says the item was new with tags (Poshmark's NWT), read when no condition column says. */
  conditionFlag?: { column: string; condition: Condition };
  /** A column with the amount refunded to the buyer: a sale refunded in full is 'refunded' (Depop). */
  refunded?: string;
  /** The quantity of a listed row, where sold rows have theirs in `columns.quantity` (Vendoo's Quantity Left). */
  listedQuantity?: string[];
  /** Further columns that identify a line besides its item id (eBay's Transaction ID, Variation Details). */
  lineId?: string[];
  /**
   * A row that stands for a group of rows (a multi-item order's summary row; a listing's parent row above its
   * variations): its `group` value is shared by other rows, and it has none of the `detail` columns they have.
   */
  summary?: { group: string[]; detail: string[] };
  /** Columns whose value earlier versions of the import used as the row's key (eBay's Sales Record Number). */
  previousKey?: string[];
  /** For an export without ids: the columns that tell its rows apart (Etsy's listing TITLE); default every column. */
  identity?: string[];
  /** How to read a date such as 03/04/2025: month first (US exports) or day first (UK and EU exports). */
  dayFirst?: boolean;
  /** Rows above the header row that the export puts first (a title line, a blank line). */
  skipLines?: number;
  /** Where the column names come from: public documentation or public code that parses this export. */
  sources: string[];
};

/**
 * A row as stored in public.seller_items: one line of an export (a listing, or a line of an order). The import always
 * sets every field; the fields of issue 51 are optional for callers that write rows by hand (the database's defaults:
 * one unit, an item line, no status, order or money).
 */
export type SaleRow = {
  marketplace: string;
  /** The line's key: with the marketplace, what re-imports recognise it by (order and item id, never the order alone). */
  external_id: string;
  title: string;
  brand: string | null;
  category: string | null;
  size: string | null;
  condition: Condition | null;
  status: 'available' | 'sold';
  /** One unit's price: the sale price when sold, the asking price when still listed; null when the export has none. */
  price: number | null;
  currency: string;
  listed_at: string | null;
  sold_at: string | null;
  /** Units in the line. */
  quantity?: number;
  /** What became of a sale when the export says; null when listed or not said. */
  sale_status?: SaleStatus | null;
  /** The order the line belongs to, when the export says. */
  order_id?: string | null;
  /** 'order': an order-level row standing for its items until they are imported (Etsy's Sold Orders). */
  record_kind?: 'item' | 'order';
  /** Line totals as the export gives them: shipping charged to the buyer, marketplace fees, net earnings, cost of goods. */
  shipping?: number | null;
  fees?: number | null;
  net?: number | null;
  cost?: number | null;
  /** The key an earlier version of the import gave this line, so the database can move that row to the line key. */
  previous_external_id?: string | null;
};
