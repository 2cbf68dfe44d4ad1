import { formatArticleDate, isoTimestamp } from '../lib/format';
import { CalendarIcon, ClockIcon } from '@/components/ui/icons';

export function ArticleDate({ value }: { value: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <CalendarIcon size={14} className="shrink-0" />
      <time dateTime={isoTimestamp(value)}>{formatArticleDate(value)}</time>
    </span>
  );
}

export function ReadTime({ value }: { value: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <ClockIcon size={14} className="shrink-0" />
      {value}
    </span>
  );
}
