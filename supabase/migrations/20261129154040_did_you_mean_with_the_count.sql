-- A listed search that finds nothing answers its "did you mean" in the same call (issue 53: the listed p95 is those
-- searches). The search function asked market_suggestions in a second round trip after the count, which re-read the
-- query and cost a second request's overhead: at 10M listings the slowest tenth of listed searches were all of them.
-- A failure of the suggestions leaves them out of the answer (a warning in the log), and the caller asks on its own.

CREATE OR REPLACE FUNCTION public.market_search(p_kind text, p_query text, p_condition text, p_user uuid, p_bucket text, p_limit integer, p_window_seconds integer, p_cache_key text DEFAULT NULL::text, p_ttl_seconds integer DEFAULT 900, p_window_days integer DEFAULT 90, p_min_sellers integer DEFAULT 5, p_filters jsonb DEFAULT '{}'::jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
declare
  v_gate jsonb;
  v_result jsonb;
  v_count int;
  v_state jsonb;
  v_sellers uuid[];
  v_seller_bits bit varying;
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
    select a.result, a.sellers, a.seller_bits into v_result, v_sellers, v_seller_bits
    from private.market_available(public.market_parse_query(p_query), p_condition, p_min_sellers,
      coalesce(p_filters, '{}')) a;
    v_count := (v_result ->> 'available')::int;
    if v_count = 0 then
      -- "Did you mean" (market_suggestions, three at most: the screen's), in the same call as the count that found
      -- nothing, not in a second round trip after it. Best effort: a failure leaves the key out, and the caller asks
      -- market_suggestions on its own.
      begin
        v_result := v_result || jsonb_build_object('suggestions', public.market_suggestions(p_query, 3));
      exception when others then
        raise warning 'market_search: suggestions for % failed: %', p_query, sqlerrm;
      end;
    end if;
  else
    -- The day the window starts (UTC, decision 086): a date of the question, never one read from a seller's rows
    -- (issue 49), and a day, as the screen says it, so two answers of one day differ only in asOf.
    v_result := public.market_count_sold(p_query, p_condition, p_window_days, p_min_sellers, coalesce(p_filters, '{}'))
      || jsonb_build_object('dataSince', private.market_window_start(p_window_days));
    v_count := (v_result ->> 'sold')::int;
    -- The seller panel's figures: released cells only (55_panel_release.sql), never its rows.
    v_result := v_result || jsonb_build_object('panelRelease',
      private.panel_figures(v_result -> 'query', p_query, p_condition, p_window_days, coalesce(p_filters, '{}')));
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
      seller_bits = null, sellers_at = null;
  end if;
  -- The sellers of a listed search, for the sold search's headline that follows: of a search not narrowed only, since
  -- the kept sellers are keyed by query and condition alone (a narrowed sold search counts its own).
  if p_kind = 'available' and coalesce(p_filters, '{}') = '{}' then
    update public.market_query_readings r set condition = p_condition, sellers = v_sellers,
      seller_bits = v_seller_bits, sellers_at = now()
    where r.query = p_query;
  end if;
  -- The call counts against the user's window last, so their row is held from here to the commit only. (Calls of one
  -- user made at the same moment all pass while the window has room, and then all count.)
  perform public.market_search_gate(p_user, p_bucket, p_limit, p_window_seconds, null);
  return jsonb_build_object('allowed', true, 'cached', false, 'result', v_result);
end;
$$;
