-- One trigger function for every table with an updated_at column: the server's clock records the last edit,
-- whichever tool made it (dashboard, scripts, functions, the app).
create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
