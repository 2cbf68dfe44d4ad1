import { cn } from '@/lib/utils';
import { useMarketSources } from '../api/get-market-sources';
import { sourceLines } from '../lib/lines';
import { sourcesMessages as m } from '../messages';
import { Waiting } from './waiting';

/**
 * This site's own sources, from the market-sources function. Its own chunk, loaded once the app runs: the query, the
 * answer's schema and zod/mini stay out of the pages' first download (the home page's budget, scripts/bench-bundle.ts).
 */
export default function ThisSite({ dark }: { dark: boolean }) {
  const { data, isError } = useMarketSources();
  const strong = dark ? 'text-white' : 'text-foreground';
  if (isError) return <p>{m.failed}</p>;
  if (!data) return <Waiting dark={dark} />;
  return (
    <>
      <p className={cn('font-semibold', strong)}>{m.hereTitle}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {sourceLines(data).map((line) => (
          <li key={line.key}>
            {line.label && <strong className={strong}>{line.label}: </strong>}
            {line.text}
          </li>
        ))}
      </ul>
    </>
  );
}
