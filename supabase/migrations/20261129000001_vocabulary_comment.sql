-- The vocabulary's comment says what its counts are since 20261128140000_search_tail.sql: a sample drawn across the
-- table, not the newest listings, and read for the order a group's words are tested in too. The first change made as
-- docs/decisions/077 says: supabase/schemas/20_market_matching.sql edited, this file drafted by
-- `npm run db:diff -- vocabulary_comment`.

COMMENT ON TABLE public.market_vocabulary IS 'Every term of the listing index with how many listings carry it (in a sample drawn across the table), for "did you mean", typo correction and the order a group''s words are tested in.';
