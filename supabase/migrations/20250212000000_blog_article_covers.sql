-- Covers and table titles for blog articles (issue 14, point 6). All three columns are optional, so an article
-- published from the dashboard without them still shows (the site falls back to its brand cover and an 'At a Glance'
-- table heading). RLS is unchanged: the public still reads published rows only, and only the service role writes.
alter table public.blog_articles
  -- The cover is a site path (/blog/covers/<slug>.webp, drawn by scripts/art) or an https address; 1200 x 630, the
  -- social card's size, so the same picture serves the card, the article header and og:image.
  add column cover_image text check (
    cover_image is null
    or (char_length(cover_image) <= 500 and cover_image ~ '^(/[A-Za-z0-9._~/-]+|https://[^\s"<>]+)$')
  ),
  -- What the cover shows, for screen readers and when the image fails to load.
  add column cover_alt text check (cover_alt is null or char_length(btrim(cover_alt)) between 1 and 300),
  -- The heading over the article's table ('Sell-Through Rate Bands'), so a table is not called a tool comparison
  -- when it compares rate bands or seasons.
  add column table_title text check (table_title is null or char_length(btrim(table_title)) between 1 and 120),
  -- A cover without words is a picture a screen reader cannot describe: both or neither.
  add constraint blog_articles_cover_has_alt check ((cover_image is null) = (cover_alt is null));

comment on column public.blog_articles.cover_image is
  'Cover picture, 1200x630: a site path such as /blog/covers/<slug>.webp or an https URL; null for the brand cover.';
comment on column public.blog_articles.cover_alt is 'Alt text of cover_image; required exactly when there is a cover.';
comment on column public.blog_articles.table_title is 'Heading of the comparison table; null reads as At a Glance.';
