-- A search compiles none of its statements (decision 067): `jit = off` now holds for the whole of public.market_search,
-- so for everything it calls, and for the seller panel's figures wherever they are read. On PostgreSQL 15 with JIT on
-- (its default), the panel's figures took 220 ms of a 12 ms answer, in every sold search. Written by hand as the two
-- settings the schema files add (`npm run db:diff` drafts the whole functions).

alter function public.market_search(text, text, text, uuid, text, integer, integer, text, integer, integer, integer, jsonb)
  set jit = off;
alter function private.panel_figures(jsonb, text, text, integer, jsonb) set jit = off;
