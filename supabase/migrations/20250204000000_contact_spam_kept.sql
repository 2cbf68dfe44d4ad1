-- Nothing a person sends is dropped (issue 12): a message that trips the honeypot or arrives faster than a person
-- types is stored like any other, marked as suspected spam with the reason, never forwarded, and purged after 30
-- days. A real person caught by the time trap can still be found and answered.
alter table public.contact_messages drop constraint contact_messages_status_check;
alter table public.contact_messages
  add constraint contact_messages_status_check check (status in ('pending', 'delivered', 'failed', 'spam')),
  add column spam_reason text check (spam_reason is null or spam_reason in ('honeypot', 'too_fast')),
  add constraint contact_messages_spam_has_reason check ((status = 'spam') = (spam_reason is not null));

comment on column public.contact_messages.spam_reason is
  'Why the message is held as suspected spam (honeypot field filled, or sent faster than a person types); null for the rest.';

create index contact_messages_spam_created_idx on public.contact_messages (created_at) where status = 'spam';

drop function public.contact_message_submit(text, text, text, text, text, int, int, int);

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
