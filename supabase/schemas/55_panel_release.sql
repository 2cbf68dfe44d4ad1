-- The seller panel's released cells (issue 52; docs/decisions/080-one-cell-model.md and 082-panel-release.md).
--
-- What a search shows of the panel is never counted from the panel's rows. A scheduled release
-- (private.panel_release_run: pg_cron weekly on a hosted project; locally run by `npm start`'s seed and by the tests)
-- freezes, for each ISO week, one cell per (item leaf, condition): the leaf is public (a lexicon brand label and a
-- lexicon garment label, either possibly empty), never a word of a seller's title. Each seller's sales and listings of
-- one leaf in one condition in one week (the unit of privacy) are bounded first: at most 3 sales and 3 week-end
-- listings counted, one price (clamped to its garment family's public band), one days-to-sell value, one marketplace.
-- Every figure of a cell then carries integer two-sided geometric noise derived from a secret key
-- (private.panel_key) and the cell's own name: stored once with the cell, and the same for a cell that holds no
-- one, computed when a search reads it, so no stored row or missing row says whether anyone sold there. A search
-- sums released cells only (private.panel_figures): post-processing, which costs no privacy, whatever is asked and
-- however often. A seller joining or leaving moves no released number.
--
-- Budget per release of a unit (epsilon): gate 0.65, sold 0.6, listed 0.2, price histogram 0.45, days histogram 0.05,
-- marketplace histogram 0.05: 2.0. A week is released once 6 days after it ends, and once more 13 weeks later (the late
-- history sellers import enters then, with fresh noise): at most 4 in total for one seller's sales of one item in one
-- condition in one week.

-- The secret the noise is derived from: drawn once by pgcrypto, never changed (a changed key would re-roll the cells
-- nobody sold in and tell them apart from the stored ones). No role but the owner reads it.
create table private.panel_noise_key (
  id boolean primary key default true constraint panel_noise_key_one_row check (id),
  key bytea not null constraint panel_noise_key_length check (octet_length(key) >= 32),
  created_at timestamptz not null default now()
);

comment on table private.panel_noise_key is
  'The seller panel''s noise key (decision 082): drawn once, never changed, read only by private.panel_key().';

alter table private.panel_noise_key enable row level security;
revoke all on private.panel_noise_key from public, anon, authenticated, service_role;

-- The ledger: which week was released when, and which release of it (1: 7 days after it ended; 2: 13 weeks later).
create table private.panel_releases (
  week date not null constraint panel_releases_week_monday check (extract(isodow from week) = 1),
  release smallint not null constraint panel_releases_release_known check (release in (1, 2)),
  released_at timestamptz not null default now(),
  -- Cells holding at least one seller; every other cell of the week is noise alone.
  cells integer not null default 0 constraint panel_releases_cells_range check (cells >= 0),
  epsilon numeric(4, 2) not null default 2.0 constraint panel_releases_epsilon_range check (epsilon between 0 and 2),
  primary key (week, release)
);

comment on table private.panel_releases is
  'The seller panel''s release ledger (decision 082): each week is released at most twice, 2.0 epsilon each.';

alter table private.panel_releases enable row level security;
revoke all on private.panel_releases from public, anon, authenticated, service_role;

-- The released cells: noisy figures only, never a true count.
create table private.panel_cells (
  week date not null,
  release smallint not null,
  brand text not null,
  garment text not null,
  condition text not null
    constraint panel_cells_condition_known
      check (condition in ('new_with_tags', 'new_without_tags', 'new_with_imperfections', 'pre_owned')),
  sellers integer not null,
  sold integer not null,
  listed integer not null,
  prices integer[] not null,
  days integer[] not null,
  markets integer[] not null,
  primary key (week, release, brand, garment, condition),
  constraint panel_cells_release_fk foreign key (week, release) references private.panel_releases (week, release)
    on delete cascade
);

comment on table private.panel_cells is
  'The seller panel''s released cells (decision 082): noisy figures per item leaf, condition and ISO week.';

alter table private.panel_cells enable row level security;
revoke all on private.panel_cells from public, anon, authenticated, service_role;

-- The catalogue of item leaves: public keys only. Every lexicon brand alone and garment alone, a brand's own
-- products and models, and the (brand, garment) pairs found among listings that are nobody's sales (demo, imported,
-- licensed: a sample drawn across the table at each release). Never a pair read from the panel's rows. A panel sale
-- whose pair is not in it counts under its brand alone (or its garment alone). Rows are added, never removed.
create table private.panel_catalogue (
  brand text not null,
  garment text not null,
  primary key (brand, garment),
  constraint panel_catalogue_names_something check (brand <> '' or garment <> '')
);

comment on table private.panel_catalogue is
  'The seller panel''s public item leaves (decision 082): lexicon brands and garments and pairs seen in public listings.';

alter table private.panel_catalogue enable row level security;
revoke all on private.panel_catalogue from public, anon, authenticated, service_role;

-- The public keys ----------------------------------------------------------------------------------------------------

-- Bin edges: prices on a log grid from $5 (31 bins, each 25% wider than the last); days to sell; marketplaces.
create function private.panel_price_bin(p_price numeric) returns integer
  language sql immutable
  set search_path = ''
as $$
  select least(30, greatest(0, floor(ln(greatest(p_price, 5)::float8 / 5) / ln(1.25))::int))
$$;

create function private.panel_day_edges() returns integer[]
  language sql immutable
  set search_path = ''
as $$
  select '{0,1,2,3,5,7,10,14,21,30,45,60,90,120,180,270,366}'::integer[]
$$;

create function private.panel_markets() returns text[]
  language sql immutable
  set search_path = ''
as $$
  select '{ebay,poshmark,mercari,depop,etsy,vinted,grailed,facebook,other}'::text[]
$$;

-- The plausible price band of a garment family, public: a price outside it counts at its edge, so one account's $1
-- or $999,999 sales move a median no further than one more sale at the band's edge would.
create function private.panel_price_band(p_garment text, out low numeric, out high numeric)
  language sql stable
  set search_path = ''
as $$
  select b.low, b.high
  from (select (select x.family from public.market_lexicon x
                where x.kind = 'garment' and x.label = p_garment and x.family is not null limit 1) as family) f,
    lateral (select case f.family
        when 'bags' then 10 when 'footwear' then 10 when 'accessories' then 5 else 5 end::numeric as low,
      case f.family
        when 'bags' then 5000 when 'footwear' then 2000 when 'accessories' then 2000 when 'tops' then 1500
        when 'bottoms' then 1500 when 'one-pieces' then 2000 else 5000 end::numeric as high) b
$$;

-- The lexicon's names by their first word: a listing key's leaf probes the names its own words begin, never every name
-- of the lexicon (4.8 ms a row with 1,828 brands, read for every panel row of a release run).
create index panel_lexicon_first_word_idx on public.market_lexicon (split_part(phrase, ' ', 1), kind);

-- The item leaf of a listing key: the lexicon brand its words name (the longest name first, then a known
-- misspelling), and the garment: the brand's own product name ("align": leggings), a model of the brand, or a
-- lexicon garment, the longest name first. Empty where none is named.
create function private.panel_leaf(p_terms text[], out brand text, out garment text)
  language sql stable
  set search_path = ''
as $$
  with b as (
    select coalesce(
      (select x.label from public.market_lexicon x
       where split_part(x.phrase, ' ', 1) = any (p_terms) and x.kind = 'brand'
         and string_to_array(x.phrase, ' ') <@ p_terms
       order by cardinality(string_to_array(x.phrase, ' ')) desc, x.label limit 1),
      (select x.brand from public.market_lexicon x
       where split_part(x.phrase, ' ', 1) = any (p_terms) and x.kind = 'model'
         and string_to_array(x.phrase, ' ') <@ p_terms
       order by cardinality(string_to_array(x.phrase, ' ')) desc, x.label limit 1),
      (select s.brand from public.market_brand_spellings s where s.word = any (p_terms) order by s.brand limit 1),
      '') as brand
  )
  select b.brand, coalesce(
      (select p.garment from public.market_products p
       where p.brand = b.brand and string_to_array(p.phrase, ' ') <@ p_terms
       order by cardinality(string_to_array(p.phrase, ' ')) desc, p.garment limit 1),
      (select x.garment from public.market_lexicon x
       where x.kind = 'model' and x.brand = b.brand and x.garment is not null
         and string_to_array(x.phrase, ' ') <@ p_terms
       order by cardinality(string_to_array(x.phrase, ' ')) desc, x.label limit 1),
      (select x.label from public.market_lexicon x
       where split_part(x.phrase, ' ', 1) = any (p_terms) and x.kind = 'garment'
         and string_to_array(x.phrase, ' ') <@ p_terms
       order by cardinality(string_to_array(x.phrase, ' ')) desc, x.label limit 1),
      '')
  from b
$$;

-- Adds the public pairs to the catalogue: the lexicon's, and those of about p_sample listings that are nobody's sales.
create function private.panel_catalogue_refresh(p_sample integer default 5000) returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_rows float8 := (select c.reltuples from pg_catalog.pg_class c where c.oid = 'public.market_listings'::regclass);
  v_count integer;
begin
  with lexicon as (
    select x.label as brand, '' as garment from public.market_lexicon x where x.kind = 'brand'
    union select '', x.label from public.market_lexicon x where x.kind = 'garment'
    union select p.brand, p.garment from public.market_products p
    union select x.brand, x.garment from public.market_lexicon x where x.kind = 'model' and x.garment is not null
  ),
  sampled as (
    select l.terms from public.market_listings l tablesample system (least(100, 100.0 * p_sample / greatest(v_rows, 1)))
      repeatable (0)
    where l.source <> 'panel' and v_rows > p_sample * 2
    union all
    select l.terms from (select l.terms, l.source from public.market_listings l order by l.id desc limit p_sample) l
    where l.source <> 'panel' and v_rows <= p_sample * 2
  ),
  seen as (
    select distinct lf.brand, lf.garment from sampled s, lateral private.panel_leaf(s.terms) lf
    where lf.brand <> '' and lf.garment <> ''
  ),
  added as (
    insert into private.panel_catalogue (brand, garment)
    select * from lexicon where brand <> '' or garment <> ''
    union select * from seen
    on conflict do nothing
    returning 1
  )
  select count(*)::int into v_count from added;
  return v_count;
end;
$$;

-- The noise --------------------------------------------------------------------------------------------------------

-- The key: a Vault secret named panel_noise_key (hex) where the project keeps one (set it before the first release and
-- never change it), else the one drawn into private.panel_noise_key on first use.
create function private.panel_key() returns bytea
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_key bytea;
begin
  if to_regclass('vault.decrypted_secrets') is not null then
    execute $q$select decode(decrypted_secret, 'hex') from vault.decrypted_secrets where name = 'panel_noise_key'$q$
      into v_key;
    if v_key is not null then
      return v_key;
    end if;
  end if;
  select k.key into v_key from private.panel_noise_key k;
  if v_key is null then
    insert into private.panel_noise_key (key) values (extensions.gen_random_bytes(32)) on conflict (id) do nothing;
    select k.key into v_key from private.panel_noise_key k;
  end if;
  return v_key;
end;
$$;

-- p_n integers of two-sided geometric noise, P(k) proportional to exp(-|k| / p_scale) (the discrete Laplace of scale
-- p_scale = sensitivity / epsilon), derived from the key and the label: G1 - G2, each G = floor(-p_scale ln U) with U
-- uniform from 48 bits of HMAC-SHA256. Integers throughout the output; never floating-point Laplace on a real value.
create function private.panel_noise(p_key bytea, p_label text, p_n integer, p_scale float8) returns integer[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  select coalesce(array_agg(
      (floor(-p_scale * ln((('x' || encode(substring(h.h from o.o + 1 for 6), 'hex'))::bit(48)::bigint + 0.5)
        / 281474976710656.0))
       - floor(-p_scale * ln((('x' || encode(substring(h.h from o.o + 9 for 6), 'hex'))::bit(48)::bigint + 0.5)
        / 281474976710656.0)))::int
      order by i.i), '{}')
  from generate_series(0, greatest(p_n, 0) - 1) i(i),
    lateral (select extensions.hmac(convert_to(p_label || '#' || (i.i / 2)::text, 'UTF8'), p_key, 'sha256') as h) h,
    lateral (select (i.i % 2) * 16 as o) o
$$;

-- The noise scales (sensitivity / epsilon) of each figure, and the name of a cell's figure.
create function private.panel_scales() returns jsonb
  language sql immutable
  set search_path = ''
as $$
  select jsonb_build_object('sellers', 1 / 0.65, 'sold', 3 / 0.6, 'listed', 3 / 0.2, 'prices', 1 / 0.45,
    'days', 1 / 0.05, 'markets', 1 / 0.05)
$$;

create function private.panel_cell_label(p_week date, p_release smallint, p_brand text, p_garment text,
  p_condition text, p_figure text) returns text
  language sql immutable
  set search_path = ''
as $$
  select concat_ws('|', p_week, p_release, p_brand, p_garment, p_condition, p_figure)
$$;

-- A cell nobody sold or listed in: noise alone, the same every time it is read.
create function private.panel_empty_cell(p_key bytea, p_week date, p_release smallint, p_brand text,
  p_garment text, p_condition text, p_figures text[])
  returns table (sellers integer, sold integer, listed integer, prices integer[], days integer[], markets integer[])
  language sql immutable
  set search_path = ''
as $$
  select
    (private.panel_noise(p_key, private.panel_cell_label(p_week, p_release, p_brand, p_garment, p_condition, 'sellers'),
      1, (private.panel_scales() ->> 'sellers')::float8))[1],
    (private.panel_noise(p_key, private.panel_cell_label(p_week, p_release, p_brand, p_garment, p_condition, 'sold'),
      1, (private.panel_scales() ->> 'sold')::float8))[1],
    case when 'listed' = any (p_figures) then
      (private.panel_noise(p_key, private.panel_cell_label(p_week, p_release, p_brand, p_garment, p_condition, 'listed'),
        1, (private.panel_scales() ->> 'listed')::float8))[1] end,
    case when 'prices' = any (p_figures) then
      private.panel_noise(p_key, private.panel_cell_label(p_week, p_release, p_brand, p_garment, p_condition, 'prices'),
        31, (private.panel_scales() ->> 'prices')::float8) end,
    case when 'days' = any (p_figures) then
      private.panel_noise(p_key, private.panel_cell_label(p_week, p_release, p_brand, p_garment, p_condition, 'days'),
        16, (private.panel_scales() ->> 'days')::float8) end,
    case when 'markets' = any (p_figures) then
      private.panel_noise(p_key, private.panel_cell_label(p_week, p_release, p_brand, p_garment, p_condition, 'markets'),
        9, (private.panel_scales() ->> 'markets')::float8) end
$$;

-- The release ----------------------------------------------------------------------------------------------------

-- Releases one week (Monday p_week) as release p_release from the panel's rows as they are now: bounded per unit,
-- summed per (leaf, condition), noise added, stored. Returns the cells stored (those holding a seller).
create function private.panel_release_week(p_week date, p_release smallint) returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_key bytea := private.panel_key();
  v_end timestamptz := (p_week + 7)::timestamp at time zone 'UTC';
  v_start timestamptz := p_week::timestamp at time zone 'UTC';
  v_cells integer;
begin
  insert into private.panel_releases (week, release) values (p_week, p_release);
  with rows as (
    select l.id, l.seller_key, l.condition, l.status, l.price, l.currency, l.marketplace, l.sold_at, l.listed_at,
      lf.brand, lf.garment,
      (l.status = 'sold' and l.sold_at >= v_start and l.sold_at < v_end) as sold_here,
      (l.listed_at < v_end and (l.status = 'available' or l.sold_at >= v_end)) as listed_here,
      -- A random order within the unit that no one can steer: by the key and the row.
      extensions.hmac(convert_to(l.id::text, 'UTF8'), v_key, 'sha256') as draw
    from public.market_listings l
      -- Each row's leaf, read once per release run (panel_release_run), not once per week.
      join pg_temp.panel_run_leaves pl on pl.id = l.id,
      -- The pair when the catalogue holds it, else the brand alone, else the garment alone.
      lateral (select pl.brand as brand,
        case when pl.brand = '' or exists (select 1 from private.panel_catalogue k
          where k.brand = pl.brand and k.garment = pl.garment) then pl.garment else '' end as garment) lf
    where l.source = 'panel' and l.seller_key is not null and l.condition is not null
      and ((l.status = 'sold' and l.sold_at >= v_start and l.sold_at < v_end)
        or (l.listed_at < v_end and (l.status = 'available' or l.sold_at >= v_end)))
      and (lf.brand <> '' or lf.garment <> '')
  ),
  units as (
    select r.seller_key, r.brand, r.garment, r.condition,
      least(count(*) filter (where r.sold_here), 3)::int as sold,
      least(count(*) filter (where r.listed_here), 3)::int as listed,
      (array_agg(r.price order by r.draw) filter (where r.sold_here and r.currency = 'USD' and r.price is not null))[1]
        as price,
      (array_agg(extract(epoch from r.sold_at - r.listed_at) / 86400 order by r.draw)
        filter (where r.sold_here and r.listed_at is not null))[1] as took,
      (array_agg(r.marketplace order by r.draw) filter (where r.sold_here))[1] as marketplace
    from rows r
    group by r.seller_key, r.brand, r.garment, r.condition
  ),
  binned as (
    select u.*,
      case when u.price is not null then private.panel_price_bin(least(greatest(u.price, b.low), b.high)) end as price_bin,
      case when u.took is not null then (
        select max(e.i) - 1 from unnest(private.panel_day_edges()) with ordinality e(v, i)
        where e.v <= least(greatest(u.took, 0), 365)) end as day_bin,
      case when u.marketplace is not null then coalesce(array_position(private.panel_markets(), u.marketplace),
        cardinality(private.panel_markets())) - 1 end as market_bin
    from units u, lateral private.panel_price_band(u.garment) b
  ),
  cells as (
    select c.brand, c.garment, c.condition, count(*)::int as sellers, sum(c.sold)::int as sold,
      sum(c.listed)::int as listed,
      array(select count(*) filter (where x.price_bin = g.i)::int from binned x, generate_series(0, 30) g(i)
            where x.brand = c.brand and x.garment = c.garment and x.condition = c.condition group by g.i order by g.i)
        as prices,
      array(select count(*) filter (where x.day_bin = g.i)::int from binned x, generate_series(0, 15) g(i)
            where x.brand = c.brand and x.garment = c.garment and x.condition = c.condition group by g.i order by g.i)
        as days,
      array(select count(*) filter (where x.market_bin = g.i)::int from binned x, generate_series(0, 8) g(i)
            where x.brand = c.brand and x.garment = c.garment and x.condition = c.condition group by g.i order by g.i)
        as markets
    from binned c
    group by c.brand, c.garment, c.condition
  ),
  stored as (
    insert into private.panel_cells (week, release, brand, garment, condition, sellers, sold, listed, prices, days,
      markets)
    select p_week, p_release, c.brand, c.garment, c.condition,
      c.sellers + n.sellers, c.sold + n.sold, c.listed + n.listed,
      array(select a + b from unnest(c.prices, n.prices) as z(a, b)),
      array(select a + b from unnest(c.days, n.days) as z(a, b)),
      array(select a + b from unnest(c.markets, n.markets) as z(a, b))
    from cells c,
      lateral private.panel_empty_cell(v_key, p_week, p_release, c.brand, c.garment, c.condition,
        '{listed,prices,days,markets}') n
    returning 1
  )
  select count(*)::int into v_cells from stored;
  update private.panel_releases set cells = v_cells where week = p_week and release = p_release;
  return v_cells;
end;
$$;

-- Every release that is due at p_now: each of the last 53 weeks once 6 days after it ended (release 1: run hourly, the
-- newest released figures are at most 14 days behind the newest shared sale) and once more 13 weeks after that
-- (release 2). Nothing is released while no seller has ever shared (no release yet and no comp). A week whose second release is already due when it was never released goes
-- straight to its second: the same rows twice would spend budget for nothing. Forgets the cached sold answers, whose
-- panel figures the new weeks replace. Returns the releases made, oldest first.
create function public.panel_release_run(p_now timestamptz default now()) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_week date;
  v_release smallint;
  v_done jsonb := '[]';
  v_cells integer;
begin
  -- One release run at a time.
  perform pg_advisory_xact_lock(hashtextextended('panel_release_run', 0));
  if not exists (select 1 from private.panel_releases)
     and not exists (select 1 from public.market_listings where source = 'panel') then
    return v_done;
  end if;
  for v_week in
    select w::date from generate_series(
      date_trunc('week', p_now at time zone 'UTC')::date - 7 * 54, date_trunc('week', p_now at time zone 'UTC')::date,
      interval '7 days') w
    order by w
  loop
    v_release := case
      when (v_week + 13 + 7 * 13)::timestamp at time zone 'UTC' <= p_now then 2
      when (v_week + 13)::timestamp at time zone 'UTC' <= p_now then 1
    end;
    continue when v_release is null
      or exists (select 1 from private.panel_releases r where r.week = v_week and r.release >= v_release);
    -- The first week due in this run: the catalogue and every panel row's leaf, once.
    if jsonb_array_length(v_done) = 0 then
      perform private.panel_catalogue_refresh();
      create temporary table if not exists panel_run_leaves (id bigint primary key, brand text, garment text)
        on commit drop;
      truncate panel_run_leaves;
      insert into panel_run_leaves
      select l.id, lf.brand, lf.garment from public.market_listings l, lateral private.panel_leaf(l.terms) lf
      where l.source = 'panel';
    end if;
    v_cells := private.panel_release_week(v_week, v_release);
    v_done := v_done || jsonb_build_object('week', v_week, 'release', v_release, 'cells', v_cells);
  end loop;
  if jsonb_array_length(v_done) > 0 then
    delete from public.market_search_cache where cache_key like 'search-sold|%';
  end if;
  return v_done;
end;
$$;

comment on function public.panel_release_run(timestamptz) is
  'Releases the seller panel''s due weeks (decision 082). Hosted: pg_cron runs it hourly; locally the emulator at start and hourly, and the tests.';

-- Reading ----------------------------------------------------------------------------------------------------------

-- The leaves a reading's clauses name, from the public catalogue of keys only: the brands its brand groups and models
-- name, and the garments its garment groups and models name with the narrower garments each covers. A clause naming a
-- brand reads all of that brand's leaves unless it names a garment too; one naming only garments reads every brand's
-- leaves of those garments. A clause naming neither reads nothing.
create function private.panel_reading(p_parsed jsonb, p_query text, out leaves jsonb, out item text,
  out unused text[])
  language sql stable security definer
  set search_path = ''
as $$
  with clauses as (
    select c.value as clause, c.ordinality as n
    from jsonb_array_elements(coalesce(p_parsed -> 'clauses', '[]')) with ordinality c
  ),
  named as (
    select c.n,
      array(select distinct coalesce(m.brand, g.value ->> 'label')
            from jsonb_array_elements(c.clause -> 'groups') g
            left join public.market_lexicon m on g.value ->> 'kind' = 'model' and m.kind = 'model'
              and m.label = g.value ->> 'label'
            where g.value ->> 'kind' = 'brand' or (g.value ->> 'kind' = 'model' and m.brand is not null)) as brands,
      array(select distinct coalesce(m.garment, g.value ->> 'label')
            from jsonb_array_elements(c.clause -> 'groups') g
            left join public.market_lexicon m on g.value ->> 'kind' = 'model' and m.kind = 'model'
              and m.label = g.value ->> 'label'
            where g.value ->> 'kind' = 'garment' or (g.value ->> 'kind' = 'model' and m.garment is not null)) as garments,
      c.clause
    from clauses c
  ),
  -- A brand's own product name the reading kept as a word ("lululemon align": leggings).
  products as (
    select n.n, n.brands, n.garments || array(
        select distinct p.garment from jsonb_array_elements(n.clause -> 'groups') g, jsonb_array_elements(g.value -> 'any') a,
          public.market_products p
        where coalesce(g.value ->> 'kind', 'word') = 'word' and p.brand = any (n.brands)
          and string_to_array(p.phrase, ' ') = array(select jsonb_array_elements_text(a.value))) as garments
    from named n
  ),
  widened as (
    select n.n, n.brands, n.garments || array(
        select distinct v from public.market_lexicon x, unnest(x.covers) v
        where x.kind = 'garment' and x.label = any (n.garments)) as garments
    from products n
    where cardinality(n.brands) > 0 or cardinality(n.garments) > 0
  ),
  picked as (
    select distinct k.brand, k.garment
    from widened w
    join private.panel_catalogue k
      on (cardinality(w.brands) = 0 or k.brand = any (w.brands))
      and (cardinality(w.garments) = 0 or k.garment = any (w.garments))
  )
  select
    coalesce((select jsonb_agg(jsonb_build_array(p.brand, p.garment) order by p.brand, p.garment) from picked p), '[]'),
    (select string_agg(concat_ws(' ', nullif(array_to_string(w.brands, ' or '), ''),
        nullif(array_to_string(array(select distinct g from products n, unnest(n.garments) g where n.n = w.n order by g),
          ' or '), '')), '; ' order by w.n)
     from widened w),
    array(select distinct private.market_written(g.value, p_query)
          from clauses c, jsonb_array_elements(c.clause -> 'groups') g
          where coalesce(g.value ->> 'kind', 'word') not in ('brand', 'garment', 'model')
            and private.market_written(g.value, p_query) is not null
            -- a brand's product name is used: it reads as its garment
            and not exists (select 1 from named n, jsonb_array_elements(g.value -> 'any') a, public.market_products p
              where n.n = c.n and p.brand = any (n.brands)
                and string_to_array(p.phrase, ' ') = array(select jsonb_array_elements_text(a.value))))
$$;

-- The weeks a window reads (4, 13, 26 or 52 whole weeks standing for 30, 90, 180 and 365 days), ending with the
-- newest released week, each at its newest release.
create function private.panel_window(p_window_days integer)
  returns table (week date, release smallint)
  language sql stable security definer
  set search_path = ''
as $$
  with newest as (select max(r.week) as week from private.panel_releases r)
  select w.week::date, coalesce((select max(r.release) from private.panel_releases r where r.week = w.week), 1)::smallint
  from newest n, generate_series(n.week - 7 * (case
      when p_window_days <= 30 then 4 when p_window_days <= 90 then 13 when p_window_days <= 180 then 26 else 52
    end - 1), n.week, interval '7 days') w(week)
  where n.week is not null
$$;

-- A quantile of a summed histogram (negative bins read as empty), interpolated within its bin on the bins' scale.
create function private.panel_quantile(p_hist integer[], p_q float8, p_edges float8[]) returns float8
  language sql immutable
  set search_path = ''
as $$
  with h as (select i, greatest(v, 0)::float8 as v from unnest(p_hist) with ordinality u(v, i)),
  c as (select i, v, sum(v) over (order by i) as upto, sum(v) over () as total from h)
  select case when c.v > 0 then p_edges[c.i] + (p_edges[c.i + 1] - p_edges[c.i]) * (p_q * c.total - (c.upto - c.v)) / c.v
    else p_edges[c.i] end
  from c
  where c.total > 0 and c.upto >= p_q * c.total
  order by c.i
  limit 1
$$;

-- The variance of one cell's noise of scale p_scale (two-sided geometric: 2a / (1 - a)^2, a = exp(-1 / p_scale)).
create function private.panel_variance(p_scale float8) returns float8
  language sql immutable
  set search_path = ''
as $$
  select 2 * exp(-1 / p_scale) / power(1 - exp(-1 / p_scale), 2)
$$;

-- What the panel's release says of a reading, in one condition, over a window: sums of released cells only. The noise
-- of every cell read is computed whether or not the cell is stored, so the time an answer takes does not say which
-- cells hold a seller. A condition is shown when its summed noisy seller count clears a floor of 5 by 2.58 of its
-- standard deviations: noise alone passes once in 200 readings, and the gate depends on that noisy count alone, never
-- on a true count (a gate on the sold count too hid nine in ten of the items it should show). Every count carries its 95% half-width, 1.96 standard deviations of the summed noise; a price or days figure its
-- range at the same level. The answer when not shown is the same whatever the panel holds: the window, the newest
-- release and what the query reads.
create function private.panel_figures(p_parsed jsonb, p_query text, p_condition text, p_window_days integer,
  p_filters jsonb default '{}')
  returns jsonb
  language plpgsql security definer
  set search_path = ''
  -- (planned costs run past jit_above_cost: compiling took 220 ms of a 12 ms answer on PostgreSQL 15, decision 067)
  set jit = off
as $$
declare
  v_key bytea;
  v_reading record;
  v_newest date;
  v_weeks integer;
  v_leaves integer;
  v_base jsonb;
  v_scales jsonb := private.panel_scales();
  v_cells integer;
  v_ladder jsonb;
  v_sold jsonb;
  v_s float8;
  v_es float8;
  v_b record;
  v_listed jsonb;
  v_rate jsonb;
  v_prices jsonb;
  v_days jsonb;
  v_markets jsonb;
  v_price_edges float8[] := array(select 5 * power(1.25, i) from generate_series(0, 31) i);
  v_day_edges float8[] := private.panel_day_edges()::float8[];
  v_total float8;
  v_d float8;
  v_weekly jsonb;
begin
  select max(r.week) into v_newest from private.panel_releases r;
  if v_newest is null then
    return null;
  end if;
  select * into v_reading from private.panel_reading(p_parsed, p_query);
  v_weeks := case when p_window_days <= 30 then 4 when p_window_days <= 90 then 13 when p_window_days <= 180 then 26
    else 52 end;
  v_leaves := jsonb_array_length(v_reading.leaves);
  v_base := jsonb_build_object('shown', false, 'weeks', v_weeks, 'through', v_newest + 6,
    'releasedAt', (select min(r.released_at) from private.panel_releases r where r.week = v_newest),
    'item', v_reading.item, 'unusedWords', to_jsonb(coalesce(v_reading.unused, '{}')),
    -- The desk's narrowing the release cannot answer (it is keyed by item, condition and week only): said, not applied.
    'notNarrowedBy', to_jsonb(array(select f from unnest(array['size', 'marketplace', 'price']) f
      where (f = 'size' and nullif(p_filters ->> 'size', '') is not null)
        or (f = 'marketplace' and nullif(p_filters ->> 'marketplace', '') is not null)
        or (f = 'price' and (p_filters ? 'priceMin' or p_filters ? 'priceMax')))));
  -- A reading too broad for its summed noise to leave a figure (over 120 leaves: a garment across every brand) reads
  -- nothing: the catalogue decides that, not the data.
  if v_leaves = 0 or v_leaves > 120 then
    return v_base;
  end if;
  v_key := private.panel_key();
  v_cells := v_leaves * v_weeks;

  -- Each condition: its own gate on its summed noisy seller count, then its sold count with its error.
  with cells as materialized (
    select c.condition, w.week, coalesce(s.sellers, e.sellers) as sellers, coalesce(s.sold, e.sold) as sold
    from private.panel_window(p_window_days) w
      cross join jsonb_array_elements(v_reading.leaves) l
      cross join unnest(array['new_with_tags', 'new_without_tags', 'new_with_imperfections', 'pre_owned']) c(condition)
      left join private.panel_cells s on s.week = w.week and s.release = w.release and s.brand = l.value ->> 0
        and s.garment = l.value ->> 1 and s.condition = c.condition
      left join lateral (select * from private.panel_empty_cell(v_key, w.week, w.release, l.value ->> 0,
        l.value ->> 1, c.condition, '{}')) e on true
  )
  select
    (select jsonb_object_agg(g.condition, case when g.sellers >= 5 + 2.576 * g.sd_sellers
        then jsonb_build_object('value', greatest(g.sold, 0), 'error', ceil(1.96 * g.sd_sold)::int) end)
     from (select c.condition, sum(c.sellers) as sellers, sum(c.sold) as sold,
         sqrt(v_cells * private.panel_variance((v_scales ->> 'sellers')::float8)) as sd_sellers,
         sqrt(v_cells * private.panel_variance((v_scales ->> 'sold')::float8)) as sd_sold
       from cells c group by c.condition) g),
    -- The trend (issue 54): the condition's sold count per released week, by the same gate over that week's cells.
    (select jsonb_agg(jsonb_build_object('week', g.week, 'sold', case
          when g.sellers >= 5 + 2.576 * g.sd_sellers
          then jsonb_build_object('value', greatest(g.sold, 0), 'error', ceil(1.96 * g.sd_sold)::int) end) order by g.week)
     from (select c.week, sum(c.sellers) as sellers, sum(c.sold) as sold,
         sqrt(v_leaves * private.panel_variance((v_scales ->> 'sellers')::float8)) as sd_sellers,
         sqrt(v_leaves * private.panel_variance((v_scales ->> 'sold')::float8)) as sd_sold
       from cells c where c.condition = p_condition group by c.week) g)
  into v_ladder, v_weekly;
  v_sold := v_ladder -> p_condition;
  if v_sold is null or jsonb_typeof(v_sold) = 'null' then
    return v_base;
  end if;
  v_s := (v_sold ->> 'value')::float8;
  v_es := (v_sold ->> 'error')::float8;

  -- The condition asked for: listed at the newest week's end, and the histograms summed over the window.
  with cells as (
    select w.week, coalesce(s.listed, e.listed) as listed, coalesce(s.prices, e.prices) as prices,
      coalesce(s.days, e.days) as days, coalesce(s.markets, e.markets) as markets
    from private.panel_window(p_window_days) w
      cross join jsonb_array_elements(v_reading.leaves) l
      left join private.panel_cells s on s.week = w.week and s.release = w.release and s.brand = l.value ->> 0
        and s.garment = l.value ->> 1 and s.condition = p_condition
      left join lateral (select * from private.panel_empty_cell(v_key, w.week, w.release, l.value ->> 0,
        l.value ->> 1, p_condition, '{listed,prices,days,markets}')) e on true
  )
  select (select sum(c.listed) from cells c where c.week = v_newest)::float8 as listed,
    array(select sum(u.v)::int from cells c, unnest(c.prices) with ordinality u(v, i) group by u.i order by u.i)
      as prices,
    array(select sum(u.v)::int from cells c, unnest(c.days) with ordinality u(v, i) group by u.i order by u.i) as days,
    array(select sum(u.v)::int from cells c, unnest(c.markets) with ordinality u(v, i) group by u.i order by u.i)
      as markets
  into v_b
  from (select 1) one;

  -- Listed now (the newest week's end), shown when it clears its own error; the sell-through from the two.
  v_d := 1.96 * sqrt(v_leaves * private.panel_variance((v_scales ->> 'listed')::float8));
  if v_b.listed > v_d then
    v_listed := jsonb_build_object('value', round(v_b.listed)::int, 'error', ceil(v_d)::int);
    v_rate := jsonb_build_object('value', round(100 * v_s / v_b.listed)::int,
      'error', ceil(100 * sqrt(power(v_es / v_b.listed, 2) + power(v_s * v_d / power(v_b.listed, 2), 2)))::int);
  end if;

  -- Prices: the quartiles of the summed histogram, the median with the range its noise leaves (the ranks 1.96
  -- standard deviations of the noise below and above the middle, over half the bins). Too wide a range: not shown.
  v_total := (select sum(greatest(v, 0)) from unnest(v_b.prices) v);
  if v_total > 0 then
    v_d := 1.96 * sqrt(v_cells * 16 * private.panel_variance((v_scales ->> 'prices')::float8)) / v_total;
    if v_d <= 0.25 then
      v_prices := jsonb_build_object(
        'median', jsonb_build_object(
          'value', round(private.panel_quantile(v_b.prices, 0.5, v_price_edges)::numeric, 2),
          'low', round(private.panel_quantile(v_b.prices, 0.5 - v_d, v_price_edges)::numeric, 2),
          'high', round(private.panel_quantile(v_b.prices, 0.5 + v_d, v_price_edges)::numeric, 2)),
        'p25', round(private.panel_quantile(v_b.prices, 0.25, v_price_edges)::numeric, 2),
        'p75', round(private.panel_quantile(v_b.prices, 0.75, v_price_edges)::numeric, 2));
    end if;
  end if;
  v_total := (select sum(greatest(v, 0)) from unnest(v_b.days) v);
  if v_total > 0 then
    v_d := 1.96 * sqrt(v_cells * 8 * private.panel_variance((v_scales ->> 'days')::float8)) / v_total;
    if v_d <= 0.25 then
      v_days := jsonb_build_object(
        'value', round(private.panel_quantile(v_b.days, 0.5, v_day_edges)::numeric, 1),
        'low', round(private.panel_quantile(v_b.days, 0.5 - v_d, v_day_edges)::numeric, 1),
        'high', round(private.panel_quantile(v_b.days, 0.5 + v_d, v_day_edges)::numeric, 1));
    end if;
  end if;

  -- Marketplaces: each one's share of the sellers' sales (one marketplace per seller and week), of the sold count;
  -- a row whose error is more than half of it is not shown. The shares are of the bins' plain sum, whose noise is as
  -- often below zero as above (clipping the empty bins' noise at zero would read every share low).
  v_total := (select sum(v) from unnest(v_b.markets) v);
  v_d := 1.96 * sqrt(v_cells * private.panel_variance((v_scales ->> 'markets')::float8));
  if v_total > 0 then
    select coalesce(jsonb_agg(jsonb_build_object('marketplace', m.name, 'sold',
        jsonb_build_object('value', m.sold, 'error', m.error)) order by m.sold desc, m.name), '[]')
    into v_markets
    from (select k.name, round(v_s * k.v / v_total)::int as sold,
        ceil(v_s * k.v / v_total * sqrt(power(v_d / k.v, 2) + power(v_es / greatest(v_s, 1), 2)))::int as error
      from unnest(private.panel_markets(), v_b.markets) as k(name, v)
      where k.v > 2 * v_d) m
    where m.sold > 0;
  end if;

  return v_base || jsonb_build_object('shown', true, 'sold', v_sold, 'listed', v_listed, 'sellThrough', v_rate,
    'weekly', coalesce(v_weekly, '[]'),
    'byCondition', v_ladder, 'byMarketplace', coalesce(v_markets, '[]'), 'prices', v_prices, 'daysToSell', v_days);
end;
$$;

-- Service role only: the release and the reading are definer functions the search calls; nothing a user can call
-- reads a cell, the ledger or the key.
revoke execute on function private.panel_price_bin(numeric), private.panel_day_edges(), private.panel_markets(),
  private.panel_price_band(text), private.panel_leaf(text[]), private.panel_key(),
  private.panel_catalogue_refresh(integer),
  private.panel_noise(bytea, text, integer, float8), private.panel_scales(),
  private.panel_cell_label(date, smallint, text, text, text, text),
  private.panel_empty_cell(bytea, date, smallint, text, text, text, text[]),
  private.panel_release_week(date, smallint), public.panel_release_run(timestamptz),
  private.panel_reading(jsonb, text), private.panel_window(integer), private.panel_quantile(integer[], float8, float8[]),
  private.panel_variance(float8), private.panel_figures(jsonb, text, text, integer, jsonb)
  from public, anon, authenticated;

grant execute on function public.panel_release_run(timestamptz), private.panel_figures(jsonb, text, text, integer, jsonb)
  to service_role;

-- Hosted: pg_cron runs the release every hour (a week is released on the first run 6 days after it ends).
-- Locally the emulator runs it at start and every hour (emulator/server.ts).
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule('panel-release', '7 * * * *', 'select public.panel_release_run()');
  end if;
end;
$$;
