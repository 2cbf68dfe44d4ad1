-- "Did you mean": when a search finds no listings, the Explorer offers brands and categories of the index whose
-- spelling is close to what was typed (trigram word similarity), so "lululemn align" leads to "Lululemon".
-- Called by the search-available function with the service role, only for a zero count.
create extension if not exists pg_trgm with schema extensions;

create function public.market_suggest(p_query text, p_limit int default 3) returns text[]
  language sql
  stable
  set search_path = ''
as $$
  with q as (
    select lower(btrim(coalesce(p_query, ''))) as q
  ),
  names as (
    select l.brand as name, count(*) as n from public.market_listings l where l.brand is not null group by l.brand
    union all
    select l.category, count(*) from public.market_listings l where l.category is not null group by l.category
  ),
  scored as (
    select names.name, names.n, extensions.word_similarity(lower(names.name), q.q) as score
    from names, q
    where char_length(q.q) >= 2 and lower(names.name) <> q.q
  )
  select coalesce(array_agg(name order by score desc, n desc), '{}')
  from (
    select name, score, n from scored where score >= 0.5 order by score desc, n desc limit greatest(least(p_limit, 10), 0)
  ) best
$$;

comment on function public.market_suggest(text, int) is
  'Up to p_limit brand or category names spelled close to the query, for the Explorer''s "did you mean".';

revoke execute on function public.market_suggest(text, int) from public, anon, authenticated;
grant execute on function public.market_suggest(text, int) to service_role;
