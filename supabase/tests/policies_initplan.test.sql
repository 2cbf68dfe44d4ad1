-- No row-level security policy calls auth.uid() (or auth.jwt(), auth.role()) bare: each is wrapped in a scalar
-- subquery so Postgres runs it once per statement (Supabase linter rule auth_rls_initplan).
begin;
select plan(2);

select ok((select count(*) from pg_policies where schemaname = 'public') >= 6, 'the policies of public are there to read');

select is(
  array(
    select tablename || ': ' || policyname from pg_policies
    where schemaname = 'public'
      and (regexp_replace(coalesce(qual, '') || ' ' || coalesce(with_check, ''), '\(\s*SELECT\s+auth\.(uid|jwt|role)\(\)\s+AS\s+\w+\s*\)', '', 'gi')
           ~* 'auth\.(uid|jwt|role)\(\)')
    order by 1),
  array[]::text[],
  'no policy calls auth.uid(), auth.jwt() or auth.role() bare');

select * from finish();
rollback;
