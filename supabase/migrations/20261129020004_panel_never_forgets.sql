-- No answer counts a panel comp any more (issue 52, decision 082), so a sharing change forgets no cached answer: a
-- forgotten answer (cached: false before its time) would tell a searcher that someone shared an item with its words.
-- The cache's query words and the functions that forgot by them go. Weeks are released 6 days after they end by an
-- hourly job, so released figures are at most 14 days behind the newest shared sale; nothing is released while no
-- seller has ever shared. Drafted by `npm run db:diff -- panel_never_forgets`; the pg_cron line is written by hand.

COMMENT ON COLUMN public.market_search_cache.terms IS NULL;

DROP FUNCTION private.panel_written(integer, text[], boolean);

DROP FUNCTION private.market_query_terms(jsonb);

DROP FUNCTION private.market_cache_forget(text[]);

CREATE OR REPLACE FUNCTION private.panel_members_left() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from public.market_listings where seller_key = old.seller_key and source = 'panel';
  return null;
end;
$$;

CREATE OR REPLACE FUNCTION private.panel_publish(p_user uuid, p_ids bigint[] DEFAULT NULL::bigint[], p_limit integer DEFAULT NULL::integer) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


SET default_tablespace = '';

SET default_table_access_method = heap;

CREATE OR REPLACE FUNCTION public.market_search(p_kind text, p_query text, p_condition text, p_user uuid, p_bucket text, p_limit integer, p_window_seconds integer, p_cache_key text DEFAULT NULL::text, p_ttl_seconds integer DEFAULT 900, p_window_days integer DEFAULT 90, p_min_sellers integer DEFAULT 5) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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
    -- The seller panel's figures: released cells only (55_panel_release.sql), never its rows.
    v_result := v_result || jsonb_build_object('panelRelease',
      private.panel_figures(v_result -> 'query', p_query, p_condition, p_window_days));
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

CREATE OR REPLACE FUNCTION public.panel_release_run(p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_week date;
  v_release smallint;
  v_done jsonb := '[]';
  v_cells integer;
begin
  -- One release run at a time.
  perform pg_advisory_xact_lock(hashtextextended('panel_release_run', 0));
  if not exists (select 1 from private.panel_releases)
     and not exists (select 1 from public.market_listings where source = 'panel') then
    return v_done;
  end if;
  perform private.panel_catalogue_refresh();
  for v_week in
    select w::date from generate_series(
      date_trunc('week', p_now at time zone 'UTC')::date - 7 * 54, date_trunc('week', p_now at time zone 'UTC')::date,
      interval '7 days') w
    order by w
  loop
    v_release := case
      when (v_week + 13 + 7 * 13)::timestamp at time zone 'UTC' <= p_now then 2
      when (v_week + 13)::timestamp at time zone 'UTC' <= p_now then 1
    end;
    continue when v_release is null
      or exists (select 1 from private.panel_releases r where r.week = v_week and r.release >= v_release);
    v_cells := private.panel_release_week(v_week, v_release);
    v_done := v_done || jsonb_build_object('week', v_week, 'release', v_release, 'cells', v_cells);
  end loop;
  if jsonb_array_length(v_done) > 0 then
    delete from public.market_search_cache where cache_key like 'search-sold|%';
  end if;
  return v_done;
end;
$$;

COMMENT ON FUNCTION public.panel_release_run(p_now timestamp with time zone) IS 'Releases the seller panel''s due weeks (decision 082). Hosted: pg_cron runs it hourly; locally the emulator at start and hourly, and the tests.';

ALTER TABLE public.market_search_cache DROP COLUMN terms;

do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule('panel-release', '7 * * * *', 'select public.panel_release_run()');
  end if;
end;
$$;
