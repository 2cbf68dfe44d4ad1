-- The search indexes on the new listing key (after the lexicon is loaded: the key reads it), one per status, and the
-- first vocabulary. Bulk loads drop and rebuild the same indexes (scripts/market-data.ts BULK_INDEXES).
create index market_listings_available_terms_idx on public.market_listings
  using gin (public.market_listing_terms(brand, title, category, size)) with (fastupdate = off) where status = 'available';
create index market_listings_sold_terms_idx on public.market_listings
  using gin (public.market_listing_terms(brand, title, category, size)) with (fastupdate = off) where status = 'sold';

select public.market_refresh_vocabulary();
