-- Search at 1M listings within its time (docs/decisions/067-search-speed.md): a sale outside the window never read, a
-- stored mark instead of two tests on every found row, a clause's ruled-out words asked of the index, the found rows
-- grouped once, the sold figures from one narrow pass, and no JIT (which timed the panel test out on PostgreSQL 15).

-- One index scan per clause, on the key the index holds ------------------------------------------------------------------
-- As in 20261126120000_search_one_probe.sql (decision 066), with p_index_key: the expression the index conditions are
-- written on, when it is not p_key (a sale's key with its week, below); the exact tests of phrases read p_key.
drop function public.market_groups_sql(jsonb, text);
create function public.market_groups_sql(p_groups jsonb, p_key text, p_index_key text default null) returns text
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_required text[] := '{}';
  v_index text[] := '{}';
  v_exact text[] := '{}';
  v_group jsonb;
  v_singles text[];
  v_need text[];
  v_phrase jsonb;
  v_alts text[];
begin
  for v_group in select value from jsonb_array_elements(coalesce(p_groups, '[]')) loop
    if jsonb_array_length(coalesce(v_group -> 'any', '[]')) = 0 then
      return '';
    end if;
    if jsonb_array_length(v_group -> 'any') = 1 then
      v_required := v_required || array(select jsonb_array_elements_text(v_group -> 'any' -> 0));
      continue;
    end if;
    v_singles := array(select distinct n ->> 0 from jsonb_array_elements(v_group -> 'any') n
                       where jsonb_array_length(n) = 1 order by 1);
    v_need := v_singles;
    v_alts := '{}';
    -- A phrase that holds one of the single words adds no row the single word does not find; of the others, the word
    -- the fewest listings hold (market_vocabulary: a word it does not know is rarer still) stands for the phrase in the
    -- index.
    for v_phrase in
      select distinct n from jsonb_array_elements(v_group -> 'any') n
      where jsonb_array_length(n) > 1
        and not exists (select 1 from jsonb_array_elements_text(n) w where w = any (v_singles))
      order by n
    loop
      v_need := v_need || (
        select w from jsonb_array_elements_text(v_phrase) w
        left join public.market_vocabulary v on v.word = w
        order by coalesce(v.listings, 0), length(w) desc, w limit 1);
      v_alts := v_alts || format('%s @> %L::text[]', p_key,
        array(select distinct w from jsonb_array_elements_text(v_phrase) w order by w));
    end loop;
    v_need := array(select distinct w from unnest(v_need) w order by w);
    v_index := v_index || format('%s && %L::text[]', coalesce(p_index_key, p_key), v_need);
    if cardinality(v_alts) > 0 then
      if cardinality(v_singles) > 0 then
        v_alts := format('%s && %L::text[]', p_key, v_singles) || v_alts;
      end if;
      v_exact := v_exact || ('(' || array_to_string(v_alts, ' or ') || ')');
    end if;
  end loop;
  if cardinality(v_required) > 0 then
    v_index := format('%s @> %L::text[]', coalesce(p_index_key, p_key),
      array(select distinct r from unnest(v_required) r order by r)) || v_index;
  end if;
  if cardinality(v_index) = 0 then
    return '';
  end if;
  return '(' || array_to_string(v_index || v_exact, ' and ') || ')';
end;
$$;

revoke execute on function public.market_groups_sql(jsonb, text, text) from public, anon, authenticated;
grant execute on function public.market_groups_sql(jsonb, text, text) to service_role;


-- A sale outside the window is never read ------------------------------------------------------------------------------
-- The sold count read every matching sale the index held and dropped those before the window: "levi's jeans" read
-- 27,000 sales at 1M listings to count the 8,200 of the last 90 days, and each year of history would have added as
-- many. A sale's key in the index of sales also holds the week it sold in ("week:1403", weeks from Monday 3 January
-- 2000, UTC; no title word has a colon), and the count asks for the window's weeks in the same scan: it reads the
-- window's sales and at most six days more, however long the history. The index of sales by their words alone stays:
-- the reading of a query and "did you mean" ask it whether any sale at all has a word.
create function public.market_sold_key(p_terms text[], p_sold_at timestamptz) returns text[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  select p_terms || ('week:' || floor(extract(day from p_sold_at - '2000-01-03 00:00:00+00'::timestamptz) / 7)::int)
$$;

-- The weeks from p_since to p_until, as market_sold_key writes them.
create function public.market_sold_weeks(p_since timestamptz, p_until timestamptz) returns text[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  select coalesce(array_agg('week:' || w order by w), '{}')
  from generate_series(
    floor(extract(day from p_since - '2000-01-03 00:00:00+00'::timestamptz) / 7)::int,
    floor(extract(day from p_until - '2000-01-03 00:00:00+00'::timestamptz) / 7)::int) w
$$;

revoke execute on function public.market_sold_key(text[], timestamptz), public.market_sold_weeks(timestamptz, timestamptz)
  from public, anon, authenticated;
grant execute on function public.market_sold_key(text[], timestamptz), public.market_sold_weeks(timestamptz, timestamptz)
  to service_role;

create index market_listings_sold_week_idx on public.market_listings
  using gin (public.market_sold_key(terms, sold_at)) with (fastupdate = off) where status = 'sold';

-- Whether a title can name a brand without being it, stored with the row -------------------------------------------------
-- A query's brand that a title names only to say it is not the item ("Nike style", "not Coach", "strap for Gucci") is
-- ruled out by a regular expression (market_not_sql's "not"), read only on the rows that may hold one: those whose key
-- has style, type, inspired, not or non, or whose lowered title has "for" anywhere. Those two tests ran on every row an
-- answer found, some 25 ms of the 70 ms of "levi's jeans" available at 1M listings on PGlite, and "for" anywhere took
-- in every Forever 21, Reformation and platform shoe. "hedged" stores whether the title holds one of the six as a
-- whole word: the expression reads them as words (\m, \M, \s around them), so a title it can match is hedged, and
-- reading it only where hedged is true rules out the same rows. A title of ASCII only is cut into words at every
-- character that is not a-z, 0-9 or _ (a regular expression's word characters); any other title is marked when it
-- holds one of the six anywhere, which may mark more, never fewer.
-- No regular expression: a write stays within PostgreSQL's cache of 32 (docs/decisions/061).
alter table public.market_listings add column hedged boolean generated always as (
  case when octet_length(title) <> char_length(title) then
    strpos(lower(title), 'for') > 0 or strpos(lower(title), 'style') > 0 or strpos(lower(title), 'type') > 0
    or strpos(lower(title), 'inspired') > 0 or strpos(lower(title), 'not') > 0 or strpos(lower(title), 'non') > 0
  else
    string_to_array(translate(lower(title),
      E'\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f !"#$%&\'()*+,-./:;<=>?@[\\]^`{|}~\x7f',
      '                                                                '), ' ')
    && '{for,style,type,inspired,not,non}'::text[]
  end) stored;
comment on column public.market_listings.hedged is
  'Whether the title has the word for, style, type, inspired, not or non: only then can it name a brand that is not the item (docs/decisions/067).';

-- As in 20261125120000_seller_titles.sql, with a sale's conditions written on its key with the week, and the test
-- whether a found row can hold a hedged brand read from the stored mark. market_not_sql writes that test on the key and
-- the title; when it writes exactly the form below, the mark stands in for it. Any other form (market_not_sql changed)
-- is kept as written: slower, never wrong.
create or replace function public.market_match_sql(p_parsed jsonb, p_status text) returns text
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_key constant text := '%1$s.terms';
  -- A sale's conditions go to the index of sales by week (the count adds the window's weeks).
  v_index_key constant text := case when p_status = 'sold' then 'public.market_sold_key(l.terms, l.sold_at)' end;
  v_parts text[] := '{}';
  v_clause jsonb;
  v_phrase text;
  v_part text;
  v_not text;
begin
  for v_clause in select value from jsonb_array_elements(coalesce(p_parsed -> 'clauses', '[]')) loop
    v_part := public.market_groups_sql(v_clause -> 'groups', format(v_key, 'l'), v_index_key);
    if v_part = '' then
      continue;
    end if;
    for v_phrase in select jsonb_array_elements_text(coalesce(v_clause -> 'phrases', '[]')) loop
      v_part := v_part || format(' and l.title ~* %L',
        '\m' || array_to_string(string_to_array(v_phrase, ' '), '[^[:alnum:]]+') || '\M');
    end loop;
    v_not := replace(public.market_not_sql(v_clause, format(v_key, 'l')),
      $q$(not (l.terms && '{style,type,inspired,not,non}'::text[]) and strpos(lower(l.title), 'for') = 0)$q$,
      'not l.hedged');
    -- A found row without any of the clause's words that rule it out: asked of the index, not of each row. Tested on a
    -- row, `not (key && '{...}')` compares every word of the key with every word ruled out, about 2 µs a row on PGlite
    -- (31 of the 42 ms "levi's jeans" took to read its 15,351 listed rows at 1M listings); the index finds the rows of
    -- the clause that do hold one (usually few or none) and each found row is looked up in that set. The rows kept are
    -- the same: among the rows of the clause, those not in the set of the clause's rows holding a ruled-out word.
    v_not := regexp_replace(v_not,
      ' and not \(l\.terms (&&|@>) (''\{[^'']*\}''::text\[\])\)',
      format(' and l.id not in (select x.id from public.market_listings x where x.status = %L and %s and x.terms \1 \2)',
        p_status, replace(public.market_groups_sql(v_clause -> 'groups', 'x.terms'), '\', '\\')),
      'g');
    v_part := v_part || v_not;
    v_parts := v_parts || ('(' || v_part || ')');
  end loop;
  if cardinality(v_parts) = 0 then
    return 'false';
  end if;
  -- A query that asks for a lot, a part or kids' sizes counts only those ("lv dust bag" is no Neverfull with its dust bag).
  v_part := format('l.status = %L and (%s) and l.decoys <@ %L::text[]', p_status, array_to_string(v_parts, ' or '),
    array(select jsonb_array_elements_text(coalesce(p_parsed -> 'allow', '[]'))));
  if jsonb_array_length(coalesce(p_parsed -> 'allow', '[]')) > 0 then
    v_part := v_part || format(' and l.decoys && %L::text[]',
      array(select jsonb_array_elements_text(p_parsed -> 'allow')));
  end if;
  if jsonb_array_length(coalesce(p_parsed -> 'exclude', '[]')) > 0 then
    v_part := v_part || format(
      ' and l.id not in (select x.id from public.market_listings x where x.status = %L and (%s))',
      p_status,
      (select string_agg(public.market_groups_sql(jsonb_build_array(g), format(v_key, 'x')), ' or ')
       from jsonb_array_elements(p_parsed -> 'exclude') g));
  end if;
  return v_part;
end;
$$;

-- The counts, as in 20261125000400_market_search.sql, with the sellers of each condition counted by grouping what is
-- already grouped (count(distinct) sorted every seller of the answer again). The sold count asks the index for the
-- window's weeks, and reads the window's sales once into a narrow set (m) that every figure reads: before, each group
-- of a condition, marketplace and seller built three arrays (prices, times to sell, newest sales), which were then
-- unnested and sorted again, and the newest sales were read back from the table whole, all of them, to keep ten. The
-- figures are the same (checked on the 200 queries of bench:search at 1M listings: no answer differs).
--
-- The available count groups the rows it finds once, in two grouping sets: by condition and seller (each
-- condition's figure and its sellers), and, for the condition asked for only, by marketplace and seller (the split by
-- marketplace). Before, the rows were grouped by condition, marketplace and seller, and that set (17,461 groups for
-- "shein floral mini dress") was read five times more: grouped again by seller, by condition, by marketplace, and
-- twice summed.
--
-- Both run with jit = off. enable_sort = off makes a plan that still sorts (the newest sale of each seller) cost
-- 10^10, far past jit_above_cost, and PostgreSQL 15 (PGlite has no JIT) then compiled some hundred functions for every
-- count: about 950 ms of JIT for a count that runs in 1 ms on the panel test's rows, which timed that test out at
-- 60 s. A search is a few milliseconds of executing: compiling never pays for itself here.
create or replace function public.market_count_available(p_query text, p_condition text, p_min_sellers int default 5)
  returns jsonb
  language plpgsql stable
  set search_path = ''
  set enable_sort = off
  set jit = off
as $$
declare
  v_parsed jsonb := public.market_parse_query(p_query);
  v_k int := greatest(coalesce(p_min_sellers, 5), 1);
  v_raw jsonb;
  v_cell jsonb;
  v_shown boolean;
begin
  execute format($sql$
    with g as (
      select grouping(l.condition) = 0 as by_seller, l.condition, l.seller_key, (l.condition = $1) as chosen,
        case when l.condition = $1 then l.marketplace end as marketplace,
        case when l.condition = $1 then l.seller_key end as chosen_key,
        count(*)::int as n,
        count(*) filter (where l.source = 'demo')::int as demo, count(*) filter (where l.source = 'panel')::int as panel
      from public.market_listings l
      where %s
      group by grouping sets ((l.condition, l.seller_key),
        ((l.condition = $1), (case when l.condition = $1 then l.marketplace end),
         (case when l.condition = $1 then l.seller_key end)))
    ),
    c as (
      select g.condition, sum(g.n)::int as n, count(g.seller_key)::int as sellers
      from g where g.by_seller group by g.condition
    ),
    m as (
      select g.marketplace, sum(g.n)::int as n, count(g.chosen_key)::int as sellers,
        array_agg(g.chosen_key) filter (where g.chosen_key is not null) as keys,
        sum(g.demo)::int as demo, sum(g.panel)::int as panel
      from g where not g.by_seller and g.chosen group by g.marketplace
    )
    select jsonb_build_object(
      'conditions', coalesce((select jsonb_object_agg(c.condition, jsonb_build_object('n', c.n, 'sellers', c.sellers)) from c), '{}'),
      'marketplaces', coalesce((select jsonb_agg(jsonb_build_object('marketplace', m.marketplace, 'n', m.n,
        'sellers', m.sellers, 'keys', case when m.sellers < $2 then to_jsonb(m.keys) end)) from m), '[]'),
      'demo', coalesce((select sum(m.demo) from m), 0)::int,
      'panel', coalesce((select sum(m.panel) from m), 0)::int
    )$sql$, public.market_match_sql(v_parsed, 'available'))
  into v_raw using p_condition, v_k;

  v_cell := v_raw -> 'conditions' -> p_condition;
  v_shown := private.panel_cell(v_cell, v_k) is not null;
  return jsonb_build_object(
    'available', private.panel_cell(v_cell, v_k),
    'sellers', coalesce((v_cell ->> 'sellers')::int, 0),
    'minSellers', v_k,
    'byCondition', jsonb_build_object(
      'new_with_tags', private.panel_cell(v_raw -> 'conditions' -> 'new_with_tags', v_k),
      'new_without_tags', private.panel_cell(v_raw -> 'conditions' -> 'new_without_tags', v_k),
      'new_with_imperfections', private.panel_cell(v_raw -> 'conditions' -> 'new_with_imperfections', v_k),
      'pre_owned', private.panel_cell(v_raw -> 'conditions' -> 'pre_owned', v_k)
    ),
    'byMarketplace', case when v_shown then private.panel_fold(v_raw -> 'marketplaces', v_k, 'available') else '[]' end,
    -- Withheld figures do not leak through these either: only whether there were any.
    'demoComps', case when v_shown then (v_raw ->> 'demo')::int else least((v_raw ->> 'demo')::int, 1) end,
    'panelComps', case when v_shown then (v_raw ->> 'panel')::int else least((v_raw ->> 'panel')::int, 1) end,
    'query', v_parsed
  );
end;
$$;

create or replace function public.market_count_sold(p_query text, p_condition text, p_window_days int default 90,
  p_min_sellers int default 5)
  returns jsonb
  language plpgsql stable
  set search_path = ''
  set enable_sort = off
  set jit = off
as $$
declare
  v_parsed jsonb := public.market_parse_query(p_query);
  v_since timestamptz := now() - make_interval(days => greatest(p_window_days, 1));
  v_k int := greatest(coalesce(p_min_sellers, 5), 1);
  v_raw jsonb;
  v_cell jsonb;
  v_shown boolean;
  v_prices_ok boolean;
  v_took_ok boolean;
  v_recent jsonb;
  v_panel_sellers int;
begin
  execute format($sql$
    with m as materialized (
      select l.id, l.condition, l.marketplace, l.seller_key, l.source, l.price, l.currency, l.sold_at, l.listed_at
      from public.market_listings l
      where %s and l.sold_at >= $2 and public.market_sold_key(l.terms, l.sold_at) && %L::text[]
    ),
    -- As in market_count_available: grouped once, by condition and seller, and by marketplace and seller for the
    -- condition asked for.
    g as (
      select grouping(m.condition) = 0 as by_seller, m.condition, m.seller_key, (m.condition = $1) as chosen,
        case when m.condition = $1 then m.marketplace end as marketplace,
        case when m.condition = $1 then m.seller_key end as chosen_key,
        count(*)::int as n,
        count(*) filter (where m.source = 'demo')::int as demo, count(*) filter (where m.source = 'panel')::int as panel
      from m
      group by grouping sets ((m.condition, m.seller_key),
        ((m.condition = $1), (case when m.condition = $1 then m.marketplace end),
         (case when m.condition = $1 then m.seller_key end)))
    ),
    sorted as (
      select
        (select array_agg(m.price order by m.price) from m
         where m.condition = $1 and m.currency = 'USD' and m.price is not null) as prices,
        (select array_agg(m.sold_at - m.listed_at order by m.sold_at - m.listed_at) from m
         where m.condition = $1 and m.listed_at is not null) as took
    ),
    quartiles as (
      select q.i, x.at - floor(x.at) as part,
        s.prices[floor(x.at)::int + 1]::float8 as lo, s.prices[ceil(x.at)::int + 1]::float8 as hi
      from sorted s, unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality q(p, i),
        lateral (select q.p * (cardinality(s.prices) - 1) as at) x
      where cardinality(s.prices) > 0
    ),
    middle as (
      select (y.hi - y.lo) * y.part + y.lo as took
      from sorted s, lateral (select 0.5::float8 * (cardinality(s.took) - 1) as at) x,
        lateral (select x.at - floor(x.at) as part, s.took[floor(x.at)::int + 1] as lo, s.took[ceil(x.at)::int + 1] as hi) y
      where cardinality(s.took) > 0
    ),
    c as (
      select g.condition, sum(g.n)::int as n, count(g.seller_key)::int as sellers
      from g where g.by_seller group by g.condition
    ),
    mk as (
      select g.marketplace, sum(g.n)::int as n, count(g.chosen_key)::int as sellers,
        array_agg(g.chosen_key) filter (where g.chosen_key is not null) as keys,
        sum(g.demo)::int as demo, sum(g.panel)::int as panel
      from g where not g.by_seller and g.chosen group by g.marketplace
    ),
    keys as (
      select m.seller_key, bool_or(m.currency = 'USD' and m.price is not null) as priced,
        bool_or(m.listed_at is not null) as timed
      from m where m.condition = $1 and m.seller_key is not null group by m.seller_key
    ),
    -- The newest sale of each seller, and every sale that is nobody's: the ten newest of these.
    recent as (
      select l.id, l.title, l.price, l.currency, l.marketplace, l.sold_at, l.url, l.seller_key
      from public.market_listings l
      where l.id = any (array(
        select r.id from (
          select distinct on (coalesce(m.seller_key::text, m.id::text)) m.id, m.sold_at
          from m where m.condition = $1
          order by coalesce(m.seller_key::text, m.id::text), m.sold_at desc, m.id desc
        ) r
        order by r.sold_at desc, r.id desc
        limit 10))
    )
    select jsonb_build_object(
      'conditions', coalesce((select jsonb_object_agg(c.condition, jsonb_build_object('n', c.n, 'sellers', c.sellers)) from c), '{}'),
      'marketplaces', coalesce((select jsonb_agg(jsonb_build_object('marketplace', mk.marketplace, 'n', mk.n,
        'sellers', mk.sellers, 'keys', case when mk.sellers < $3 then to_jsonb(mk.keys) end)) from mk), '[]'),
      'pricedSellers', (select count(*) from keys where keys.priced),
      'timedSellers', (select count(*) from keys where keys.timed),
      'soldKeys', coalesce((select jsonb_agg(keys.seller_key) from keys), '[]'),
      'prices', (
        select jsonb_object_agg(case q.i when 1 then 'p25' when 2 then 'median' else 'p75' end,
          round((q.lo + q.part * (q.hi - q.lo))::numeric, 2))
        from quartiles q
      ),
      'medianDaysToSell', (select round((extract(epoch from m.took) / 86400)::numeric, 1) from middle m),
      'demo', coalesce((select sum(mk.demo) from mk), 0)::int,
      'panel', coalesce((select sum(mk.panel) from mk), 0)::int,
      'recentSellers', (select count(distinct r.seller_key) from recent r),
      'recentSales', coalesce((
        select jsonb_agg(jsonb_build_object(
          'title', r.title, 'price', r.price, 'currency', r.currency, 'condition', $1,
          'marketplace', r.marketplace, 'soldAt', r.sold_at, 'url', r.url, 'panel', r.seller_key is not null)
          order by r.sold_at desc, r.id desc)
        from recent r
      ), '[]'::jsonb)
    )$sql$, public.market_match_sql(v_parsed, 'sold'), public.market_sold_weeks(v_since,
      -- Through the latest sale the index holds, if one is dated after now (a clock or a time zone ahead): the count
      -- has always taken every sale since p_window_days ago. One row of market_listings_sold_at_idx.
      greatest(now(), (select max(l.sold_at) from public.market_listings l where l.status = 'sold'))))
  into v_raw using p_condition, v_since, v_k;

  v_cell := v_raw -> 'conditions' -> p_condition;
  v_shown := private.panel_cell(v_cell, v_k) is not null;
  v_prices_ok := v_shown and ((v_raw ->> 'pricedSellers')::int = 0 or (v_raw ->> 'pricedSellers')::int >= v_k);
  v_took_ok := v_shown and ((v_raw ->> 'timedSellers')::int = 0 or (v_raw ->> 'timedSellers')::int >= v_k);
  -- A recent-sales list with too few sellers keeps only the sales that are nobody's.
  v_recent := case
    when (v_raw ->> 'recentSellers')::int = 0 or (v_raw ->> 'recentSellers')::int >= v_k then v_raw -> 'recentSales'
    else coalesce((select jsonb_agg(r.value) from jsonb_array_elements(v_raw -> 'recentSales') r
                   where not (r.value ->> 'panel')::boolean), '[]')
  end;
  if v_shown and p_window_days = 90 and jsonb_array_length(v_raw -> 'soldKeys') > 0 then
    -- The condition is tested first, before the query's tests on the title and key: written as "is true" it stays a
    -- filter in its place (a plain equality with a constant is moved behind the others), so those tests run on the
    -- condition's rows only, not on every listing the index found ("doc martens boots": a quarter of 9,782).
    execute format($sql$
      select count(*)::int from (
        select l.seller_key as k from public.market_listings l
        where (l.condition = $1) is true and l.seller_key is not null and %s
        union
        select (jsonb_array_elements_text($2))::uuid
      ) s$sql$, public.market_match_sql(v_parsed, 'available'))
    into v_panel_sellers using p_condition, v_raw -> 'soldKeys';
  end if;

  return jsonb_build_object(
    'sold', private.panel_cell(v_cell, v_k),
    'sellers', coalesce((v_cell ->> 'sellers')::int, 0),
    'minSellers', v_k,
    'panelSellers', v_panel_sellers,
    'byCondition', jsonb_build_object(
      'new_with_tags', private.panel_cell(v_raw -> 'conditions' -> 'new_with_tags', v_k),
      'new_without_tags', private.panel_cell(v_raw -> 'conditions' -> 'new_without_tags', v_k),
      'new_with_imperfections', private.panel_cell(v_raw -> 'conditions' -> 'new_with_imperfections', v_k),
      'pre_owned', private.panel_cell(v_raw -> 'conditions' -> 'pre_owned', v_k)
    ),
    'byMarketplace', case when v_shown then private.panel_fold(v_raw -> 'marketplaces', v_k, 'sold') else '[]' end,
    'prices', case when v_prices_ok then v_raw -> 'prices' end,
    'medianDaysToSell', case when v_took_ok then v_raw -> 'medianDaysToSell' end,
    'recentSales', case when v_shown then
      coalesce((select jsonb_agg(r.value - 'panel') from jsonb_array_elements(v_recent) r), '[]') else '[]' end,
    'demoComps', case when v_shown then (v_raw ->> 'demo')::int else least((v_raw ->> 'demo')::int, 1) end,
    'panelComps', case when v_shown then (v_raw ->> 'panel')::int else least((v_raw ->> 'panel')::int, 1) end,
    'query', v_parsed
  );
end;
$$;

-- As in 20261125000400_market_search.sql: replacing the function dropped this setting.
do $$
begin
  if current_setting('server_version_num')::int >= 160000 then
    alter function public.market_count_sold(text, text, int, int) set enable_presorted_aggregate = off;
  end if;
end;
$$;

