-- The Flipwise seller panel (issue 22, docs/decisions/056-seller-panel.md): resellers who choose to share turn their
-- imported items (public.seller_items) into anonymous comps of the market index, and every figure the search shows
-- is withheld unless it draws on enough sellers.
--
-- - A comp is a row of public.market_listings with source 'panel' and the seller's panel key (a random uuid, not the
--   user id). It keeps what a search matches and counts: title, brand, category, size, condition, status, price,
--   marketplace, and the listing and sale days. It drops the order or listing id (the comp's id is 'panel-' and the
--   seller_items id), the listing URL, the buyer (never imported) and the time of day.
-- - Items whose export does not say their condition stay private: every figure is per condition.
-- - Sharing off, deleting the imported data or deleting the account removes the comps at once and forgets every
--   cached market answer, so the next search no longer counts them.
-- - The demo market is a panel of synthetic sellers (scripts/market-data.ts), so the rules below apply to it too.

-- Comps ------------------------------------------------------------------------------------------------------------------
alter table public.market_listings add column seller_key uuid;
-- A seller's export may lack a price or a listing date; unknown stays unknown (figures skip it), never a guess.
alter table public.market_listings alter column price drop not null;
alter table public.market_listings alter column listed_at drop not null;
alter table public.market_listings drop constraint market_listings_source_check;
alter table public.market_listings add constraint market_listings_source_check
  check (source in ('demo', 'import', 'ebay', 'partner', 'panel'));
alter table public.market_listings add constraint market_listings_panel_has_seller
  check (source <> 'panel' or seller_key is not null);
comment on column public.market_listings.seller_key is
  'The panel key of the seller whose item this is (panel comps and the synthetic demo sellers); null for listings that are nobody''s sales (market:import).';

-- Removing a seller's comps reads only their rows.
create index market_listings_seller_key_idx on public.market_listings (seller_key) where seller_key is not null;

-- Who shares -------------------------------------------------------------------------------------------------------------
create table public.panel_members (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- What the comps carry instead of the user id.
  seller_key uuid not null unique default gen_random_uuid(),
  joined_at timestamptz not null default now()
);
comment on table public.panel_members is
  'Users who share their imported sales with the seller panel. Read and changed only through panel_sharing_status() and panel_set_sharing().';

-- Nobody reads or writes this table directly: the two functions below are the only way in.
alter table public.panel_members enable row level security;
revoke all on public.panel_members from anon, authenticated;
grant all on public.panel_members to service_role;

-- Every cached market answer may count a seller's comps: forgotten when comps leave.
create function private.market_cache_forget() returns void
  language sql security definer
  set search_path = ''
as $$
  delete from public.market_search_cache
  where cache_key like 'search-available|%' or cache_key like 'search-sold|%';
$$;

-- Publishes a member's items as comps (all of them, the given ids, or the next p_limit not yet published), stripped of
-- what identifies the seller.
create function private.panel_publish(p_user uuid, p_ids bigint[] default null, p_limit integer default null)
  returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_count integer;
begin
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
  on conflict (marketplace, external_id) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- Removes comps of the given seller_items rows (by the marketplace and id they were published under).
create function private.panel_withdraw(p_items jsonb) returns integer
  language plpgsql security definer
  set search_path = ''
as $$
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

-- Imports, corrections and deletions of a member's items reach the panel in the same statement.
create function private.seller_items_panel_inserted() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_member record;
begin
  for v_member in
    select n.user_id, array_agg(n.id) as ids
    from new_rows n join public.panel_members m on m.user_id = n.user_id
    group by n.user_id
  loop
    perform private.panel_publish(v_member.user_id, v_member.ids);
  end loop;
  return null;
end;
$$;

create function private.seller_items_panel_updated() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_member record;
begin
  for v_member in
    select o.user_id,
      jsonb_agg(jsonb_build_object('id', o.id, 'marketplace', o.marketplace)) as old_items,
      array_agg(o.id) as ids
    from old_rows o join public.panel_members m on m.user_id = o.user_id
    group by o.user_id
  loop
    perform private.panel_withdraw(v_member.old_items);
    perform private.panel_publish(v_member.user_id, v_member.ids);
  end loop;
  return null;
end;
$$;

create function private.seller_items_panel_deleted() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_removed integer;
begin
  select private.panel_withdraw(jsonb_agg(jsonb_build_object('id', o.id, 'marketplace', o.marketplace)))
  into v_removed
  from old_rows o join public.panel_members m on m.user_id = o.user_id;
  if coalesce(v_removed, 0) > 0 then
    perform private.market_cache_forget();
  end if;
  return null;
end;
$$;

create trigger seller_items_panel_inserted
  after insert on public.seller_items referencing new table as new_rows
  for each statement execute function private.seller_items_panel_inserted();
create trigger seller_items_panel_updated
  after update on public.seller_items referencing old table as old_rows new table as new_rows
  for each statement execute function private.seller_items_panel_updated();
create trigger seller_items_panel_deleted
  after delete on public.seller_items referencing old table as old_rows
  for each statement execute function private.seller_items_panel_deleted();

-- Leaving the panel (sharing off, or the account deleted: the row goes with auth.users) takes every comp along.
create function private.panel_members_left() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  delete from public.market_listings where seller_key = old.seller_key and source = 'panel';
  perform private.market_cache_forget();
  return null;
end;
$$;

create trigger panel_members_left
  after delete on public.panel_members
  for each row execute function private.panel_members_left();

-- Turning sharing on publishes at most this many items per call, so a seller with a long history never meets the
-- statement timeout: the browser asks for the rest with panel_share_more() until nothing is pending.
create function private.panel_batch() returns integer language sql immutable set search_path = '' as $$ select 2000 $$;

-- What the sharing switch shows: on or off, since when, how many items are shared, how many are still being shared
-- and how many stay private. The
-- browser calls the two public functions, which run as the caller; only the steps that touch the panel tables are
-- definer functions, in the unexposed schema private (the database linter's security_definer_function_executable).
create function private.panel_sharing_status() returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select jsonb_build_object(
    'sharing', m.user_id is not null,
    'since', m.joined_at,
    'shared', (select count(*) from public.market_listings l where m.seller_key is not null and l.seller_key = m.seller_key)::int,
    'withoutCondition', (select count(*) from public.seller_items s where s.user_id = me.uid and s.condition is null)::int,
    'pending', case when m.user_id is null then 0 else greatest(0,
      (select count(*) from public.seller_items s where s.user_id = me.uid and s.condition is not null)
      - (select count(*) from public.market_listings l where l.seller_key = m.seller_key))::int end
  )
  from (select (select auth.uid()) as uid) me
  left join public.panel_members m on m.user_id = me.uid
  where me.uid is not null
$$;

create function private.panel_set_sharing(p_share boolean) returns jsonb
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
    insert into public.panel_members (user_id) values (v_user) on conflict (user_id) do nothing;
    get diagnostics v_joined = row_count;
    if v_joined > 0 then
      perform private.panel_publish(v_user, null, private.panel_batch());
      -- A new seller can lift a withheld figure over the threshold: the next search counts them.
      perform private.market_cache_forget();
    end if;
  else
    delete from public.panel_members where user_id = v_user;
  end if;
  return private.panel_sharing_status();
end;
$$;

-- The next batch of a member's items not yet in the panel (after panel_set_sharing(true) said some are pending).
create function private.panel_share_more() returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
begin
  if v_user is null then
    raise exception 'Please log in to change sharing.' using errcode = '28000';
  end if;
  if exists (select 1 from public.panel_members where user_id = v_user) then
    perform private.panel_publish(v_user, null, private.panel_batch());
    perform private.market_cache_forget();
  end if;
  return private.panel_sharing_status();
end;
$$;

create function public.panel_share_more() returns jsonb
  language sql
  set search_path = ''
as $$
  select private.panel_share_more()
$$;

create function public.panel_sharing_status() returns jsonb
  language sql stable
  set search_path = ''
as $$
  select private.panel_sharing_status()
$$;

create function public.panel_set_sharing(p_share boolean) returns jsonb
  language sql
  set search_path = ''
as $$
  select private.panel_set_sharing(p_share)
$$;

revoke execute on function private.market_cache_forget(), private.panel_publish(uuid, bigint[], integer),
  private.panel_withdraw(jsonb), private.seller_items_panel_inserted(), private.seller_items_panel_updated(),
  private.seller_items_panel_deleted(), private.panel_members_left(), private.panel_sharing_status(),
  private.panel_set_sharing(boolean), private.panel_share_more(), private.panel_batch()
  from public, anon, authenticated;
grant execute on function private.panel_sharing_status(), private.panel_set_sharing(boolean),
  private.panel_share_more(), private.panel_batch() to authenticated;
revoke execute on function public.panel_sharing_status(), public.panel_set_sharing(boolean), public.panel_share_more()
  from public, anon;
grant execute on function public.panel_sharing_status(), public.panel_set_sharing(boolean), public.panel_share_more()
  to authenticated;

-- k-anonymity ------------------------------------------------------------------------------------------------------------
-- A figure may be shown when it draws on no seller's items (nothing matched, or only listings that are nobody's sales)
-- or on at least p_k distinct sellers.

-- One figure of a breakdown: its count when it may be shown, else null.
create function private.panel_cell(p_cell jsonb, p_k integer) returns integer
  language sql immutable
  set search_path = ''
as $$
  select case
    when p_cell is null then 0
    when (p_cell ->> 'sellers')::int = 0 or (p_cell ->> 'sellers')::int >= p_k then (p_cell ->> 'n')::int
  end
$$;

-- The split by marketplace of a shown figure. A marketplace drawing on too few sellers goes into 'other'; if 'other'
-- itself draws on too few, the smallest shown marketplace joins it (having enough sellers of its own, it lifts 'other'
-- over the threshold). So no figure below the threshold can be read off, not even by subtracting the shown ones from
-- the total. p_rows: [{marketplace, n, sellers, keys}], keys only for the marketplaces with too few sellers.
create function private.panel_fold(p_rows jsonb, p_k integer, p_field text) returns jsonb
  language sql immutable
  set search_path = ''
as $$
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
$$;

revoke execute on function private.panel_cell(jsonb, integer),
  private.panel_fold(jsonb, integer, text) from public, anon, authenticated;
-- The counting functions run as the service role.
grant execute on function private.panel_cell(jsonb, integer),
  private.panel_fold(jsonb, integer, text) to service_role;

-- The counts, with the threshold --------------------------------------------------------------------------------------
-- Both keep the one-pass shape of the last versions (20250214000100, 20250215000000), grouped one level finer: by
-- condition, marketplace and seller, so each figure knows how many sellers it draws on.
drop function public.market_search(text, text, text, uuid, text, int, int, text, int, int);
drop function public.market_count_available(text, text);
drop function public.market_count_sold(text, text, int);

create function public.market_count_available(p_query text, p_condition text, p_min_sellers int default 5)
  returns jsonb
  language plpgsql stable
  set search_path = ''
  set enable_sort = off
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
      select l.condition, l.marketplace, l.seller_key, count(*)::int as n,
        count(*) filter (where l.source = 'demo')::int as demo, count(*) filter (where l.source = 'panel')::int as panel
      from public.market_listings l
      where %s
      group by l.condition, l.marketplace, l.seller_key
    ),
    c as (
      select g.condition, sum(g.n)::int as n, count(distinct g.seller_key)::int as sellers
      from g group by g.condition
    ),
    m as (
      select g.marketplace, sum(g.n)::int as n, count(g.seller_key)::int as sellers,
        array_agg(g.seller_key) filter (where g.seller_key is not null) as keys
      from g where g.condition = $1 group by g.marketplace
    )
    select jsonb_build_object(
      'conditions', coalesce((select jsonb_object_agg(c.condition, jsonb_build_object('n', c.n, 'sellers', c.sellers)) from c), '{}'),
      'marketplaces', coalesce((select jsonb_agg(jsonb_build_object('marketplace', m.marketplace, 'n', m.n,
        'sellers', m.sellers, 'keys', case when m.sellers < $2 then to_jsonb(m.keys) end)) from m), '[]'),
      'demo', coalesce((select sum(g.demo) from g where g.condition = $1), 0)::int,
      'panel', coalesce((select sum(g.panel) from g where g.condition = $1), 0)::int
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

-- The price quartiles and the median time to sell are computed as in 20250215000000 (percentile_cont's positions and
-- interpolation). Recent sales: the newest sale of each seller (and every sale that is nobody's), ten at most, shown
-- only when the sellers among them are enough. panelSellers (the 90-day headline only): the sellers behind the
-- headline, those with a matching item listed now or sold in the window.
create function public.market_count_sold(p_query text, p_condition text, p_window_days int default 90,
  p_min_sellers int default 5)
  returns jsonb
  language plpgsql stable
  set search_path = ''
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
    with g as (
      select l.condition, l.marketplace, l.seller_key, count(*)::int as n,
        count(*) filter (where l.source = 'demo')::int as demo, count(*) filter (where l.source = 'panel')::int as panel,
        array_agg(l.price) filter (where l.condition = $1 and l.currency = 'USD' and l.price is not null) as prices,
        array_agg(l.sold_at - l.listed_at) filter (where l.condition = $1 and l.listed_at is not null) as took,
        (array_agg(l.id order by l.sold_at desc, l.id desc) filter (where l.condition = $1))
          [1:case when l.seller_key is null then 10 else 1 end] as recent
      from public.market_listings l
      where %s and l.sold_at >= $2
      group by l.condition, l.marketplace, l.seller_key
    ),
    chosen as (select * from g where g.condition = $1),
    sorted as (
      select
        (select array_agg(p order by p) from chosen, unnest(chosen.prices) p) as prices,
        (select array_agg(t order by t) from chosen, unnest(chosen.took) t) as took
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
      select g.condition, sum(g.n)::int as n, count(distinct g.seller_key)::int as sellers
      from g group by g.condition
    ),
    m as (
      select chosen.marketplace, sum(chosen.n)::int as n, count(chosen.seller_key)::int as sellers,
        array_agg(chosen.seller_key) filter (where chosen.seller_key is not null) as keys
      from chosen group by chosen.marketplace
    ),
    recent as (
      select l.id, l.title, l.price, l.currency, l.marketplace, l.sold_at, l.url, l.seller_key
      from (
        select distinct on (coalesce(l.seller_key::text, l.id::text)) l.*
        from public.market_listings l
        where l.id = any (array(select unnest(chosen.recent) from chosen))
        order by coalesce(l.seller_key::text, l.id::text), l.sold_at desc, l.id desc
      ) l
      order by l.sold_at desc, l.id desc
      limit 10
    )
    select jsonb_build_object(
      'conditions', coalesce((select jsonb_object_agg(c.condition, jsonb_build_object('n', c.n, 'sellers', c.sellers)) from c), '{}'),
      'marketplaces', coalesce((select jsonb_agg(jsonb_build_object('marketplace', m.marketplace, 'n', m.n,
        'sellers', m.sellers, 'keys', case when m.sellers < $3 then to_jsonb(m.keys) end)) from m), '[]'),
      'pricedSellers', (select count(distinct chosen.seller_key) filter (where cardinality(chosen.prices) > 0) from chosen),
      'timedSellers', (select count(distinct chosen.seller_key) filter (where cardinality(chosen.took) > 0) from chosen),
      'soldKeys', coalesce((select jsonb_agg(distinct chosen.seller_key) filter (where chosen.seller_key is not null) from chosen), '[]'),
      'prices', (
        select jsonb_object_agg(case q.i when 1 then 'p25' when 2 then 'median' else 'p75' end,
          round((q.lo + q.part * (q.hi - q.lo))::numeric, 2))
        from quartiles q
      ),
      'medianDaysToSell', (select round((extract(epoch from m.took) / 86400)::numeric, 1) from middle m),
      'demo', coalesce((select sum(chosen.demo) from chosen), 0)::int,
      'panel', coalesce((select sum(chosen.panel) from chosen), 0)::int,
      'recentSellers', (select count(distinct r.seller_key) from recent r),
      'recentSales', coalesce((
        select jsonb_agg(jsonb_build_object(
          'title', r.title, 'price', r.price, 'currency', r.currency, 'condition', $1,
          'marketplace', r.marketplace, 'soldAt', r.sold_at, 'url', r.url, 'panel', r.seller_key is not null)
          order by r.sold_at desc, r.id desc)
        from recent r
      ), '[]'::jsonb)
    )$sql$, public.market_match_sql(v_parsed, 'sold'))
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
    execute format($sql$
      select count(distinct k)::int from (
        select l.seller_key as k from public.market_listings l where %s and l.condition = $1 and l.seller_key is not null
        union all
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

-- From Postgres 16 the planner may presort the aggregate's input (see 20250215000000): off, as before.
do $$
begin
  if current_setting('server_version_num')::int >= 160000 then
    alter function public.market_count_sold(text, text, int, int) set enable_presorted_aggregate = off;
  end if;
end;
$$;

-- What an empty answer is made of: demo rows, panel comps, or an index with nothing in it at all.
create function public.market_index_state() returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object(
    'hasDemo', exists (select 1 from public.market_listings where source = 'demo'),
    'hasPanel', exists (select 1 from public.market_listings where source = 'panel'),
    'empty', not exists (select 1 from public.market_listings)
  )
$$;

-- As in 20250101000210, with the panel threshold. The cache key carries the threshold (search-handler.ts).
create function public.market_search(
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
    v_result := public.market_count_available(p_query, p_condition, p_min_sellers);
    v_count := (v_result ->> 'available')::int;
  else
    v_result := public.market_count_sold(p_query, p_condition, p_window_days, p_min_sellers);
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
  return jsonb_build_object('allowed', true, 'cached', false, 'result', v_result);
end;
$$;

revoke execute on function public.market_count_available(text, text, int), public.market_count_sold(text, text, int, int),
  public.market_index_state(), public.market_search(text, text, text, uuid, text, int, int, text, int, int, int)
  from public, anon, authenticated;
grant execute on function public.market_count_available(text, text, int), public.market_count_sold(text, text, int, int),
  public.market_index_state(), public.market_search(text, text, text, uuid, text, int, int, text, int, int, int)
  to service_role;

-- A saved search remembers where its figures came from: the seller panel is one more origin.
alter table public.saved_searches drop constraint saved_searches_origin_check;
alter table public.saved_searches add constraint saved_searches_origin_check
  check (origin in ('demo', 'panel', 'ebay', 'import'));
comment on column public.saved_searches.origin is 'Where the latest figures came from: demo, panel, ebay or import.';
