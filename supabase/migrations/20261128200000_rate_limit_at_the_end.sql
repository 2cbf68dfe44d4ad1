-- A search holds its user's rate-limit row only at its end (docs/decisions/073-scaling-search-past-one-instance.md).
--
-- market_search counted the call against the user's window first (market_search_gate: an upsert of the user's row for
-- the bucket and window), and the row stayed locked until the search committed, after its count. A second search of
-- the same kind by the same user, typed again before the first answered or sent after the first gave up at the
-- function's deadline, waited for the whole of the first count before it could even look in the cache: at 10M
-- listings a broad count takes 0.3 to 0.9 s alone, and under load sixteen users saw chains of failures (decision 073).
--
-- As in 20261128180000_one_count_in_flight.sql, with the gate taken apart: the window's calls are read without the
-- row (a call at the limit is refused by the gate, as before), the cache and the count go on, and the call is counted
-- at the end, by the gate, whose upsert then holds the row for the commit only. What is counted is the same for calls
-- made one after another. Calls of one user made at the same moment can pass the limit by as many as are in flight
-- together, and then all count: the next one is refused.

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
    v_result := public.market_count_sold(p_query, p_condition, p_window_days, p_min_sellers)
      || jsonb_build_object('dataSince',
           (select min(l.sold_at) from public.market_listings l where l.status = 'sold'));
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
