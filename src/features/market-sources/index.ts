// Where the figures come from, for anyone before they sign up: app/routes compose these; nothing else reaches inside.
export { usePrefetchMarketSources } from './api/prefetch-market-sources';
export { SourcesNote } from './components/sources-note';
export { sourcesMessages } from './messages';
// The answer's schema is not here: zod/mini would join every page that shows the note (tests import schemas.ts).
export type { MarketSources } from './schemas';
