-- The blog (/blog): articles written by editors (Supabase dashboard or `npm run blog:publish` with the service-role
-- key), read by everyone through the anon key. Only published rows are visible to the public. The articles' rows are
-- data: supabase/seed.sql (from content/blog) and the publish script write them.
create table public.blog_articles (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  -- The slug is the article's address (/blog/<slug>), so it must be safe in a URL without escaping.
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 120),
  intro text not null check (char_length(btrim(intro)) between 1 and 2000),
  -- Sections: [{ "heading": string, "content": string }]; content may carry HTML that the page sanitises.
  content jsonb not null default '[]'::jsonb check (
    jsonb_typeof(content) = 'array'
    and not jsonb_path_exists(content, 'strict $[*] ? (@.type() != "object")', '{}', true)
    and not jsonb_path_exists(content, 'lax $[*] ? (!(@.heading.type() == "string" && @.content.type() == "string"))')
  ),
  -- [{ "question": string, "answer": string }]
  faq jsonb not null default '[]'::jsonb check (
    jsonb_typeof(faq) = 'array'
    and not jsonb_path_exists(faq, 'strict $[*] ? (@.type() != "object")', '{}', true)
    and not jsonb_path_exists(faq, 'lax $[*] ? (!(@.question.type() == "string" && @.answer.type() == "string"))')
  ),
  summary text not null default '' check (char_length(summary) <= 4000),
  -- Search engines show about 155 characters; the limit leaves room without allowing whole paragraphs.
  meta_description text not null check (char_length(btrim(meta_description)) between 1 and 300),
  category text not null check (char_length(btrim(category)) between 1 and 60),
  read_time text not null check (char_length(btrim(read_time)) between 1 and 30),
  created_at timestamptz not null default now(),
  featured boolean not null default false,
  -- Drafts stay invisible until an editor flips this.
  published boolean not null default false,
  key_takeaways jsonb not null default '[]'::jsonb check (
    jsonb_typeof(key_takeaways) = 'array'
    and not jsonb_path_exists(key_takeaways, 'strict $[*] ? (@.type() != "string")', '{}', true)
  ),
  -- Comparison table: column headings, then rows of cells (all text).
  columns jsonb not null default '[]'::jsonb check (
    jsonb_typeof(columns) = 'array'
    and not jsonb_path_exists(columns, 'strict $[*] ? (@.type() != "string")', '{}', true)
  ),
  rows jsonb not null default '[]'::jsonb check (
    jsonb_typeof(rows) = 'array'
    and not jsonb_path_exists(rows, 'strict $[*] ? (@.type() != "array")', '{}', true)
    and not jsonb_path_exists(rows, 'strict $[*][*] ? (@.type() != "string")', '{}', true)
  ),
  updated_at timestamptz not null default now(),
  -- When content/blog last wrote the row (`npm run blog:publish` or the seed). The trigger stamps it and updated_at
  -- with the same clock reading, so the two are equal until anything else edits the row: updated_at >
  -- source_synced_at means "edited elsewhere since the last publish", and the publish script leaves such an article
  -- alone. Null: the row was never written from content/blog (an article the dashboard created).
  source_synced_at timestamptz,
  -- The cover, table title and alt text are optional, so an article published from the dashboard without them still
  -- shows (the site falls back to its brand cover and an 'At a Glance' table heading).
  -- The cover is a site path (/blog/covers/<slug>.webp, drawn by scripts/art) or an https address; 1200 x 630, the
  -- social card's size, so the same picture serves the card, the article header and og:image.
  cover_image text check (
    cover_image is null
    or (char_length(cover_image) <= 500 and cover_image ~ '^(/[A-Za-z0-9._~/-]+|https://[^\s"<>]+)$')
  ),
  -- What the cover shows, for screen readers and when the image fails to load.
  cover_alt text check (cover_alt is null or char_length(btrim(cover_alt)) between 1 and 300),
  -- The heading over the article's table ('Sell-Through Rate Bands'), so a table is not called a tool comparison
  -- when it compares rate bands or seasons.
  table_title text check (table_title is null or char_length(btrim(table_title)) between 1 and 120),
  -- A cover without words is a picture a screen reader cannot describe: both or neither.
  constraint blog_articles_cover_has_alt check ((cover_image is null) = (cover_alt is null))
);

comment on table public.blog_articles is 'Reselling articles shown on /blog; the public sees only published rows.';
comment on column public.blog_articles.source_synced_at is
  'When content/blog (npm run blog:publish or the seed) last wrote this row; older than updated_at once edited elsewhere.';
comment on column public.blog_articles.cover_image is
  'Cover picture, 1200x630: a site path such as /blog/covers/<slug>.webp or an https URL; null for the brand cover.';
comment on column public.blog_articles.cover_alt is 'Alt text of cover_image; required exactly when there is a cover.';
comment on column public.blog_articles.table_title is 'Heading of the comparison table; null reads as At a Glance.';

-- The list and the related-articles read both filter on published and the list orders by newest first; drafts are
-- few, so a partial index keeps only what readers can reach. The article read uses the unique index on slug.
create index blog_articles_published_created_at_idx on public.blog_articles (created_at desc) where published;

-- The server's clock stamps updated_at on every write, and source_synced_at only when the writer sets it (to any new
-- value: the clock reading replaces it, so a client cannot backdate it).
create function public.blog_articles_stamp()
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

create trigger blog_articles_stamp
  before insert or update on public.blog_articles
  for each row execute function public.blog_articles_stamp();

alter table public.blog_articles enable row level security;

-- Visitors and account holders read the blog alike; drafts must never leak before an editor publishes them.
create policy "Readers can see published articles"
  on public.blog_articles
  for select
  to anon, authenticated
  using (published);

-- No insert, update or delete policy: only the service role (which bypasses RLS) writes articles. The grants say the
-- same thing a second time, so a policy added by mistake later still cannot open writes to the public.
revoke all on public.blog_articles from anon, authenticated;
grant select on public.blog_articles to anon, authenticated;
grant all on public.blog_articles to service_role;
