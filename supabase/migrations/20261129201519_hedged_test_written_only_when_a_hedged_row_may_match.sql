-- A search from the cells plans its hedged listings' test only when a hedged row may match (issue 53: the cost a
-- search pays outside its count). The hedged listings and sales ("Nike style") are counted from rows beside the
-- cells, by the reading's own test, written into the statement and planned at every call: 0.7 ms of planning at 10M
-- listings for a test that found nothing, most of a listed search's time in SQL (the planner estimates the test's
-- regular expression and word arrays against the table's statistics).
-- - private.market_hedged_words: words of which every listing the reading matches holds one.
-- - private.market_listed_groups asks the partial index of hedged listings for one holding such a word. When none
--   does, it sums the cells in a statement planned once; else it counts as before.
-- - private.market_sold_sources does the same for the hedged sales, and writes no test when none may match.
-- Measured on the 10M bench cluster (200 bench queries, through public.market_search, in SQL, alternated twice):
-- listed 4.77 and 4.85 ms a search before, 3.35 and 3.62 after; sold 15.75 and 15.59 before, 14.75 and 14.85 after.

CREATE FUNCTION private.market_hedged_words(p_parsed jsonb) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  -- (PL/pgSQL keeps the plan across calls; a SQL function is planned again at every call)
  return (
    select coalesce(array_agg(distinct a.value ->> 0) filter (where jsonb_array_length(a.value) > 0), '{}')
    from jsonb_array_elements(coalesce(p_parsed -> 'clauses', '[]')) c,
      lateral (
        select g.value from jsonb_array_elements(coalesce(c.value -> 'groups', '[]')) with ordinality g(value, i)
        where exists (select 1 from jsonb_array_elements(coalesce(g.value -> 'any', '[]')) w
                      where jsonb_array_length(w.value) > 0)
        order by g.i
        limit 1) g,
      jsonb_array_elements(g.value -> 'any') a
  );
end;
$$;

CREATE OR REPLACE FUNCTION private.market_listed_groups(p_route jsonb, p_parsed jsonb, p_filters jsonb) RETURNS TABLE(condition text, marketplace text, n integer, demo integer, sellers bit varying)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
declare
  v_sigs integer[];
  v_width integer := (select s.width from private.market_cells_state s);
  v_marketplace text := lower(nullif(p_filters ->> 'marketplace', ''));
begin
  execute format('select coalesce(array_agg(s.id), ''{}'') from private.market_signatures s where %s',
    private.market_signature_sql(p_route -> 'reading'))
  into v_sigs;
  if not exists (select 1 from public.market_listings l
                 where l.hedged and l.status = 'available' and l.terms && private.market_hedged_words(p_parsed)) then
    return query
      select c.condition, c.marketplace, sum(c.n)::integer, sum(c.demo)::integer, bit_or(c.sellers)::bit varying
      from private.market_listed_cells c
      where c.facet = p_route ->> 'facet' and c.sig = any (v_sigs)
        and (v_marketplace is null or c.marketplace = v_marketplace)
      group by 1, 2;
    return;
  end if;
  return query execute format($sql$
    select g.condition, g.marketplace, sum(g.n)::integer, sum(g.demo)::integer, bit_or(g.sellers)::bit varying
    from (
      select c.condition, c.marketplace, c.n, c.demo, c.sellers
      from private.market_listed_cells c
      where c.facet = $1 and c.sig = any ($2) and ($3 is null or c.marketplace = $3)
      union all
      select l.condition, l.marketplace, 1, (l.source = 'demo')::integer,
        coalesce(private.market_seller_bit(so.ord, $4), repeat('0', $4)::bit varying)
      from public.market_listings l
      left join private.market_seller_ords so on so.seller_key = l.seller_key
      where l.hedged and %s and l.source <> 'panel' and %s
    ) g
    group by 1, 2$sql$, public.market_match_sql(p_parsed, 'available'), private.market_filter_sql(p_filters))
  using p_route ->> 'facet', v_sigs, v_marketplace, v_width;
end;
$_$;

CREATE OR REPLACE FUNCTION private.market_sold_sources(p_parsed jsonb, p_filters jsonb) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
declare
  v_hedged text := 'false';
begin
  if exists (select 1 from public.market_listings l
             where l.hedged and l.status = 'sold' and l.terms && private.market_hedged_words(p_parsed)) then
    -- the reading's test on the key itself (not the sale words by week), so the partial index of hedged sales finds them
    v_hedged := replace(public.market_match_sql(p_parsed, 'available'), '''available''', '''sold''') || ' and '
      || private.market_filter_sql(p_filters);
  end if;
  -- (PL/pgSQL keeps the plan across calls; a SQL function is planned again at every call)
  return format($sql$
    hedge as materialized (
      select l.id, l.condition, l.marketplace, l.seller_key, l.source, l.price, l.currency, l.sold_at,
        private.market_took(l.sold_at, l.listed_at) as took
      from public.market_listings l
      where l.hedged and %s and (l.sold_at >= $2) is true and (l.sold_at < $10) is true and l.source <> 'panel'
    ),
    mc as materialized (
      select p.id, p.marketplace, p.seller_key, case when p.demo then 'demo' else 'import' end as source,
        p.price::float8 as price, case when p.price is not null then 'USD' end as currency, p.sold_at, p.took
      from private.market_sale_places p
      where p.condition = $1 and p.sig = any ($6) and p.sold_at >= $2 and p.sold_at < $10
        and ($7 = '' or p.facets @> array[$7]) and ($8::text is null or p.marketplace = $8)
      union all
      select h.id, h.marketplace, h.seller_key, h.source, h.price::float8, h.currency, h.sold_at, h.took
      from hedge h where h.condition = $1
    ),
    -- The 40 newest sales: of a few signatures, each one's newest through the places' index (with ties, so that the
    -- order by id below is kept), not a pass over all of mc (8 ms for 42,000 sales at 10M listings); of many, that pass.
    newest as (
      select n.id, n.seller_key, n.sold_at from (
        select p.id, p.seller_key, p.sold_at
        from unnest($6) s(sig)
        cross join lateral (
          select p.id, p.seller_key, p.sold_at from private.market_sale_places p
          where p.condition = $1 and p.sig = s.sig and p.sold_at >= $2 and p.sold_at < $10
            and ($7 = '' or p.facets @> array[$7]) and ($8::text is null or p.marketplace = $8)
          order by p.sold_at desc
          fetch first 40 rows with ties
        ) p
        where cardinality($6) <= 40
        union all
        select mc.id, mc.seller_key, mc.sold_at from mc where cardinality($6) > 40
        union all
        select h.id, h.seller_key, h.sold_at from hedge h where h.condition = $1 and cardinality($6) <= 40
      ) n
      order by n.sold_at desc, n.id desc limit 40
    ),
    others as materialized (
      select o.condition, o.marketplace, sum(o.n)::integer as n, sum(o.demo)::integer as demo
      from (
        select c.condition, c.marketplace, c.n, c.demo from private.market_sold_cells c
        where c.span = $9 and c.facet = $7 and c.sig = any ($6) and c.condition <> $1
          and ($8::text is null or c.marketplace = $8)
        union all
        select h.condition, h.marketplace, 1, (h.source = 'demo')::integer from hedge h where h.condition <> $1
      ) o
      group by 1, 2
    ),
    g as (
      select $1::text as condition, mc.marketplace, count(*)::int as n,
        count(*) filter (where mc.source = 'demo')::int as demo, 0 as panel,
        private.market_sellers_upto(array_agg(mc.seller_key) filter (where mc.seller_key is not null), $3) as upto,
        array_agg(mc.seller_key) filter (where mc.seller_key is not null) as keys
      from mc group by mc.marketplace
      union all
      select o.condition, o.marketplace, o.n, o.demo, 0, null::int, null::uuid[] from others o
      union all
      -- whether each other condition drew on enough sellers: one more row of it, of no sales, with its sellers
      select x.condition, null, 0, 0, 0, cardinality(x.keys), x.keys
      from (
        select d.condition, private.market_sale_sellers(d.condition, $6, $7, $2, $10, $8, $3,
          array(select h.seller_key from hedge h where h.condition = d.condition and h.seller_key is not null)) as keys
        from (select distinct o.condition from others o) d
      ) x
    )$sql$,
    v_hedged);
end;
$_$;

REVOKE ALL ON FUNCTION private.market_hedged_words(p_parsed jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_hedged_words(p_parsed jsonb) TO service_role;
