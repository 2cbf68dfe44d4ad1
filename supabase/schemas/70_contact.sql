-- Contact messages: every message a visitor sends from /contact is stored here first, then forwarded to the
-- form-collection service and to the support inbox. A forward that fails leaves the row undelivered, and the retry
-- (npm run contact:retry, or the contact function's later calls) picks it up: nothing a visitor sends is lost.
-- Only the contact function (service role) reads or writes it; visitors and users have no access at all.
create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  -- The same limits as the form and the function (SPEC §3, §5); stored trimmed, never empty.
  name text not null check (char_length(name) between 1 and 100 and name = btrim(name)),
  email text not null
    check (char_length(email) between 3 and 255 and email = btrim(email) and email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  message text not null check (char_length(message) between 1 and 1000 and message = btrim(message)),
  -- SHA-256 of the client IP with a secret salt: enough to rate-limit a sender, not enough to identify them.
  ip_hash text check (ip_hash is null or ip_hash ~ '^[0-9a-f]{64}$'),
  user_agent text check (user_agent is null or char_length(user_agent) <= 500),
  -- pending: not yet delivered everywhere, will be retried; delivered: every configured target took it;
  -- failed: gave up after the maximum number of attempts (contact:retry --include-failed still tries);
  -- spam: held as suspected spam (see spam_reason), never forwarded.
  status text not null default 'pending',
  attempts integer not null default 0 check (attempts >= 0),
  last_error text check (last_error is null or char_length(last_error) <= 1000),
  -- Per target, so a retry re-sends only what did not arrive (the form service must not get a message twice).
  form_delivered_at timestamptz,
  email_delivered_at timestamptz,
  -- A lease while one worker forwards the row; other workers skip it until it expires (a crashed worker's row
  -- becomes retryable again).
  locked_until timestamptz,
  last_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  delivered_at timestamptz,
  -- Nothing a person sends is dropped: a message that trips the honeypot or arrives faster than a person types is
  -- stored like any other, marked as suspected spam with the reason, never forwarded, and purged after 30 days. A
  -- real person caught by the time trap can still be found and answered.
  spam_reason text check (spam_reason is null or spam_reason in ('honeypot', 'too_fast')),
  constraint contact_messages_delivered_has_time check ((status = 'delivered') = (delivered_at is not null)),
  constraint contact_messages_status_check check (status in ('pending', 'delivered', 'failed', 'spam')),
  constraint contact_messages_spam_has_reason check ((status = 'spam') = (spam_reason is not null))
);

comment on table public.contact_messages is
  'Messages sent from the contact form, kept until (and after) they reach the form service and the support inbox.';
comment on column public.contact_messages.spam_reason is
  'Why the message is held as suspected spam (honeypot field filled, or sent faster than a person types); null for the rest.';

-- The rate limit looks at a sender's recent messages by IP and by email.
create index contact_messages_ip_recent_idx on public.contact_messages (ip_hash, created_at desc) where ip_hash is not null;
create index contact_messages_email_recent_idx on public.contact_messages (lower(email), created_at desc);

-- The retry reads the oldest undelivered rows only.
create index contact_messages_undelivered_idx on public.contact_messages (created_at) where status <> 'delivered';
create index contact_messages_spam_created_idx on public.contact_messages (created_at) where status = 'spam';

-- RLS on and no policy for anon or authenticated: the table is invisible through the API except to the service role.
-- The grants are revoked too, so a policy added by mistake later still would not open it.
alter table public.contact_messages enable row level security;
revoke all on public.contact_messages from public, anon, authenticated;
grant all on public.contact_messages to service_role;

-- Hands out up to p_limit undelivered messages at least p_min_age_seconds old that no one else is forwarding, and
-- leases them. SKIP LOCKED lets two retries run at once without both sending the same message.
create function public.contact_messages_claim(
  p_limit int, p_min_age_seconds int default 0, p_include_failed boolean default false, p_lease_seconds int default 60
) returns setof public.contact_messages
  language sql
  set search_path = ''
as $$
  update public.contact_messages m
  set locked_until = now() + make_interval(secs => greatest(p_lease_seconds, 1))
  where m.id in (
    select c.id from public.contact_messages c
    where (c.status = 'pending' or (p_include_failed and c.status = 'failed'))
      and c.created_at <= now() - make_interval(secs => greatest(p_min_age_seconds, 0))
      and (c.locked_until is null or c.locked_until < now())
    order by c.created_at
    limit greatest(p_limit, 0)
    for update skip locked
  )
  returning m.*;
$$;

-- Reached through RPC with the service-role key only.
revoke execute on function public.contact_messages_claim(int, int, boolean, int) from public, anon, authenticated;
grant execute on function public.contact_messages_claim(int, int, boolean, int) to service_role;

-- As before (one round trip, one lock, the sliding-window limit per IP hash and per email), plus p_spam_reason:
-- a suspected-spam message is stored with status 'spam' and no lease (nothing will forward it), and counts toward
-- the sender's limit like any other. Each call also purges suspected spam older than 30 days.
create function public.contact_message_submit(
  p_name text, p_email text, p_message text, p_ip_hash text, p_user_agent text,
  p_limit int, p_window_seconds int, p_lease_seconds int default 60, p_spam_reason text default null
) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  v_window interval := make_interval(secs => greatest(p_window_seconds, 1));
  v_edge timestamptz;
  v_id uuid;
begin
  perform pg_advisory_xact_lock(hashtext('public.contact_message_submit'));

  delete from public.contact_messages where status = 'spam' and created_at < now() - interval '30 days';

  if p_ip_hash is not null then
    select m.created_at into v_edge from public.contact_messages m
    where m.ip_hash = p_ip_hash and m.created_at > now() - v_window
    order by m.created_at desc offset greatest(p_limit, 1) - 1 limit 1;
    if found then
      return jsonb_build_object('allowed', false, 'reason', 'ip',
        'retryAfter', greatest(1, ceil(extract(epoch from (v_edge + v_window) - now())))::int);
    end if;
  end if;

  select m.created_at into v_edge from public.contact_messages m
  where lower(m.email) = lower(p_email) and m.created_at > now() - v_window
  order by m.created_at desc offset greatest(p_limit, 1) - 1 limit 1;
  if found then
    return jsonb_build_object('allowed', false, 'reason', 'email',
      'retryAfter', greatest(1, ceil(extract(epoch from (v_edge + v_window) - now())))::int);
  end if;

  insert into public.contact_messages (name, email, message, ip_hash, user_agent, locked_until, status, spam_reason)
  values (p_name, p_email, p_message, p_ip_hash, p_user_agent,
    case when p_spam_reason is null then now() + make_interval(secs => greatest(p_lease_seconds, 1)) end,
    case when p_spam_reason is null then 'pending' else 'spam' end, p_spam_reason)
  returning id into v_id;
  return jsonb_build_object('allowed', true, 'id', v_id, 'spam', p_spam_reason is not null);
end;
$$;

revoke execute on function public.contact_message_submit(text, text, text, text, text, int, int, int, text)
  from public, anon, authenticated;

grant execute on function public.contact_message_submit(text, text, text, text, text, int, int, int, text)
  to service_role;
