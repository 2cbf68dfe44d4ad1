-- Blog articles: written by editors (Supabase dashboard or `npm run blog:publish` with the service-role key),
-- read by everyone through the anon key. Only published rows are visible to the public.
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
  updated_at timestamptz not null default now()
);

comment on table public.blog_articles is 'Reselling articles shown on /blog; the public sees only published rows.';

-- The list and the related-articles read both filter on published and the list orders by newest first; drafts are
-- few, so a partial index keeps only what readers can reach. The article read uses the unique index on slug.
create index blog_articles_published_created_at_idx on public.blog_articles (created_at desc) where published;

-- updated_at records the last edit whichever tool made it (dashboard, publish script, seed).
create trigger blog_articles_set_updated_at
  before update on public.blog_articles
  for each row execute function public.set_updated_at();

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
