import type { CSSProperties } from 'react';
import { HeartIcon } from './icons';

// Fixed positions, not random ones: the same result always rains the same way, and tests stay deterministic.
const hearts = [
  { left: 6, delay: 0, size: 22, duration: 3.6 },
  { left: 18, delay: 0.7, size: 16, duration: 4.2 },
  { left: 31, delay: 0.2, size: 26, duration: 3.9 },
  { left: 45, delay: 1.1, size: 18, duration: 4.4 },
  { left: 58, delay: 0.4, size: 24, duration: 3.7 },
  { left: 70, delay: 1.4, size: 15, duration: 4.1 },
  { left: 82, delay: 0.9, size: 20, duration: 3.8 },
  { left: 93, delay: 0.3, size: 17, duration: 4.3 },
];

/**
 * SPEC §2: a short shower of hearts for rates above 35. Purely decorative (hidden from assistive tech, never
 * catches clicks) and absent for people who ask for reduced motion.
 */
export function FallingHearts() {
  return (
    <div
      aria-hidden="true"
      data-testid="falling-hearts"
      className="pointer-events-none fixed inset-0 z-40 overflow-hidden motion-reduce:hidden"
    >
      {hearts.map((h, i) => (
        <span
          key={i}
          className="absolute top-0 text-rose-500 opacity-0 motion-safe:animate-heart-fall"
          style={
            {
              left: `${h.left}%`,
              animationDelay: `${h.delay}s`,
              animationDuration: `${h.duration}s`,
            } as CSSProperties
          }
        >
          <HeartIcon className="fill-rose-400" width={h.size} height={h.size} />
        </span>
      ))}
    </div>
  );
}
