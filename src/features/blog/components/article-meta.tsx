import { formatArticleDate, isoTimestamp } from '../lib/format';

function CalendarIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="14"
      height="14"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      className="shrink-0"
    >
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
    </svg>
  );
}

function ClockIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="14"
      height="14"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      className="shrink-0"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

export function ArticleDate({ value }: { value: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <CalendarIcon />
      <time dateTime={isoTimestamp(value)}>{formatArticleDate(value)}</time>
    </span>
  );
}

export function ReadTime({ value }: { value: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <ClockIcon />
      {value}
    </span>
  );
}
