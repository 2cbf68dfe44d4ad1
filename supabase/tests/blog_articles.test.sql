-- Who can touch blog_articles: the public reads published rows only; only the service role writes.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;

select plan(30);

-- Fixtures, inserted as the table owner: one published article and one draft.
insert into public.blog_articles (slug, title, intro, meta_description, category, read_time, published, content, faq, key_takeaways, columns, rows)
values
  ('pgtap-published', 'Published for the test', 'Visible to everyone.', 'A published test article.', 'Testing', '1 min read', true,
   '[{"heading": "One", "content": "Body"}]', '[{"question": "Q?", "answer": "A."}]', '["Takeaway"]', '["Tool", "Fee"]', '[["A", "1%"]]'),
  ('pgtap-draft', 'Draft for the test', 'Not ready yet.', 'A draft test article.', 'Testing', '1 min read', false,
   '[]', '[]', '[]', '[]', '[]');

-- Schema ------------------------------------------------------------------------------------------------------------
select has_table('public', 'blog_articles', 'blog_articles exists');
select columns_are('public', 'blog_articles', array[
  'id', 'title', 'slug', 'intro', 'content', 'faq', 'summary', 'meta_description', 'category', 'read_time',
  'created_at', 'featured', 'published', 'key_takeaways', 'columns', 'rows', 'updated_at', 'source_synced_at'
], 'blog_articles has exactly the fields of the spec plus updated_at and source_synced_at');
select col_default_is('public', 'blog_articles', 'published', 'false', 'articles start as drafts');
select col_default_is('public', 'blog_articles', 'featured', 'false', 'articles are not featured by default');
select ok((select relrowsecurity from pg_class where oid = 'public.blog_articles'::regclass), 'row level security is on');
select policies_are('public', 'blog_articles', array['Readers can see published articles'], 'the only policy is the public read');
select throws_ok(
  $$insert into public.blog_articles (slug, title, intro, meta_description, category, read_time) values ('Not A Slug!', 't', 'i', 'm', 'c', '1 min read')$$,
  '23514', null, 'a slug that is not URL-safe is refused');
select throws_ok(
  $$insert into public.blog_articles (slug, title, intro, meta_description, category, read_time, content) values ('bad-content', 't', 'i', 'm', 'c', '1 min read', '{"heading": "x"}')$$,
  '23514', null, 'content must be a list of sections');
select throws_ok(
  $$insert into public.blog_articles (slug, title, intro, meta_description, category, read_time, content) values ('bad-section', 't', 'i', 'm', 'c', '1 min read', '[{"heading": "x"}]')$$,
  '23514', null, 'every section has a heading and content');
select throws_ok(
  $$insert into public.blog_articles (slug, title, intro, meta_description, category, read_time, rows) values ('bad-rows', 't', 'i', 'm', 'c', '1 min read', '[["a", 1]]')$$,
  '23514', null, 'table cells are text');
select throws_ok(
  $$insert into public.blog_articles (slug, title, intro, meta_description, category, read_time) values ('pgtap-published', 't', 'i', 'm', 'c', '1 min read')$$,
  '23505', null, 'slugs are unique');

-- Visitors (anon) -----------------------------------------------------------------------------------------------------
set local role anon;
set local request.jwt.claims = '{"role": "anon"}';
select results_eq($$select slug from public.blog_articles where slug like 'pgtap-%' order by slug$$,
  array['pgtap-published'], 'a visitor sees published articles and not drafts');
select throws_ok(
  $$insert into public.blog_articles (slug, title, intro, meta_description, category, read_time, published) values ('pgtap-anon', 't', 'i', 'm', 'c', '1 min read', true)$$,
  '42501', null, 'a visitor cannot insert');
select throws_ok($$update public.blog_articles set title = 'Hacked' where slug = 'pgtap-published'$$, '42501', null, 'a visitor cannot update');
select throws_ok($$delete from public.blog_articles where slug = 'pgtap-published'$$, '42501', null, 'a visitor cannot delete');
reset role;

-- Signed-in users (authenticated) ---------------------------------------------------------------------------------------
set local role authenticated;
set local request.jwt.claims = '{"sub": "8d0f6f6e-2b7c-4a55-9d0e-3f1f1b2c3d4e", "role": "authenticated"}';
select results_eq($$select slug from public.blog_articles where slug like 'pgtap-%' order by slug$$,
  array['pgtap-published'], 'a signed-in user sees published articles and not drafts');
select throws_ok(
  $$insert into public.blog_articles (slug, title, intro, meta_description, category, read_time, published) values ('pgtap-user', 't', 'i', 'm', 'c', '1 min read', true)$$,
  '42501', null, 'a signed-in user cannot insert');
select throws_ok($$update public.blog_articles set published = true where slug = 'pgtap-draft'$$, '42501', null, 'a signed-in user cannot publish a draft');
select throws_ok($$delete from public.blog_articles where slug = 'pgtap-published'$$, '42501', null, 'a signed-in user cannot delete');
reset role;

-- Nothing the public tried changed anything.
select results_eq($$select title, published from public.blog_articles where slug like 'pgtap-%' order by slug$$,
  $$values ('Draft for the test'::text, false), ('Published for the test'::text, true)$$, 'the articles are untouched');

-- The service role (editors' tools) ---------------------------------------------------------------------------------------
set local role service_role;
set local request.jwt.claims = '{"role": "service_role"}';
select results_eq($$select slug from public.blog_articles where slug like 'pgtap-%' order by slug$$,
  array['pgtap-draft', 'pgtap-published'], 'the service role sees drafts too');
select lives_ok(
  $$insert into public.blog_articles (slug, title, intro, meta_description, category, read_time) values ('pgtap-service', 'From the service role', 'i', 'm', 'c', '1 min read')$$,
  'the service role can insert');
select lives_ok($$update public.blog_articles set published = true where slug = 'pgtap-draft'$$, 'the service role can publish a draft');
select lives_ok($$delete from public.blog_articles where slug = 'pgtap-service'$$, 'the service role can delete');
select results_eq($$select slug from public.blog_articles where slug like 'pgtap-%' order by slug$$,
  array['pgtap-draft', 'pgtap-published'], 'the service role''s writes took effect');
reset role;

-- updated_at follows edits.
update public.blog_articles set updated_at = '2000-01-01' where slug = 'pgtap-published';
update public.blog_articles set title = 'Edited' where slug = 'pgtap-published';
select ok((select updated_at > '2000-01-01' from public.blog_articles where slug = 'pgtap-published'), 'an edit refreshes updated_at');

-- source_synced_at: stamped by the server's clock when content/blog writes the row, untouched by other edits.
update public.blog_articles set source_synced_at = '2000-01-01' where slug = 'pgtap-published';
select ok((select source_synced_at = updated_at and source_synced_at > '2000-01-01' from public.blog_articles where slug = 'pgtap-published'),
  'a publish is stamped with the clock, in step with updated_at, and cannot be backdated');
select is((select source_synced_at from public.blog_articles where slug = 'pgtap-draft'), null,
  'a row never written from content/blog has no source_synced_at');
update public.blog_articles set title = 'Edited in the dashboard' where slug = 'pgtap-draft';
select is((select source_synced_at from public.blog_articles where slug = 'pgtap-draft'), null,
  'an edit elsewhere leaves source_synced_at as it was');

-- The public read of a published draft works once published.
set local role anon;
select results_eq($$select count(*)::int from public.blog_articles where slug = 'pgtap-draft'$$, array[1], 'a published draft becomes visible');
reset role;

select * from finish();
rollback;
