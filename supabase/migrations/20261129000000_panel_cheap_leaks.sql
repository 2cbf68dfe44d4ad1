-- The seller panel's cheap leaks, closed (issue 49, docs/decisions/076-panel-cheap-leaks.md). Before the panel's
-- figures are redesigned (noisy released cells, the next issue), what a motivated competitor could read with a few
-- throwaway accounts and ordinary calls:
--
-- 1. A withheld answer said how many sellers stood behind it (and the site how many more were needed). It now says
--    only that it is withheld: the same answer, field for field, for one seller or for four.
-- 2. "Recent sales" listed other sellers' shared rows (title, price, day, marketplace). No panel row is listed any
--    more; the demo and imported listing sources keep their recent listings.
-- 3. "Data since" was the earliest sale of the whole index: one seller's oldest sale. It is now the window's start.
-- 4. Dates: a shared sale dated 9999 made every sold search count its weeks up to 9999 (a 504 for everyone), and
--    dates 0001, 9999 and infinity were stored. Sale and listing dates before 2000 or after tomorrow (UTC) are refused
--    by a CHECK on both tables; rows already stored out of range are set aside (private.rows_set_aside).
-- 5. Sharing calls forgot every cached answer, with no limit (panel_share_more with nothing to share: about 300
--    calls a second). A write to the panel now forgets only the cached answers whose query words its rows hold (every
--    answer only when the panel appears or disappears as a whole), imports and corrections of a shared item forget
--    what they touched (before, a corrected price stayed cached for up to 15 minutes), and sharing calls are limited
--    per account.

-- Dates in range ---------------------------------------------------------------------------------------------------------
-- A sale or listing date the product can hold: from 2000-01-01, through the end of tomorrow (UTC: a sale made late in
-- the evening west of UTC is already tomorrow there). Null (unknown) is in range. Used by the CHECKs below; the browser's
-- import preview (src/features/sales/lib/import/rules.ts) and market:import apply the same rule first, with a reason.
create function private.date_in_range(p_at timestamptz) returns boolean
  language sql stable
  set search_path = ''
as $$
  select p_at is null or (p_at >= timestamptz '2000-01-01 00:00:00+00'
    and p_at < date_trunc('day', now(), 'UTC') + interval '2 days')
$$;

comment on function private.date_in_range(timestamptz) is
  'A sale or listing date the product holds: null, or from 2000-01-01 through the end of tomorrow (UTC).';

revoke execute on function private.date_in_range(timestamptz) from public, anon, authenticated;
-- The CHECKs are evaluated as the role that writes the row: a reseller importing their own items, the service role.
grant execute on function private.date_in_range(timestamptz) to authenticated, service_role;

-- Rows stored out of range before the CHECKs, kept for their owner rather than dropped: a date 9999 is a typo in a file,
-- not a reason to lose the row's other figures. No role of the API reads this table.
create table private.rows_set_aside (
  id bigint generated always as identity primary key,
  source_table text not null check (source_table in ('seller_items', 'market_listings')),
  -- The owner of a seller_items row: the row goes when the account does.
  user_id uuid references auth.users (id) on delete cascade,
  row_data jsonb not null check (jsonb_typeof(row_data) = 'object'),
  reason text not null check (char_length(reason) between 1 and 200),
  set_aside_at timestamptz not null default now()
);

comment on table private.rows_set_aside is
  'Rows set aside by a migration because a date was out of range (before 2000, after tomorrow, or infinite).';

alter table private.rows_set_aside enable row level security;

revoke all on private.rows_set_aside from public, anon, authenticated;

grant all on private.rows_set_aside to service_role;

do $$
declare
  v_items integer;
  v_listings integer;
begin
  with moved as (
    delete from public.seller_items s
    where not (private.date_in_range(s.sold_at) and private.date_in_range(s.listed_at))
    returning s.*
  )
  insert into private.rows_set_aside (source_table, user_id, row_data, reason)
  select 'seller_items', m.user_id, to_jsonb(m) - 'search_terms' - 'decoys',
    'a sale or listing date before 2000, after tomorrow or infinite'
  from moved m;
  get diagnostics v_items = row_count;

  -- Panel comps of those items went with them (the delete trigger); what is left is the market's own rows.
  with moved as (
    delete from public.market_listings l
    where not (private.date_in_range(l.sold_at) and private.date_in_range(l.listed_at))
    returning l.*
  )
  insert into private.rows_set_aside (source_table, row_data, reason)
  select 'market_listings', to_jsonb(m) - 'terms' - 'decoys' - 'hedged',
    'a sale or listing date before 2000, after tomorrow or infinite'
  from moved m;
  get diagnostics v_listings = row_count;

  raise notice 'Set aside % imported items and % market listings with a date out of range (private.rows_set_aside).',
    v_items, v_listings;
end;
$$;

alter table public.seller_items add constraint seller_items_dates_in_range
  check (private.date_in_range(sold_at) and private.date_in_range(listed_at));

alter table public.market_listings add constraint market_listings_dates_in_range
  check (private.date_in_range(sold_at) and private.date_in_range(listed_at));

-- Cached answers know the words their query needs ----------------------------------------------------------------------
-- A listing counts towards an answer only if its key holds one of the words of the query's groups (every group of a
-- clause is asked of the index with `&&` or `@>`: market_groups_sql), so a row whose key holds none of them cannot
-- change that answer. The words of every clause's groups, all together: a superset of what any matching row holds.
alter table public.market_search_cache add column terms text[];

comment on column public.market_search_cache.terms is
  'The words of the answer''s query groups (private.market_query_terms): a panel write forgets the answers whose words its rows hold. Null: not an answer of the market index.';

create function private.market_query_terms(p_parsed jsonb) returns text[]
  language sql immutable
  set search_path = ''
as $$
  select coalesce(array_agg(distinct w order by w), '{}')
  from jsonb_array_elements(coalesce(p_parsed -> 'clauses', '[]')) c,
    jsonb_array_elements(coalesce(c -> 'groups', '[]')) g,
    jsonb_array_elements(coalesce(g -> 'any', '[]')) a,
    jsonb_array_elements_text(a) w
$$;

-- The answers a set of written rows can touch: those whose query words the rows' keys hold.
create function private.market_cache_forget(p_terms text[]) returns void
  language sql security definer
  set search_path = ''
as $$
  delete from public.market_search_cache
  where (cache_key like 'search-available|%' or cache_key like 'search-sold|%') and terms && p_terms;
$$;

-- What a panel write forgets: the answers its rows' words reach; and when the panel as a whole appeared or went, every
-- answer of zero too (a zero says whether the index holds panel comps at all: market_index_state). An answer with a
-- count says where its figures come from by its own rows.
create function private.panel_written(p_count integer, p_terms text[], p_had_panel boolean) returns void
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if coalesce(p_count, 0) = 0 then
    return;
  end if;
  perform private.market_cache_forget(coalesce(p_terms, '{}'));
  if p_had_panel is distinct from exists (select 1 from public.market_listings where source = 'panel') then
    delete from public.market_search_cache
    where (cache_key like 'search-available|%' or cache_key like 'search-sold|%')
      and coalesce(payload ->> 'available', payload ->> 'sold') = '0';
  end if;
end;
$$;

-- Sharing calls per account: at most 60 a minute (joining, leaving, and each batch of a long history: a batch of 2,000
-- items takes about a second to publish, so a reseller sharing a long history is not held back). Past it the call is
-- refused with HTTP 429 (PostgREST's PT429) and the seconds to wait in its details.
create function private.panel_sharing_gate(p_user uuid) returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_gate jsonb := public.market_search_gate(p_user, 'panel-sharing', 60, 60, null);
begin
  if not (v_gate ->> 'allowed')::boolean then
    raise exception 'Too many sharing changes in a minute. Please try again in % seconds.', v_gate ->> 'retryAfter'
      using errcode = 'PT429', detail = v_gate ->> 'retryAfter';
  end if;
end;
$$;

-- Publishing and withdrawing forget what they touched --------------------------------------------------------------------
-- As in 20261125000500_seller_sales.sql, with the cached answers the published rows can touch forgotten here, so every
-- path that publishes (joining, the next batch, an import or correction of a member's items) forgets them, and only
-- them.
create or replace function private.panel_publish(p_user uuid, p_ids bigint[] default null, p_limit integer default null)
  returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_had_panel boolean := exists (select 1 from public.market_listings where source = 'panel');
  v_count integer;
  v_terms text[];
begin
  with published as (
    insert into public.market_listings (marketplace, external_id, title, brand, category, size, condition, status,
      price, currency, listed_at, sold_at, url, source, seller_key)
    select s.marketplace, 'panel-' || s.id, s.title, s.brand, s.category, s.size, s.condition, s.status,
      s.price, s.currency, date_trunc('day', s.listed_at, 'UTC'), date_trunc('day', s.sold_at, 'UTC'), null, 'panel',
      m.seller_key
    from public.seller_items s
    join public.panel_members m on m.user_id = s.user_id
    where s.user_id = p_user and s.condition is not null and (p_ids is null or s.id = any (p_ids))
      and (p_limit is null or not exists (
        select 1 from public.market_listings l where l.marketplace = s.marketplace and l.external_id = 'panel-' || s.id))
    order by s.id
    limit p_limit
    on conflict (marketplace, external_id) do nothing
    returning terms
  )
  select (select count(*) from published)::int, (select array_agg(distinct t) from published p, unnest(p.terms) t)
  into v_count, v_terms;
  perform private.panel_written(v_count, v_terms, v_had_panel);
  return v_count;
end;
$$;

create or replace function private.panel_withdraw(p_items jsonb) returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_count integer;
  v_terms text[];
begin
  with gone as (
    delete from public.market_listings l
    using jsonb_to_recordset(p_items) as x(id bigint, marketplace text)
    where l.marketplace = x.marketplace and l.external_id = 'panel-' || x.id and l.source = 'panel'
    returning l.terms
  )
  select (select count(*) from gone)::int, (select array_agg(distinct t) from gone g, unnest(g.terms) t)
  into v_count, v_terms;
  perform private.panel_written(v_count, v_terms, true);
  return v_count;
end;
$$;

-- Deleting imported items withdraws their comps, which forgets what they touched.
create or replace function private.seller_items_panel_deleted() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.panel_withdraw(jsonb_agg(jsonb_build_object('id', o.id, 'marketplace', o.marketplace)))
  from old_rows o join public.panel_members m on m.user_id = o.user_id;
  return null;
end;
$$;

-- Leaving the panel takes every comp along, and forgets the answers they touched.
create or replace function private.panel_members_left() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_count integer;
  v_terms text[];
begin
  with gone as (
    delete from public.market_listings where seller_key = old.seller_key and source = 'panel' returning terms
  )
  select (select count(*) from gone)::int, (select array_agg(distinct t) from gone g, unnest(g.terms) t)
  into v_count, v_terms;
  perform private.panel_written(v_count, v_terms, true);
  return null;
end;
$$;

-- Joining and the next batch: limited per account; they forget only what they publish (panel_publish).
create or replace function private.panel_set_sharing(p_share boolean) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_joined integer;
begin
  if v_user is null then
    raise exception 'Please log in to change sharing.' using errcode = '28000';
  end if;
  if p_share is null then
    raise exception 'Say whether to share: true or false.' using errcode = '22023';
  end if;
  if p_share then
    -- Joining is limited; leaving never is.
    perform private.panel_sharing_gate(v_user);
    insert into public.panel_members (user_id) values (v_user) on conflict (user_id) do nothing;
    get diagnostics v_joined = row_count;
    if v_joined > 0 then
      perform private.panel_publish(v_user, null, private.panel_batch());
    end if;
  else
    delete from public.panel_members where user_id = v_user;
  end if;
  return private.panel_sharing_status();
end;
$$;

create or replace function private.panel_share_more() returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
begin
  if v_user is null then
    raise exception 'Please log in to change sharing.' using errcode = '28000';
  end if;
  perform private.panel_sharing_gate(v_user);
  if exists (select 1 from public.panel_members where user_id = v_user) then
    perform private.panel_publish(v_user, null, private.panel_batch());
  end if;
  return private.panel_sharing_status();
end;
$$;

-- Nothing forgets every answer any more.
drop function private.market_cache_forget();

revoke execute on function private.market_query_terms(jsonb), private.market_cache_forget(text[]),
  private.panel_written(integer, text[], boolean), private.panel_sharing_gate(uuid)
  from public, anon, authenticated;

grant execute on function private.market_query_terms(jsonb) to service_role;

-- The counts -----------------------------------------------------------------------------------------------------------
-- As in 20261128140000_search_tail.sql, with a withheld figure's sellers left out.
create or replace function private.market_available(p_parsed jsonb, p_condition text, p_k int, out result jsonb,
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
    'query', v_parsed
  );
end;
$$;

-- As in 20261128190000_sold_count_by_index.sql, with a withheld figure's sellers left out, no panel comp among the
-- recent sales, and the weeks of the window never past tomorrow.
create or replace function public.market_count_sold(p_query text, p_condition text, p_window_days int default 90,
  p_min_sellers int default 5)
  returns jsonb
  language plpgsql stable
  set search_path = ''
  set enable_sort = off
  set enable_seqscan = off
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
      where %s and (l.sold_at >= $2) is true and public.market_sold_key(l.terms, l.sold_at) && %L::text[]
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
    'recentSales', case when v_shown then
      coalesce((select jsonb_agg(r.value - 'panel') from jsonb_array_elements(v_recent) r), '[]') else '[]' end,
    'demoComps', case when v_shown then (v_raw ->> 'demo')::int else least((v_raw ->> 'demo')::int, 1) end,
    'panelComps', case when v_shown then (v_raw ->> 'panel')::int else least((v_raw ->> 'panel')::int, 1) end,
    'query', v_parsed
  );
end;
$$;

-- As in 20261128190000_sold_count_by_index.sql: replacing the function dropped this setting.
do $$
begin
  if current_setting('server_version_num')::int >= 160000 then
    alter function public.market_count_sold(text, text, int, int) set enable_presorted_aggregate = off;
  end if;
end;
$$;

-- The search --------------------------------------------------------------------------------------------------------------
-- As in 20261128200000_rate_limit_at_the_end.sql, with the window's start as the sold answer's dataSince, and the
-- cached answer's query words kept beside it.
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
  v_hits int;
begin
  if p_kind is null or p_kind not in ('available', 'sold') then
    raise exception 'p_kind must be available or sold' using errcode = '22023';
  end if;

  -- The user's calls so far in this window, read without taking their row. A call at the limit is refused by the gate,
  -- which counts it as it always did.
  select r.hits into v_hits from public.market_rate_limits r
  where r.user_id = p_user and r.bucket = p_bucket
    and r.window_start = to_timestamp(floor(extract(epoch from now()) / greatest(p_window_seconds, 1))
      * greatest(p_window_seconds, 1));
  if coalesce(v_hits, 0) >= p_limit then
    return public.market_search_gate(p_user, p_bucket, p_limit, p_window_seconds, null);
  end if;
  if p_cache_key is not null then
    select c.payload into v_result from public.market_search_cache c
    where c.cache_key = p_cache_key and c.expires_at > now();
    -- One count per answer in flight: a search that finds no cached answer waits for any other search counting the
    -- same answer (the same cache key) to finish, and then takes that answer from the cache. The lock is the
    -- transaction's: it goes with the commit that writes the cache entry, so the waiting search reads the entry once
    -- it has the lock.
    if v_result is null then
      perform pg_advisory_xact_lock(hashtextextended('market_search ' || p_cache_key, 0));
      select c.payload into v_result from public.market_search_cache c
      where c.cache_key = p_cache_key and c.expires_at > now();
    end if;
    if v_result is not null then
      v_gate := public.market_search_gate(p_user, p_bucket, p_limit, p_window_seconds, null);
      if not (v_gate ->> 'allowed')::boolean then
        return v_gate;
      end if;
      return jsonb_build_object('allowed', true, 'cached', true, 'result', v_result);
    end if;
  end if;

  if p_kind = 'available' then
    select a.result, a.sellers into v_result, v_sellers
    from private.market_available(public.market_parse_query(p_query), p_condition, p_min_sellers) a;
    v_count := (v_result ->> 'available')::int;
  else
    -- The day the window starts (UTC): a date of the question, never one read from a seller's rows (issue 49), and
    -- a day, as the screen says it, so two answers of one day differ only in asOf.
    v_result := public.market_count_sold(p_query, p_condition, p_window_days, p_min_sellers)
      || jsonb_build_object('dataSince',
           date_trunc('day', now() - make_interval(days => greatest(p_window_days, 1)), 'UTC'));
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
    -- The words a panel write must hold to touch this answer (private.market_cache_forget).
    update public.market_search_cache c set terms = private.market_query_terms(v_result -> 'query')
    where c.cache_key = p_cache_key;
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
  -- The call counts against the user's window last, so their row is held from here to the commit only. (Calls of one
  -- user made at the same moment all pass while the window has room, and then all count.)
  perform public.market_search_gate(p_user, p_bucket, p_limit, p_window_seconds, null);
  return jsonb_build_object('allowed', true, 'cached', false, 'result', v_result);
end;
$$;

-- Answers cached before this migration carry sellers' counts, other sellers' rows and the old data-since date.
delete from public.market_search_cache where cache_key like 'search-available|%' or cache_key like 'search-sold|%';
