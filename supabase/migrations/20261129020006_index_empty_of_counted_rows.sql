-- An index holding only the panel's shared rows holds nothing a search counts (issue 52): its zero answers say the
-- index is empty, so the Explorer names the panel's release as what was searched, not imported listings that do not
-- exist. Drafted by `npm run db:diff -- index_empty_of_counted_rows`.

CREATE OR REPLACE FUNCTION public.market_index_state() RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'hasDemo', exists (select 1 from public.market_listings where source = 'demo'),
    'hasPanel', exists (select 1 from public.market_listings where source = 'panel'),
    'hasImport', exists (select 1 from public.market_listings where source in ('import', 'ebay', 'partner')),
    -- Nothing a search counts: no listing but the panel's shared rows, which reach a search through its release only.
    'empty', not exists (select 1 from public.market_listings where source in ('demo', 'import', 'ebay', 'partner'))
  )
$$;
