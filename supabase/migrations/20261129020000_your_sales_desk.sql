-- Your sales as a reseller's desk (issue 51 item 7, docs/decisions/081-your-sales-desk.md). Drafted by
-- `npm run db:diff` from supabase/schemas/50_seller_sales.sql.
--
-- public.seller_sales_summary reads the rows of private.seller_items_effective (20261129010000_sales_line_items.sql):
-- units instead of rows (a line counts its quantity; medians weigh each line by its units); cancelled, refunded and
-- returned sales are not sales; an order record stands aside once its item lines are imported, its order-level money
-- still counting. Each group and month gains revenue, shipping, fees, net, cost, profit and ROI, null where no sale has
-- them, with how many sales have each (`known`). Sell-through is null where nothing is listed (it was 0%, which after a
-- sales-only import read as "0% sell-through for 32 sold items"). The months run from the first chosen sale to the
-- last, at least the 12 up to now, within the chosen dates (a 12-month chart left out sales the intro line named).
-- The JSON renames listed and sold to unitsListed and unitsSold. Still the caller's rows only.

CREATE OR REPLACE FUNCTION public.seller_sales_summary(p_from date DEFAULT NULL::date, p_to date DEFAULT NULL::date, p_marketplace text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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
