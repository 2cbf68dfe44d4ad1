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
  -- A rate only makes sense next to the counts it came from.
  constraint saved_searches_rate_needs_counts check (last_rate is null or (last_available is not null and last_sold is not null))
);

-- One saved search per user, name (ignoring case) and condition; the same index serves the per-user list.
create unique index saved_searches_user_item_condition_key on public.saved_searches (user_id, item_key, condition);

-- updated_at is the server's clock, never the browser's: it orders the account page list.
create trigger saved_searches_set_updated_at
  before update on public.saved_searches
  for each row execute function public.set_updated_at();

comment on table public.saved_searches is 'Searches a user saved on the Thrifting Explorer, with the figures of their latest run.';

alter table public.saved_searches enable row level security;

-- Users can see their own saved searches, and nobody else's.
create policy "Users can see their own saved searches"
  on public.saved_searches for select to authenticated
  using (user_id = auth.uid());

-- Users can save searches only for themselves.
create policy "Users can save searches for themselves"
  on public.saved_searches for insert to authenticated
  with check (user_id = auth.uid());

-- Users can refresh the figures of their own saved searches, and cannot hand a row to someone else.
create policy "Users can update their own saved searches"
  on public.saved_searches for update to authenticated
  using (user_id = auth.uid())
  with check (user_id = auth.uid());

-- Users can delete their own saved searches.
create policy "Users can delete their own saved searches"
  on public.saved_searches for delete to authenticated
  using (user_id = auth.uid());

-- Visitors get nothing: no policy names anon, and the table grants leave them out.
revoke all on public.saved_searches from anon;
grant select, insert, update, delete on public.saved_searches to authenticated;
grant all on public.saved_searches to service_role;
