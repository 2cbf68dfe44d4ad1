-- Which kinds of rows the market index holds, for the market-sources function as well as the searches (issue 28,
-- docs/decisions/059): as in 20250401000000_seller_panel.sql, plus hasImport, the rows of no seller that the cards label
-- 'Imported listings' (market:import writes source 'import'; 'ebay' and 'partner' rows read the same). Each test is an
-- exists over market_listings_source_idx. `create or replace` keeps the grants: service_role only.
create or replace function public.market_index_state() returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object(
    'hasDemo', exists (select 1 from public.market_listings where source = 'demo'),
    'hasPanel', exists (select 1 from public.market_listings where source = 'panel'),
    'hasImport', exists (select 1 from public.market_listings where source in ('import', 'ebay', 'partner')),
    'empty', not exists (select 1 from public.market_listings)
  )
$$;
