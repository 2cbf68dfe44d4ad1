-- Exact cells kept at write time (issue 53, docs/decisions/085-exact-cells.md): a listed search whose reading tests
-- only signature words (and at most one colour or size) sums cells instead of counting every listing it matches, so
-- its cost stops growing with the market. Drafted by `npm run db:diff` from supabase/schemas/45_market_cells.sql; the
-- data steps and the schedule at the end are written by hand.

SET check_function_bodies = false;

CREATE OR REPLACE FUNCTION private.market_available(p_parsed jsonb, p_condition text, p_k integer, p_filters jsonb, OUT result jsonb, OUT sellers uuid[]) RETURNS record
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET enable_sort TO 'off'
    SET jit TO 'off'
    AS $_$
declare
  v_parsed jsonb := p_parsed;
  v_k int := greatest(coalesce(p_k, 5), 1);
  v_raw jsonb;
  v_cell jsonb;
  v_shown boolean;
  v_route jsonb := private.market_cells_route(p_parsed, p_filters);
begin
  if v_route ->> 'path' = 'cells' then
    -- The same groups from the exact cells (45_market_cells.sql), each group's sellers as a bitset: its bit_count is
    -- the distinct count every figure below needs, and the ordinals stand for the keys of a marketplace below the
    -- threshold (panel_fold only counts them).
    with g as (
      select g.condition, g.marketplace, g.n, g.demo, g.sellers, bit_count(g.sellers)::integer as nb
      from private.market_listed_groups(v_route, v_parsed, p_filters) g
    ),
    c as (
      select g.condition, sum(g.n)::integer as n, bit_or(g.sellers) as bits, bool_or(g.nb >= v_k) as enough
      from g group by g.condition
    )
    select jsonb_build_object(
      'conditions', coalesce((select jsonb_object_agg(c.condition, jsonb_build_object('n', c.n,
        'sellers', case when c.condition = p_condition or not c.enough then bit_count(c.bits) else v_k end)) from c), '{}'),
      'marketplaces', coalesce((select jsonb_agg(jsonb_build_object('marketplace', g.marketplace, 'n', g.n,
        'sellers', least(g.nb, v_k), 'keys', case when g.nb < v_k then to_jsonb(private.market_bit_ords(g.sellers)) end))
        from g where g.condition = p_condition), '[]'),
      'demo', coalesce((select sum(g.demo) from g where g.condition = p_condition), 0)::integer,
      'panel', 0),
      coalesce((select array_agg(o.seller_key) from c, private.market_seller_ords o
                where c.condition = p_condition and get_bit(c.bits, o.ord) = 1), '{}')
    into v_raw, sellers;
  else
  execute format($sql$
    with g as (
      select l.condition, l.marketplace, count(*)::int as n,
        count(*) filter (where l.source = 'demo')::int as demo, count(*) filter (where l.source = 'panel')::int as panel,
        array_agg(l.seller_key) filter (where l.seller_key is not null) as keys
      from public.market_listings l
      where %s and l.source <> 'panel' and %s
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
    ), (select chosen.keys from chosen)$sql$, public.market_match_sql(v_parsed, 'available'),
      private.market_filter_sql(p_filters))
  into v_raw, sellers using p_condition, v_k;
  end if;

  v_cell := v_raw -> 'conditions' -> p_condition;
  v_shown := private.panel_cell(v_cell, v_k) is not null;
  result := jsonb_build_object(
    'available', private.panel_cell(v_cell, v_k),
    -- A withheld figure says nothing of the sellers behind it: the same answer for one seller or four.
    'sellers', case when v_shown then coalesce((v_cell ->> 'sellers')::int, 0) end,
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
    'query', v_parsed,
    -- How it was counted: 'cells' (kept at write time) or 'rows' (each matching listing read), issue 53.
    'path', v_route ->> 'path'
  );
end;
$_$;

CREATE FUNCTION private.market_bit_ords(p_bits bit varying, p_limit integer DEFAULT 2147483647) RETURNS integer[]
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  v_out integer[] := '{}';
  v_at integer := 0;
  v_found integer;
begin
  if p_bits is null then
    return v_out;
  end if;
  while cardinality(v_out) < p_limit loop
    v_found := position(B'1' in substring(p_bits from v_at + 1));
    exit when v_found = 0;
    v_at := v_at + v_found;
    v_out := v_out || (v_at - 1);
  end loop;
  return v_out;
end;
$$;

CREATE FUNCTION private.market_cell_words_refresh() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_changed integer := 0;
  v_n integer;
begin
  create temporary table if not exists market_cell_names_now (words text[], role text) on commit drop;
  truncate pg_temp.market_cell_names_now;
  insert into pg_temp.market_cell_names_now
  select distinct array(select distinct w from unnest(n.words) w order by w), n.role
  from (
    select public.market_words(x.phrase) as words, case when x.kind = 'colour' then 'facet' else 'signature' end as role
    from public.market_lexicon x where x.kind in ('brand', 'garment', 'model', 'material', 'colour')
    union all
    select public.market_words(v.phrase), 'signature'
    from public.market_lexicon x, unnest(x.unlike || x.contrast) v(phrase)
    union all
    -- a product name's words each on their own (the reading asks for "better" of Better Sweater alone), and each
    -- with the brand's names ("jordan" and "1": Jordan's 1, whose number alone is a size)
    select array[w], 'signature' from public.market_products p, unnest(public.market_words(p.phrase)) w
    union all
    select public.market_words(p.phrase), 'signature' from public.market_products p
    union all
    select public.market_words(b.phrase) || public.market_words(p.phrase), 'signature'
    from public.market_products p join public.market_lexicon b on b.kind = 'brand' and b.label = p.brand
    union all
    select array[s.word], 'signature' from public.market_brand_spellings s
    union all
    -- the words a reading adds of its own for a gender or kids' sizes (market_read_query, market_words)
    select array[w], 'signature'
    from unnest(public.market_words('women womens woman ladies female wmns men mens man male unisex kid kids')) w
  ) n
  where cardinality(n.words) between 1 and 6;

  create temporary table if not exists market_cell_words_now (word text primary key, role text) on commit drop;
  truncate pg_temp.market_cell_words_now;
  insert into pg_temp.market_cell_words_now
  select distinct on (n.words[1]) n.words[1],
    case when n.role = 'facet' or private.market_facet_form(n.words[1]) then 'facet'
      else 'signature' end
  from pg_temp.market_cell_names_now n
  where cardinality(n.words) = 1 and n.words[1] ~ '^[a-z0-9_]{1,100}$'
  -- a word both a facet and a name of one word is a facet
  order by n.words[1], n.role;
  -- a colour of several words (heather grey) is no name: its words are facets or signature words on their own
  delete from pg_temp.market_cell_names_now n
  where cardinality(n.words) = 1 or n.role = 'facet'
     or not exists (select 1 from unnest(n.words) w
                    where not exists (select 1 from pg_temp.market_cell_words_now x
                                      where x.word = w and x.role = 'signature'));

  insert into private.market_cell_words (word, role, source, state)
  select n.word, n.role, 'lexicon', case when n.role = 'facet' then 'active' else 'pending' end
  from pg_temp.market_cell_words_now n
  on conflict (word) do update set role = excluded.role, state = excluded.state
  where private.market_cell_words.role <> excluded.role or private.market_cell_words.state = 'retiring';
  get diagnostics v_n = row_count;
  v_changed := v_changed + v_n;
  update private.market_cell_words w set state = 'retiring'
  where w.source = 'lexicon' and w.state <> 'retiring'
    and not exists (select 1 from pg_temp.market_cell_words_now n where n.word = w.word);
  get diagnostics v_n = row_count;
  v_changed := v_changed + v_n;

  insert into private.market_cell_names (words, source, state)
  select distinct n.words, 'lexicon', 'pending' from pg_temp.market_cell_names_now n
  on conflict (words) do update set state = 'pending' where private.market_cell_names.state = 'retiring';
  get diagnostics v_n = row_count;
  v_changed := v_changed + v_n;
  update private.market_cell_names c set state = 'retiring'
  where c.source = 'lexicon' and c.state <> 'retiring'
    and not exists (select 1 from pg_temp.market_cell_names_now n where n.words = c.words);
  get diagnostics v_n = row_count;
  return v_changed + v_n;
end;
$_$;

CREATE FUNCTION private.market_cell_words_settle() RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  delete from private.market_cell_words where state = 'retiring';
  update private.market_cell_words set state = 'active' where state = 'pending';
  delete from private.market_cell_names where state = 'retiring';
  update private.market_cell_names set state = 'active' where state = 'pending';
$$;

CREATE FUNCTION private.market_cells_check() RETURNS TABLE(facet text, sig integer, condition text, marketplace text, problem text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with width as (select s.width from private.market_cells_state s),
  fresh as (
    select f.facet, p.sig, l.condition, l.marketplace, count(*)::integer as n,
      count(*) filter (where l.source = 'demo')::integer as demo,
      coalesce(bit_or(private.market_seller_bit(so.ord, (select width from width))) filter (where so.ord is not null),
        repeat('0', (select width from width))::bit varying) as sellers
    from public.market_listings l
    join private.market_listing_places p on p.id = l.id
    cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
    left join private.market_seller_ords so on so.seller_key = l.seller_key
    where private.market_listed_counts(l)
    group by 1, 2, 3, 4
  )
  select coalesce(f.facet, c.facet), coalesce(f.sig, c.sig), coalesce(f.condition, c.condition),
    coalesce(f.marketplace, c.marketplace),
    case when c.n is null then 'missing' when f.n is null then 'no rows'
      when f.n <> c.n then 'listings' when f.demo <> c.demo then 'demo listings' else 'sellers' end
  from fresh f
  full join private.market_listed_cells c using (facet, sig, condition, marketplace)
  where f.n is distinct from c.n or f.demo is distinct from c.demo or f.sellers is distinct from c.sellers
  union all
  select null, p.sig, l.condition, l.marketplace, format('listing %s is in the wrong place', l.id)
  from public.market_listings l
  left join private.market_listing_places p on p.id = l.id
  left join private.market_signatures g on g.id = p.sig
  where private.market_listed_counts(l)
    and (p.id is null or g.key is distinct from private.market_signature_key(l.terms) or g.decoys <> l.decoys
         or p.facets <> private.market_facets_of(l.terms))
  union all
  select null, p.sig, null, null, format('listing %s is placed but not counted', p.id)
  from private.market_listing_places p
  left join public.market_listings l on l.id = p.id
  where l.id is null or not private.market_listed_counts(l)
$$;

CREATE OR REPLACE FUNCTION public.market_listing_terms(brand text, title text, category text, size text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  -- One expression, no subquery, so it stays cheap: a step is what lies between two >, and a step holding &, a comma,
  -- "and" or / is dropped whole.
  select public.market_words(
    coalesce(brand, '') || ' ' || coalesce(title, '') || ' '
      || coalesce(regexp_replace(category, '(^|>)[^>]*(&|,|/|\mand\M)[^>]*', '\1', 'gi'), '')
      || coalesce(' size ' || size, ''))
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

CREATE FUNCTION private.market_cells_move(p_old public.market_listings[], p_new public.market_listings[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_width integer;
begin
  insert into private.market_seller_ords (seller_key)
  select distinct r.seller_key from unnest(p_new) r where r.seller_key is not null and r.source <> 'panel'
  order by 1
  on conflict do nothing;
  v_width := private.market_cells_width();

  create temporary table if not exists market_cells_delta (
    facet text, sig integer, condition text, marketplace text, ord integer, n integer, demo integer
  ) on commit drop;

  -- The rows leaving: their places, as they were counted.
  with gone as (
    delete from private.market_listing_places p
    using unnest(p_old) o
    where p.id = o.id and private.market_listed_counts(o)
    returning p.sig, p.facets, o.condition, o.marketplace, o.seller_key, o.source
  )
  insert into pg_temp.market_cells_delta
  select f.facet, g.sig, g.condition, g.marketplace, so.ord, -1, case when g.source = 'demo' then -1 else 0 end
  from gone g
  cross join lateral unnest('{""}'::text[] || g.facets) f(facet)
  left join private.market_seller_ords so on so.seller_key = g.seller_key;

  -- The rows arriving: signed now.
  create temporary table if not exists market_cells_signed (
    id bigint, key text[], decoys text[], facets text[], condition text, marketplace text, seller_key uuid,
    source text
  ) on commit drop;
  insert into pg_temp.market_cells_signed
  select r.id, private.market_signature_key(r.terms), r.decoys, private.market_facets_of(r.terms), r.condition,
    r.marketplace, r.seller_key, r.source
  from unnest(p_new) r
  where private.market_listed_counts(r);

  insert into private.market_signatures (key, decoys)
  select distinct s.key, s.decoys from pg_temp.market_cells_signed s order by 1, 2
  on conflict do nothing;

  with placed as (
    insert into private.market_listing_places (id, sig, facets)
    select s.id, g.id, s.facets
    from pg_temp.market_cells_signed s
    join private.market_signatures g on g.key = s.key and g.decoys = s.decoys
    order by s.id
    on conflict (id) do update set sig = excluded.sig, facets = excluded.facets
    returning id, sig
  )
  insert into pg_temp.market_cells_delta
  select f.facet, p.sig, s.condition, s.marketplace, so.ord, 1, case when s.source = 'demo' then 1 else 0 end
  from placed p
  join pg_temp.market_cells_signed s on s.id = p.id
  cross join lateral unnest('{""}'::text[] || s.facets) f(facet)
  left join private.market_seller_ords so on so.seller_key = s.seller_key;
  truncate pg_temp.market_cells_signed;

  -- (cell, seller) counts, each row added to under its lock (in key order): a seller's bit is set where their count
  -- rose from none, and cleared where it fell to none, as the counts after the change say.
  create temporary table if not exists market_cells_bits (
    facet text, sig integer, condition text, marketplace text, ord integer, n integer, was integer
  ) on commit drop;
  with changed as (
    insert into private.market_listed_cell_sellers as c (facet, sig, condition, marketplace, ord, n)
    select d.facet, d.sig, d.condition, d.marketplace, d.ord, sum(d.n)::integer
    from pg_temp.market_cells_delta d where d.ord is not null
    group by 1, 2, 3, 4, 5 having sum(d.n) <> 0
    order by 1, 2, 3, 4, 5
    on conflict (facet, sig, condition, marketplace, ord) do update set n = c.n + excluded.n
    returning c.facet, c.sig, c.condition, c.marketplace, c.ord, c.n
  )
  insert into pg_temp.market_cells_bits
  select c.facet, c.sig, c.condition, c.marketplace, c.ord, c.n, c.n - d.n
  from changed c
  join (select d.facet, d.sig, d.condition, d.marketplace, d.ord, sum(d.n)::integer as n
        from pg_temp.market_cells_delta d where d.ord is not null group by 1, 2, 3, 4, 5) d
    using (facet, sig, condition, marketplace, ord);
  delete from private.market_listed_cell_sellers c
  using pg_temp.market_cells_bits b
  where b.n <= 0
    and (c.facet, c.sig, c.condition, c.marketplace, c.ord) = (b.facet, b.sig, b.condition, b.marketplace, b.ord);

  -- The cells, each added to under its lock (in key order): counts, and the bits of sellers who arrived; then the
  -- bits of sellers who left are cleared.
  insert into private.market_listed_cells as c (facet, sig, condition, marketplace, n, demo, sellers)
  select d.facet, d.sig, d.condition, d.marketplace, d.n, d.demo,
    coalesce(b.added, repeat('0', v_width)::bit varying)
  from (
    select d.facet, d.sig, d.condition, d.marketplace, sum(d.n)::integer as n, sum(d.demo)::integer as demo
    from pg_temp.market_cells_delta d group by 1, 2, 3, 4
  ) d
  left join (
    select b.facet, b.sig, b.condition, b.marketplace,
      bit_or(private.market_seller_bit(b.ord, v_width))::bit varying as added
    from pg_temp.market_cells_bits b where b.was <= 0 and b.n > 0 group by 1, 2, 3, 4
  ) b using (facet, sig, condition, marketplace)
  where d.n <> 0 or b.added is not null
  order by 1, 2, 3, 4
  on conflict (facet, sig, condition, marketplace) do update set
    n = c.n + excluded.n, demo = c.demo + excluded.demo, sellers = c.sellers | excluded.sellers;
  update private.market_listed_cells c set sellers = c.sellers & ~r.removed
  from (
    select b.facet, b.sig, b.condition, b.marketplace,
      bit_or(private.market_seller_bit(b.ord, v_width))::bit varying as removed
    from pg_temp.market_cells_bits b where b.was > 0 and b.n <= 0 group by 1, 2, 3, 4
  ) r
  where (c.facet, c.sig, c.condition, c.marketplace) = (r.facet, r.sig, r.condition, r.marketplace);
  truncate pg_temp.market_cells_delta, pg_temp.market_cells_bits;
  delete from private.market_listed_cells c where c.n <= 0;
end;
$$;

CREATE FUNCTION private.market_cells_promote(p_limit integer DEFAULT 500, p_days integer DEFAULT 30, p_min_users integer DEFAULT 2) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_room integer;
  v_n integer;
begin
  select greatest(p_limit - count(*), 0) into v_room from private.market_cell_words where source = 'promoted';
  if v_room = 0 then
    return 0;
  end if;
  insert into private.market_cell_words (word, role, source, state)
  select c.word, 'signature', 'promoted', 'pending'
  from (
    select w.word, count(distinct g.user_id) as users, count(*) as searches
    from public.marketplace_search_logs g, unnest(public.market_words(g.search_term)) w(word)
    where g.created_at > now() - make_interval(days => p_days)
    group by w.word
  ) c
  where c.users >= p_min_users and char_length(c.word) > 2 and c.word ~ '^[a-z0-9_]{1,100}$'
    and not private.market_is_facet(c.word)
    and not exists (select 1 from private.market_cell_words x where x.word = c.word)
    and exists (select 1 from public.market_vocabulary v where v.word = c.word and v.listings > 0)
  order by c.users desc, c.searches desc, c.word
  limit v_room
  on conflict (word) do nothing;
  get diagnostics v_n = row_count;
  return v_n;
end;
$_$;

CREATE FUNCTION private.market_cells_rebuild() RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_width integer;
  v_started timestamptz := clock_timestamp();
begin
  lock table private.market_listed_cells, private.market_listed_cell_sellers, private.market_listing_places
    in exclusive mode;
  perform private.market_cell_words_settle();
  truncate private.market_listing_places, private.market_listed_cells, private.market_listed_cell_sellers;

  insert into private.market_seller_ords (seller_key)
  select distinct l.seller_key from public.market_listings l
  where l.seller_key is not null and l.source <> 'panel'
  order by 1
  on conflict do nothing;
  v_width := private.market_cells_width();

  -- Each distinct key is signed once (the bench's titles repeat; sellers' own do less).
  create temporary table market_cells_shapes on commit drop as
  select k.terms, k.decoys, private.market_signature_key(k.terms) as key, private.market_facets_of(k.terms) as facets
  from (select distinct l.terms, l.decoys from public.market_listings l where private.market_listed_counts(l)) k;

  insert into private.market_signatures (key, decoys)
  select distinct s.key, s.decoys from pg_temp.market_cells_shapes s
  on conflict do nothing;

  insert into private.market_listing_places (id, sig, facets)
  select l.id, g.id, s.facets
  from public.market_listings l
  join pg_temp.market_cells_shapes s on s.terms = l.terms and s.decoys = l.decoys
  join private.market_signatures g on g.key = s.key and g.decoys = s.decoys
  where private.market_listed_counts(l);

  create temporary table market_cells_rows on commit drop as
  select f.facet, p.sig, l.condition, l.marketplace, so.ord, (l.source = 'demo') as demo
  from private.market_listing_places p
  join public.market_listings l on l.id = p.id
  cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
  left join private.market_seller_ords so on so.seller_key = l.seller_key;

  insert into private.market_listed_cell_sellers (facet, sig, condition, marketplace, ord, n)
  select r.facet, r.sig, r.condition, r.marketplace, r.ord, count(*)
  from pg_temp.market_cells_rows r where r.ord is not null
  group by 1, 2, 3, 4, 5;

  insert into private.market_listed_cells (facet, sig, condition, marketplace, n, demo, sellers)
  select r.facet, r.sig, r.condition, r.marketplace, count(*), count(*) filter (where r.demo),
    coalesce(bit_or(private.market_seller_bit(r.ord, v_width)) filter (where r.ord is not null),
      repeat('0', v_width)::bit varying)
  from pg_temp.market_cells_rows r
  group by 1, 2, 3, 4;

  analyze private.market_signatures;
  analyze private.market_listed_cells;
  return jsonb_build_object(
    'signatures', (select count(*) from private.market_signatures),
    'listings', (select count(*) from private.market_listing_places),
    'cells', (select count(*) from private.market_listed_cells),
    'cellSellers', (select count(*) from private.market_listed_cell_sellers),
    'ms', round(extract(epoch from clock_timestamp() - v_started) * 1000));
end;
$$;

CREATE FUNCTION private.market_cells_resign(p_limit integer DEFAULT 5000) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_words text[];
  v_after bigint;
  v_ids bigint[];
  v_rows public.market_listings[];
begin
  select coalesce(array_agg(distinct w), '{}') into v_words
  from (select w.word as w from private.market_cell_words w where w.role = 'signature' and w.state in ('pending', 'retiring')
        union all
        select unnest(n.words) from private.market_cell_names n where n.state in ('pending', 'retiring')) w;
  if cardinality(v_words) = 0 then
    return 0;
  end if;
  select s.resign_after into v_after from private.market_cells_state s for update;
  v_ids := array(select p.id from private.market_listing_places p where p.id > v_after order by p.id limit p_limit);
  if cardinality(v_ids) = 0 then
    perform private.market_cell_words_settle();
    update private.market_cells_state set resign_after = 0;
    return 0;
  end if;
  select coalesce(array_agg(l), '{}') into v_rows
  from public.market_listings l
  join private.market_listing_places p on p.id = l.id
  join private.market_signatures g on g.id = p.sig
  where l.id = any (v_ids) and l.terms && v_words and g.key is distinct from private.market_signature_key(l.terms);
  if cardinality(v_rows) > 0 then
    perform private.market_cells_move(v_rows, v_rows);
  end if;
  update private.market_cells_state set resign_after = v_ids[cardinality(v_ids)];
  return cardinality(v_ids);
end;
$$;

CREATE FUNCTION private.market_cells_route(p_parsed jsonb, p_filters jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_size text[];
  v_left text[];
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
  v_left := private.market_uncovered(p_parsed);
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
  v_reading := private.market_without_facet(p_parsed, coalesce(v_facet, ''));
  if v_facet is not null then
    v_left := private.market_uncovered(v_reading);
  end if;
  if cardinality(v_left) > 0 then
    return jsonb_build_object('path', 'rows', 'why', 'words', 'words', to_jsonb(v_left));
  end if;
  return jsonb_build_object('path', 'cells', 'facet', coalesce(v_facet, ''), 'reading', v_reading);
end;
$$;

CREATE FUNCTION private.market_cells_width() RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_width integer;
  v_need integer;
begin
  select s.width into v_width from private.market_cells_state s;
  select ((coalesce(max(o.ord), 0) / 1024) + 1) * 1024 into v_need from private.market_seller_ords o;
  if v_need > v_width then
    update private.market_cells_state set width = v_need;
    update private.market_listed_cells set sellers = sellers || repeat('0', v_need - v_width)::bit varying;
    v_width := v_need;
  end if;
  return v_width;
end;
$$;

CREATE FUNCTION private.market_cells_words_update() RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return jsonb_build_object('changed', private.market_cell_words_refresh(), 'promoted', private.market_cells_promote());
end;
$$;

CREATE FUNCTION private.market_facet_form(p_word text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select p_word ~ '^(sz_[a-z0-9]+|[wl][0-9]{2}|[0-9]{1,2})$'
$_$;

CREATE FUNCTION private.market_facets_of(p_terms text[]) RETURNS text[]
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(distinct t order by t), '{}') from unnest(p_terms) t where private.market_is_facet(t)
$$;

CREATE OR REPLACE FUNCTION private.market_filter_sql(p_filters jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select concat_ws(' and ', 'true',
    case when cardinality(s.words) > 0 then format('l.terms @> %L::text[]', s.words)
      -- a size given that reads as no size word matches nothing, never everything
      when nullif(btrim(p_filters ->> 'size'), '') is not null then 'false' end,
    case when nullif(p_filters ->> 'marketplace', '') is not null
      then format('l.marketplace = %L', lower(p_filters ->> 'marketplace')) end,
    case when p_filters ? 'priceMin' or p_filters ? 'priceMax' then format(
      'l.currency = ''USD'' and l.price >= %s and l.price < %s',
      coalesce((p_filters ->> 'priceMin')::numeric, 0), coalesce((p_filters ->> 'priceMax')::numeric, 1000001)) end)
  from (select private.market_size_words(p_filters ->> 'size') as words) s
$$;

CREATE FUNCTION private.market_is_facet(p_word text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select private.market_facet_form(p_word)
    or exists (select 1 from private.market_cell_words w where w.word = p_word and w.role = 'facet')
$$;

CREATE FUNCTION private.market_listed_counts(p_row public.market_listings) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select p_row.status = 'available' and p_row.source <> 'panel' and not p_row.hedged
$$;

CREATE FUNCTION private.market_listed_groups(p_route jsonb, p_parsed jsonb, p_filters jsonb) RETURNS TABLE(condition text, marketplace text, n integer, demo integer, sellers bit varying)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
declare
  v_sigs integer[];
  v_width integer := (select s.width from private.market_cells_state s);
begin
  execute format('select coalesce(array_agg(s.id), ''{}'') from private.market_signatures s where %s',
    private.market_signature_sql(p_route -> 'reading'))
  into v_sigs;
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
  using p_route ->> 'facet', v_sigs, lower(nullif(p_filters ->> 'marketplace', '')), v_width;
end;
$_$;

CREATE FUNCTION private.market_listings_cells_deleted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.market_cells_move(array(select row(o.*)::public.market_listings from old_rows o
          where o.status = 'available' and o.source <> 'panel'),
    '{}'::public.market_listings[]);
  return null;
end;
$$;

CREATE FUNCTION private.market_listings_cells_inserted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.market_cells_move('{}'::public.market_listings[],
    array(select row(n.*)::public.market_listings from new_rows n
          where n.status = 'available' and n.source <> 'panel'));
  return null;
end;
$$;

CREATE FUNCTION private.market_listings_cells_truncated() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  truncate private.market_listing_places, private.market_listed_cells, private.market_listed_cell_sellers;
  return null;
end;
$$;

CREATE FUNCTION private.market_listings_cells_updated() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- Only rows listed before or after whose counting changed: an upsert that rewrites a price moves nothing, and a sale
  -- archived (sold before and after) is not looked at.
  perform private.market_cells_move(array(
      select row(o.*)::public.market_listings from old_rows o join new_rows n on n.id = o.id
      where (o.status = 'available' and o.source <> 'panel' or n.status = 'available' and n.source <> 'panel')
        and (o.status, o.source, o.hedged, o.condition, o.marketplace, o.terms, o.decoys, o.seller_key)
        is distinct from (n.status, n.source, n.hedged, n.condition, n.marketplace, n.terms, n.decoys, n.seller_key)),
    array(
      select row(n.*)::public.market_listings from old_rows o join new_rows n on n.id = o.id
      where (o.status = 'available' and o.source <> 'panel' or n.status = 'available' and n.source <> 'panel')
        and (o.status, o.source, o.hedged, o.condition, o.marketplace, o.terms, o.decoys, o.seller_key)
        is distinct from (n.status, n.source, n.hedged, n.condition, n.marketplace, n.terms, n.decoys, n.seller_key)));
  return null;
end;
$$;

CREATE FUNCTION private.market_seller_bit(p_ord integer, p_width integer) RETURNS bit varying
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select set_bit(repeat('0', p_width)::bit varying, p_ord, 1)
$$;

CREATE FUNCTION private.market_signature_key(p_terms text[]) RETURNS text[]
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(distinct s.w order by s.w), '{}')
  from (
    -- each word looked up by its key (a lateral probe with a limit: a semi-join would hash every word of the table
    -- for each listing, 1 ms a listing)
    select t as w from unnest(p_terms) t
    cross join lateral (select 1 from private.market_cell_words w
                        where w.word = t and w.role = 'signature' and w.state <> 'retiring' limit 1) x
    union all
    -- the names that start with one of its words (one index scan for all of them: a join per word cost 0.7 ms)
    select unnest(n.words)
    from private.market_cell_names n
    where n.first = any (p_terms) and n.state <> 'retiring' and n.words <@ p_terms
  ) s
$$;

CREATE FUNCTION private.market_signature_sql(p_reading jsonb) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
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

CREATE FUNCTION private.market_size_words(p_size text) RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select array(select w from unnest(public.market_words('size ' || coalesce(p_size, ''))) w
               where w ~ '^(sz_[a-z0-9]+|[wl][0-9]{2})$')
$_$;

CREATE FUNCTION private.market_uncovered(p_reading jsonb) RETURNS text[]
    LANGUAGE sql STABLE
    SET search_path TO ''
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

CREATE FUNCTION private.market_without_facet(p_reading jsonb, p_facet text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
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

CREATE OR REPLACE FUNCTION private.panel_withdraw(p_items jsonb) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_count integer;
begin
  delete from public.market_listings l
  using jsonb_to_recordset(p_items) as x(id bigint, marketplace text)
  where l.marketplace = x.marketplace and l.external_id = 'panel-' || x.id and l.source = 'panel';
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

CREATE OR REPLACE FUNCTION public.market_count_sold(p_query text, p_condition text, p_window_days integer DEFAULT 90, p_min_sellers integer DEFAULT 5, p_filters jsonb DEFAULT '{}'::jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET enable_sort TO 'off'
    SET enable_seqscan TO 'off'
    SET jit TO 'off'
    AS $_$
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
      where %s and %s and (l.sold_at >= $2) is true and public.market_sold_key(l.terms, l.sold_at) && %L::text[]
        and l.source <> 'panel'
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
      select m.id, m.seller_key, m.source, m.price, m.currency, m.sold_at, m.listed_at from m where m.condition = $1
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
    -- The trend (issue 54): the condition's sales per ISO week of the window, with the sellers behind each week and
    -- its median price; a week with too few sellers says so (null), never 0.
    weekly as (
      select date_trunc('week', mc.sold_at, 'UTC') as week, count(*)::int as n,
        private.market_sellers_upto(array_agg(mc.seller_key) filter (where mc.seller_key is not null), $3) as sellers,
        private.market_sellers_upto(array_agg(mc.seller_key) filter (where mc.seller_key is not null
          and mc.currency = 'USD' and mc.price is not null), $3) as priced,
        count(*) filter (where mc.currency = 'USD' and mc.price is not null)::int as prices,
        percentile_cont(0.5) within group (order by mc.price) filter (where mc.currency = 'USD' and mc.price is not null)
          as median
      from mc group by 1
    ),
    -- The trend's reading: the window's first and last thirds (the oldest and newest 30 days of 90), their sales, sellers,
    -- and price median and spread, for the pace (a Poisson difference) and the price (median notches) tests below.
    thirds as (
      select case when mc.sold_at < $2 + (now() - $2) / 3 then 'early' else 'recent' end as part, count(*)::int as n,
        private.market_sellers_upto(array_agg(mc.seller_key) filter (where mc.seller_key is not null), $3) as sellers,
        count(*) filter (where mc.currency = 'USD' and mc.price is not null)::int as prices,
        percentile_cont(array[0.25, 0.5, 0.75]) within group (order by mc.price)
          filter (where mc.currency = 'USD' and mc.price is not null) as q
      from mc
      where mc.sold_at < $2 + (now() - $2) / 3 or mc.sold_at >= now() - (now() - $2) / 3
      group by 1
    ),
    -- Never a panel comp: a reseller's shared sale is counted, never listed (issue 49). Of the demo and imported
    -- listings, the newest sale of each seller, and every sale that is nobody's: the ten newest of these. They are among the 40
    -- newest sales whenever those hold ten sellers (a seller's newest sale is never older than another of theirs), so
    -- those are looked at first, and all of them only when they do not.
    newest as (
      select mc.id, mc.seller_key, mc.sold_at from mc where mc.source <> 'panel'
      order by mc.sold_at desc, mc.id desc limit 40
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
            where mc.source <> 'panel'
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
      'thirds', coalesce((select jsonb_object_agg(t.part, jsonb_build_object('n', t.n, 'sellers', t.sellers,
        'prices', t.prices, 'q', to_jsonb(t.q))) from thirds t), '{}'),
      'weeks', coalesce((
        select jsonb_agg(jsonb_build_object('week', (w.w at time zone 'UTC')::date,
          'sold', case when coalesce(k.sellers, 0) = 0 or k.sellers >= $3 then coalesce(k.n, 0) end,
          'medianPrice', case when k.prices > 0 and (k.priced = 0 or k.priced >= $3) then round(k.median::numeric, 2) end)
          order by w.w)
        from generate_series(date_trunc('week', $2, 'UTC'), date_trunc('week', now(), 'UTC'), interval '7 days') w(w)
        left join weekly k on k.week = w.w
      ), '[]'),
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
    )$sql$, public.market_match_sql(v_parsed, 'sold'), private.market_filter_sql(p_filters),
      public.market_sold_weeks(v_since,
      -- Through the latest sale the index holds, if one is dated after now (a clock or a time zone ahead): the count
      -- has always taken every sale since p_window_days ago. One row of market_listings_sold_at_idx.
      -- Never past tomorrow's end, whatever a row says (a sale dated 9999 asked for every week to 9999: a 504 for all).
      least(greatest(now(), (select max(l.sold_at) from public.market_listings l where l.status = 'sold')),
        date_trunc('day', now(), 'UTC') + interval '2 days')))
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
  if v_shown and p_window_days = 90 and jsonb_array_length(v_raw -> 'soldKeys') > 0
     and coalesce(p_filters, '{}') = '{}' then
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
        where (l.condition = $1) is true and l.seller_key is not null and %s and l.source <> 'panel' and %s
        union
        select (jsonb_array_elements_text($2))::uuid
      ) s$sql$, public.market_match_sql(v_parsed, 'available'), private.market_filter_sql(p_filters))
    into v_panel_sellers using p_condition, v_raw -> 'soldKeys';
  end if;

  return jsonb_build_object(
    'sold', private.panel_cell(v_cell, v_k),
    -- A withheld figure says nothing of the sellers behind it: the same answer for one seller or four.
    'sellers', case when v_shown then coalesce((v_cell ->> 'sellers')::int, 0) end,
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
    'weeks', case when v_shown then v_raw -> 'weeks' else '[]' end,
    'trendReading', case when v_shown then private.market_trend_reading(v_raw -> 'thirds', v_k) end,
    'recentSales', case when v_shown then
      coalesce((select jsonb_agg(r.value - 'panel') from jsonb_array_elements(v_recent) r), '[]') else '[]' end,
    'demoComps', case when v_shown then (v_raw ->> 'demo')::int else least((v_raw ->> 'demo')::int, 1) end,
    'panelComps', case when v_shown then (v_raw ->> 'panel')::int else least((v_raw ->> 'panel')::int, 1) end,
    'query', v_parsed,
    -- Sales are counted from rows (issue 53 keeps listed cells first).
    'path', 'rows'
  );
end;
$_$;

CREATE TABLE private.market_cell_names (
    words text[] NOT NULL,
    first text GENERATED ALWAYS AS (words[1]) STORED,
    source text NOT NULL,
    state text DEFAULT 'active'::text NOT NULL,
    CONSTRAINT market_cell_names_source_check CHECK ((source = ANY (ARRAY['lexicon'::text, 'promoted'::text]))),
    CONSTRAINT market_cell_names_state_check CHECK ((state = ANY (ARRAY['active'::text, 'pending'::text, 'retiring'::text]))),
    CONSTRAINT market_cell_names_words_check CHECK (((cardinality(words) >= 2) AND (cardinality(words) <= 6)))
);

COMMENT ON TABLE private.market_cell_names IS 'Names of several words the exact cells'' signatures keep whole (the words sorted): a listing''s signature holds them only when it holds every word.';

CREATE TABLE private.market_cell_words (
    word text NOT NULL,
    role text NOT NULL,
    source text NOT NULL,
    state text DEFAULT 'active'::text NOT NULL,
    CONSTRAINT market_cell_words_role_check CHECK ((role = ANY (ARRAY['signature'::text, 'facet'::text]))),
    CONSTRAINT market_cell_words_source_check CHECK ((source = ANY (ARRAY['lexicon'::text, 'promoted'::text]))),
    CONSTRAINT market_cell_words_state_check CHECK ((state = ANY (ARRAY['active'::text, 'pending'::text, 'retiring'::text]))),
    CONSTRAINT market_cell_words_word_check CHECK ((word ~ '^[a-z0-9_]{1,100}$'::text))
);

COMMENT ON TABLE private.market_cell_words IS 'The words the exact cells are keyed by: signature words (the lexicon''s, and promoted ones) and colour facets.';

CREATE TABLE private.market_cells_state (
    one boolean DEFAULT true NOT NULL,
    width integer DEFAULT 1024 NOT NULL,
    reads boolean DEFAULT true NOT NULL,
    resign_after bigint DEFAULT 0 NOT NULL,
    CONSTRAINT market_cells_state_one_check CHECK (one),
    CONSTRAINT market_cells_state_width_check CHECK (((width > 0) AND ((width % 1024) = 0)))
);

CREATE TABLE private.market_listed_cell_sellers (
    facet text NOT NULL,
    sig integer NOT NULL,
    condition text NOT NULL,
    marketplace text NOT NULL,
    ord integer NOT NULL,
    n integer NOT NULL
);

CREATE TABLE private.market_listed_cells (
    facet text NOT NULL,
    sig integer NOT NULL,
    condition text NOT NULL,
    marketplace text NOT NULL,
    n integer NOT NULL,
    demo integer NOT NULL,
    sellers bit varying NOT NULL
);

CREATE TABLE private.market_listing_places (
    id bigint NOT NULL,
    sig integer NOT NULL,
    facets text[] NOT NULL
);

CREATE TABLE private.market_seller_ords (
    seller_key uuid NOT NULL,
    ord integer NOT NULL
);

ALTER TABLE private.market_seller_ords ALTER COLUMN ord ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.market_seller_ords_ord_seq
    START WITH 0
    INCREMENT BY 1
    MINVALUE 0
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE private.market_signatures (
    id integer NOT NULL,
    key text[] NOT NULL,
    decoys text[] NOT NULL
);

ALTER TABLE private.market_signatures ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.market_signatures_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.market_cell_names
    ADD CONSTRAINT market_cell_names_pkey PRIMARY KEY (words);

ALTER TABLE ONLY private.market_cell_words
    ADD CONSTRAINT market_cell_words_pkey PRIMARY KEY (word);

ALTER TABLE ONLY private.market_cells_state
    ADD CONSTRAINT market_cells_state_pkey PRIMARY KEY (one);

ALTER TABLE ONLY private.market_listed_cell_sellers
    ADD CONSTRAINT market_listed_cell_sellers_pkey PRIMARY KEY (facet, sig, condition, marketplace, ord);

ALTER TABLE ONLY private.market_listed_cells
    ADD CONSTRAINT market_listed_cells_pkey PRIMARY KEY (facet, sig, condition, marketplace);

ALTER TABLE ONLY private.market_listing_places
    ADD CONSTRAINT market_listing_places_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.market_seller_ords
    ADD CONSTRAINT market_seller_ords_ord_key UNIQUE (ord);

ALTER TABLE ONLY private.market_seller_ords
    ADD CONSTRAINT market_seller_ords_pkey PRIMARY KEY (seller_key);

ALTER TABLE ONLY private.market_signatures
    ADD CONSTRAINT market_signatures_key_decoys_key UNIQUE (key, decoys);

ALTER TABLE ONLY private.market_signatures
    ADD CONSTRAINT market_signatures_pkey PRIMARY KEY (id);

CREATE INDEX market_cell_names_first_idx ON private.market_cell_names USING btree (first);

CREATE INDEX market_cell_names_words_idx ON private.market_cell_names USING gin (words);

CREATE INDEX market_signatures_key_idx ON private.market_signatures USING gin (key);

CREATE INDEX market_listings_hedged_terms_idx ON public.market_listings USING gin (terms) WHERE (hedged AND (status = 'available'::text));

CREATE TRIGGER market_listings_cells_deleted AFTER DELETE ON public.market_listings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.market_listings_cells_deleted();

CREATE TRIGGER market_listings_cells_inserted AFTER INSERT ON public.market_listings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.market_listings_cells_inserted();

CREATE TRIGGER market_listings_cells_truncated AFTER TRUNCATE ON public.market_listings FOR EACH STATEMENT EXECUTE FUNCTION private.market_listings_cells_truncated();

CREATE TRIGGER market_listings_cells_updated AFTER UPDATE ON public.market_listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.market_listings_cells_updated();

ALTER TABLE private.market_cell_names ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.market_cell_words ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.market_cells_state ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.market_listed_cell_sellers ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.market_listed_cells ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.market_listing_places ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.market_seller_ords ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.market_signatures ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON FUNCTION private.market_bit_ords(p_bits bit varying, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_bit_ords(p_bits bit varying, p_limit integer) TO service_role;

REVOKE ALL ON FUNCTION private.market_cell_words_refresh() FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_cell_words_refresh() TO service_role;

REVOKE ALL ON FUNCTION private.market_cell_words_settle() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.market_cells_check() FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_cells_check() TO service_role;

REVOKE ALL ON FUNCTION private.market_cells_move(p_old public.market_listings[], p_new public.market_listings[]) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.market_cells_promote(p_limit integer, p_days integer, p_min_users integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_cells_promote(p_limit integer, p_days integer, p_min_users integer) TO service_role;

REVOKE ALL ON FUNCTION private.market_cells_rebuild() FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_cells_rebuild() TO service_role;

REVOKE ALL ON FUNCTION private.market_cells_resign(p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_cells_resign(p_limit integer) TO service_role;

REVOKE ALL ON FUNCTION private.market_cells_route(p_parsed jsonb, p_filters jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_cells_route(p_parsed jsonb, p_filters jsonb) TO service_role;

REVOKE ALL ON FUNCTION private.market_cells_width() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.market_cells_words_update() FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_cells_words_update() TO service_role;

REVOKE ALL ON FUNCTION private.market_facet_form(p_word text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_facet_form(p_word text) TO service_role;

REVOKE ALL ON FUNCTION private.market_facets_of(p_terms text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_facets_of(p_terms text[]) TO service_role;

REVOKE ALL ON FUNCTION private.market_is_facet(p_word text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_is_facet(p_word text) TO service_role;

REVOKE ALL ON FUNCTION private.market_listed_counts(p_row public.market_listings) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.market_listed_groups(p_route jsonb, p_parsed jsonb, p_filters jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_listed_groups(p_route jsonb, p_parsed jsonb, p_filters jsonb) TO service_role;

REVOKE ALL ON FUNCTION private.market_listings_cells_deleted() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.market_listings_cells_inserted() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.market_listings_cells_truncated() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.market_listings_cells_updated() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.market_seller_bit(p_ord integer, p_width integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_seller_bit(p_ord integer, p_width integer) TO service_role;

REVOKE ALL ON FUNCTION private.market_signature_key(p_terms text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_signature_key(p_terms text[]) TO service_role;

REVOKE ALL ON FUNCTION private.market_signature_sql(p_reading jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_signature_sql(p_reading jsonb) TO service_role;

REVOKE ALL ON FUNCTION private.market_size_words(p_size text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_size_words(p_size text) TO service_role;

REVOKE ALL ON FUNCTION private.market_uncovered(p_reading jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_uncovered(p_reading jsonb) TO service_role;

REVOKE ALL ON FUNCTION private.market_without_facet(p_reading jsonb, p_facet text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_without_facet(p_reading jsonb, p_facet text) TO service_role;

GRANT SELECT ON TABLE private.market_cell_names TO service_role;

GRANT SELECT ON TABLE private.market_cell_words TO service_role;

GRANT SELECT ON TABLE private.market_cells_state TO service_role;

GRANT SELECT ON TABLE private.market_listed_cells TO service_role;

GRANT SELECT ON TABLE private.market_seller_ords TO service_role;

GRANT SELECT ON TABLE private.market_signatures TO service_role;

-- By hand: the one state row, the words from the lexicon, and every cell from the listings already there.
insert into private.market_cells_state default values on conflict do nothing;
select private.market_cell_words_refresh();
select private.market_cells_rebuild();

-- Hosted: pg_cron refreshes the cells' words every hour and signs listings again a batch a minute (a schedule is data,
-- which no schema diff writes). The emulator does both at start and hourly; the test server has no pg_cron.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule('market-cells-words', '17 * * * *', 'select private.market_cells_words_update()');
    perform cron.schedule('market-cells-resign', '* * * * *', 'select private.market_cells_resign(5000)');
  end if;
end;
$$;
