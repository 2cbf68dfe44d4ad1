-- `npm run blog:publish` must never overwrite an article an editor changed in the dashboard after its last publish
-- (issue 13). source_synced_at records when content/blog last wrote the row (the publish script or the seed); the
-- trigger stamps it and updated_at with the same clock reading, so the two are equal until anything else edits the
-- row. updated_at > source_synced_at means "edited elsewhere since the last publish"; null means the row was never
-- written from content/blog (an article the dashboard created).
alter table public.blog_articles add column source_synced_at timestamptz;

comment on column public.blog_articles.source_synced_at is
  'When content/blog (npm run blog:publish or the seed) last wrote this row; older than updated_at once edited elsewhere.';

-- Rows already there were written by the seed or the publish script before this column existed: count them as in
-- step with content/blog, so the next publish behaves as it always has. (set_updated_at stamps updated_at with the
-- same now() of this statement's transaction.)
update public.blog_articles set source_synced_at = now();

-- Replaces set_updated_at on this table: the server's clock stamps updated_at on every write, and source_synced_at
-- only when the writer sets it (to any new value: the clock reading replaces it, so a client cannot backdate it).
create or replace function public.blog_articles_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  if new.source_synced_at is not null
    and (tg_op = 'INSERT' or new.source_synced_at is distinct from old.source_synced_at) then
    new.source_synced_at := now();
  end if;
  return new;
end;
$$;

revoke execute on function public.blog_articles_stamp() from public, anon, authenticated;
grant execute on function public.blog_articles_stamp() to service_role;

drop trigger blog_articles_set_updated_at on public.blog_articles;
create trigger blog_articles_stamp
  before insert or update on public.blog_articles
  for each row execute function public.blog_articles_stamp();
