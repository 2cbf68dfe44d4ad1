// The space kept for this site's lines while they load, and the most they take before the visitor asks for the rest
// (this-site.tsx): the demo market's two lines, or a production site's panel and imported listings. 11rem at 390 px,
// where they wrap, and 6.5rem from 640 px. Lines that need more show what fits and a button for the rest, so nothing
// below moves when they arrive, whatever a site has. e2e/search-trust-source.spec.ts checks that nothing on screen
// moves, with more lines than fit.
export const kept = { min: 'min-h-[11rem] sm:min-h-[6.5rem]', max: 'max-h-[11rem] sm:max-h-[6.5rem]' };
