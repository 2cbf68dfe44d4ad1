-- The slowest searches at 1M listings (docs/decisions/069-search-tail.md): a group's exact test with its common words
-- first, sellers counted once and only as far as the threshold where no more is shown, the sellers of a listed search
-- kept for the sold search's headline, and the newest sales looked for among the newest first.

-- A group's exact test, its most common words first ----------------------------------------------------------------------
-- As in 20261128130000_search_speed.sql, with one change. A group that has both single words and phrases is found by
-- the index through its single words and one rare word of each phrase, and then tested on each found row: one of the
-- single words, or a whole phrase. `key && '{single words}'` reads each word of the row against every single word (some
-- forty for a family of garments: "nike shoes" asks for sneaker, trainer, boot, dunk, air max...) before it moves to
-- the row's next word: 30 of the 47 ms "nike shoes" took to count its 8,172 listed rows. Written the other way round,
-- `'{single words}' && key`, it takes each single word in turn and reads it against the row's words; with the words
-- the most listings hold first (market_vocabulary), most rows stop at the first or second: 17.5 ms. Same rows.
-- And the words all of a group's alternatives hold are asked as required words ("shein floral mini dress": 23 to 15 ms).
create or replace function public.market_groups_sql(p_groups jsonb, p_key text, p_index_key text default null) returns text
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
  v_common text[];
begin
  for v_group in select value from jsonb_array_elements(coalesce(p_groups, '[]')) loop
    if jsonb_array_length(coalesce(v_group -> 'any', '[]')) = 0 then
      return '';
    end if;
    if jsonb_array_length(v_group -> 'any') = 1 then
      v_required := v_required || array(select jsonb_array_elements_text(v_group -> 'any' -> 0));
      continue;
    end if;
    -- The words every alternative holds are required, and the group is what is left of its alternatives: "mini dress"
    -- or "short dress" is dress, and mini or short, both of which the index answers exactly, so no row is tested.
    v_common := (select array_agg(w) from (
      select w from jsonb_array_elements(v_group -> 'any') n, jsonb_array_elements_text(n) w
      group by w having count(distinct n) = jsonb_array_length(v_group -> 'any')) c);
    if v_common is not null then
      v_required := v_required || v_common;
      if exists (select 1 from jsonb_array_elements(v_group -> 'any') n
                 where not exists (select 1 from jsonb_array_elements_text(n) w where w <> all (v_common))) then
        continue;
      end if;
      v_group := jsonb_build_object('any', (
        select jsonb_agg(to_jsonb(array(select w from jsonb_array_elements_text(n) w where w <> all (v_common))))
        from jsonb_array_elements(v_group -> 'any') n));
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
        -- Written with the words first, the most common first: a row's test stops at the first word it holds, and
        -- reads the row's words against each word in turn.
        v_alts := format('%L::text[] && %s', array(
          select w from unnest(v_singles) w left join public.market_vocabulary v on v.word = w
          order by coalesce(v.listings, 0) desc, w), p_key) || v_alts;
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

-- A clause's groups written once --------------------------------------------------------------------------------------------
-- As in 20261128130000_search_speed.sql, with the clause's groups written once: the set of rows a ruled-out word is
-- asked of is the same groups on the table's other name (x), so their text is the main one with its key renamed, not a
-- second call of market_groups_sql (6.7 ms of the 14.6 ms "lululemon leggings" took to write its WHERE clause). A word
-- of the index never holds a dot, so the key's name is found only where it is the key.
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
  v_groups text;
begin
  for v_clause in select value from jsonb_array_elements(coalesce(p_parsed -> 'clauses', '[]')) loop
    v_groups := public.market_groups_sql(v_clause -> 'groups', format(v_key, 'l'), v_index_key);
    if v_groups = '' then
      continue;
    end if;
    v_part := v_groups;
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
        p_status, replace(replace(replace(v_groups, coalesce(v_index_key, 'l.terms'), 'x.terms'), 'l.terms', 'x.terms'),
          '\', '\\')),
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

-- The vocabulary's counts from the whole table ----------------------------------------------------------------------------
-- As in 20261128120000_models_and_misspelt_brands.sql, with the sample of a large table drawn from pages across it.
-- The newest 200,000 listings are one stretch of the table: where listings arrive a marketplace or a brand at a time
-- (an import, the demo market, which is written line by line), most words of the index are missing from it. At 1M demo
-- listings the sample held 112 words; "free", "denim" and "boot" counted 0. The counts choose which word of a phrase
-- the index is asked for (the rarest) and in which order a group's words are tested (the most common first), so a word
-- counted 0 was asked for as if rare: "free people jeans" asked the index for every Free People listing ("free", for
-- the phrase "we the free") and tested 13,296 rows for 6,623. A table up to twice the sample is still read whole.
create or replace function public.market_refresh_vocabulary(p_sample int default 200000) returns integer
  language plpgsql
  set search_path = ''
as $$
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
    group by t;
  else
    insert into public.market_vocabulary (word, listings)
    select t, count(*)::int
    from (select l.terms from public.market_listings l order by l.id desc limit greatest(p_sample, 0)) l,
      unnest(l.terms) as t
    group by t;
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
$$;

-- The sellers a listed search found, kept for the sold search that follows it ------------------------------------------
-- The screen asks for the listed count and then the sold count of the same query. The sold answer's headline names
-- the sellers with a matching item listed now or sold in the last 90 days, and found the listed ones by reading every
-- listed match again (15 of the 92 ms "lululemon leggings" took at 1M listings). The listed search keeps the sellers
-- of its condition beside the query's reading for a minute; a sold search of the same text, condition and reading
-- takes them from there, and any other reads them again as before.
alter table public.market_query_readings
  add column condition text check (condition in ('new_with_tags', 'new_without_tags', 'new_with_imperfections', 'pre_owned')),
  add column sellers uuid[],
  add column sellers_at timestamptz;
comment on column public.market_query_readings.sellers is
  'The distinct sellers of the last listed search of this query, in condition, at sellers_at (docs/decisions/069).';

-- How many distinct keys, counted up to p_k. A threshold is met by the first keys in nearly every answer, so they are
-- looked at first (4 x p_k of them); only when they do not hold p_k different sellers are all the keys counted.
-- A distinct count hashes every key before it can stop, so a LIMIT alone would not save the work.
create function private.market_sellers_upto(p_keys uuid[], p_k int) returns int
  language sql immutable
  set search_path = ''
as $$
  select case
    when (select count(*) from (select distinct k from unnest(p_keys[1:4 * p_k]) k) d) >= p_k then p_k
    else (select count(*)::int from (select distinct k from unnest(p_keys) k) d)
  end
$$;

revoke execute on function private.market_sellers_upto(uuid[], int) from public, anon, authenticated;
grant execute on function private.market_sellers_upto(uuid[], int) to service_role;

-- The counts, as in 20261128130000_search_speed.sql, with the found rows grouped by condition and marketplace only
-- (a few dozen groups), each group holding its sellers' keys. Before, the rows were grouped by seller too, in two
-- grouping sets (19,023 groups for "shein floral mini dress", 21,288 rows), and those groups were read again to count
-- each condition's and each marketplace's sellers: 39 of the 63 ms that count took, against 25 ms to find the rows.
--
-- Only the condition asked for needs its sellers counted exactly (its figure says how many: "Flipwise seller panel:
-- N sellers"). Every other count of sellers is only compared with the threshold (private.panel_cell: none, or at
-- least p_min_sellers; private.panel_fold: the same, and the keys of a marketplace below it), so it is counted up to
-- the threshold and no further: the distinct keys stop at p_min_sellers. A count below the threshold is exact, with
-- its keys; a count at the threshold stands for "enough". What each function returns is the same.
create function private.market_available(p_parsed jsonb, p_condition text, p_k int, out result jsonb,
  out sellers uuid[])
  language plpgsql stable
  set search_path = ''
  set enable_sort = off
  set jit = off
as $$
declare
  v_parsed jsonb := p_parsed;
  v_k int := greatest(coalesce(p_k, 5), 1);
  v_raw jsonb;
  v_cell jsonb;
  v_shown boolean;
begin
  execute format($sql$
    with g as (
      select l.condition, l.marketplace, count(*)::int as n,
        count(*) filter (where l.source = 'demo')::int as demo, count(*) filter (where l.source = 'panel')::int as panel,
        array_agg(l.seller_key) filter (where l.seller_key is not null) as keys
      from public.market_listings l
      where %s
      group by l.condition, l.marketplace
    ),
    gk as (
      select g.*, private.market_sellers_upto(g.keys, $2) as upto from g
    ),
    -- The sellers of the condition asked for, each once.
    chosen as (
      select coalesce(array_agg(d.k), '{}') as keys
      from (select distinct k from gk, unnest(gk.keys) k where gk.condition = $1) d
    ),
    -- A condition's sellers: all of them for the one asked for; for another, enough when one marketplace has enough,
    -- else every key of the condition counted.
    c as (
      select c.condition, c.n, case
          when c.condition = $1 then (select cardinality(chosen.keys) from chosen)
          when not c.enough
            then (select count(*) from (select distinct k from gk, unnest(gk.keys) k where gk.condition = c.condition) d)
          else $2
        end::int as sellers
      from (select gk.condition, sum(gk.n)::int as n, bool_or(gk.upto >= $2) as enough from gk group by gk.condition) c
    ),
    m as (
      select gk.marketplace, gk.n, gk.upto as sellers,
        case when gk.upto < $2 then array(select distinct k from unnest(gk.keys) k) end as keys, gk.demo, gk.panel
      from gk where gk.condition = $1
    )
    select jsonb_build_object(
      'conditions', coalesce((select jsonb_object_agg(c.condition, jsonb_build_object('n', c.n, 'sellers', c.sellers)) from c), '{}'),
      'marketplaces', coalesce((select jsonb_agg(jsonb_build_object('marketplace', m.marketplace, 'n', m.n,
        'sellers', m.sellers, 'keys', to_jsonb(m.keys))) from m), '[]'),
      'demo', coalesce((select sum(m.demo) from m), 0)::int,
      'panel', coalesce((select sum(m.panel) from m), 0)::int
    ), (select chosen.keys from chosen)$sql$, public.market_match_sql(v_parsed, 'available'))
  into v_raw, sellers using p_condition, v_k;

  v_cell := v_raw -> 'conditions' -> p_condition;
  v_shown := private.panel_cell(v_cell, v_k) is not null;
  result := jsonb_build_object(
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

revoke execute on function private.market_available(jsonb, text, int) from public, anon, authenticated;
grant execute on function private.market_available(jsonb, text, int) to service_role;

create or replace function public.market_count_available(p_query text, p_condition text, p_min_sellers int default 5)
  returns jsonb
  language sql stable
  set search_path = ''
as $$
  select a.result from private.market_available(public.market_parse_query(p_query), p_condition, p_min_sellers) a
$$;

-- The same for sales: the window's sales grouped by condition and marketplace with their sellers' keys. The sellers
-- of the condition asked for are counted exactly (and kept, for the headline's sellers below); those who priced or
-- timed a sale only up to the threshold, which is all they are compared with.
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
  v_listed uuid[];
begin
  execute format($sql$
    with m as materialized (
      select l.id, l.condition, l.marketplace, l.seller_key, l.source, l.price, l.currency, l.sold_at, l.listed_at
      from public.market_listings l
      where %s and l.sold_at >= $2 and public.market_sold_key(l.terms, l.sold_at) && %L::text[]
    ),
    g as (
      select m.condition, m.marketplace, count(*)::int as n,
        count(*) filter (where m.source = 'demo')::int as demo, count(*) filter (where m.source = 'panel')::int as panel,
        private.market_sellers_upto(array_agg(m.seller_key) filter (where m.seller_key is not null), $3) as upto,
        array_agg(m.seller_key) filter (where m.seller_key is not null) as keys
      from m group by m.condition, m.marketplace
    ),
    -- The sales of the condition asked for, which every figure below reads (a fifth of m for "lululemon leggings").
    mc as materialized (
      select m.id, m.seller_key, m.price, m.currency, m.sold_at, m.listed_at from m where m.condition = $1
    ),
    -- The sellers of the condition asked for, each once: whether they priced a sale, and timed one.
    chosen as (
      select mc.seller_key, bool_or(mc.currency = 'USD' and mc.price is not null) as priced,
        bool_or(mc.listed_at is not null) as timed
      from mc where mc.seller_key is not null group by mc.seller_key
    ),
    c as (
      select c.condition, c.n, case
          when c.condition = $1 then (select count(*) from chosen)
          when not c.enough
            then (select count(*) from (select distinct k from g, unnest(g.keys) k where g.condition = c.condition) d)
          else $3
        end::int as sellers
      from (select g.condition, sum(g.n)::int as n, bool_or(g.upto >= $3) as enough from g group by g.condition) c
    ),
    mk as (
      select g.marketplace, g.n, g.upto as sellers,
        case when g.upto < $3 then array(select distinct k from unnest(g.keys) k) end as keys, g.demo, g.panel
      from g where g.condition = $1
    ),
    sorted as (
      select array_agg(mc.price order by mc.price) filter (where mc.currency = 'USD' and mc.price is not null) as prices,
        array_agg(mc.sold_at - mc.listed_at order by mc.sold_at - mc.listed_at) filter (where mc.listed_at is not null)
          as took
      from mc
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
    -- The newest sale of each seller, and every sale that is nobody's: the ten newest of these. They are among the 40
    -- newest sales whenever those hold ten sellers (a seller's newest sale is never older than another of theirs), so
    -- those are looked at first, and all of them only when they do not.
    newest as (
      select mc.id, mc.seller_key, mc.sold_at from mc order by mc.sold_at desc, mc.id desc limit 40
    ),
    recent as (
      select l.id, l.title, l.price, l.currency, l.marketplace, l.sold_at, l.url, l.seller_key
      from public.market_listings l
      where l.id = any (coalesce(
        case when (select count(distinct coalesce(n.seller_key::text, n.id::text)) from newest n) >= 10 then array(
          select r.id from (
            select distinct on (coalesce(n.seller_key::text, n.id::text)) n.id, n.sold_at
            from newest n
            order by coalesce(n.seller_key::text, n.id::text), n.sold_at desc, n.id desc
          ) r
          order by r.sold_at desc, r.id desc
          limit 10) end,
        array(
          select r.id from (
            select distinct on (coalesce(mc.seller_key::text, mc.id::text)) mc.id, mc.sold_at
            from mc
            order by coalesce(mc.seller_key::text, mc.id::text), mc.sold_at desc, mc.id desc
          ) r
          order by r.sold_at desc, r.id desc
          limit 10)))
    )
    select jsonb_build_object(
      'conditions', coalesce((select jsonb_object_agg(c.condition, jsonb_build_object('n', c.n, 'sellers', c.sellers)) from c), '{}'),
      'marketplaces', coalesce((select jsonb_agg(jsonb_build_object('marketplace', mk.marketplace, 'n', mk.n,
        'sellers', mk.sellers, 'keys', to_jsonb(mk.keys))) from mk), '[]'),
      'pricedSellers', (select count(*) from chosen where chosen.priced),
      'timedSellers', (select count(*) from chosen where chosen.timed),
      'soldKeys', coalesce((select jsonb_agg(chosen.seller_key) from chosen), '[]'),
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
    -- The sellers the listed search of the same text, condition and reading found a minute ago at most.
    select r.sellers into v_listed from public.market_query_readings r
    where r.query = p_query and r.condition = p_condition and r.sellers_at > now() - interval '1 minute'
      and r.reading = v_parsed;
  end if;
  if v_listed is not null then
    select count(*)::int into v_panel_sellers from (
      select unnest(v_listed) union select (jsonb_array_elements_text(v_raw -> 'soldKeys'))::uuid) s;
  elsif v_shown and p_window_days = 90 and jsonb_array_length(v_raw -> 'soldKeys') > 0 then
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

-- As in 20261128120000_models_and_misspelt_brands.sql, with the sellers of a listed search kept.
create or replace function public.market_search(
  p_kind text,
  p_query text,
  p_condition text,
  p_user uuid,
  p_bucket text,
  p_limit int,
  p_window_seconds int,
  p_cache_key text default null,
  p_ttl_seconds int default 900,
  p_window_days int default 90,
  p_min_sellers int default 5
) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  v_gate jsonb;
  v_result jsonb;
  v_count int;
  v_state jsonb;
  v_sellers uuid[];
begin
  if p_kind is null or p_kind not in ('available', 'sold') then
    raise exception 'p_kind must be available or sold' using errcode = '22023';
  end if;

  v_gate := public.market_search_gate(p_user, p_bucket, p_limit, p_window_seconds, p_cache_key);
  if not (v_gate ->> 'allowed')::boolean then
    return v_gate;
  end if;
  if jsonb_typeof(v_gate -> 'cached') = 'object' then
    return jsonb_build_object('allowed', true, 'cached', true, 'result', v_gate -> 'cached');
  end if;

  if p_kind = 'available' then
    select a.result, a.sellers into v_result, v_sellers
    from private.market_available(public.market_parse_query(p_query), p_condition, p_min_sellers) a;
    v_count := (v_result ->> 'available')::int;
  else
    v_result := public.market_count_sold(p_query, p_condition, p_window_days, p_min_sellers)
      || jsonb_build_object('dataSince',
           (select min(l.sold_at) from public.market_listings l where l.status = 'sold'));
    v_count := (v_result ->> 'sold')::int;
  end if;
  -- Where a zero comes from is asked of the whole index: demo rows, the panel, or nothing at all.
  if v_count = 0 then
    v_state := public.market_index_state();
  else
    v_state := jsonb_build_object(
      'hasDemo', (v_result ->> 'demoComps')::int > 0,
      'hasPanel', (v_result ->> 'panelComps')::int > 0,
      'empty', false);
  end if;
  v_result := v_result || jsonb_build_object(
    'hasDemo', (v_state ->> 'hasDemo')::boolean,
    'hasPanel', (v_state ->> 'hasPanel')::boolean,
    'indexEmpty', (v_state ->> 'empty')::boolean,
    'asOf', to_jsonb(now()));

  if p_cache_key is not null then
    perform public.market_cache_put(p_cache_key, v_result, p_ttl_seconds);
  end if;
  -- The reading, for the search of the other kind that follows (the screen asks for both).
  if not exists (select 1 from public.market_query_readings r
                 where r.query = p_query and r.read_at > now() - interval '10 minutes') then
    delete from public.market_query_readings r where r.read_at <= now() - interval '10 minutes';
    insert into public.market_query_readings (query, reading) values (p_query, v_result -> 'query')
    on conflict (query) do update set reading = excluded.reading, read_at = now(), condition = null, sellers = null,
      sellers_at = null;
  end if;
  -- The sellers of a listed search, for the sold search's headline that follows.
  if p_kind = 'available' then
    update public.market_query_readings r set condition = p_condition, sellers = v_sellers, sellers_at = now()
    where r.query = p_query;
  end if;
  return jsonb_build_object('allowed', true, 'cached', false, 'result', v_result);
end;
$$;

select public.market_refresh_vocabulary() where exists (select 1 from public.market_vocabulary);

-- No JIT in the query's reading either ---------------------------------------------------------------------------------
-- As the counts (decision 067): these functions turn sequential and plain index scans off so that their existence
-- checks probe the search index, which prices every other plan at 10^10, far past jit_above_cost. PostgreSQL 15 then
-- compiled each small statement: about 70 ms of JIT for a statement that runs in 0.14 ms, on every listed search (the
-- PostgreSQL bench of issue 25 at 200,000 listings: listed p50 137 ms, sold 14 ms). PGlite has no JIT.
alter function public.market_read_query(text) set jit = off;
alter function public.market_query_groups(text, boolean, jsonb) set jit = off;
alter function public.market_suggest(text, int) set jit = off;
