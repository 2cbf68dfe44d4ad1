-- One round trip per search for the local market index: rate limit, cache look-up, count and cache write in a single
-- RPC (the functions otherwise spend more time on separate round trips than on counting). The cache holds the raw
-- count result with the time it was taken (asOf), so a cached answer says how old it is.
create function public.market_search(
  p_kind text,
  p_query text,
  p_condition text,
  p_user uuid,
  p_bucket text,
  p_limit int,
  p_window_seconds int,
  p_cache_key text default null,
  p_ttl_seconds int default 900,
  p_window_days int default 90
) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  v_gate jsonb;
  v_result jsonb;
  v_count int;
begin
  if p_kind is null or p_kind not in ('available', 'sold') then
    raise exception 'p_kind must be available or sold' using errcode = '22023';
  end if;

  v_gate := public.market_search_gate(p_user, p_bucket, p_limit, p_window_seconds, p_cache_key);
  if not (v_gate ->> 'allowed')::boolean then
    return v_gate;
  end if;
  if jsonb_typeof(v_gate -> 'cached') = 'object' then
    return jsonb_build_object('allowed', true, 'cached', true, 'result', v_gate -> 'cached');
  end if;

  if p_kind = 'available' then
    v_result := public.market_count_available(p_query, p_condition);
    v_count := (v_result ->> 'available')::int;
  else
    v_result := public.market_count_sold(p_query, p_condition, p_window_days);
    v_count := (v_result ->> 'sold')::int;
  end if;
  -- A zero from an index of demo rows is still a demo answer; only asked when there is nothing to count.
  v_result := v_result || jsonb_build_object(
    'hasDemo', case when v_count = 0 then public.market_has_demo() else (v_result ->> 'demoComps')::int > 0 end,
    'asOf', to_jsonb(now()));

  if p_cache_key is not null then
    perform public.market_cache_put(p_cache_key, v_result, p_ttl_seconds);
  end if;
  return jsonb_build_object('allowed', true, 'cached', false, 'result', v_result);
end;
$$;

revoke execute on function public.market_search(text, text, text, uuid, text, int, int, text, int, int) from public, anon, authenticated;
grant execute on function public.market_search(text, text, text, uuid, text, int, int, text, int, int) to service_role;
