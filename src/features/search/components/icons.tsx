import type { SVGProps } from 'react';

// Small inline icons (the project carries no icon library); all decorative unless given a label by the caller.
const base = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

/** A path's `d`, or a circle. */
type Shape = string | { cx: number; cy: number; r: number };

/** An icon: its shapes, in order, on the shared 24x24 stroke canvas; the caller's props (a class, a label) win. */
function icon(...shapes: Shape[]) {
  return function Icon(props: SVGProps<SVGSVGElement>) {
    return (
      <svg {...base} {...props}>
        {shapes.map((shape, i) =>
          typeof shape === 'string' ? <path key={i} d={shape} /> : <circle key={i} {...shape} />,
        )}
      </svg>
    );
  };
}

export const HeartIcon = icon(
  'M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z',
);
export const SearchIcon = icon({ cx: 11, cy: 11, r: 7 }, 'm20 20-3.5-3.5');
export const TagIcon = icon(
  'M12.6 2.6A2 2 0 0 0 11.2 2H4a2 2 0 0 0-2 2v7.2a2 2 0 0 0 .6 1.4l8.7 8.7a2.4 2.4 0 0 0 3.4 0l6.6-6.6a2.4 2.4 0 0 0 0-3.4Z',
  { cx: 7.5, cy: 7.5, r: 1.5 },
);
export const BagIcon = icon(
  'M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4Z',
  'M3 6h18',
  'M16 10a4 4 0 0 1-8 0',
);
export const TrendIcon = icon('m22 7-8.5 8.5-5-5L2 17', 'M16 7h6v6');
export const ChartIcon = icon('M3 3v18h18', 'M7 16v-5M12 16V8M17 16v-8');
export const LightbulbIcon = icon(
  'M15 14c.2-1 .7-1.7 1.5-2.5 1-.9 1.5-2.2 1.5-3.5A6 6 0 0 0 6 8c0 1 .2 2.2 1.5 3.5.7.7 1.3 1.5 1.5 2.5',
  'M9 18h6M10 22h4',
);
export const GhostIcon = icon(
  'M9 10h.01M15 10h.01',
  'M12 2a8 8 0 0 0-8 8v12l3-3 2.5 2.5L12 19l2.5 2.5L17 19l3 3V10a8 8 0 0 0-8-8Z',
);
export const SnoozeIcon = icon('M3 6h6l-6 7h6M13 4h4l-4 5h4M15 14h6l-6 7h6');
export const BookmarkIcon = icon('m19 21-7-4-7 4V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2Z');
export const CheckIcon = icon('M20 6 9 17l-5-5');
export const InfoIcon = icon({ cx: 12, cy: 12, r: 10 }, 'M12 16v-4M12 8h.01');
export const AppleIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable={false} {...props}>
    <path d="M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.1 1-4 2.4-1.7 3-.4 7.3 1.2 9.7.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.5-1-2.5-3.8ZM14 5.4c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.6 2.8-1.4Z" />
  </svg>
);
export const UsersIcon = icon(
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2',
  { cx: 9, cy: 7, r: 4 },
  'M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75',
);
export const PlugIcon = icon('M12 22v-5M9 8V2M15 8V2M18 8v5a6 6 0 0 1-12 0V8Z');
export const ExternalIcon = icon(
  'M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6',
);
