-- Your sales and the seller panel: a reseller's imported sales (private to them), what they tell about a search
-- ("your history"), and the consent that turns them into anonymous comps of the market index.
--
-- The Flipwise seller panel (issue 22, docs/decisions/056-seller-panel.md): resellers who choose to share turn their
-- imported items (public.seller_items) into anonymous comps of the market index, and every figure the search shows
-- is withheld unless it draws on enough sellers.
--
-- - A comp is a row of public.market_listings with source 'panel' and the seller's panel key (a random uuid, not the
--   user id). It keeps what a search matches and counts: title, brand, category, size, condition, status, price,
--   marketplace, and the listing and sale days. It drops the order or listing id (the comp's id is 'panel-' and the
--   seller_items id), the listing URL, the buyer (never imported) and the time of day.
-- - Items whose export does not say their condition stay private: every figure is per condition.
-- - No search counts a comp (issue 52, docs/decisions/082-panel-release.md): the panel reaches a search only through
--   its weekly release of noisy cells (55_panel_release.sql), computed from the comps as they are at release time.
-- - Sharing off, deleting the imported data or deleting the account removes the comps at once: the next release
--   leaves them out; a release already made holds no one's sales and stays.
-- - The demo market's synthetic sellers (emulator/seeds/data/market-data.ts) keep the exact counts' 5-seller rule.

-- Your sales (issue 21, docs/decisions/054-your-sales.md): the items a reseller imported from their own marketplace
-- exports, sold or still listed. Private to them: every policy, function and figure reads only the caller's own rows.
-- Their sell-through is derived from their own data and shown only to them, which is what eBay's licence allows.
create table public.seller_items (
  id bigint generated always as identity primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  marketplace text not null check (marketplace ~ '^[a-z][a-z0-9_]{1,29}$'),
  -- The order or item id of the export: with the marketplace, what a re-import of the same file is recognised by.
  external_id text not null check (char_length(external_id) between 1 and 200),
  title text not null check (char_length(btrim(title)) between 1 and 300),
  brand text check (brand is null or char_length(brand) between 1 and 100),
  category text check (category is null or char_length(category) between 1 and 100),
  size text check (size is null or char_length(size) between 1 and 40),
  -- Many exports do not say the condition (eBay's orders report); unknown stays null, never a guess.
  condition text
    check (condition is null or condition in ('new_with_tags', 'new_without_tags', 'new_with_imperfections', 'pre_owned')),
  status text not null check (status in ('available', 'sold')),
  -- The sale price of a sold item, the asking price of a listed one.
  price numeric(12, 2) check (price is null or price between 0 and 1000000),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  listed_at timestamptz,
  sold_at timestamptz,
  -- The export the row came from (a preset id such as 'poshmark-sales', or 'mapped' for a file mapped by hand).
  format text check (format is null or format ~ '^[a-z0-9-]{1,40}$'),
  -- The listing key of the market search (public.market_listing_terms), so "Your history" matches by the same rules.
  -- Written by the trigger below: that function is not the browser's to call.
  search_terms text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The decoy marks of the title (public.market_decoys), so "Your history" leaves out lots and parts as the search
  -- does. Written by the same trigger.
  decoys text[] not null default '{}',
  -- Units in the line (issue 51); price is per unit.
  quantity integer not null default 1 constraint seller_items_quantity_range check (quantity between 1 and 100000),
  -- What became of a sale, when the export says; cancelled, refunded and returned sales are kept and do not count
  -- (private.seller_item_counts).
  sale_status text
    constraint seller_items_sale_status_known
      check (sale_status is null or sale_status in ('completed', 'in_progress', 'shipped', 'cancelled', 'refunded',
        'returned')),
  order_id text
    constraint seller_items_order_id_length check (order_id is null or char_length(order_id) between 1 and 200),
  -- 'order': an order-level row (Etsy's Sold Orders) standing for its items until item lines of the order exist.
  record_kind text not null default 'item'
    constraint seller_items_record_kind_known check (record_kind in ('item', 'order')),
  -- Line totals as the export gives them. Private: the panel copies none of them.
  shipping numeric(12, 2)
    constraint seller_items_shipping_range check (shipping is null or shipping between 0 and 1000000),
  fees numeric(12, 2)
    constraint seller_items_fees_range check (fees is null or fees between 0 and 1000000),
  net numeric(12, 2)
    constraint seller_items_net_range check (net is null or net between -1000000 and 1000000),
  cost numeric(12, 2)
    constraint seller_items_cost_range check (cost is null or cost between 0 and 1000000),
  constraint seller_items_user_marketplace_external_id_key unique (user_id, marketplace, external_id),
  constraint seller_items_sold_has_sold_at check ((status = 'sold') = (sold_at is not null)),
  constraint seller_items_sold_after_listed check (sold_at is null or listed_at is null or sold_at >= listed_at),
  -- Sale and listing dates the product can hold (private.date_in_range, 00_helpers.sql).
  constraint seller_items_dates_in_range check (private.date_in_range(sold_at) and private.date_in_range(listed_at)),
  -- A listing has not been sold, so nothing became of a sale.
  constraint seller_items_listed_has_no_sale_status check (status = 'sold' or sale_status is null),
  -- An order record is a sale: exports list orders only once they are placed.
  constraint seller_items_order_record_is_sold
    check (record_kind = 'item' or (status = 'sold' and order_id is not null))
);

comment on table public.seller_items is
  'Items a user imported from their own marketplace exports (sold or listed): private to that user.';
comment on column public.seller_items.decoys is
  'The decoy marks of the item''s title (market_decoys), so Your history leaves out lots and parts as the search does.';
comment on column public.seller_items.quantity is 'Units in the line; price is per unit.';
comment on column public.seller_items.sale_status is
  'What became of the sale when the export says (completed, in_progress, shipped, cancelled, refunded, returned); null when listed or not said. Cancelled, refunded and returned sales are kept and do not count.';
comment on column public.seller_items.order_id is 'The order the line belongs to, when the export says.';
comment on column public.seller_items.record_kind is
  'item: a line of items; order: an order-level row standing for its items until item lines of the same order exist.';
comment on column public.seller_items.net is 'The seller''s net earnings for the line, as the export gives them. Private.';
comment on column public.seller_items.cost is 'The seller''s cost of goods for the line, as the file gives it. Private.';

-- The lines of one order, for the counting rule.
create index seller_items_order_idx on public.seller_items (user_id, marketplace, order_id) where order_id is not null;

-- The match key and the decoy marks are computed by the database, whatever the client sent. The function runs as its
-- owner, so a signed-in user's import needs no right to the matching functions.
create function public.seller_items_terms() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  new.search_terms := public.market_listing_terms(new.brand, new.title, new.category, new.size);
  new.decoys := public.market_decoys(new.title, new.size, new.category);
  return new;
end;
$$;

create trigger seller_items_terms
  before insert or update of brand, title, category, size, search_terms, decoys on public.seller_items
  for each row execute function public.seller_items_terms();

create trigger seller_items_set_updated_at
  before update on public.seller_items
  for each row execute function public.set_updated_at();

revoke execute on function public.seller_items_terms() from public, anon, authenticated;

grant execute on function public.seller_items_terms() to service_role;

alter table public.seller_items enable row level security;

-- Users can see their own imported items, and nobody else's.
create policy "Users can see their own imported items"
  on public.seller_items for select to authenticated
  using (user_id = (select auth.uid()));

-- Users can import items only for themselves.
create policy "Users can import items for themselves"
  on public.seller_items for insert to authenticated
  with check (user_id = (select auth.uid()));

-- Users can correct their own items, and cannot hand one to someone else.
create policy "Users can update their own imported items"
  on public.seller_items for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- Users can delete their own items ("Delete all my imported data").
create policy "Users can delete their own imported items"
  on public.seller_items for delete to authenticated
  using (user_id = (select auth.uid()));

-- Visitors get nothing: no policy names anon, and the grants leave them out.
revoke all on public.seller_items from anon;

grant select, insert, update, delete on public.seller_items to authenticated;

grant all on public.seller_items to service_role;

-- Whether a row counts -------------------------------------------------------------------------------------------------
-- The rule of the header, for one row. Invoker: under RLS a signed-in caller sees only their own rows, which are the
-- only ones a row of theirs is compared with; the panel's definer functions call it for one seller's rows.
create function private.seller_item_counts(p_item public.seller_items) returns boolean
  language sql stable
  set search_path = ''
as $$
  select p_item.status = 'available' or (
    coalesce(p_item.sale_status, '') not in ('cancelled', 'refunded', 'returned')
    and not (p_item.record_kind = 'order' and exists (
      select 1 from public.seller_items l
      where l.user_id = p_item.user_id and l.marketplace = p_item.marketplace and l.order_id = p_item.order_id
        and l.record_kind = 'item'))
    and not (p_item.record_kind = 'item' and p_item.order_id is not null and exists (
      select 1 from public.seller_items o
      where o.user_id = p_item.user_id and o.marketplace = p_item.marketplace and o.order_id = p_item.order_id
        and o.record_kind = 'order' and o.sale_status in ('cancelled', 'refunded', 'returned'))))
$$;

revoke execute on function private.seller_item_counts(public.seller_items) from public, anon;

grant execute on function private.seller_item_counts(public.seller_items) to authenticated, service_role;

-- A user's rows as the figures read them. `counts`: the rule above (units, prices, days). `money_counts`: whether the
-- row's money is added up: a counting row's; and a superseded order record's (not cancelled, refunded or returned),
-- since order-level money (Etsy's card processing fees and order net) is on the order record only, with each of its
-- money fields null here when an item line of the order gives that field itself, so nothing is added twice.
-- sale_status is the row's own, or its order record's when that says cancelled, refunded or returned.
-- Invoker under RLS: a signed-in caller gets their own rows only, whatever p_user they pass.
create function private.seller_items_effective(p_user uuid)
  returns table (
    id bigint, marketplace text, external_id text, order_id text, record_kind text, title text, brand text,
    category text, size text, condition text, status text, sale_status text, quantity integer, price numeric,
    currency text, shipping numeric, fees numeric, net numeric, cost numeric, listed_at timestamptz,
    sold_at timestamptz, format text, search_terms text[], decoys text[], counts boolean, money_counts boolean)
  language sql stable
  set search_path = ''
as $$
  with mine as (
    select s as item, s.*,
      o.sale_status as order_sale_status,
      s.record_kind = 'order' and l.order_id is not null as superseded,
      l.has_shipping, l.has_fees, l.has_net, l.has_cost
    from public.seller_items s
    left join lateral (
      select o.sale_status from public.seller_items o
      where s.record_kind = 'item' and s.order_id is not null and o.user_id = s.user_id
        and o.marketplace = s.marketplace and o.order_id = s.order_id and o.record_kind = 'order'
      limit 1
    ) o on true
    left join lateral (
      select max(i.order_id) as order_id, bool_or(i.shipping is not null) as has_shipping,
        bool_or(i.fees is not null) as has_fees, bool_or(i.net is not null) as has_net,
        bool_or(i.cost is not null) as has_cost
      from public.seller_items i
      where s.record_kind = 'order' and i.user_id = s.user_id and i.marketplace = s.marketplace
        and i.order_id = s.order_id and i.record_kind = 'item'
    ) l on true
    where s.user_id = p_user
  )
  select m.id, m.marketplace, m.external_id, m.order_id, m.record_kind, m.title, m.brand, m.category, m.size,
    m.condition, m.status,
    case when m.order_sale_status in ('cancelled', 'refunded', 'returned') then m.order_sale_status
      else m.sale_status end,
    m.quantity, m.price, m.currency,
    case when m.superseded and m.has_shipping then null else m.shipping end,
    case when m.superseded and m.has_fees then null else m.fees end,
    case when m.superseded and m.has_net then null else m.net end,
    case when m.superseded and m.has_cost then null else m.cost end,
    m.listed_at, m.sold_at, m.format, m.search_terms, m.decoys,
    private.seller_item_counts(m.item),
    private.seller_item_counts(m.item)
      or (m.superseded and coalesce(m.sale_status, '') not in ('cancelled', 'refunded', 'returned'))
  from mine m
$$;

comment on function private.seller_items_effective(uuid) is
  'A user''s imported rows with counts (units, prices, days) and money_counts (net, fees, shipping, cost): the rule of 20261129010000_sales_line_items.sql.';

revoke execute on function private.seller_items_effective(uuid) from public, anon;

grant execute on function private.seller_items_effective(uuid) to authenticated, service_role;

-- Import ----------------------------------------------------------------------------------------------------------------
-- One batch of an import: new items are added, items already imported (same marketplace and id) are updated only where
-- the file says something different, so importing the same file again changes nothing. Runs as the caller, under the
-- policies above. Returns how many rows were inserted, updated and already there.
-- external_id is the LINE key (issue 51). A row may carry previous_external_id: the key an earlier version of the
-- import gave the same line (eBay's Sales Record Number, Poshmark's Order Id). A row of the caller stored under that
-- key, or under the line's order_id, takes the line's key first when it is a row of the old import (order_id null),
-- has the same title (ignoring case and spaces at the ends), and no row has the line's key yet; so a file imported
-- before issue 51 and again after it adds nothing.
create function public.seller_items_import(p_rows jsonb, p_format text default null) returns jsonb
  language plpgsql volatile
  set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_result jsonb;
begin
  if v_user is null then
    raise exception 'sign in to import sales' using errcode = '42501';
  end if;
  if jsonb_typeof(p_rows) is distinct from 'array' then
    raise exception 'p_rows must be a JSON array of rows' using errcode = '22023';
  end if;

  -- Old keys to line keys, first and in a statement of its own, so the write below sees the moved rows.
  with input as (
    select r.*
    from jsonb_array_elements(p_rows) as e(value),
      lateral jsonb_to_record(e.value) as r(marketplace text, external_id text, title text, order_id text,
        previous_external_id text)
    where r.previous_external_id is not null or r.order_id is not null
  ),
  moves as (
    select distinct on (s.id) s.id, i.external_id, i.order_id
    from input i
    join public.seller_items s on s.user_id = v_user and s.marketplace = i.marketplace
      and s.external_id in (i.previous_external_id, i.order_id) and s.external_id <> i.external_id
      and s.order_id is null and s.record_kind = 'item'
      and lower(btrim(s.title)) = lower(btrim(i.title))
    where not exists (
      select 1 from public.seller_items t
      where t.user_id = v_user and t.marketplace = i.marketplace and t.external_id = i.external_id)
    order by s.id, i.external_id
  ),
  -- One old row per line key, should two old rows match one line.
  chosen as (
    select distinct on (m.external_id) m.* from moves m order by m.external_id, m.id
  )
  update public.seller_items s set external_id = c.external_id, order_id = c.order_id
  from chosen c
  where s.id = c.id;

  with input as (
    -- A key twice in one batch: the later row wins, as it would in two batches.
    select distinct on (r.marketplace, r.external_id) r.*
    from jsonb_array_elements(p_rows) with ordinality as e(value, n),
      lateral jsonb_to_record(e.value) as r(
        marketplace text, external_id text, title text, brand text, category text, size text, condition text,
        status text, price numeric, currency text, listed_at timestamptz, sold_at timestamptz, quantity integer,
        sale_status text, order_id text, record_kind text, shipping numeric, fees numeric, net numeric, cost numeric)
    order by r.marketplace, r.external_id, e.n desc
  ),
  written as (
    insert into public.seller_items as s (marketplace, external_id, title, brand, category, size, condition, status,
      price, currency, listed_at, sold_at, format, quantity, sale_status, order_id, record_kind, shipping, fees, net,
      cost)
    select i.marketplace, i.external_id, i.title, i.brand, i.category, i.size, i.condition, i.status, i.price,
      coalesce(i.currency, 'USD'), i.listed_at, i.sold_at, p_format, coalesce(i.quantity, 1), i.sale_status,
      i.order_id, coalesce(i.record_kind, 'item'), i.shipping, i.fees, i.net, i.cost
    from input i
    on conflict (user_id, marketplace, external_id) do update set
      title = excluded.title, brand = excluded.brand, category = excluded.category, size = excluded.size,
      condition = excluded.condition, status = excluded.status, price = excluded.price, currency = excluded.currency,
      listed_at = excluded.listed_at, sold_at = excluded.sold_at, format = excluded.format,
      quantity = excluded.quantity, sale_status = excluded.sale_status, order_id = excluded.order_id,
      record_kind = excluded.record_kind, shipping = excluded.shipping, fees = excluded.fees, net = excluded.net,
      cost = excluded.cost
    where (s.title, s.brand, s.category, s.size, s.condition, s.status, s.price, s.currency, s.listed_at, s.sold_at,
        s.quantity, s.sale_status, s.order_id, s.record_kind, s.shipping, s.fees, s.net, s.cost)
      is distinct from (excluded.title, excluded.brand, excluded.category, excluded.size, excluded.condition,
        excluded.status, excluded.price, excluded.currency, excluded.listed_at, excluded.sold_at, excluded.quantity,
        excluded.sale_status, excluded.order_id, excluded.record_kind, excluded.shipping, excluded.fees,
        excluded.net, excluded.cost)
    -- xmax is 0 on a freshly inserted row version and set on an updated one.
    returning (s.xmax = 0) as inserted
  )
  select jsonb_build_object(
    'inserted', count(*) filter (where w.inserted),
    'updated', count(*) filter (where not w.inserted),
    'unchanged', (select count(*) from input) - count(*)
  ) into v_result
  from written w;
  return v_result;
end;
$$;

revoke execute on function public.seller_items_import(jsonb, text) from public, anon;

grant execute on function public.seller_items_import(jsonb, text) to authenticated, service_role;

-- Your numbers ----------------------------------------------------------------------------------------------------------
-- Everything "Your sales" shows, from the caller's rows only (private.seller_items_effective, under RLS): overall and
-- by brand, category, size, condition and marketplace (grouping sets: one pass), and per month over every month of the
-- chosen sales, at least the last 12. Sales are the rows that count (a cancelled, refunded or returned sale is not one;
-- an order record stands aside once its items are imported) sold between p_from and p_to (inclusive days, UTC);
-- listed is what is listed now. Units: a line counts its quantity; median price (per unit) and days to sell weigh each
-- line by its units. Sell-through is the SPEC's formula, and null where nothing is listed (docs/decisions/081).
-- Money is in the currency most of the chosen sales were made in; sales in other currencies are counted, not priced:
--   revenue   = price x quantity of the sales;
--   shipping, fees, net, cost = the sums of what the export gave, over the rows whose money counts (an order record's
--               order-level money included);
--   profit    = net - cost over the rows that give both; roi = that profit / the same rows' cost.
-- Each money figure is null when no sale has it, and `known` says how many of the sales have it (an item line has what
-- its order record gives for the whole order), so the page says what is missing instead of passing a part for the whole.
-- Brands, categories and sizes group ignoring case and spaces at the ends, and show their most common spelling.
create function public.seller_sales_summary(p_from date default null, p_to date default null,
  p_marketplace text default null) returns jsonb
  language sql stable
  set search_path = ''
as $$
  with mine as (
    select e.* from private.seller_items_effective((select auth.uid())) e
  ),
  chosen as (
    select m.*,
      m.status = 'available' as listed_now,
      m.status = 'sold' and (p_from is null or m.sold_at >= p_from::timestamptz)
        and (p_to is null or m.sold_at < (p_to + 1)::timestamptz) as in_dates,
      nullif(lower(btrim(m.brand)), '') as brand_key,
      nullif(lower(btrim(m.category)), '') as category_key,
      nullif(lower(btrim(m.size)), '') as size_key
    from mine m
    where p_marketplace is null or m.marketplace = p_marketplace
  ),
  money as (
    select mode() within group (order by c.currency) as currency
    from chosen c where c.in_dates and c.counts and c.price is not null
  ),
  lines as (
    select c.*,
      c.in_dates and c.counts as sold_in,
      c.in_dates and c.counts and c.currency = (select currency from money) as priced_in,
      c.in_dates and c.money_counts and c.currency = (select currency from money) as money_in,
      -- What an order record standing aside for its item lines gives for the whole order (its money still counts).
      c.order_id is not null and coalesce(bool_or(c.shipping is not null) filter (where o.stands_aside) over w, false)
        as order_shipping,
      c.order_id is not null and coalesce(bool_or(c.fees is not null) filter (where o.stands_aside) over w, false)
        as order_fees,
      c.order_id is not null and coalesce(bool_or(c.net is not null) filter (where o.stands_aside) over w, false)
        as order_net,
      c.order_id is not null and coalesce(bool_or(c.cost is not null) filter (where o.stands_aside) over w, false)
        as order_cost,
      c.order_id is not null
        and coalesce(bool_or(c.net is not null and c.cost is not null) filter (where o.stands_aside) over w, false)
        as order_profit
    from chosen c
    cross join lateral (select c.record_kind = 'order' and not c.counts and c.money_counts as stands_aside) o
    window w as (partition by c.marketplace, c.order_id)
  ),
  -- A sale line once per unit, for the medians; every other figure reads the first copy only (n = 1).
  units as (
    select l.*, u.n
    from lines l
    cross join lateral generate_series(1, case when l.sold_in then l.quantity else 1 end) as u(n)
  ),
  groups as (
    select
      case
        when grouping(u.brand_key) = 0 then 'brand'
        when grouping(u.category_key) = 0 then 'category'
        when grouping(u.size_key) = 0 then 'size'
        when grouping(u.condition) = 0 then 'condition'
        when grouping(u.marketplace) = 0 then 'marketplace'
        else 'overall'
      end as dimension,
      case
        when grouping(u.brand_key) = 0 then mode() within group (order by u.brand) filter (where u.n = 1)
        when grouping(u.category_key) = 0 then mode() within group (order by u.category) filter (where u.n = 1)
        when grouping(u.size_key) = 0 then mode() within group (order by u.size) filter (where u.n = 1)
        when grouping(u.condition) = 0 then u.condition
        when grouping(u.marketplace) = 0 then u.marketplace
      end as key,
      coalesce(sum(u.quantity) filter (where u.n = 1 and u.listed_now), 0)::int as listed,
      coalesce(sum(u.quantity) filter (where u.n = 1 and u.sold_in), 0)::int as sold,
      percentile_cont(0.5) within group (order by extract(epoch from u.sold_at - u.listed_at) / 86400)
        filter (where u.sold_in and u.listed_at is not null) as days,
      percentile_cont(array[0.25, 0.5, 0.75]) within group (order by u.price)
        filter (where u.priced_in and u.price is not null) as prices,
      count(*) filter (where u.n = 1 and u.priced_in)::int as sales,
      sum(u.price * u.quantity) filter (where u.n = 1 and u.priced_in) as revenue,
      sum(u.shipping) filter (where u.n = 1 and u.money_in) as shipping,
      sum(u.fees) filter (where u.n = 1 and u.money_in) as fees,
      sum(u.net) filter (where u.n = 1 and u.money_in) as net,
      sum(u.cost) filter (where u.n = 1 and u.money_in) as cost,
      sum(u.net - u.cost) filter (where u.n = 1 and u.money_in) as profit,
      sum(u.cost) filter (where u.n = 1 and u.money_in and u.net is not null) as profit_cost,
      count(*) filter (where u.n = 1 and u.priced_in and u.price is not null)::int as k_revenue,
      count(*) filter (where u.n = 1 and u.priced_in and (u.shipping is not null or u.order_shipping))::int
        as k_shipping,
      count(*) filter (where u.n = 1 and u.priced_in and (u.fees is not null or u.order_fees))::int as k_fees,
      count(*) filter (where u.n = 1 and u.priced_in and (u.net is not null or u.order_net))::int as k_net,
      count(*) filter (where u.n = 1 and u.priced_in and (u.cost is not null or u.order_cost))::int as k_cost,
      count(*) filter (where u.n = 1 and u.priced_in
        and ((u.net is not null and u.cost is not null) or u.order_profit))::int as k_profit
    from units u
    group by grouping sets ((), (u.brand_key), (u.category_key), (u.size_key), (u.condition), (u.marketplace))
  ),
  figures as (
    select g.dimension, g.listed, g.sold, jsonb_build_object(
      'key', g.key,
      'unitsListed', g.listed,
      'unitsSold', g.sold,
      'sellThrough', case when g.listed > 0 then round(g.sold * 100.0 / g.listed)::int end,
      'medianDaysToSell', round(g.days::numeric, 1),
      'medianPrice', round(g.prices[2]::numeric, 2),
      'p25Price', round(g.prices[1]::numeric, 2),
      'p75Price', round(g.prices[3]::numeric, 2),
      'sales', g.sales,
      'revenue', round(g.revenue, 2),
      'shipping', g.shipping,
      'fees', g.fees,
      'net', g.net,
      'cost', g.cost,
      'profit', g.profit,
      'roi', round(g.profit / nullif(g.profit_cost, 0), 4),
      'known', jsonb_build_object('revenue', g.k_revenue, 'shipping', g.k_shipping, 'fees', g.k_fees,
        'net', g.k_net, 'cost', g.k_cost, 'profit', g.k_profit)
    ) as figure
    from groups g
  ),
  -- From the first chosen sale's month to the last's, at least the 12 months up to now (or to the last sale, if
  -- later), and within the chosen dates.
  bounds as (
    select greatest(least(s.first, h.hi - interval '11 months'), date_trunc('month', p_from::timestamptz)) as lo, h.hi
    from (
      select min(date_trunc('month', l.sold_at)) as first, max(date_trunc('month', l.sold_at)) as last
      from lines l where l.sold_in
    ) s
    cross join lateral (
      select least(greatest(date_trunc('month', now()), s.last), date_trunc('month', p_to::timestamptz)) as hi
    ) h
  ),
  months as (
    select gs as month from bounds b, generate_series(b.lo, b.hi, interval '1 month') gs
  ),
  month_sums as (
    select date_trunc('month', l.sold_at) as month,
      coalesce(sum(l.quantity) filter (where l.sold_in), 0)::int as sold,
      count(*) filter (where l.priced_in)::int as sales,
      sum(l.price * l.quantity) filter (where l.priced_in) as revenue,
      sum(l.shipping) filter (where l.money_in) as shipping,
      sum(l.fees) filter (where l.money_in) as fees,
      sum(l.net) filter (where l.money_in) as net,
      sum(l.cost) filter (where l.money_in) as cost,
      sum(l.net - l.cost) filter (where l.money_in) as profit,
      sum(l.cost) filter (where l.money_in and l.net is not null) as profit_cost,
      count(*) filter (where l.priced_in and l.price is not null)::int as k_revenue,
      count(*) filter (where l.priced_in and (l.shipping is not null or l.order_shipping))::int as k_shipping,
      count(*) filter (where l.priced_in and (l.fees is not null or l.order_fees))::int as k_fees,
      count(*) filter (where l.priced_in and (l.net is not null or l.order_net))::int as k_net,
      count(*) filter (where l.priced_in and (l.cost is not null or l.order_cost))::int as k_cost,
      count(*) filter (where l.priced_in and ((l.net is not null and l.cost is not null) or l.order_profit))::int
        as k_profit
    from lines l
    where l.sold_in or l.money_in
    group by 1
  ),
  monthly as (
    select mo.month, jsonb_build_object(
      'month', to_char(mo.month, 'YYYY-MM'),
      'unitsSold', coalesce(s.sold, 0),
      'sales', coalesce(s.sales, 0),
      'revenue', round(s.revenue, 2),
      'shipping', s.shipping,
      'fees', s.fees,
      'net', s.net,
      'cost', s.cost,
      'profit', s.profit,
      'roi', round(s.profit / nullif(s.profit_cost, 0), 4),
      'known', jsonb_build_object('revenue', coalesce(s.k_revenue, 0), 'shipping', coalesce(s.k_shipping, 0),
        'fees', coalesce(s.k_fees, 0), 'net', coalesce(s.k_net, 0), 'cost', coalesce(s.k_cost, 0),
        'profit', coalesce(s.k_profit, 0))
    ) as figure
    from months mo
    left join month_sums s on s.month = mo.month
  )
  select jsonb_build_object(
    'currency', (select currency from money),
    'otherCurrencySales', (
      select count(*) from lines l where l.sold_in and l.price is not null
        and l.currency <> (select currency from money))::int,
    'overall', (select f.figure from figures f where f.dimension = 'overall'),
    'byBrand', coalesce((select jsonb_agg(f.figure order by f.sold desc, f.listed desc, f.figure ->> 'key')
      from figures f where f.dimension = 'brand'), '[]'),
    'byCategory', coalesce((select jsonb_agg(f.figure order by f.sold desc, f.listed desc, f.figure ->> 'key')
      from figures f where f.dimension = 'category'), '[]'),
    'bySize', coalesce((select jsonb_agg(f.figure order by f.sold desc, f.listed desc, f.figure ->> 'key')
      from figures f where f.dimension = 'size'), '[]'),
    'byCondition', coalesce((select jsonb_agg(f.figure order by f.sold desc, f.listed desc, f.figure ->> 'key')
      from figures f where f.dimension = 'condition'), '[]'),
    'byMarketplace', coalesce((select jsonb_agg(f.figure order by f.sold desc, f.listed desc, f.figure ->> 'key')
      from figures f where f.dimension = 'marketplace'), '[]'),
    'monthly', coalesce((select jsonb_agg(m.figure order by m.month) from monthly m), '[]'),
    'span', (select jsonb_build_object('rows', count(*), 'firstSale', min(m.sold_at) filter (where m.counts),
        'lastSale', max(m.sold_at) filter (where m.counts))
      from mine m),
    'marketplaces', coalesce((select jsonb_agg(distinct m.marketplace) from mine m), '[]')
  )
$$;

revoke execute on function public.seller_sales_summary(date, date, text) from public, anon;

grant execute on function public.seller_sales_summary(date, date, text) to authenticated, service_role;

-- The WHERE clause of a query over the caller's imported items (seller_items l), by the search's own rules: the same
-- reading, the same words ruled out (market_not_sql) and the decoy marks the trigger stored, left out unless asked for.
create function private.seller_match_sql(p_query text) returns text
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  v_parsed jsonb := public.market_parse_query(p_query);
  v_clause jsonb;
  v_part text;
  v_parts text[] := '{}';
  v_phrase text;
  v_match text;
begin
  for v_clause in select value from jsonb_array_elements(coalesce(v_parsed -> 'clauses', '[]')) loop
    v_part := public.market_groups_sql(v_clause -> 'groups', 'l.search_terms');
    if v_part = '' then
      continue;
    end if;
    for v_phrase in select jsonb_array_elements_text(coalesce(v_clause -> 'phrases', '[]')) loop
      v_part := v_part || format(' and l.title ~* %L',
        '\m' || array_to_string(string_to_array(v_phrase, ' '), '[^[:alnum:]]+') || '\M');
    end loop;
    v_part := v_part || public.market_not_sql(v_clause, 'l.search_terms');
    v_parts := v_parts || ('(' || v_part || ')');
  end loop;
  if cardinality(v_parts) = 0 then
    return 'false';
  end if;
  v_match := format('(%s) and l.decoys <@ %L::text[]',
    array_to_string(v_parts, ' or '), array(select jsonb_array_elements_text(coalesce(v_parsed -> 'allow', '[]'))));
  if jsonb_array_length(coalesce(v_parsed -> 'allow', '[]')) > 0 then
    v_match := v_match || format(' and l.decoys && %L::text[]',
      array(select jsonb_array_elements_text(v_parsed -> 'allow')));
  end if;
  if jsonb_array_length(coalesce(v_parsed -> 'exclude', '[]')) > 0 then
    v_match := v_match || format(' and not (%s)',
      (select string_agg(public.market_groups_sql(jsonb_build_array(g), 'l.search_terms'), ' or ')
       from jsonb_array_elements(v_parsed -> 'exclude') g));
  end if;
  return v_match;
end;
$$;

revoke execute on function private.seller_match_sql(text) from public, anon;

grant execute on function private.seller_match_sql(text) to authenticated, service_role;

-- Your history on the Explorer: the caller's rows that match a search and count (a refunded sale is not a sale; an
-- order record stands aside once its items are imported), in units, with prices and days over units.
create function public.seller_history(p_query text, p_condition text) returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_result jsonb;
begin
  if v_user is null then
    raise exception 'sign in to see your history' using errcode = '42501';
  end if;
  if p_condition not in ('new_with_tags', 'new_without_tags', 'new_with_imperfections', 'pre_owned') then
    raise exception 'unknown condition %', p_condition using errcode = '22023';
  end if;
  -- Nothing imported: no need to read the query at all.
  if not exists (select 1 from public.seller_items i where i.user_id = v_user) then
    return null;
  end if;

  execute format($sql$
    with matched as (
      select l.* from private.seller_items_effective($1) l where l.counts and %s
    ),
    chosen as (
      select * from matched m where m.condition = $2
    ),
    units as (
      select c.* from chosen c cross join lateral generate_series(1, c.quantity) u
    ),
    money as (
      select mode() within group (order by c.currency) as currency from chosen c where c.status = 'sold' and c.price is not null
    ),
    stats as (
      select
        coalesce(sum(c.quantity) filter (where c.status = 'available'), 0)::int as listed,
        coalesce(sum(c.quantity) filter (where c.status = 'sold'), 0)::int as sold,
        min(c.sold_at) as first_sale,
        max(c.sold_at) as last_sale
      from chosen c
    ),
    spread as (
      select
        percentile_cont(0.5) within group (order by extract(epoch from u.sold_at - u.listed_at) / 86400)
          filter (where u.status = 'sold' and u.listed_at is not null) as days,
        percentile_cont(array[0.25, 0.5, 0.75]) within group (order by u.price)
          filter (where u.status = 'sold' and u.price is not null and u.currency = (select currency from money)) as prices
      from units u
    )
    select jsonb_build_object(
      'listed', s.listed,
      'sold', s.sold,
      'sellThrough', case when s.listed > 0 then round(s.sold * 100.0 / s.listed)::int else 0 end,
      'medianDaysToSell', round(p.days::numeric, 1),
      'currency', (select currency from money),
      'medianPrice', round(p.prices[2]::numeric, 2),
      'p25Price', round(p.prices[1]::numeric, 2),
      'p75Price', round(p.prices[3]::numeric, 2),
      'firstSale', s.first_sale,
      'lastSale', s.last_sale,
      'otherConditions', (select count(*) from matched m where m.condition is distinct from $2)::int,
      'unknownCondition', (select count(*) from matched m where m.condition is null)::int
    )
    from stats s, spread p$sql$, private.seller_match_sql(p_query))
  into v_result using v_user, p_condition;
  return v_result;
end;
$$;

revoke execute on function public.seller_history(text, text) from public, anon;

grant execute on function public.seller_history(text, text) to authenticated, service_role;

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

-- Sharing calls per account: at most 60 a minute (joining, leaving, and each batch of a long history: a batch of 2,000
-- items takes about a second to publish, so a reseller sharing a long history is not held back). Past it the call is
-- refused with HTTP 429 (PostgREST's PT429) and the seconds to wait in its details.
create function private.panel_sharing_gate(p_user uuid) returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_start timestamptz := to_timestamp(floor(extract(epoch from now()) / 60) * 60);
  v_wait text := greatest(1, ceil(extract(epoch from v_start + interval '60 seconds' - now())))::int::text;
  v_gate jsonb;
begin
  -- A call past the limit is refused from a read of the account's row, without writing it: a loop of refused calls
  -- costs one index probe each, and holds no lock another call waits on.
  if exists (select 1 from public.market_rate_limits r
             where r.user_id = p_user and r.bucket = 'panel-sharing' and r.window_start = v_start and r.hits >= 60) then
    raise exception 'Too many sharing changes in a minute. Please try again in % seconds.', v_wait
      using errcode = 'PT429', detail = v_wait;
  end if;
  v_gate := public.market_search_gate(p_user, 'panel-sharing', 60, 60, null);
  if not (v_gate ->> 'allowed')::boolean then
    raise exception 'Too many sharing changes in a minute. Please try again in % seconds.', v_gate ->> 'retryAfter'
      using errcode = 'PT429', detail = v_gate ->> 'retryAfter';
  end if;
end;
$$;

-- Publishes a member's items as comps (all of them, the given ids, or the next p_limit not yet published), stripped of
-- what identifies the seller. No cached answer is forgotten: no answer counts a comp, so none can change (and a
-- forgotten answer would tell a searcher that someone shared an item with its words).
-- Only rows that count (private.seller_item_counts): a cancelled, refunded or returned sale, or an order record whose
-- items are imported, is no comp. Each comp stays ONE row whatever the line's quantity: the panel's privacy rules
-- (decisions 056 and 076, and the next issue's released cells) bound what one row of one seller adds to a figure, and a
-- quantity of 100,000 must not let one seller outweigh the others. Shipping, fees, net and cost are never copied.
create function private.panel_publish(p_user uuid, p_ids bigint[] default null, p_limit integer default null)
  returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_count integer;
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
      and private.seller_item_counts(s)
      and (p_limit is null or not exists (
        select 1 from public.market_listings l where l.marketplace = s.marketplace and l.external_id = 'panel-' || s.id))
    order by s.id
    limit p_limit
    on conflict (marketplace, external_id) do nothing
    returning 1
  )
  select count(*)::int into v_count from published;
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
-- A line that comes, changes or goes can change whether the other rows of its order count (an item line supersedes
-- its order record; a refunded order record takes its items out). The rows of those orders: withdrawn when they no
-- longer count, published when they do (publishing an already published row does nothing).
create function private.panel_resync(p_user uuid, p_ids bigint[]) returns void
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if coalesce(cardinality(p_ids), 0) = 0 then
    return;
  end if;
  perform private.panel_withdraw(jsonb_agg(jsonb_build_object('id', s.id, 'marketplace', s.marketplace)))
  from public.seller_items s
  where s.user_id = p_user and s.id = any (p_ids) and not private.seller_item_counts(s);
  perform private.panel_publish(p_user, p_ids);
end;
$$;

revoke execute on function private.panel_resync(uuid, bigint[]) from public, anon, authenticated;

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
    -- The other rows of the new lines' orders.
    perform private.panel_resync(v_member.user_id, (
      select array_agg(distinct s.id)
      from new_rows n
      join public.seller_items s on s.user_id = n.user_id and s.marketplace = n.marketplace and s.order_id = n.order_id
      where n.user_id = v_member.user_id and n.order_id is not null and s.id <> all (v_member.ids)));
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
    -- The other rows of the orders the changed lines were in, or are in now.
    perform private.panel_resync(v_member.user_id, (
      select array_agg(distinct s.id)
      from (select user_id, marketplace, order_id from old_rows
            union select user_id, marketplace, order_id from new_rows) x
      join public.seller_items s on s.user_id = x.user_id and s.marketplace = x.marketplace and s.order_id = x.order_id
      where x.user_id = v_member.user_id and x.order_id is not null and s.id <> all (v_member.ids)));
  end loop;
  return null;
end;
$$;

create function private.seller_items_panel_deleted() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_member record;
begin
  perform private.panel_withdraw(jsonb_agg(jsonb_build_object('id', o.id, 'marketplace', o.marketplace)))
  from old_rows o join public.panel_members m on m.user_id = o.user_id;
  -- An order record counts again when its last item line goes.
  for v_member in
    select distinct o.user_id from old_rows o join public.panel_members m on m.user_id = o.user_id
    where o.order_id is not null
  loop
    perform private.panel_resync(v_member.user_id, (
      select array_agg(distinct s.id)
      from old_rows o
      join public.seller_items s on s.user_id = o.user_id and s.marketplace = o.marketplace and s.order_id = o.order_id
      where o.user_id = v_member.user_id));
  end loop;
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
      (select count(*) from public.seller_items s
       where s.user_id = me.uid and s.condition is not null and private.seller_item_counts(s))
      - (select count(*) from public.market_listings l where l.seller_key = m.seller_key))::int end
  )
  from (select (select auth.uid()) as uid) me
  left join public.panel_members m on m.user_id = me.uid
  where me.uid is not null
$$;

-- Joining (limited per account: panel_sharing_gate) publishes the first batch; leaving is never limited.
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

-- The next batch of a member's items not yet in the panel (after panel_set_sharing(true) said some are pending),
-- limited per account as joining is.
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
  perform private.panel_sharing_gate(v_user);
  if exists (select 1 from public.panel_members where user_id = v_user) then
    perform private.panel_publish(v_user, null, private.panel_batch());
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

revoke execute on function private.panel_sharing_gate(uuid), private.panel_publish(uuid, bigint[], integer),
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
  language plpgsql immutable
  set search_path = ''
as $$
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

-- The split by marketplace of a shown figure. A marketplace drawing on too few sellers goes into 'other'; if 'other'
-- itself draws on too few, the smallest shown marketplace joins it (having enough sellers of its own, it lifts 'other'
-- over the threshold). So no figure below the threshold can be read off, not even by subtracting the shown ones from
-- the total. p_rows: [{marketplace, n, sellers, keys}], keys only for the marketplaces with too few sellers.
create function private.panel_fold(p_rows jsonb, p_k integer, p_field text) returns jsonb
  language plpgsql immutable
  set search_path = ''
as $$
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

revoke execute on function private.panel_cell(jsonb, integer),
  private.panel_fold(jsonb, integer, text) from public, anon, authenticated;

-- The counting functions run as the service role.
grant execute on function private.panel_cell(jsonb, integer),
  private.panel_fold(jsonb, integer, text) to service_role;
