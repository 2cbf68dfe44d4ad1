import { cn } from '@/lib/utils';

/** The Flipwise mark: a tag folded into an upward arrow, drawn inline so it costs no request. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className={cn('shrink-0', className)}>
      <defs>
        <linearGradient id="fw-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14b8a6" />
          <stop offset="1" stopColor="#0f766e" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#fw-mark)" />
      <path
        d="M9 22.5 15.5 16l3.5 3.5L24 14.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M19.5 13.5H24.5V18.5"
        fill="none"
        stroke="#fdba74"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-extrabold tracking-tight', className)}>
      <LogoMark />
      <span>Flipwise</span>
    </span>
  );
}
