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
  constraint seller_items_user_marketplace_external_id_key unique (user_id, marketplace, external_id),
  constraint seller_items_sold_has_sold_at check ((status = 'sold') = (sold_at is not null)),
  constraint seller_items_sold_after_listed check (sold_at is null or listed_at is null or sold_at >= listed_at)
);

comment on table public.seller_items is
  'Items a user imported from their own marketplace exports (sold or listed): private to that user.';

-- The match key is computed by the database, whatever the client sent.
create function public.seller_items_terms() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  new.search_terms := public.market_listing_terms(new.brand, new.title, new.category, new.size);
  return new;
end;
$$;

create trigger seller_items_terms
  before insert or update of brand, title, category, size, search_terms on public.seller_items
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

-- Import ----------------------------------------------------------------------------------------------------------------
-- One batch of an import: new items are added, items already imported (same marketplace and id) are updated only where
-- the file says something different, so importing the same file again changes nothing. Runs as the caller, under the
-- policies above. Returns how many rows were inserted, updated and already there.
create function public.seller_items_import(p_rows jsonb, p_format text default null) returns jsonb
  language plpgsql volatile
  set search_path = ''
as $$
declare
  v_result jsonb;
begin
  if auth.uid() is null then
    raise exception 'sign in to import sales' using errcode = '42501';
  end if;
  if jsonb_typeof(p_rows) is distinct from 'array' then
    raise exception 'p_rows must be a JSON array of rows' using errcode = '22023';
  end if;
  with input as (
    -- A key twice in one batch: the later row wins, as it would in two batches.
    select distinct on (r.marketplace, r.external_id) r.*
    from jsonb_array_elements(p_rows) with ordinality as e(value, n),
      lateral jsonb_to_record(e.value) as r(
        marketplace text, external_id text, title text, brand text, category text, size text, condition text,
        status text, price numeric, currency text, listed_at timestamptz, sold_at timestamptz)
    order by r.marketplace, r.external_id, e.n desc
  ),
  written as (
    insert into public.seller_items as s (marketplace, external_id, title, brand, category, size, condition, status,
      price, currency, listed_at, sold_at, format)
    select i.marketplace, i.external_id, i.title, i.brand, i.category, i.size, i.condition, i.status, i.price,
      coalesce(i.currency, 'USD'), i.listed_at, i.sold_at, p_format
    from input i
    on conflict (user_id, marketplace, external_id) do update set
      title = excluded.title, brand = excluded.brand, category = excluded.category, size = excluded.size,
      condition = excluded.condition, status = excluded.status, price = excluded.price, currency = excluded.currency,
      listed_at = excluded.listed_at, sold_at = excluded.sold_at, format = excluded.format
    where (s.title, s.brand, s.category, s.size, s.condition, s.status, s.price, s.currency, s.listed_at, s.sold_at)
      is distinct from (excluded.title, excluded.brand, excluded.category, excluded.size, excluded.condition,
        excluded.status, excluded.price, excluded.currency, excluded.listed_at, excluded.sold_at)
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
-- Everything "Your sales" shows, from the caller's rows only: overall and by brand, category, size, condition and
-- marketplace (grouping sets: one pass), and sold per month over the last 12 months. Sales are those sold between
-- p_from and p_to (inclusive days, UTC); listed counts what is listed now. Sell-through is the SPEC's formula. Prices
-- are in the currency most of the chosen sales were made in; sales in other currencies are counted, not priced.
-- Brands, categories and sizes group ignoring case and spaces at the ends, and show their most common spelling.
create function public.seller_sales_summary(p_from date default null, p_to date default null,
  p_marketplace text default null) returns jsonb
  language sql stable
  set search_path = ''
as $$
  with mine as (
    select i.* from public.seller_items i where i.user_id = (select auth.uid())
  ),
  chosen as (
    select m.*,
      m.status = 'available' as listed_now,
      m.status = 'sold' and (p_from is null or m.sold_at >= p_from::timestamptz)
        and (p_to is null or m.sold_at < (p_to + 1)::timestamptz) as sold_in,
      nullif(lower(btrim(m.brand)), '') as brand_key,
      nullif(lower(btrim(m.category)), '') as category_key,
      nullif(lower(btrim(m.size)), '') as size_key
    from mine m
    where p_marketplace is null or m.marketplace = p_marketplace
  ),
  money as (
    select mode() within group (order by c.currency) as currency from chosen c where c.sold_in and c.price is not null
  ),
  groups as (
    select
      case
        when grouping(c.brand_key) = 0 then 'brand'
        when grouping(c.category_key) = 0 then 'category'
        when grouping(c.size_key) = 0 then 'size'
        when grouping(c.condition) = 0 then 'condition'
        when grouping(c.marketplace) = 0 then 'marketplace'
        else 'overall'
      end as dimension,
      case
        when grouping(c.brand_key) = 0 then mode() within group (order by c.brand)
        when grouping(c.category_key) = 0 then mode() within group (order by c.category)
        when grouping(c.size_key) = 0 then mode() within group (order by c.size)
        when grouping(c.condition) = 0 then c.condition
        when grouping(c.marketplace) = 0 then c.marketplace
      end as key,
      count(*) filter (where c.listed_now)::int as listed,
      count(*) filter (where c.sold_in)::int as sold,
      percentile_cont(0.5) within group (order by extract(epoch from c.sold_at - c.listed_at) / 86400)
        filter (where c.sold_in and c.listed_at is not null) as days,
      percentile_cont(array[0.25, 0.5, 0.75]) within group (order by c.price)
        filter (where c.sold_in and c.price is not null and c.currency = (select currency from money)) as prices
    from chosen c
    group by grouping sets ((), (c.brand_key), (c.category_key), (c.size_key), (c.condition), (c.marketplace))
  ),
  figures as (
    select g.dimension, g.listed, g.sold, jsonb_build_object(
      'key', g.key,
      'listed', g.listed,
      'sold', g.sold,
      'sellThrough', case when g.listed > 0 then round(g.sold * 100.0 / g.listed)::int else 0 end,
      'medianDaysToSell', round(g.days::numeric, 1),
      'medianPrice', round(g.prices[2]::numeric, 2),
      'p25Price', round(g.prices[1]::numeric, 2),
      'p75Price', round(g.prices[3]::numeric, 2)
    ) as figure
    from groups g
  ),
  months as (
    select gs::date as month
    from generate_series(date_trunc('month', now()) - interval '11 months', date_trunc('month', now()), interval '1 month') gs
  ),
  monthly as (
    select mo.month,
      count(c.id)::int as sold,
      round(sum(c.price) filter (where c.currency = (select currency from money)), 2) as revenue
    from months mo
    left join chosen c on c.status = 'sold' and date_trunc('month', c.sold_at) = mo.month
    group by mo.month
  )
  select jsonb_build_object(
    'currency', (select currency from money),
    'otherCurrencySales', (
      select count(*) from chosen c where c.sold_in and c.price is not null
        and c.currency <> (select currency from money))::int,
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
    'monthly', (select jsonb_agg(jsonb_build_object('month', to_char(m.month, 'YYYY-MM'), 'sold', m.sold,
      'revenue', m.revenue) order by m.month) from monthly m),
    'span', (select jsonb_build_object('rows', count(*), 'firstSale', min(m.sold_at), 'lastSale', max(m.sold_at))
      from mine m),
    'marketplaces', coalesce((select jsonb_agg(distinct m.marketplace) from mine m), '[]')
  )
$$;

revoke execute on function public.seller_sales_summary(date, date, text) from public, anon;
grant execute on function public.seller_sales_summary(date, date, text) to authenticated, service_role;

-- Your history on the Explorer ----------------------------------------------------------------------------------------
-- The caller's own items that match a search, by the market search's rules (public.market_parse_query and its groups
-- over the same listing key), in the chosen condition, over everything they imported.
--
-- Reading a query needs the lexicon, which is not the browser's to read, so that one step is a SECURITY DEFINER
-- function in the unexposed schema "private": it turns a query into the SQL condition a row must meet and touches no
-- one's rows. public.seller_history runs as the caller, under the policies above (Supabase's linter rightly warns of a
-- definer function callable through /rest/v1/rpc).
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

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
    v_parts := v_parts || ('(' || v_part || ')');
  end loop;
  if cardinality(v_parts) = 0 then
    return 'false';
  end if;
  v_match := '(' || array_to_string(v_parts, ' or ') || ')';
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
      select l.* from public.seller_items l where l.user_id = $1 and %s
    ),
    chosen as (
      select * from matched m where m.condition = $2
    ),
    money as (
      select mode() within group (order by c.currency) as currency from chosen c where c.status = 'sold' and c.price is not null
    ),
    stats as (
      select
        count(*) filter (where c.status = 'available')::int as listed,
        count(*) filter (where c.status = 'sold')::int as sold,
        percentile_cont(0.5) within group (order by extract(epoch from c.sold_at - c.listed_at) / 86400)
          filter (where c.status = 'sold' and c.listed_at is not null) as days,
        percentile_cont(array[0.25, 0.5, 0.75]) within group (order by c.price)
          filter (where c.status = 'sold' and c.price is not null and c.currency = (select currency from money)) as prices,
        min(c.sold_at) as first_sale,
        max(c.sold_at) as last_sale
      from chosen c
    )
    select jsonb_build_object(
      'listed', s.listed,
      'sold', s.sold,
      'sellThrough', case when s.listed > 0 then round(s.sold * 100.0 / s.listed)::int else 0 end,
      'medianDaysToSell', round(s.days::numeric, 1),
      'currency', (select currency from money),
      'medianPrice', round(s.prices[2]::numeric, 2),
      'p25Price', round(s.prices[1]::numeric, 2),
      'p75Price', round(s.prices[3]::numeric, 2),
      'firstSale', s.first_sale,
      'lastSale', s.last_sale,
      'otherConditions', (select count(*) from matched m where m.condition is distinct from $2)::int,
      'unknownCondition', (select count(*) from matched m where m.condition is null)::int
    )
    from stats s$sql$, private.seller_match_sql(p_query))
  into v_result using v_user, p_condition;
  return v_result;
end;
$$;

revoke execute on function public.seller_history(text, text) from public, anon;
grant execute on function public.seller_history(text, text) to authenticated, service_role;
