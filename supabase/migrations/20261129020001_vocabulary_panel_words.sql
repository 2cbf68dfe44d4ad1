-- The vocabulary keeps one seller's words to themselves (issue 49, docs/decisions/076-panel-cheap-leaks.md). It was
-- built from every listing's words, resellers' shared titles included, so a word only one seller wrote (a shop handle,
-- a phone number) could come back to anyone as a "did you mean" or a typo correction, and a query was told whether that
-- word was known. A word of the panel's rows now enters the vocabulary only when at least 5 sellers use it, or when a
-- listing that is nobody's sales (demo, imported) does. Drafted by `npm run db:diff -- vocabulary_panel_words` from
-- supabase/schemas/20_market_matching.sql.

CREATE OR REPLACE FUNCTION public.market_refresh_vocabulary(p_sample integer DEFAULT 200000) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_count int;
  v_rows float8 := (select c.reltuples from pg_catalog.pg_class c where c.oid = 'public.market_listings'::regclass);
begin
  delete from public.market_vocabulary;
  if v_rows > greatest(p_sample, 0) * 2 then
    -- Pages drawn from the whole table, the same ones each time: about p_sample listings.
    insert into public.market_vocabulary (word, listings)
    select t, count(*)::int
    from public.market_listings l tablesample system (100.0 * greatest(p_sample, 0) / v_rows) repeatable (0),
      unnest(l.terms) as t
    group by t
    having count(*) filter (where l.source <> 'panel') > 0
      or count(distinct l.seller_key) filter (where l.source = 'panel') >= 5;
  else
    insert into public.market_vocabulary (word, listings)
    select t, count(*)::int
    from (select l.terms, l.source, l.seller_key from public.market_listings l
          order by l.id desc limit greatest(p_sample, 0)) l,
      unnest(l.terms) as t
    group by t
    having count(*) filter (where l.source <> 'panel') > 0
      or count(distinct l.seller_key) filter (where l.source = 'panel') >= 5;
  end if;
  insert into public.market_vocabulary (word, listings)
  select distinct t, 0 from public.market_lexicon x, unnest(string_to_array(x.phrase, ' ')) as t
  where x.kind in ('brand', 'garment', 'model')
  on conflict (word) do nothing;
  -- The brands as listings misspell them: a word of the index one letter from a brand's one-word name of six letters or
  -- more ("addidas", "abercombie"), that is no English word ("channel"), no other name we know, and close to one
  -- brand only. A query naming the brand counts them (market_clause_groups).
  delete from public.market_query_readings;
  delete from public.market_brand_spellings;
  insert into public.market_brand_spellings (word, brand, name)
  select v.word, min(b.label), min(b.phrase)
  from public.market_vocabulary v
    join (select distinct x.phrase, x.label from public.market_lexicon x
          where x.kind = 'brand' and x.phrase ~ '^[a-z]{6,}$') b
      on left(v.word, 1) = left(b.phrase, 1)
     and abs(char_length(v.word) - char_length(b.phrase)) <= 1
     and v.word <> b.phrase
     and extensions.levenshtein(v.word, b.phrase) = 1
  where v.listings > 0 and v.word ~ '^[a-z]{5,}$'
    and not exists (select 1 from public.market_dictionary d where d.word = v.word)
    and not exists (select 1 from public.market_lexicon x where (' ' || x.phrase || ' ') like ('% ' || v.word || ' %'))
    and not exists (select 1 from public.market_products p where (' ' || p.phrase || ' ') like ('% ' || v.word || ' %'))
  group by v.word
  having count(distinct b.label) = 1;
  select count(*)::int into v_count from public.market_vocabulary;
  return v_count;
end;
$_$;
