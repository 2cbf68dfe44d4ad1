-- No function in the exposed schema is callable by the browser's roles unless it is meant to be (issue 12): the
-- trigger function too (triggers fire without EXECUTE). tests/function-privileges.test.ts lists every function of
-- public with exactly who may execute it, on PGlite and on PostgreSQL 15.
revoke execute on function public.set_updated_at() from public, anon, authenticated;
grant execute on function public.set_updated_at() to service_role;
