-- Two ways the cells answer more (issue 53), and the sold cells' hedged sales found by their own index.
-- - "Did you mean" asks its existence probes of the cells: a probe whose words the cells cover reads the signatures
--   (hundreds of rows) and the few listings the cells do not count through their own index, instead of the words'
--   whole posting lists, which grow with the market (p95 190 ms at 10M listings for an answer that found nothing).
-- - A word no listing holds changes no count, so a reading is routed without it (a word nobody lists, a size nobody
--   has) instead of sending the whole search to the rows.
-- - The sold cells' hedged sales are asked of the key (the partial index of hedged sales), not of the sale words by
--   week, which read every matching sale of the window (9 ms of 24 for "lululemon align pant" at 1M).
-- - The functions that plan queries over jsonb never compile them (JIT): 200 ms for a route on a server with JIT on.
-- Drafted by `npm run db:diff` from supabase/schemas.

CREATE OR REPLACE FUNCTION private.market_cells_route(p_parsed jsonb, p_filters jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
declare
  v_size text[];
  v_left text[];
  v_dead text[];
  v_facet text;
  v_reading jsonb;
begin
  if current_setting('flipwise.market_cells', true) = 'off'
     or not (select s.reads from private.market_cells_state s) then
    return jsonb_build_object('path', 'rows', 'why', 'cells off');
  end if;
  if coalesce(p_filters, '{}') ? 'priceMin' or coalesce(p_filters, '{}') ? 'priceMax' then
    return jsonb_build_object('path', 'rows', 'why', 'price band');
  end if;
  if exists (select 1 from jsonb_array_elements(coalesce(p_parsed -> 'clauses', '[]')) c
             where jsonb_array_length(coalesce(c -> 'phrases', '[]')) > 0) then
    return jsonb_build_object('path', 'rows', 'why', 'phrase');
  end if;
  v_reading := p_parsed;
  v_left := private.market_uncovered(v_reading);
  -- A word no listing holds changes no count: the reading without it (a word nobody lists, a size nobody has).
  v_dead := array(select w from unnest(v_left) w where not private.market_word_used(w));
  if cardinality(v_dead) > 0 then
    v_reading := private.market_without_words(v_reading, v_dead);
    v_left := private.market_uncovered(v_reading);
  end if;
  if nullif(btrim(coalesce(p_filters ->> 'size', '')), '') is not null then
    -- The size narrowing, as market_filter_sql reads it: one size word is a facet.
    v_size := private.market_size_words(p_filters ->> 'size');
    if cardinality(v_size) <> 1 then
      return jsonb_build_object('path', 'rows', 'why', 'size');
    end if;
    v_facet := v_size[1];
  elsif cardinality(v_left) > 0 then
    -- The facet the words left point to: a size word first (it carries its number), then any other facet word.
    select w into v_facet from unnest(v_left) w where private.market_is_facet(w)
    order by (w ~ '^sz_') desc, w limit 1;
  end if;
  v_reading := private.market_without_facet(v_reading, coalesce(v_facet, ''));
  if v_facet is not null then
    v_left := private.market_uncovered(v_reading);
  end if;
  if cardinality(v_left) > 0 then
    return jsonb_build_object('path', 'rows', 'why', 'words', 'words', to_jsonb(v_left));
  end if;
  return jsonb_build_object('path', 'cells', 'facet', coalesce(v_facet, ''), 'reading', v_reading);
end;
$$;

CREATE FUNCTION private.market_found(p_clause jsonb) RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    SET enable_indexscan TO 'on'
    AS $_$
declare
  v_groups text := public.market_groups_sql(coalesce(p_clause -> 'groups', '[]'), 'l.terms');
  v_found boolean;
begin
  if v_groups = '' then
    return false;
  end if;
  if current_setting('flipwise.market_cells', true) = 'off'
     or not (select s.reads from private.market_cells_state s)
     or cardinality(private.market_uncovered(jsonb_build_object('clauses', jsonb_build_array(p_clause)))) > 0 then
    return private.market_listing_exists(v_groups || public.market_not_sql(p_clause, 'l.terms'));
  end if;
  execute format($sql$
    select exists (
        select 1 from private.market_signatures s
        where %s%s
          and (exists (select 1 from private.market_listed_cells c where c.facet = '' and c.sig = s.id)
               or exists (select 1 from unnest(array['new_with_tags', 'new_without_tags', 'new_with_imperfections',
                                                     'pre_owned']) k(condition)
                          where exists (select 1 from private.market_sale_places p
                                        where p.condition = k.condition and p.sig = s.id))))
      or exists (
        select 1 from public.market_listings l
        where (l.source = 'panel' or l.hedged or (l.status = 'sold' and l.sold_at is null))
          and l.status in ('available', 'sold') and %s%s)$sql$,
    public.market_groups_sql(p_clause -> 'groups', 's.key'), public.market_not_sql(p_clause - 'not', 's.key'),
    v_groups, public.market_not_sql(p_clause, 'l.terms'))
  into v_found;
  return v_found;
end;
$_$;

CREATE OR REPLACE FUNCTION private.market_named_garment_found(p_named jsonb, p_label text) RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_read jsonb := public.market_clause_groups(p_named || jsonb_build_array(
    jsonb_build_object('kind', 'garment', 'label', p_label, 'any', '[]'::jsonb)));
  v_sql text := public.market_groups_sql(v_read -> 'groups', 'l.terms');
begin
  if v_sql = '' then
    return false;
  end if;
  return private.market_found(v_read);
end;
$$;

CREATE OR REPLACE FUNCTION private.market_signature_sql(p_reading jsonb) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
declare
  v_parts text[] := '{}';
  v_clause jsonb;
  v_groups text;
  v_part text;
begin
  for v_clause in select value from jsonb_array_elements(coalesce(p_reading -> 'clauses', '[]')) loop
    v_groups := public.market_groups_sql(v_clause -> 'groups', 's.key');
    if v_groups = '' then
      if not coalesce((v_clause ->> 'faceted')::boolean, false)
         or jsonb_array_length(coalesce(v_clause -> 'groups', '[]')) > 0 then
        continue;
      end if;
      v_groups := 'true';
    end if;
    v_parts := v_parts || ('(' || v_groups || public.market_not_sql(v_clause - 'not', 's.key') || ')');
  end loop;
  if cardinality(v_parts) = 0 then
    return 'false';
  end if;
  v_part := format('(%s) and s.decoys <@ %L::text[]', array_to_string(v_parts, ' or '),
    array(select jsonb_array_elements_text(coalesce(p_reading -> 'allow', '[]'))));
  if jsonb_array_length(coalesce(p_reading -> 'allow', '[]')) > 0 then
    v_part := v_part || format(' and s.decoys && %L::text[]',
      array(select jsonb_array_elements_text(p_reading -> 'allow')));
  end if;
  if jsonb_array_length(coalesce(p_reading -> 'exclude', '[]')) > 0 then
    v_part := v_part || format(' and not coalesce(%s, false)',
      (select string_agg(nullif(public.market_groups_sql(jsonb_build_array(g), 's.key'), ''), ' or ')
       from jsonb_array_elements(p_reading -> 'exclude') g));
  end if;
  return v_part;
end;
$$;

CREATE OR REPLACE FUNCTION private.market_sold_sources(p_parsed jsonb, p_filters jsonb) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  select format($sql$
    hedge as materialized (
      select l.id, l.condition, l.marketplace, l.seller_key, l.source, l.price, l.currency, l.sold_at,
        private.market_took(l.sold_at, l.listed_at) as took
      from public.market_listings l
      where l.hedged and %s and %s and (l.sold_at >= $2) is true and (l.sold_at < $10) is true and l.source <> 'panel'
    ),
    mc as materialized (
      select p.id, p.marketplace, p.seller_key, case when p.demo then 'demo' else 'import' end as source, p.price,
        case when p.price is not null then 'USD' end as currency, p.sold_at, p.took
      from private.market_sale_places p
      where p.condition = $1 and p.sig = any ($6) and p.sold_at >= $2 and p.sold_at < $10
        and ($7 = '' or p.facets @> array[$7]) and ($8::text is null or p.marketplace = $8)
      union all
      select h.id, h.marketplace, h.seller_key, h.source, h.price, h.currency, h.sold_at, h.took
      from hedge h where h.condition = $1
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
    -- the reading's test on the key itself (not the sale words by week), so the partial index of hedged sales finds them
    replace(public.market_match_sql(p_parsed, 'available'), '''available''', '''sold'''),
    private.market_filter_sql(p_filters))
$_$;

CREATE OR REPLACE FUNCTION private.market_suggestion_found(p_parsed jsonb, p_classes jsonb) RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_groups jsonb := (select coalesce(jsonb_agg(c.value -> 'group' order by (c.value ->> 'n')::int), '[]')
                     from jsonb_array_elements(p_classes) c);
  v_sql text := public.market_groups_sql(v_groups, 'l.terms');
begin
  if v_sql = '' then
    return false;
  end if;
  return private.market_found(jsonb_set(coalesce(p_parsed -> 'clauses' -> 0, '{}'::jsonb), '{groups}', v_groups));
end;
$$;

CREATE OR REPLACE FUNCTION private.market_uncovered(p_reading jsonb) RETURNS text[]
    LANGUAGE sql STABLE
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
  with units as materialized (
    select array(select jsonb_array_elements_text(a)) as u
    from jsonb_array_elements(coalesce(p_reading -> 'clauses', '[]')) c,
      jsonb_array_elements(coalesce(c -> 'groups', '[]')) g, jsonb_array_elements(g -> 'any') a
    union all
    select array(select jsonb_array_elements_text(a))
    from jsonb_array_elements(coalesce(p_reading -> 'clauses', '[]')) c,
      jsonb_array_elements(coalesce(c -> 'notwords', '[]')) a
    union all
    select array[w]
    from jsonb_array_elements(coalesce(p_reading -> 'clauses', '[]')) c, unnest(array['own', 'others']) k,
      jsonb_array_elements_text(case when jsonb_typeof(c -> 'kinds') = 'object' then c -> 'kinds' -> k end) w
    union all
    select array(select jsonb_array_elements_text(a))
    from jsonb_array_elements(coalesce(p_reading -> 'clauses', '[]')) c,
      jsonb_array_elements(case when jsonb_typeof(c -> 'kinds') = 'object' then c -> 'kinds' -> 'phrases' end) a
    union all
    select array(select jsonb_array_elements_text(a))
    from jsonb_array_elements(coalesce(p_reading -> 'exclude', '[]')) g, jsonb_array_elements(g -> 'any') a
  )
  -- (a word that is no signature word first, by its key; then the names that hold it, through their index)
  , other as materialized (
    select units.u, w from units, unnest(units.u) w
    where not exists (select 1 from private.market_cell_words x
                      where x.word = w and x.role = 'signature' and x.state = 'active')
  )
  select coalesce(array_agg(distinct o.w order by o.w), '{}')
  from other o
  where not exists (select 1 from private.market_cell_names n
                    where n.words @> array[o.w] and n.state = 'active' and n.words <@ o.u)
$$;

CREATE OR REPLACE FUNCTION private.market_without_facet(p_reading jsonb, p_facet text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    SET jit TO 'off'
    AS $_$
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
$_$;

CREATE FUNCTION private.market_without_words(p_reading jsonb, p_dead text[]) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
  with clauses as (
    select c.i, c.c,
      (select coalesce(jsonb_agg(g.g || jsonb_build_object('any', x.any) order by g.n), '[]')
       from jsonb_array_elements(coalesce(c.c -> 'groups', '[]')) with ordinality g(g, n),
         lateral (select coalesce(jsonb_agg(a order by k), '[]') as any
                  from jsonb_array_elements(g.g -> 'any') with ordinality a(a, k)
                  where not array(select jsonb_array_elements_text(a)) && p_dead) x) as groups
    from jsonb_array_elements(coalesce(p_reading -> 'clauses', '[]')) with ordinality c(c, i)
  ),
  kept as (
    select k.i, k.c || jsonb_build_object('groups', k.groups)
      || jsonb_build_object('notwords', (
           select coalesce(jsonb_agg(w order by n), '[]')
           from jsonb_array_elements(coalesce(k.c -> 'notwords', '[]')) with ordinality w(w, n)
           where not array(select jsonb_array_elements_text(w)) && p_dead))
      || case when jsonb_typeof(k.c -> 'kinds') = 'object' then jsonb_build_object('kinds', k.c -> 'kinds'
           || jsonb_build_object(
                'own', (select coalesce(jsonb_agg(w order by n), '[]')
                        from jsonb_array_elements_text(coalesce(k.c -> 'kinds' -> 'own', '[]')) with ordinality w(w, n)
                        where not w = any (p_dead)),
                'others', (select coalesce(jsonb_agg(w order by n), '[]')
                           from jsonb_array_elements_text(coalesce(k.c -> 'kinds' -> 'others', '[]')) with ordinality w(w, n)
                           where not w = any (p_dead)),
                'phrases', (select coalesce(jsonb_agg(w order by n), '[]')
                            from jsonb_array_elements(coalesce(k.c -> 'kinds' -> 'phrases', '[]')) with ordinality w(w, n)
                            where not array(select jsonb_array_elements_text(w)) && p_dead)))
         else '{}'::jsonb end as c
    from clauses k
    where not exists (select 1 from jsonb_array_elements(k.groups) g where jsonb_array_length(g -> 'any') = 0)
  )
  select p_reading || jsonb_build_object(
    'clauses', (select coalesce(jsonb_agg(k.c order by k.i), '[]') from kept k),
    'exclude', (
      select coalesce(jsonb_agg(x.g order by x.n), '[]')
      from (
        select g.n, g.g || jsonb_build_object('any', (
            select coalesce(jsonb_agg(a order by k), '[]')
            from jsonb_array_elements(g.g -> 'any') with ordinality a(a, k)
            where not array(select jsonb_array_elements_text(a)) && p_dead)) as g
        from jsonb_array_elements(coalesce(p_reading -> 'exclude', '[]')) with ordinality g(g, n)
      ) x
      where jsonb_array_length(x.g -> 'any') > 0))
$$;

CREATE FUNCTION private.market_word_used(p_word text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select private.market_listing_exists(format('l.terms @> %L::text[]', array[p_word]))
$$;

CREATE OR REPLACE FUNCTION public.market_suggestions(p_query text, p_limit integer DEFAULT 3) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET enable_seqscan TO 'off'
    SET enable_indexscan TO 'off'
    SET jit TO 'off'
    AS $_$
declare
  v_query text := lower(btrim(coalesce(p_query, '')));
  v_out text[] := '{}';
  v_unused text[] := '{}';
  v_candidate record;
  v_found boolean;
  v_parsed jsonb;
  v_groups jsonb;
  v_named jsonb;
  v_garment jsonb;
  v_prefix text;
  v_rest text;
  v_label text;
  v_written text;
  v_word text;
  v_match text;
  v_described int := 0;
  v_notwords text[];
  v_words text[];
  v_brands text[];
  v_classes jsonb;
  v_core jsonb;
  v_units jsonb;
  v_unit jsonb;
  v_kept jsonb;
  v_try jsonb;
  v_left jsonb := '[]'::jsonb;
  v_maybe_brand boolean;
begin
  if char_length(v_query) < 2 or p_limit <= 0 then
    return jsonb_build_object('suggestions', '[]'::jsonb, 'unused', '[]'::jsonb);
  end if;
  v_parsed := public.market_parse_query(p_query);
  v_groups := coalesce(v_parsed -> 'clauses' -> 0 -> 'groups', '[]');
  v_words := public.market_words(v_query);
  v_brands := array(select g.value ->> 'label' from jsonb_array_elements(v_groups) g where g.value ->> 'kind' = 'brand');

  -- What each group of the first alternative is to a suggestion (issue 54):
  --   named: a brand or model, a word of a named brand's product name ("tabby" beside Coach, "501" beside Levi's), or,
  --          when the query names no brand, a word no English word and no lexicon name that listings use: a brand the
  --          lexicon does not know yet ("kapital"). Every suggestion keeps them.
  --   garment: kept, and widened by the broader searches below.
  --   other: any other word, a colour, a material, a size (a size and the number it also leaves are one unit, "sz_6"):
  --          what a query may say that no listing of the item does.
  select coalesce(jsonb_agg(jsonb_build_object('n', c.n, 'group', c.g, 'class', c.class,
           'unit', case when c.class = 'other' then c.unit end) order by c.n), '[]')
  into v_classes
  from (
    select g.n, g.value as g,
      case
        when g.value ->> 'kind' in ('brand', 'model') then 'named'
        when g.value ->> 'kind' = 'garment' then 'garment'
        when g.value ->> 'kind' = 'word' and exists (
               select 1 from public.market_products p
               where p.brand = any (v_brands) and string_to_array(p.phrase, ' ') <@ v_words
                 and g.value -> 'any' -> 0 ->> 0 = any (string_to_array(p.phrase, ' '))) then 'named'
        when g.value ->> 'kind' = 'word' and cardinality(v_brands) = 0
             and jsonb_array_length(g.value -> 'any') = 1 and jsonb_array_length(g.value -> 'any' -> 0) = 1
             and g.value -> 'any' -> 0 ->> 0 ~ '^[a-z]{3,}$'
             and not exists (select 1 from public.market_dictionary d where d.word = g.value -> 'any' -> 0 ->> 0)
             and not exists (select 1 from public.market_lexicon x
                             where (' ' || x.phrase || ' ') like ('% ' || (g.value -> 'any' -> 0 ->> 0) || ' %'))
             and exists (select 1 from public.market_vocabulary v
                         where v.word = g.value -> 'any' -> 0 ->> 0 and v.listings > 0) then 'named'
        else 'other'
      end as class,
      -- a size's unit is its term; the number a size leaves beside it ("size 6": sz_6 and 6, or vi) joins it
      coalesce(
        (select z.value -> 'any' -> 0 ->> 0 from jsonb_array_elements(v_groups) z
         where z.value -> 'any' -> 0 ->> 0 like 'sz\_%'
           and (z.value -> 'any' -> 0 ->> 0 = g.value -> 'any' -> 0 ->> 0
                or exists (select 1 from jsonb_array_elements(g.value -> 'any') a
                           where jsonb_array_length(a.value) = 1 and 'sz_' || (a.value ->> 0) = z.value -> 'any' -> 0 ->> 0))
         limit 1),
        -- a number written with the one before it ("11.5", "3/8") is one unit with it
        case when g.before <> '' and translate(g.before, '0123456789', '') = ''
                  and g.value -> 'any' -> 0 ->> 0 <> '' and translate(g.value -> 'any' -> 0 ->> 0, '0123456789', '') = ''
                  and (strpos(v_query, g.before || '.' || (g.value -> 'any' -> 0 ->> 0)) > 0
                       or strpos(v_query, g.before || '/' || (g.value -> 'any' -> 0 ->> 0)) > 0)
             then 'g' || (g.n - 1) end,
        'g' || g.n) as unit
    from (select b.value, b.n, lag(b.value -> 'any' -> 0 ->> 0) over (order by b.n) as before
          from jsonb_array_elements(v_groups) with ordinality as b(value, n)) g
  ) c;
  -- The brands and models, and brands the lexicon does not know, of the first alternative, in the order written.
  select coalesce(jsonb_agg(c.value -> 'group' order by (c.value ->> 'n')::int), '[]'),
    string_agg(coalesce(c.value -> 'group' ->> 'label', private.market_written(c.value -> 'group', v_query),
      c.value -> 'group' -> 'any' -> 0 ->> 0), ' ' order by (c.value ->> 'n')::int)
  into v_named, v_prefix
  from jsonb_array_elements(v_classes) c
  where c.value ->> 'class' = 'named' and c.value -> 'group' ->> 'kind' in ('brand', 'model', 'word')
    and (c.value -> 'group' ->> 'kind' <> 'word' or cardinality(v_brands) = 0);

  -- A query that names no brand we know but holds a word no listing uses that is no English word may name a brand
  -- nobody lists: a suggestion never drops it, so none is offered but brands spelled close to it.
  v_maybe_brand := jsonb_array_length(v_named) = 0 and exists (
    select 1 from jsonb_array_elements_text(coalesce(v_parsed -> 'unknown', '[]')) u(word)
    where not exists (select 1 from public.market_dictionary d where d.word = u.word));

  -- First, the same search without the words no listing of it uses: the item is listed or sold, not with "26" or in
  -- size S ("coach tabby 26" -> "Coach tabby", "lululemon align size s" -> "Lululemon align"), where the brand alone
  -- was offered before. The named groups and garments are kept; each other unit is kept when listings hold it beside
  -- them, all such together when some listing holds them all (else one by one, in the query's order, while some
  -- listing still holds what is kept). The words left out are said (unused), as the query wrote them. One probe for
  -- the kept groups, one per other unit (a short query has a few), and one or two for the whole: only on an answer
  -- that found nothing.
  v_core := (select coalesce(jsonb_agg(c.value order by (c.value ->> 'n')::int), '[]')
             from jsonb_array_elements(v_classes) c where c.value ->> 'class' <> 'other');
  v_units := (select coalesce(jsonb_agg(u.unit order by u.first), '[]')
              from (select c.value ->> 'unit' as unit, min((c.value ->> 'n')::int) as first
                    from jsonb_array_elements(v_classes) c where c.value ->> 'class' = 'other'
                    group by c.value ->> 'unit') u);
  if not v_maybe_brand and jsonb_array_length(v_core) > 0 and jsonb_array_length(v_units) > 0
     and private.market_suggestion_found(v_parsed, v_core) then
    v_kept := v_core;
    for v_unit in select value from jsonb_array_elements(v_units) loop
      v_try := v_core || (select jsonb_agg(c.value) from jsonb_array_elements(v_classes) c
                          where c.value ->> 'unit' = v_unit #>> '{}');
      if private.market_suggestion_found(v_parsed, v_try) then
        v_kept := v_kept || (select jsonb_agg(c.value) from jsonb_array_elements(v_classes) c
                             where c.value ->> 'unit' = v_unit #>> '{}');
      else
        v_left := v_left || v_unit;
      end if;
    end loop;
    -- Each kept unit holds with the named groups, but not all of them together: keep them one by one.
    if jsonb_array_length(v_kept) > jsonb_array_length(v_core)
       and not private.market_suggestion_found(v_parsed, v_kept) then
      v_kept := v_core;
      for v_unit in select value from jsonb_array_elements(v_units) where not v_left @> jsonb_build_array(value) loop
        v_try := v_kept || (select jsonb_agg(c.value) from jsonb_array_elements(v_classes) c
                            where c.value ->> 'unit' = v_unit #>> '{}');
        if private.market_suggestion_found(v_parsed, v_try) then
          v_kept := v_try;
        else
          v_left := v_left || v_unit;
        end if;
      end loop;
    end if;
    if jsonb_array_length(v_left) > 0 then
      v_out := v_out || (
        select string_agg(coalesce(k.value -> 'group' ->> 'label', private.market_written(k.value -> 'group', v_query),
                            array_to_string(array(select jsonb_array_elements_text(k.value -> 'group' -> 'any' -> 0)), ' ')),
                          ' ' order by (k.value ->> 'n')::int)
        from jsonb_array_elements(v_kept) k);
      -- As the query wrote them: a size as a size ("size 6", "size S"), a word as typed.
      v_unused := array(
        select case
                 when u.value #>> '{}' = 'sz_os' then 'one size'
                 when left(u.value #>> '{}', 5) in ('sz_uk', 'sz_eu') then
                   'size ' || upper(substr(u.value #>> '{}', 4, 2)) || ' ' || substr(u.value #>> '{}', 6)
                 when u.value #>> '{}' like 'sz\_%' then 'size ' || upper(substr(u.value #>> '{}', 4))
                 else (select case when strpos(v_query, replace(w.text, ' ', '.')) > 0 then replace(w.text, ' ', '.')
                                   when strpos(v_query, replace(w.text, ' ', '/')) > 0 then replace(w.text, ' ', '/')
                                   else w.text end
                       from (select string_agg(coalesce(private.market_written(c.value -> 'group', v_query),
                                array_to_string(array(select jsonb_array_elements_text(c.value -> 'group' -> 'any' -> 0)), ' '))
                                -- an inch length as written: the reading sets "inch" aside
                                || case when strpos(' ' || array_to_string(v_words, ' ') || ' ',
                                                    ' ' || (c.value -> 'group' -> 'any' -> 0 ->> 0) || ' inch ') > 0
                                        then ' inch' else '' end,
                                ' ' order by (c.value ->> 'n')::int) as text
                             from jsonb_array_elements(v_classes) c where c.value ->> 'unit' = u.value #>> '{}') w)
               end
        from jsonb_array_elements(v_left) with ordinality as u(value, n)
        order by u.n);
    end if;
  end if;

  if jsonb_array_length(v_named) = 0 then
    -- A query that names no brand: the lexicon's names spelled close to it; only brands when it may name one nobody
    -- lists.
    for v_candidate in
      select x.label, public.market_words(x.label) as words, max(extensions.word_similarity(x.phrase, v_query)) as score
      from public.market_lexicon x
      where x.kind in ('brand', 'garment')
        and extensions.word_similarity(x.phrase, v_query) >= 0.5
        and lower(x.label) <> v_query
        and (x.kind = 'brand' or not v_maybe_brand)
      group by x.label
      order by score desc, x.label
      limit 10
    loop
      -- every word of the name, each a group of its own
      v_found := private.market_found(jsonb_build_object('groups', (
        select coalesce(jsonb_agg(jsonb_build_object('kind', 'word', 'any', jsonb_build_array(jsonb_build_array(w)))),
          '[]') from unnest(v_candidate.words) w)));
      if v_found and not (v_candidate.label = any (v_out)) then
        v_out := v_out || v_candidate.label;
        exit when cardinality(v_out) >= least(p_limit, 10);
      end if;
    end loop;
    return jsonb_build_object('suggestions', to_jsonb(v_out[1 : least(p_limit, 10)]), 'unused', to_jsonb(v_unused));
  end if;

  -- The garment the query named, as a word of another garment: "j.crew cashmere crewneck" reads crewneck as a
  -- crewneck sweatshirt, which rules out the listings that call themselves crewneck sweaters, and those are what the
  -- index holds. A garment the query's reading rules out is offered after the query's own words ("J.Crew cashmere
  -- crewneck sweater") when listings name it beside the query's words and that search, read as the search reads it,
  -- finds listings; the two the most listings name at most.
  v_notwords := array(
    select d.word from (
      select distinct n.value ->> 0 as word
      from jsonb_array_elements(coalesce(v_parsed -> 'clauses' -> 0 -> 'notwords', '[]')) n
      where jsonb_array_length(n.value) = 1
        and exists (select 1 from public.market_lexicon x where x.kind = 'garment' and x.phrase = n.value ->> 0)
    ) d
    left join public.market_vocabulary v on v.word = d.word
    order by coalesce(v.listings, 0) desc, d.word);
  -- Not when the search without its size finds listings: the size is why the query found none.
  if jsonb_array_length(v_parsed -> 'clauses') <> 1 or cardinality(v_out) > 0 then
    v_notwords := '{}';
  elsif cardinality(v_notwords) > 0 then
    -- One probe first: does any listing name one of them beside every word of the query? Mostly none does.
    if not private.market_found(jsonb_build_object('groups', v_groups || jsonb_build_array(jsonb_build_object(
         'kind', 'word', 'any', (select jsonb_agg(jsonb_build_array(w)) from unnest(v_notwords) w))))) then
      v_notwords := '{}';
    end if;
  end if;
  if cardinality(v_notwords) > 0 then
    foreach v_word in array v_notwords loop
      -- Only a garment that listings name beside every word of the query is read as a search of its own.
      continue when not private.market_found(jsonb_build_object('groups', v_groups || jsonb_build_array(
        jsonb_build_object('kind', 'word', 'any', jsonb_build_array(jsonb_build_array(v_word))))));
      v_written := coalesce(v_written, (
        select string_agg(case when g.value ->> 'kind' in ('brand', 'model') then g.value ->> 'label'
                          else coalesce(private.market_written(g.value, v_query), g.value ->> 'label',
                            array_to_string(array(select jsonb_array_elements_text(g.value -> 'any' -> 0)), ' ')) end,
                          ' ' order by g.n)
        from jsonb_array_elements(v_groups) with ordinality as g(value, n)));
      v_match := public.market_match_sql(public.market_parse_query(v_written || ' ' || v_word), 'available');
      continue when v_match = 'false';
      execute format('select exists (select 1 from public.market_listings l where %s)
          or exists (select 1 from public.market_listings l where %s)',
        v_match, replace(v_match, '''available''', '''sold''')) into v_found;
      if v_found and not ((v_written || ' ' || v_word) = any (v_out)) then
        v_out := v_out || (v_written || ' ' || v_word);
      end if;
      -- Each reading costs a few milliseconds on an answer that found nothing: two at most.
      v_described := v_described + 1;
      exit when v_described >= 2;
    end loop;
  end if;

  -- The broader searches: the garment the query named, then each garment that covers it.
  select g.value into v_garment from jsonb_array_elements(v_groups) g where g.value ->> 'kind' = 'garment' limit 1;
  if v_garment is not null then
    for v_label in
      with recursive up(label, depth) as (
        select v_garment ->> 'label', 0
        union
        select x.label, u.depth + 1
        from up u join public.market_lexicon x on x.kind = 'garment' and u.label = any (x.covers)
        where u.depth < 4
      )
      select u.label from up u group by u.label order by min(u.depth), u.label
    loop
      continue when lower(v_prefix || ' ' || v_label) = v_query;
      if not ((v_prefix || ' ' || v_label) = any (v_out))
         and private.market_named_garment_found(v_named, v_label) then
        v_out := v_out || (v_prefix || ' ' || v_label);
        exit when cardinality(v_out) >= least(p_limit, 10) - 1;
      end if;
    end loop;
  end if;

  -- The other words of the query, as it wrote them: garments spelled close to them.
  select string_agg(array_to_string(array(select jsonb_array_elements_text(g.value -> 'any' -> 0)), ' '), ' ')
  into v_rest
  from jsonb_array_elements(v_groups) as g(value)
  where g.value ->> 'kind' not in ('brand', 'model', 'garment');

  if v_rest is not null and v_garment is null then
    for v_candidate in
      select x.label,
        max(greatest(extensions.word_similarity(v_rest, x.phrase), extensions.word_similarity(x.phrase, v_rest)))
          as score
      from public.market_lexicon x
      where x.kind = 'garment'
        and greatest(extensions.word_similarity(v_rest, x.phrase), extensions.word_similarity(x.phrase, v_rest)) >= 0.5
      group by x.label
      order by score desc, x.label
      limit 10
    loop
      if not ((v_prefix || ' ' || v_candidate.label) = any (v_out))
         and private.market_named_garment_found(v_named, v_candidate.label) then
        v_out := v_out || (v_prefix || ' ' || v_candidate.label);
        exit when cardinality(v_out) >= least(p_limit, 10) - 1;
      end if;
    end loop;
  end if;
  -- The brand and model alone: the broadest search.
  if lower(v_prefix) <> v_query and not (v_prefix = any (v_out))
     and private.market_found(jsonb_build_object('groups', public.market_clause_groups(v_named) -> 'groups')) then
    v_out := v_out || v_prefix;
  end if;
  return jsonb_build_object('suggestions', to_jsonb(v_out[1 : least(p_limit, 10)]), 'unused', to_jsonb(v_unused));
end;
$_$;

CREATE INDEX market_listings_uncounted_terms_idx ON public.market_listings USING gin (terms) WHERE ((source = 'panel'::text) OR hedged OR ((status = 'sold'::text) AND (sold_at IS NULL)));

REVOKE ALL ON FUNCTION private.market_found(p_clause jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_found(p_clause jsonb) TO service_role;

REVOKE ALL ON FUNCTION private.market_without_words(p_reading jsonb, p_dead text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_without_words(p_reading jsonb, p_dead text[]) TO service_role;

REVOKE ALL ON FUNCTION private.market_word_used(p_word text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_word_used(p_word text) TO service_role;
