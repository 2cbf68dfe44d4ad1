-- A sharing call past its account's limit is refused from a read (issue 49, docs/decisions/076-panel-cheap-leaks.md).
-- The gate counted every call with an upsert of the account's rate-limit row, rolled back when the call was refused: a
-- loop of refused calls wrote and locked that row each time. The window's count is now read first, and a call at the
-- limit is refused without a write. Drafted by `npm run db:diff -- sharing_gate_reads_first` from
-- supabase/schemas/50_seller_sales.sql.

CREATE OR REPLACE FUNCTION private.panel_sharing_gate(p_user uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_start timestamptz := to_timestamp(floor(extract(epoch from now()) / 60) * 60);
  v_wait text := greatest(1, ceil(extract(epoch from v_start + interval '60 seconds' - now())))::int::text;
  v_gate jsonb;
begin
  -- A call past the limit is refused from a read of the account's row, without writing it: a loop of refused calls
  -- costs one index probe each, and holds no lock another call waits on.
  if exists (select 1 from public.market_rate_limits r
             where r.user_id = p_user and r.bucket = 'panel-sharing' and r.window_start = v_start and r.hits >= 60) then
    raise exception 'Too many sharing changes in a minute. Please try again in % seconds.', v_wait
      using errcode = 'PT429', detail = v_wait;
  end if;
  v_gate := public.market_search_gate(p_user, 'panel-sharing', 60, 60, null);
  if not (v_gate ->> 'allowed')::boolean then
    raise exception 'Too many sharing changes in a minute. Please try again in % seconds.', v_gate ->> 'retryAfter'
      using errcode = 'PT429', detail = v_gate ->> 'retryAfter';
  end if;
end;
$$;
