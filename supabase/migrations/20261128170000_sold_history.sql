-- Sales older than the longest window cost no search time (docs/decisions/074-sold-history.md). The sold count reads a
-- window's sales by their week (market_sold_key), but a sale stays in the indexes of sales for as long as it is in the
-- table: the rows a ruled-out word is asked of are found among every sale the index holds ("j.crew cashmere crewneck"
-- looked through 35,864 sweaters sold over four years, 9,000 with one year), and so are a query's reading probes and
-- the sales the index's posting lists skip through. A sale that no window reaches is now marked archived: it stays in
-- the table (a seller who leaves the panel still takes it along, a re-import still finds it by marketplace and id),
-- and leaves every index of sales, whose predicate is status = 'sold'.

-- A listing is available, sold, or archived: sold longer ago than the longest window ------------------------------------
-- NOT VALID and then VALIDATE: the rows are checked without blocking searches and imports on a large table.
alter table public.market_listings drop constraint market_listings_status_check;
alter table public.market_listings add constraint market_listings_status_check
  check (status in ('available', 'sold', 'archived')) not valid;
alter table public.market_listings validate constraint market_listings_status_check;

alter table public.market_listings drop constraint market_listings_sold_has_sold_at;
alter table public.market_listings add constraint market_listings_sold_has_sold_at
  check ((status <> 'available') = (sold_at is not null)) not valid;
alter table public.market_listings validate constraint market_listings_sold_has_sold_at;

comment on column public.market_listings.status is
  'available, sold, or archived: sold longer ago than the longest sold window (365 days), so no search reads it '
  '(private.market_archive_sales). An archived row is still a sale: it keeps its sold_at, seller and price.';

-- Marking the sales no window reaches -----------------------------------------------------------------------------------
-- The longest sold window is 365 days (supabase/functions/_shared/market/search-handler.ts, SOLD_WINDOWS); a sale older
-- than 366 days is outside every window on every clock. At most p_limit sales a call, the oldest first (the sold_at
-- index, status = 'sold'), so a first run over years of history is many short transactions, not one long one. Returns
-- how many it marked; no answer changes, so the answer cache stays.
create function private.market_archive_sales(p_limit integer default 50000) returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.market_listings l set status = 'archived'
  where l.id in (
    select s.id from public.market_listings s
    where s.status = 'sold' and s.sold_at < now() - interval '366 days'
    order by s.sold_at
    limit greatest(p_limit, 0));
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke execute on function private.market_archive_sales(integer) from public, anon, authenticated;
grant execute on function private.market_archive_sales(integer) to service_role;

comment on function private.market_archive_sales(integer) is
  'Marks archived the sales older than the longest sold window, at most p_limit (oldest first); hourly on pg_cron.';

-- Every hour on a hosted project -----------------------------------------------------------------------------------------
-- Supabase Cron (pg_cron) where the server has it: hosted projects do. The local emulator (PGlite) and the test server
-- do not, and nothing there ages: the demo market's sales are all within the year it was seeded in. A sale ages into
-- the archive a day at a time, so each hour marks about 1/24 of a day's sales, and a backlog drains at 50,000 an hour.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    perform cron.schedule('market-archive-sales', '17 * * * *', 'select private.market_archive_sales()');
  end if;
end;
$$;
