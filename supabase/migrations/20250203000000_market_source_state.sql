-- State an external market source (eBay) shares across function instances (decision 031): the OAuth application
-- token, so 10 cold instances mint one token between them, and a used-up quota, so no instance asks the source again
-- before it resets. Only the service role (the search functions) reads or writes either table; RLS is on with no
-- policy, and the browser's roles have no privileges at all (tests/market-source-state.test.ts).

create table public.market_oauth_tokens (
  -- authorization base URL | client id | scope
  key text primary key,
  access_token text,
  expires_at timestamptz,
  -- Whoever holds an unexpired lease is minting; everyone else waits for the token instead of minting their own.
  mint_lease uuid,
  mint_lease_until timestamptz,
  updated_at timestamptz not null default now()
);

alter table public.market_oauth_tokens enable row level security;
revoke all on table public.market_oauth_tokens from public, anon, authenticated;
grant select, insert, update, delete on table public.market_oauth_tokens to service_role;

create table public.market_source_blocks (
  -- API base URL | client id | API (browse, marketplace_insights)
  key text primary key,
  blocked_until timestamptz not null,
  -- For whoever reads the table: the status and error ids the source answered with.
  reason text not null,
  created_at timestamptz not null default now()
);

alter table public.market_source_blocks enable row level security;
revoke all on table public.market_source_blocks from public, anon, authenticated;
grant select, insert, update, delete on table public.market_source_blocks to service_role;

-- One round trip before every call to the source: is this API blocked (then how many seconds are left)? If not, the
-- shared token when it is valid for more than p_margin_seconds, else the right to mint one (a lease for
-- p_lease_seconds), else "wait": someone else holds the lease. The advisory lock serialises claims for one key, so
-- among any number of simultaneous cold callers exactly one gets the lease. p_stale_token is a token the caller just
-- saw refused (401): it is not handed out again.
create function public.market_source_access(
  p_block_key text,
  p_token_key text,
  p_margin_seconds integer,
  p_lease_seconds integer,
  p_stale_token text default null
) returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_until timestamptz;
  v_row public.market_oauth_tokens;
  v_lease uuid;
begin
  select b.blocked_until into v_until
  from public.market_source_blocks b
  where b.key = p_block_key and b.blocked_until > now();
  if found then
    return jsonb_build_object(
      'blocked', true,
      'retryAfter', greatest(1, ceil(extract(epoch from v_until - now()))::integer)
    );
  end if;

  perform pg_advisory_xact_lock(hashtextextended('public.market_oauth_tokens:' || p_token_key, 0));

  select * into v_row from public.market_oauth_tokens t where t.key = p_token_key;
  if found
     and v_row.access_token is not null
     and v_row.access_token is distinct from p_stale_token
     and v_row.expires_at > now() + make_interval(secs => p_margin_seconds) then
    return jsonb_build_object('token', v_row.access_token, 'expiresAt', v_row.expires_at);
  end if;
  if found and v_row.mint_lease_until > now() then
    return jsonb_build_object('wait', true);
  end if;

  v_lease := gen_random_uuid();
  insert into public.market_oauth_tokens as t (key, mint_lease, mint_lease_until)
  values (p_token_key, v_lease, now() + make_interval(secs => p_lease_seconds))
  on conflict (key) do update
    set mint_lease = excluded.mint_lease,
        mint_lease_until = excluded.mint_lease_until,
        updated_at = now();
  return jsonb_build_object('mint', true, 'lease', v_lease);
end;
$$;

-- The lease holder stores the token it minted (valid for p_expires_in seconds), or with a null token gives the lease
-- up after a failed mint so a waiter may try. False when the lease is no longer this caller's.
create function public.market_oauth_token_put(
  p_key text,
  p_lease uuid,
  p_token text,
  p_expires_in integer
) returns boolean
language plpgsql
volatile
set search_path = ''
as $$
begin
  update public.market_oauth_tokens t
  set access_token = coalesce(p_token, t.access_token),
      expires_at = case when p_token is null then t.expires_at
                        else now() + make_interval(secs => p_expires_in) end,
      mint_lease = null,
      mint_lease_until = null,
      updated_at = now()
  where t.key = p_key and t.mint_lease = p_lease;
  return found;
end;
$$;

-- Remembers that the source refused for its quota until p_seconds from now (never shortening a longer block).
-- Returns the seconds left on the block in effect.
create function public.market_source_block(p_key text, p_seconds integer, p_reason text)
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_until timestamptz;
begin
  insert into public.market_source_blocks as b (key, blocked_until, reason)
  values (p_key, now() + make_interval(secs => greatest(1, p_seconds)), p_reason)
  on conflict (key) do update
    set blocked_until = greatest(b.blocked_until, excluded.blocked_until),
        reason = excluded.reason,
        created_at = now()
  returning b.blocked_until into v_until;
  return greatest(1, ceil(extract(epoch from v_until - now()))::integer);
end;
$$;

revoke execute on function public.market_source_access(text, text, integer, integer, text)
  from public, anon, authenticated;
revoke execute on function public.market_oauth_token_put(text, uuid, text, integer) from public, anon, authenticated;
revoke execute on function public.market_source_block(text, integer, text) from public, anon, authenticated;
grant execute on function public.market_source_access(text, text, integer, integer, text) to service_role;
grant execute on function public.market_oauth_token_put(text, uuid, text, integer) to service_role;
grant execute on function public.market_source_block(text, integer, text) to service_role;
