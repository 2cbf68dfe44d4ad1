-- A reseller's own searches: the saved searches they re-run, and the log of every search they made. Both are theirs
-- alone under RLS; the policies call auth.uid() once per statement, not once per row (Supabase's linter, rule
-- auth_rls_initplan): wrapped in a scalar subquery, Postgres evaluates it as an init plan.

-- Saved searches: a signed-in reseller keeps the searches they re-run, with the latest figures they saw,
-- so their account page shows how each item's market is moving without running it again.
create table public.saved_searches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- Stored trimmed with single spaces (the client normalises), 2 to 100 characters like the search itself.
  item_name text not null
    check (char_length(item_name) between 2 and 100 and item_name = regexp_replace(btrim(item_name), '\s+', ' ', 'g')),
  -- The name as the uniqueness and "run again" lookups see it: case does not make a different search.
  item_key text generated always as (lower(item_name)) stored,
  condition text not null
    check (condition in ('new_with_tags', 'new_without_tags', 'new_with_imperfections', 'pre_owned')),
  last_available integer check (last_available >= 0),
  last_sold integer check (last_sold >= 0),
  last_rate integer check (last_rate >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Where the figures came from and what they cover, so the account page never shows demo figures as if they were
  -- live ones: the data origin, whether they are demo figures, and the sold window in days. Null: "not recorded",
  -- never a guess.
  origin text,
  is_demo boolean,
  -- The search's sold window (issue 54: it drives the headline; docs/decisions/058, 083), and so the window of its
  -- figures. Every search saved before it chose one was a 90-day search.
  window_days integer not null default 90 check (window_days in (30, 90, 180, 365)),
  -- The search's narrowing (issue 54), each null when not asked for: a size as the query reads one ('M', '8', '32x30'),
  -- stored trimmed with single spaces; a marketplace the search functions know; a price band [price_min, price_max) in
  -- US dollars, either end open.
  size text
    check (char_length(size) >= 1 and char_length(size) <= 12 and size = regexp_replace(btrim(size), '\s+', ' ', 'g')),
  -- A size in another case is the same size ('m' is 'M'), as the search reads it.
  size_key text generated always as (lower(size)) stored,
  marketplace text
    check (marketplace in ('ebay', 'poshmark', 'mercari', 'depop', 'vinted', 'grailed', 'etsy', 'thredup',
      'therealreal', 'facebook_marketplace')),
  price_min numeric(8, 2) check (price_min between 0 and 100000),
  price_max numeric(8, 2) check (price_max between 0 and 100000),
  -- A rate only makes sense next to the counts it came from.
  constraint saved_searches_rate_needs_counts check (last_rate is null or (last_available is not null and last_sold is not null)),
  constraint saved_searches_origin_check check (origin in ('demo', 'panel', 'ebay', 'import')),
  -- A band's lower end is below its upper end.
  constraint saved_searches_price_band_check check (price_min < price_max)
);

-- Figures with no source are not figures a reseller can judge: a count needs its origin and window beside it.
-- NOT VALID as when it was added to a table that already had rows; it holds for every row written since.
alter table public.saved_searches add constraint saved_searches_figures_need_source
  check (last_sold is null or (origin is not null and is_demo is not null and window_days is not null)) not valid;

-- One saved search per user and search: the name (ignoring case), the condition, the window and the narrowing (a
-- narrowing not asked for is one value: nulls not distinct). The same index serves the per-user list.
create unique index saved_searches_user_search_key on public.saved_searches
  (user_id, item_key, condition, window_days, size_key, marketplace, price_min, price_max) nulls not distinct;

-- updated_at is the server's clock, never the browser's: it orders the account page list.
create trigger saved_searches_set_updated_at
  before update on public.saved_searches
  for each row execute function public.set_updated_at();

comment on table public.saved_searches is 'Searches a user saved on the Thrifting Explorer, with the figures of their latest run.';
comment on column public.saved_searches.origin is 'Where the latest figures came from: demo, panel, ebay or import.';
comment on column public.saved_searches.is_demo is 'True when the latest figures came from the demo market.';
comment on column public.saved_searches.window_days is 'The search''s sold window in days, and so of its latest sold figure.';
comment on column public.saved_searches.size is 'The size the search is narrowed to, as the query reads one; null: any size.';
comment on column public.saved_searches.marketplace is 'The marketplace the search is narrowed to; null: every marketplace.';
comment on column public.saved_searches.price_min is 'The lower end (included) of the search''s price band in USD; null: open.';
comment on column public.saved_searches.price_max is 'The upper end (left out) of the search''s price band in USD; null: open.';

alter table public.saved_searches enable row level security;

-- Users can see their own saved searches, and nobody else's.
create policy "Users can see their own saved searches"
  on public.saved_searches for select to authenticated
  using (user_id = (select auth.uid()));

-- Users can save searches only for themselves.
create policy "Users can save searches for themselves"
  on public.saved_searches for insert to authenticated
  with check (user_id = (select auth.uid()));

-- Users can refresh the figures of their own saved searches, and cannot hand a row to someone else.
create policy "Users can update their own saved searches"
  on public.saved_searches for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- Users can delete their own saved searches.
create policy "Users can delete their own saved searches"
  on public.saved_searches for delete to authenticated
  using (user_id = (select auth.uid()));

-- Visitors get nothing: no policy names anon, and the table grants leave them out.
revoke all on public.saved_searches from anon;
grant select, insert, update, delete on public.saved_searches to authenticated;
grant all on public.saved_searches to service_role;

-- Search log (written by the browser after every search) -------------------------------------------------------------
create table public.marketplace_search_logs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  search_term text not null check (char_length(btrim(search_term)) between 1 and 200),
  condition text not null
    check (condition in ('new_with_tags', 'new_without_tags', 'new_with_imperfections', 'pre_owned')),
  search_type text not null check (search_type in ('available', 'sold')),
  result_count integer not null default 0 check (result_count >= 0),
  is_zero_result boolean not null,
  api_success boolean not null,
  error_message text check (error_message is null or char_length(error_message) between 1 and 1000),
  created_at timestamptz not null default now(),
  -- A successful search is a zero result exactly when it counted 0; a failed one counts nothing.
  constraint marketplace_search_logs_zero_matches_count
    check (not api_success or is_zero_result = (result_count = 0)),
  -- A failure says what went wrong.
  constraint marketplace_search_logs_failure_has_message check (api_success or error_message is not null)
);

comment on table public.marketplace_search_logs is 'One row per search call a signed-in user made, success or failure.';

create index marketplace_search_logs_user_created_idx on public.marketplace_search_logs (user_id, created_at desc);

alter table public.marketplace_search_logs enable row level security;

create policy "Users can log their own searches"
  on public.marketplace_search_logs for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can read their own search logs"
  on public.marketplace_search_logs for select to authenticated
  using (user_id = (select auth.uid()));

-- Logs are an audit trail: nobody edits or deletes them through the API, and visitors get nothing.
revoke all on public.marketplace_search_logs from anon, authenticated;
grant select, insert on public.marketplace_search_logs to authenticated;
grant all on public.marketplace_search_logs to service_role;
