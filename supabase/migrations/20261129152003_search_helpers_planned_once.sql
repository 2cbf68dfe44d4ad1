-- A search's small helpers keep their plans: the SQL-language ones (market_not_sql, panel_fold, panel_cell,
-- market_without_facet, market_trend_reading, market_sellers_upto) were planned again at every call, about 1.3 ms of
-- planning per listed-and-sold pair of searches at 10M listings; as PL/pgSQL they are planned once per session. And a
-- word's count in the vocabulary is looked up by its key: the joins market_groups_sql and market_not_sql wrote were
-- planned for 100 words and hashed the whole vocabulary (0.18 ms a phrase, 2.6 ms of a "did you mean"). The same
-- text comes back from each; issue 53 (the searches' fixed cost).

CREATE OR REPLACE FUNCTION private.market_sellers_upto(p_keys uuid[], p_k integer) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  -- (PL/pgSQL keeps the plan across calls; a SQL function is planned again at every call)
  return (
    select case
      when (select count(*) from (select distinct k from unnest(p_keys[1:4 * p_k]) k) d) >= p_k then p_k
      else (select count(*)::int from (select distinct k from unnest(p_keys) k) d)
    end
  );
end;
$$;

CREATE OR REPLACE FUNCTION private.market_trend_reading(p_thirds jsonb, p_k integer) RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  -- (PL/pgSQL keeps the plan across calls; a SQL function is planned again at every call)
  return (
    with t as (
      select coalesce((p_thirds -> 'early' ->> 'n')::float8, 0) as a, coalesce((p_thirds -> 'recent' ->> 'n')::float8, 0) as b,
        coalesce((p_thirds -> 'early' ->> 'sellers')::int, 0) as sa, coalesce((p_thirds -> 'recent' ->> 'sellers')::int, 0) as sb,
        coalesce((p_thirds -> 'early' ->> 'prices')::float8, 0) as pa, coalesce((p_thirds -> 'recent' ->> 'prices')::float8, 0) as pb,
        p_thirds -> 'early' -> 'q' as qa, p_thirds -> 'recent' -> 'q' as qb
    ),
    ok as (
      select t.*, (t.sa = 0 or t.sa >= p_k) and (t.sb = 0 or t.sb >= p_k) and t.a + t.b >= 10 as pace_ok,
        (t.sa >= p_k and t.sb >= p_k and t.pa >= 5 and t.pb >= 5) as price_ok
      from t
    ),
    notches as (
      select ok.*,
        (ok.qa ->> 1)::float8 as ma, 1.58 * ((ok.qa ->> 2)::float8 - (ok.qa ->> 0)::float8) / sqrt(greatest(ok.pa, 1)) as na,
        (ok.qb ->> 1)::float8 as mb, 1.58 * ((ok.qb ->> 2)::float8 - (ok.qb ->> 0)::float8) / sqrt(greatest(ok.pb, 1)) as nb
      from ok
    )
    select jsonb_build_object(
      'pace', case when not n.pace_ok then null
        when n.b - n.a > 1.96 * sqrt(n.a + n.b) then 'faster' when n.a - n.b > 1.96 * sqrt(n.a + n.b) then 'slower'
        else 'steady' end,
      'price', case when not n.price_ok then null
        when n.mb - n.nb > n.ma + n.na then 'rising' when n.mb + n.nb < n.ma - n.na then 'falling' else 'steady' end,
      'earlySold', n.a, 'recentSold', n.b,
      'earlyMedian', case when n.price_ok then round(n.ma::numeric, 2) end,
      'recentMedian', case when n.price_ok then round(n.mb::numeric, 2) end)
    from notches n
  );
end;
$$;

CREATE OR REPLACE FUNCTION private.market_without_facet(p_reading jsonb, p_facet text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET jit TO 'off'
    AS $_$
begin
  -- (PL/pgSQL keeps the plan across calls; a SQL function is planned again at every call)
  return (
    select case when p_facet = '' then p_reading else jsonb_set(p_reading, '{clauses}', coalesce((
      select jsonb_agg(case when x.dropped then x.c || jsonb_build_object('faceted', true, 'groups', x.kept) else x.c end
        order by x.i)
      from (
        select c.c, c.i, coalesce(jsonb_agg(g.g) filter (where not g.implied), '[]') as kept, bool_or(g.implied) as dropped
        from jsonb_array_elements(p_reading -> 'clauses') with ordinality c(c, i)
        left join lateral (
          select g.g, (g.g -> 'any' = jsonb_build_array(jsonb_build_array(p_facet))
            or (p_facet ~ '^sz_[0-9]+$' and g.g -> 'any' @> jsonb_build_array(jsonb_build_array(substr(p_facet, 4)))))
            as implied
          from jsonb_array_elements(coalesce(c.c -> 'groups', '[]')) g(g)
        ) g on true
        group by c.c, c.i
      ) x), '[]')) end
  );
end;
$_$;

CREATE OR REPLACE FUNCTION private.panel_cell(p_cell jsonb, p_k integer) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  -- (PL/pgSQL keeps the plan across calls; a SQL function is planned again at every call)
  return (
    select case
      when p_cell is null then 0
      when (p_cell ->> 'sellers')::int = 0 or (p_cell ->> 'sellers')::int >= p_k then (p_cell ->> 'n')::int
    end
  );
end;
$$;

CREATE OR REPLACE FUNCTION private.panel_fold(p_rows jsonb, p_k integer, p_field text) RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  -- (PL/pgSQL keeps the plan across calls; a SQL function is planned again at every call)
  return (
    with r as (
      select x.value ->> 'marketplace' as marketplace, (x.value ->> 'n')::int as n,
        (x.value ->> 'sellers')::int as sellers, x.value -> 'keys' as keys
      from jsonb_array_elements(coalesce(p_rows, '[]')) x
    ),
    shown as (
      select r.*, row_number() over (order by r.n, r.marketplace desc) as smallest
      from r where r.sellers = 0 or r.sellers >= p_k
    ),
    small as (select r.* from r where r.sellers > 0 and r.sellers < p_k),
    verdict as (
      select
        (select count(*) from small) as small_rows,
        (select count(distinct k.value) from small, jsonb_array_elements(small.keys) k) as small_sellers,
        (select count(*) from shown) as shown_rows
    ),
    -- How many of the smallest shown marketplaces join 'other': none, one, or every row when nothing can be shown.
    joined as (
      select case
        when v.small_rows = 0 or v.small_sellers >= p_k then 0
        when v.shown_rows > 0 then 1
        else -1 end as n
      from verdict v
    )
    select case when j.n = -1 then '[]'::jsonb else
      coalesce((
        select jsonb_agg(jsonb_build_object('marketplace', s.marketplace, p_field, s.n) order by s.n desc, s.marketplace)
        from shown s where s.smallest > j.n
      ), '[]')
      || coalesce((
        select jsonb_build_array(jsonb_build_object('marketplace', 'other', p_field, sum(o.n)::int))
        from (select n from small union all select n from shown where smallest <= j.n) o
        having count(*) > 0
      ), '[]')
    end
    from joined j
  );
end;
$$;

CREATE OR REPLACE FUNCTION public.market_groups_sql(p_groups jsonb, p_key text, p_index_key text DEFAULT NULL::text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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
      -- (each word's count looked up by its key: a join is planned for 100 words, and hashes the whole vocabulary)
      v_need := v_need || (
        select w from jsonb_array_elements_text(v_phrase) w
        order by coalesce((select v.listings from public.market_vocabulary v where v.word = w), 0), length(w) desc, w
        limit 1);
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
          select w from unnest(v_singles) w
          order by coalesce((select v.listings from public.market_vocabulary v where v.word = w), 0) desc, w), p_key)
          || v_alts;
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

CREATE OR REPLACE FUNCTION public.market_not_sql(p_clause jsonb, p_key text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  -- (PL/pgSQL keeps this statement's plan across calls; a SQL function is planned again at every call: 0.4 ms of a
  -- search's planning went to this one)
  return concat(
    (select format(' and not (%s && %L::text[])', p_key, array_agg(w.value ->> 0 order by w.value ->> 0))
     from jsonb_array_elements(coalesce(p_clause -> 'notwords', '[]'::jsonb)) w
     where jsonb_array_length(w.value) = 1
     having count(*) > 0),
    (select string_agg(format(' and not (%s @> %L::text[])', p_key,
        array(select jsonb_array_elements_text(w.value))), '' order by w.value::text)
     from jsonb_array_elements(coalesce(p_clause -> 'notwords', '[]'::jsonb)) w
     where jsonb_array_length(w.value) > 1),
    -- a model named without its garment: no other garment named, unless one of its own is too
    case when jsonb_typeof(p_clause -> 'kinds') = 'object' then
      -- The family's words first (most comps say their garment), the word most listings hold first; the other
      -- families' words, dozens, are looked up by hash per word of the key: an array overlap with them compares every
      -- pair, 15 us a found row.
      format(' and (%L::text[] && %s%s or not exists (select from unnest(%s) k(w) where k.w = any (%L::text[])))',
        array(select o.w from jsonb_array_elements_text(p_clause -> 'kinds' -> 'own') o(w)
              order by coalesce((select v.listings from public.market_vocabulary v where v.word = o.w), 0) desc, o.w),
        p_key,
        (select string_agg(format(' or %s @> %L::text[]', p_key, array(select jsonb_array_elements_text(w.value))),
           '' order by w.value::text)
         from jsonb_array_elements(p_clause -> 'kinds' -> 'phrases') w),
        p_key, array(select jsonb_array_elements_text(p_clause -> 'kinds' -> 'others')))
    end,
    case when p_clause ->> 'not' is not null then
      format(' and ((not (%s && %L::text[]) and strpos(lower(l.title), %L) = 0) or l.title !~* %L)',
        p_key, '{style,type,inspired,not,non}', 'for', p_clause ->> 'not')
    end);
end;
$$;
