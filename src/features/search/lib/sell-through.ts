import { searchMessages as m } from '../messages';

/** SPEC §9: sold ÷ available × 100, rounded to a whole percent; 0 when nothing is available. */
export function sellThroughRate(sold: number, available: number): number {
  if (!Number.isFinite(sold) || !Number.isFinite(available) || available <= 0) return 0;
  return Math.round((sold / available) * 100);
}

/**
 * SPEC §9 count display: 1,000 and up as thousands with one decimal and 'K', 1,000,000 and up as millions with
 * one decimal and 'M', plain below. The decimal is always shown (1000 → '1.0K') because the SPEC asks for "one
 * decimal". Values are truncated, not rounded, so 999,999 reads '999.9K' rather than a misleading '1000.0K'.
 * Anything that is not a finite number shows '0' (SPEC §8).
 */
export function formatCount(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '0';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${sign}${oneDecimal(abs / 1_000_000)}M`;
  if (abs >= 1_000) return `${sign}${oneDecimal(abs / 1_000)}K`;
  return `${sign}${Math.round(abs)}`;
}

function oneDecimal(n: number): string {
  // The epsilon keeps binary fractions such as 1.1 from truncating to 1.0.
  return (Math.floor(n * 10 + 1e-9) / 10).toFixed(1);
}

export type DemandBand = 'high' | 'steady' | 'slow';

/** SPEC §9 thresholds: above 70 high, above 40 up to 70 steady, otherwise slow. */
export function demandBand(rate: number): DemandBand {
  if (rate > 70) return 'high';
  if (rate > 40) return 'steady';
  return 'slow';
}

export type BandDisplay = {
  band: DemandBand;
  /** 'High demand!' or 'Steady market'; the slow band has no label. */
  label: string | null;
  analysis: string;
  /** Above 35: falling hearts and a heart beside the title. */
  hearts: boolean;
  /** Below 10: the 'Less than 10% is a snooze' bubble. */
  snooze: boolean;
};

export function bandDisplay(rate: number): BandDisplay {
  const band = demandBand(rate);
  return {
    band,
    label: band === 'high' ? m.highDemand : band === 'steady' ? m.steadyMarket : null,
    analysis: band === 'high' ? m.analysisHigh : band === 'steady' ? m.analysisSteady : m.analysisSlow,
    hearts: rate > 35,
    snooze: rate < 10,
  };
}

/**
 * Beside a rate over 100% (issue 54): its formula with the figures, and why it can pass 100%. Sold counts a window and
 * available is today's snapshot, so more can sell in the window than are listed now. Null at 100% and under.
 */
export function aboveHundredWords(
  sold: number,
  available: number,
  windowDays: number,
): { formula: string; why: string } | null {
  const rate = sellThroughRate(sold, available);
  if (rate <= 100) return null;
  const [s, a] = [formatCount(sold), formatCount(available)];
  return { formula: m.above100Formula(s, a, rate), why: m.above100Explanation(s, a, windowDays) };
}

const priceFormats = new Map<string, Intl.NumberFormat>();
function priceFormat(currency: string, digits: 0 | 2): Intl.NumberFormat {
  const key = `${currency}:${digits}`;
  let f = priceFormats.get(key);
  if (!f) {
    const options = {
      style: 'currency',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    } as const;
    try {
      f = new Intl.NumberFormat('en-US', { ...options, currency });
    } catch {
      f = new Intl.NumberFormat('en-US', { ...options, currency: 'USD' });
    }
    priceFormats.set(key, f);
  }
  return f;
}

/** Prices in the listing currency, without cents when whole: '$48', '$12.50'. */
export function formatPrice(value: number, currency = 'USD'): string {
  return priceFormat(currency, Number.isInteger(value) ? 0 : 2).format(value);
}
