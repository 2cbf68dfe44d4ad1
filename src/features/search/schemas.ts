import { z } from 'zod';
import { searchMessages as m } from './messages';

export const conditions = [
  'new_with_tags',
  'new_without_tags',
  'new_with_imperfections',
  'pre_owned',
] as const;
export type Condition = (typeof conditions)[number];

export const conditionLabels: Record<Condition, string> = {
  new_with_tags: 'New with tags',
  new_without_tags: 'New without tags',
  new_with_imperfections: 'New with imperfections',
  pre_owned: 'Pre-owned',
};

export const isCondition = (value: unknown): value is Condition =>
  typeof value === 'string' && (conditions as readonly string[]).includes(value);

// The form keeps condition as a string so the select can start empty; the schema narrows it.
export const searchFormSchema = z.object({
  itemName: z.string().trim().min(2, m.itemNameTooShort).max(100, m.itemNameTooLong),
  condition: z.string().pipe(z.enum(conditions, { error: m.conditionRequired })),
});
/** What the form holds: the select starts empty (''), which the schema rejects with 'Please select a condition.' */
export type SearchFormInput = z.input<typeof searchFormSchema>;
export type SearchFormValues = z.output<typeof searchFormSchema>;
export type SearchInput = SearchFormValues;

// The functions' answers are read defensively: SPEC §7 says a missing count reads as 0, and the extra fields of the
// "Deeper look" are optional so an older or leaner source never breaks the three cards.
const count = z.number().finite().nonnegative();
const byConditionSchema = z
  .object({
    new_with_tags: count,
    new_without_tags: count,
    new_with_imperfections: count,
    pre_owned: count,
  })
  .nullable()
  .catch(null);
export type ByCondition = NonNullable<z.infer<typeof byConditionSchema>>;

const source = z.enum(['local', 'ebay']).or(z.string()).catch('local');

export const availableResponseSchema = z.object({
  availableCount: count.catch(0),
  source,
  isDemo: z.boolean().catch(false),
  cached: z.boolean().catch(false),
  byCondition: byConditionSchema,
  byMarketplace: z.array(z.object({ marketplace: z.string(), available: count })).catch([]),
  comps: count.nullable().catch(null),
  asOf: z.string().nullable().catch(null),
});
export type AvailableResult = z.infer<typeof availableResponseSchema>;

export const soldResponseSchema = z.object({
  // null is meaningful: the source cannot count sold items (never read it as zero sales).
  soldCount: count.nullable().catch(0),
  reason: z.string().nullable().optional().catch(undefined),
  windowDays: z.number().int().positive().catch(90),
  source,
  isDemo: z.boolean().catch(false),
  cached: z.boolean().catch(false),
  medianPrice: z.number().finite().nullable().catch(null),
  priceRange: z.object({ p25: z.number().finite(), p75: z.number().finite() }).nullable().catch(null),
  currency: z.string().catch('USD'),
  typicalDaysToSell: z.number().finite().nullable().catch(null),
  byCondition: byConditionSchema,
  byMarketplace: z.array(z.object({ marketplace: z.string(), sold: count })).catch([]),
  comps: count.nullable().catch(null),
  asOf: z.string().nullable().catch(null),
});
export type SoldResult = z.infer<typeof soldResponseSchema>;
