-- "Did you mean" from the lexicon, not from a scan of the listings: the first version grouped every listing by brand
-- and category on each zero-result search, 18 to 88 seconds at 1,000,000 listings (npm run bench:search). Now the
-- candidates are the lexicon's brand and garment names spelled close to the query (trigram word similarity, a few
-- hundred names), and a name is offered only when the index holds a listing that uses it (one GIN probe each, at most ten).
create or replace function public.market_suggest(p_query text, p_limit int default 3) returns text[]
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  v_query text := lower(btrim(coalesce(p_query, '')));
  v_out text[] := '{}';
  v_candidate record;
  v_key constant text := 'public.market_listing_terms(l.brand, l.title, l.category, l.size)';
  v_found boolean;
begin
  if char_length(v_query) < 2 or p_limit <= 0 then
    return v_out;
  end if;
  for v_candidate in
    select x.label, public.market_words(x.label) as words, max(extensions.word_similarity(x.phrase, v_query)) as score
    from public.market_lexicon x
    where x.kind in ('brand', 'garment')
      and extensions.word_similarity(x.phrase, v_query) >= 0.5
      and lower(x.label) <> v_query
    group by x.label
    order by score desc, x.label
    limit 10
  loop
    execute format(
      'select exists (select 1 from public.market_listings l where l.status = %1$L and %3$s @> %4$L::text[])
           or exists (select 1 from public.market_listings l where l.status = %2$L and %3$s @> %4$L::text[])',
      'available', 'sold', v_key, v_candidate.words)
    into v_found;
    if v_found then
      v_out := v_out || v_candidate.label;
      exit when cardinality(v_out) >= least(p_limit, 10);
    end if;
  end loop;
  return v_out;
end;
$$;

revoke execute on function public.market_suggest(text, int) from public, anon, authenticated;
grant execute on function public.market_suggest(text, int) to service_role;
