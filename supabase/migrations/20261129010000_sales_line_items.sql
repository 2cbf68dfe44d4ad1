-- Sales line items (issue 51): what a marketplace export says about each line, kept as the export gives it.
--
-- A row of public.seller_items is one LINE of an export: one listing, or one item line of an order, of `quantity`
-- units at the unit `price`. Before, the import keyed a sale by its order (eBay's Sales Record Number, Poshmark's
-- Order Id), so the items of a multi-item order or a bundle collapsed into one row, a quantity of 2 was one sale, and
-- a refunded or cancelled sale counted as sold. Now:
--
-- - quantity: units in the line (eBay's Quantity, Etsy's Quantity or Number of Items, eBay's Available quantity for a
--   listing). price stays the price of ONE unit (the sale price per unit; the asking price per unit when listed).
-- - sale_status: what became of a sale, when the export says: completed, in_progress (Mercari's "In Progress": paid,
--   not yet delivered), shipped, cancelled, refunded, returned. Null on listed rows (a CHECK), and on a sold row whose
--   export says nothing (a sale). Cancelled, refunded and returned sales are KEPT (the seller sees them in their
--   file and in ours) but do not count: not in units sold, prices, days to sell or money.
-- - order_id: the order a line belongs to, when the export says.
-- - record_kind: 'item' (a line of items) or 'order' (an order-level row, such as a row of Etsy's Sold Orders file,
--   which stands for all of the order's items at once: quantity = its number of items, price = its order value per
--   item). An order record stands for its items only until item lines of the same (user_id, marketplace, order_id)
--   are imported (Etsy's Sold Order Items file). From then on the order record does not count; its sale_status still
--   does: a refunded, cancelled or returned order takes its item lines out of the counts.
-- - shipping, fees, net, cost: line totals as the export gives them (shipping charged to the buyer, marketplace fees,
--   the seller's net earnings, the seller's cost of goods). Private to the seller like every column here: they never
--   reach the panel (private.panel_publish copies none of them) nor any other user.
--
-- external_id is now the LINE key (order and item or transaction id, never the order alone); the browser builds it
-- (src/features/sales/lib/import/rows.ts). Rows imported under an old order-only key are re-keyed by the import, not
-- duplicated: see public.seller_items_import below. Decision: docs/decisions (sales line items, issue 51).
--
-- Whether a row counts -- the one rule, private.seller_item_counts:
--   a listed row counts (as listed);
--   a sold row counts unless
--     its sale_status is cancelled, refunded or returned, or
--     it is an order record and an item line of the same (user_id, marketplace, order_id) exists, or
--     it is an item line whose order record (same user_id, marketplace, order_id) is cancelled, refunded or returned.
-- private.seller_items_effective(p_user) returns the caller's rows with that rule as `counts`, and `money_counts`
-- with the money fields to add up (see there).
--
-- Figures built on it (public.seller_sales_summary, "Your history"), so the two screens agree:
--   units sold   = sum(quantity) of counting sold rows; units listed = sum(quantity) of listed rows;
--   median price = the median unit price over UNITS (a line of quantity 2 weighs twice: percentile_cont over the
--                  line's price repeated quantity times, e.g. `cross join lateral generate_series(1, quantity)`);
--   median days  = the same over units, for counting sold rows with a listing date;
--   net          = sum(net) over money_counts sold rows (null when none gives a net);
--   profit       = sum(net - cost) over money_counts sold rows that give both (null when none does).

-- The columns -----------------------------------------------------------------------------------------------------------
alter table public.seller_items
  add column quantity integer not null default 1
    constraint seller_items_quantity_range check (quantity between 1 and 100000),
  add column sale_status text
    constraint seller_items_sale_status_known
      check (sale_status is null or sale_status in ('completed', 'in_progress', 'shipped', 'cancelled', 'refunded',
        'returned')),
  add column order_id text
    constraint seller_items_order_id_length check (order_id is null or char_length(order_id) between 1 and 200),
  add column record_kind text not null default 'item'
    constraint seller_items_record_kind_known check (record_kind in ('item', 'order')),
  add column shipping numeric(12, 2)
    constraint seller_items_shipping_range check (shipping is null or shipping between 0 and 1000000),
  add column fees numeric(12, 2)
    constraint seller_items_fees_range check (fees is null or fees between 0 and 1000000),
  add column net numeric(12, 2)
    constraint seller_items_net_range check (net is null or net between -1000000 and 1000000),
  add column cost numeric(12, 2)
    constraint seller_items_cost_range check (cost is null or cost between 0 and 1000000),
  -- A listing has not been sold, so nothing became of a sale.
  add constraint seller_items_listed_has_no_sale_status check (status = 'sold' or sale_status is null),
  -- An order record is a sale: exports list orders only once they are placed.
  add constraint seller_items_order_record_is_sold
    check (record_kind = 'item' or (status = 'sold' and order_id is not null));

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
-- As in 20261125000500_seller_sales.sql, with the fields of a line, and old keys moved to line keys.
--
-- A row may carry previous_external_id: the key an earlier version of the import gave the same line (eBay's Sales
-- Record Number, Poshmark's Order Id). Before the batch is written, a row of the caller stored under that key, or
-- under the line's order_id, is given the line's key when it is a row of the old import (order_id null), has the same
-- title (ignoring case and spaces at the ends), and no row has the line's key yet. The write that follows then finds
-- it under the line key: a file imported before this migration and again after it adds nothing.
-- A row imported before as the one row of a whole order (eBay and Poshmark kept the last item of an order) becomes the
-- line with its title; the order's other items are new lines.
create or replace function public.seller_items_import(p_rows jsonb, p_format text default null) returns jsonb
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

-- Your history ----------------------------------------------------------------------------------------------------------
-- As in 20261125000500_seller_sales.sql, counting units of the rows that count (a refunded sale is not a sale, an Etsy
-- order record stands aside once its items are imported), prices and days over units.
create or replace function public.seller_history(p_query text, p_condition text) returns jsonb
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

-- The panel -------------------------------------------------------------------------------------------------------------
-- As in 20261129000000_panel_cheap_leaks.sql, publishing only rows that count: a cancelled, refunded or returned sale,
-- or an order record whose items are imported, is no comp. Each comp stays ONE row whatever the line's quantity: the
-- panel's privacy rules (decisions 056 and 076, and the next issue's released cells) bound what one row of one seller
-- adds to a figure, and a quantity of 100,000 must not let one seller outweigh the others. No money beyond the unit
-- price is copied: shipping, fees, net and cost stay private.
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
      and private.seller_item_counts(s)
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

-- As in 20261125000500_seller_sales.sql, with only rows that count waiting to be shared: a refunded sale is never
-- published, so the switch must not wait for it.
create or replace function private.panel_sharing_status() returns jsonb
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

create or replace function private.seller_items_panel_inserted() returns trigger
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

create or replace function private.seller_items_panel_updated() returns trigger
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

create or replace function private.seller_items_panel_deleted() returns trigger
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
