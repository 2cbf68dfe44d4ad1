// Which money figures the user's imports hold, and how much of them: the page shows a column or a line only where the
// data has it, and says what is missing rather than showing a partial sum as a whole (decision 081).
import type { SalesMoney } from './summary-types';

export type MoneyField = 'revenue' | 'shipping' | 'fees' | 'net' | 'cost' | 'profit' | 'roi';

/** The order of a reseller's statement, from what sold to what it earned. */
export const moneyFields: MoneyField[] = ['revenue', 'shipping', 'fees', 'net', 'cost', 'profit', 'roi'];

/** How many of the sales have the field (ROI goes with profit: it is profit over the same sales' cost). */
export const knownCount = (money: SalesMoney, field: MoneyField): number =>
  money.known[field === 'roi' ? 'profit' : field];

/** The fields that at least one sale has, in statement order. */
export const presentFields = (money: SalesMoney): MoneyField[] =>
  moneyFields.filter((field) => knownCount(money, field) > 0);

/** The fields that no sale has, when there are sales to have them. */
export const missingFields = (money: SalesMoney): MoneyField[] =>
  money.sales === 0 ? [] : moneyFields.filter((field) => knownCount(money, field) === 0);

/** The fields that some sales have and others do not: their sums are partial, and the page says over how many. */
export const partialFields = (money: SalesMoney): MoneyField[] =>
  moneyFields.filter(
    (field) => field !== 'roi' && knownCount(money, field) > 0 && knownCount(money, field) < money.sales,
  );

/**
 * Why there is no profit, in the order a user would fix it: no prices at all, no cost of goods, no net earnings, or
 * nets and costs only on different sales (profit is net - cost of the sales that give both).
 */
export function whyNoProfit(money: SalesMoney): 'prices' | 'cost' | 'net' | 'apart' | null {
  if (money.known.profit > 0) return null;
  if (money.known.revenue === 0 && money.known.net === 0) return 'prices';
  if (money.known.cost === 0) return 'cost';
  if (money.known.net === 0) return 'net';
  return 'apart';
}
