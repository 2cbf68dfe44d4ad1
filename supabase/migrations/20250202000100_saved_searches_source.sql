-- A saved search says where its figures came from and what they cover, so the account page never shows demo figures
-- as if they were live ones: the data origin (demo market, eBay, imported listings), whether they are demo figures,
-- and the sold window in days. Rows saved before this change keep nulls: "not recorded", never a guess.
alter table public.saved_searches
  add column origin text check (origin in ('demo', 'ebay', 'import')),
  add column is_demo boolean,
  add column window_days integer check (window_days in (30, 90, 180, 365)),
  -- Figures with no source are not figures a reseller can judge: a count needs its origin and window beside it.
  add constraint saved_searches_figures_need_source
    check (last_sold is null or (origin is not null and is_demo is not null and window_days is not null)) not valid;

comment on column public.saved_searches.origin is 'Where the latest figures came from: demo, ebay or import.';
comment on column public.saved_searches.is_demo is 'True when the latest figures came from the demo market.';
comment on column public.saved_searches.window_days is 'The sold window, in days, of the latest sold figure.';
