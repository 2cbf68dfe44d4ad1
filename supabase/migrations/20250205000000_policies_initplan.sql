-- RLS policies call auth.uid() once per statement, not once per row (issue 13; Supabase's linter, rule
-- auth_rls_initplan): wrapped in a scalar subquery, Postgres evaluates it as an init plan. Same rules, same names.
alter policy "Users can log their own searches" on public.marketplace_search_logs
  with check (user_id = (select auth.uid()));
alter policy "Users can read their own search logs" on public.marketplace_search_logs
  using (user_id = (select auth.uid()));

alter policy "Users can see their own saved searches" on public.saved_searches
  using (user_id = (select auth.uid()));
alter policy "Users can save searches for themselves" on public.saved_searches
  with check (user_id = (select auth.uid()));
alter policy "Users can update their own saved searches" on public.saved_searches
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
alter policy "Users can delete their own saved searches" on public.saved_searches
  using (user_id = (select auth.uid()));
