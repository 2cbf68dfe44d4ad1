-- A panel row's item leaf probes the lexicon's names by their first word (issue 52): with 1,828 brands, testing every
-- name against every row took 4.8 ms a row, 0.22 ms now (the same leaves: a name's words are all in a key only if its
-- first word is), so a release run over 20,000 panel rows no longer spends minutes on it. Drafted by
-- `npm run db:diff -- panel_leaf_by_first_word`.

CREATE OR REPLACE FUNCTION private.panel_leaf(p_terms text[], OUT brand text, OUT garment text) RETURNS record
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with b as (
    select coalesce(
      (select x.label from public.market_lexicon x
       where split_part(x.phrase, ' ', 1) = any (p_terms) and x.kind = 'brand'
         and string_to_array(x.phrase, ' ') <@ p_terms
       order by cardinality(string_to_array(x.phrase, ' ')) desc, x.label limit 1),
      (select x.brand from public.market_lexicon x
       where split_part(x.phrase, ' ', 1) = any (p_terms) and x.kind = 'model'
         and string_to_array(x.phrase, ' ') <@ p_terms
       order by cardinality(string_to_array(x.phrase, ' ')) desc, x.label limit 1),
      (select s.brand from public.market_brand_spellings s where s.word = any (p_terms) order by s.brand limit 1),
      '') as brand
  )
  select b.brand, coalesce(
      (select p.garment from public.market_products p
       where p.brand = b.brand and string_to_array(p.phrase, ' ') <@ p_terms
       order by cardinality(string_to_array(p.phrase, ' ')) desc, p.garment limit 1),
      (select x.garment from public.market_lexicon x
       where x.kind = 'model' and x.brand = b.brand and x.garment is not null
         and string_to_array(x.phrase, ' ') <@ p_terms
       order by cardinality(string_to_array(x.phrase, ' ')) desc, x.label limit 1),
      (select x.label from public.market_lexicon x
       where split_part(x.phrase, ' ', 1) = any (p_terms) and x.kind = 'garment'
         and string_to_array(x.phrase, ' ') <@ p_terms
       order by cardinality(string_to_array(x.phrase, ' ')) desc, x.label limit 1),
      '')
  from b
$$;

CREATE INDEX panel_lexicon_first_word_idx ON public.market_lexicon USING btree (split_part(phrase, ' '::text, 1), kind);
