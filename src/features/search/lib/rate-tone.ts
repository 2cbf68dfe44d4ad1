/**
 * The colours of a sell-through rate, from the product's own four bands (SPEC §9 and the sell-through article, which
 * says they are the Explorer's): above 70% high demand, above 40% a steady market, 10% to 40% slow, below 10% a snooze.
 * The two bands the product calls good read green, slow reads amber, a snooze grey; none reads red, which says "bad"
 * at a glance where the bands say 42% is a good rate (issue 54).
 */
export type RateTone = 'high' | 'steady' | 'slow' | 'snooze';

export function rateTone(rate: number): RateTone {
  if (rate > 70) return 'high';
  if (rate > 40) return 'steady';
  if (rate < 10) return 'snooze';
  return 'slow';
}

type ToneStyle = {
  /** The rate card's border and background. */
  card: string;
  /** The big figure on it. */
  figure: string;
  /** The Market Analysis badge of the band. */
  badge: string;
};

// Each figure colour keeps at least 4.5:1 on its card's background, and each badge's text on its badge.
export const toneStyles: Record<RateTone, ToneStyle> = {
  high: {
    card: 'border-emerald-300 bg-emerald-50',
    figure: 'text-emerald-700',
    badge: 'border-transparent bg-emerald-700 text-white',
  },
  steady: {
    card: 'border-teal-200 bg-teal-50/70',
    figure: 'text-teal-700',
    badge: 'border-transparent bg-teal-700 text-white',
  },
  slow: {
    card: 'border-amber-200 bg-amber-50/60',
    figure: 'text-amber-800',
    badge: 'border-amber-300 bg-amber-50 text-amber-900',
  },
  snooze: {
    card: 'border-slate-300',
    figure: 'text-slate-600',
    badge: 'border-slate-300 bg-slate-100 text-slate-800',
  },
};
