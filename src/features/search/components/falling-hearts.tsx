import type { CSSProperties } from 'react';
import { HeartIcon } from './icons';

// Fixed places in the lane, not random ones: the same result always rains the same way, and tests stay deterministic.
// `x` is the heart's left edge in px inside the 48 px lane, so the widest heart still fits.
const hearts = [
  { x: 2, delay: 0, size: 22, duration: 3.6 },
  { x: 28, delay: 0.7, size: 16, duration: 4.2 },
  { x: 14, delay: 0.2, size: 26, duration: 3.9 },
  { x: 30, delay: 1.1, size: 18, duration: 4.4 },
  { x: 4, delay: 0.4, size: 24, duration: 3.7 },
  { x: 31, delay: 1.4, size: 15, duration: 4.1 },
  { x: 10, delay: 0.9, size: 20, duration: 3.8 },
  { x: 24, delay: 0.3, size: 17, duration: 4.3 },
];

/** What the card that holds the hearts keeps clear on its right for them: the lane's 48 px and a gap. */
export const heartsLaneClearance = 'motion-safe:mr-14';

/**
 * SPEC §2: a short shower of hearts for rates above 35. They fall in a lane of their own along the right edge of the
 * rate card, which keeps its words and figures out of it (`heartsLaneClearance`), so no heart ever covers a figure or
 * an input (issue 54: across the whole screen they drifted over the query and the figures on a phone). Purely
 * decorative (hidden from assistive tech, never catches clicks), moved by transforms alone (no layout shift), and
 * absent for people who ask for reduced motion.
 */
export function FallingHearts() {
  return (
    <div
      aria-hidden="true"
      data-testid="falling-hearts"
      className="pointer-events-none absolute inset-y-0 right-0 w-12 overflow-hidden rounded-r-lg motion-reduce:hidden"
    >
      {hearts.map((h, i) => (
        // As tall as the lane, the heart at its top: translateY(100%) takes the heart down the whole lane.
        <span
          key={i}
          className="absolute inset-y-0 block opacity-0 motion-safe:animate-heart-fall"
          style={
            {
              left: `${h.x}px`,
              animationDelay: `${h.delay}s`,
              animationDuration: `${h.duration}s`,
            } as CSSProperties
          }
        >
          <HeartIcon className="fill-rose-400 text-rose-500" width={h.size} height={h.size} />
        </span>
      ))}
    </div>
  );
}
