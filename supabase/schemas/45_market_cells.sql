-- Exact cells kept at write time (issue 53; docs/decisions/080-one-cell-model.md, 085-exact-cells.md): a search whose
-- reading tests only the words of a listing's signature, and at most one facet word (a colour, a size), sums a few
-- hundred small cells instead of counting every listing it matches, so its cost does not grow with the market.
--
-- - A listing's signature is its key (market_listings.terms) reduced to the signature words (brands and their
--   spellings, garments, models and product names, the words that rule a listing out: the lexicon's words), with its
--   decoy marks. A reading whose every tested word is a signature word gives the same verdict on the signature as on
--   the whole key: its tests are set tests (holds all of, holds one of, holds none of) on those words only.
-- - A cell is (facet, signature, condition, marketplace): '' is the signature's own cell; a colour or size word the
--   listing holds gives it one more cell per such word. Each cell keeps its listings, its demo listings and its
--   sellers as a bitset (bit = a seller's ordinal), backed by an exact (cell, seller) -> listings table, so a
--   search's distinct sellers are bit_count(bit_or(...)): exact, as the panel threshold needs.
-- - Only listings that are nobody's sales are counted here (demo, import, licensed sources): never a panel row
--   (decision 080), and never a hedged title ("Nike style"), which a brand's reading tests by a regular expression on
--   the title: those are counted from rows beside the cells (a partial index holds them).
-- - Statement triggers on market_listings note every listing written on any path (import, seed, archive, status
--   changes), and public.market_cells_merge places them in the cells in the background, merging the deltas in key
--   order; every answer from cells says how fresh they are (decision 091); private.market_cells_rebuild recomputes
--   everything from the rows, private.market_cells_check lists any cell that disagrees with its rows;
--   private.market_cells_words_update and private.market_cells_resign keep the words and sign listings again (hourly,
--   and a batch a minute).
-- - The listed search reads them (private.market_available), the sold search reads the sold cells of its window and
--   the days of its sales or the places of each (decisions 087 and 088, private.market_sold_sources), "did you mean"
--   asks them whether a search finds anything (private.market_found), and each answer says which path it took
--   (`path`).

-- The words cells are keyed by ----------------------------------------------------------------------------------------

create table private.market_cell_words (
  word text primary key check (word ~ '^[a-z0-9_]{1,100}$'),
  -- 'signature': part of a listing's signature; 'facet': a colour word a listing's facet cells are kept for (a size
  -- word, sz_* or w32/l30, is a facet by its form).
  role text not null check (role in ('signature', 'facet')),
  -- 'lexicon': from the lexicon (private.market_cell_words_refresh); 'promoted': a word users search that the lexicon
  -- does not hold.
  source text not null check (source in ('lexicon', 'promoted')),
  -- Only an 'active' word routes a search to the cells: every listing is signed with it. A word being added is
  -- 'pending' until private.market_cells_resign has signed every listing that holds it; a word being removed is
  -- 'retiring' (no longer signed, so no longer read) until it is gone.
  state text not null default 'active' check (state in ('active', 'pending', 'retiring'))
);

comment on table private.market_cell_words is
  'The words the exact cells are keyed by: signature words (the lexicon''s, and promoted ones) and colour facets.';

alter table private.market_cell_words enable row level security;
revoke all on private.market_cell_words from public, anon, authenticated;
grant select on private.market_cell_words to service_role;

-- Names of more than one word (Old Navy, The North Face, Forever 21, Red Wing): a signature keeps their words only
-- when the listing holds the whole name, so a reading that asks for the name gives the same verdict on the signature,
-- and the words alone ("old", "navy" the colour, "21" the size) split no signature.
create table private.market_cell_names (
  words text[] primary key check (cardinality(words) between 2 and 6),
  first text generated always as (words[1]) stored,
  source text not null check (source in ('lexicon', 'promoted')),
  state text not null default 'active' check (state in ('active', 'pending', 'retiring'))
);

create index market_cell_names_first_idx on private.market_cell_names (first);
create index market_cell_names_words_idx on private.market_cell_names using gin (words);

comment on table private.market_cell_names is
  'Names of several words the exact cells'' signatures keep whole (the words sorted): a listing''s signature holds them only when it holds every word.';

alter table private.market_cell_names enable row level security;
revoke all on private.market_cell_names from public, anon, authenticated;
grant select on private.market_cell_names to service_role;

-- Whether a word is a facet: a word that reads as a size by its form (sz_m, sz_30, w32, l30, 8), or a colour.
create function private.market_facet_form(p_word text) returns boolean
  language sql immutable
  set search_path = ''
as $$
  select p_word ~ '^(sz_[a-z0-9]+|[wl][0-9]{2}|[0-9]{1,2})$'
$$;

create function private.market_is_facet(p_word text) returns boolean
  language sql stable
  set search_path = ''
as $$
  select private.market_facet_form(p_word)
    or exists (select 1 from private.market_cell_words w where w.word = p_word and w.role = 'facet')
$$;

-- A listing's signature key: the words of its key that are signature words, and the words of each name it holds
-- whole, those being signed ('active' or 'pending'), sorted, each once.
create function private.market_signature_key(p_terms text[]) returns text[]
  language sql stable
  set search_path = ''
as $$
  select coalesce(array_agg(distinct s.w order by s.w), '{}')
  from (
    -- each word looked up by its key (a lateral probe with a limit: a semi-join would hash every word of the table
    -- for each listing, 1 ms a listing)
    select t as w from unnest(p_terms) t
    cross join lateral (select 1 from private.market_cell_words w
                        where w.word = t and w.role = 'signature' and w.state <> 'retiring' limit 1) x
    union all
    -- the names that start with one of its words (one index scan for all of them: a join per word cost 0.7 ms)
    select unnest(n.words)
    from private.market_cell_names n
    where n.first = any (p_terms) and n.state <> 'retiring' and n.words <@ p_terms
  ) s
$$;

-- A listing's facets: the size and colour words of its key, sorted, each once. The words of the key that are facets by
-- their form, and the colours among them found in one index scan (market_is_facet on each word, a lookup each, took
-- three times as long: a third of what keeping the cells cost an import's upsert at 10M listings).
create function private.market_facets_of(p_terms text[]) returns text[]
  language sql stable
  set search_path = ''
as $$
  select coalesce(array_agg(distinct f.t order by f.t), '{}')
  from (
    select t from unnest(p_terms) t where private.market_facet_form(t)
    union all
    select w.word from private.market_cell_words w where w.word = any (p_terms) and w.role = 'facet'
  ) f
$$;

-- Signatures, sellers, and each counted listing's place -----------------------------------------------------------------

create table private.market_signatures (
  id integer generated always as identity primary key,
  key text[] not null,
  decoys text[] not null,
  constraint market_signatures_key_decoys_key unique (key, decoys)
);

-- A reading's clause runs over the signatures through this index, as it runs over the listings through theirs.
create index market_signatures_key_idx on private.market_signatures using gin (key);

alter table private.market_signatures enable row level security;
revoke all on private.market_signatures from public, anon, authenticated;
grant select on private.market_signatures to service_role;

-- A seller's bit in the cells' bitsets: the demo market's synthetic sellers and any licensed source's (a panel seller
-- never: the panel is not counted here).
create table private.market_seller_ords (
  seller_key uuid primary key,
  ord integer generated always as identity (minvalue 0 start with 0) not null unique
);

alter table private.market_seller_ords enable row level security;
revoke all on private.market_seller_ords from public, anon, authenticated;
grant select on private.market_seller_ords to service_role;

-- Every bitset is this many bits wide (a multiple of 1,024 past the highest ordinal), so any two can be OR'd.
create table private.market_cells_state (
  one boolean primary key default true check (one),
  width integer not null default 1024 check (width > 0 and width % 1024 = 0),
  -- Whether searches read the cells (the triggers and the merge keep them either way): off sends every search to the rows, as the
  -- bench does to time the row path in the same run, and as an operator would while a rebuild is checked.
  reads boolean not null default true,
  -- How far private.market_cells_resign has come through the counted listings (by id) while words are changing.
  resign_after bigint not null default 0
);

insert into private.market_cells_state default values;

alter table private.market_cells_state enable row level security;
revoke all on private.market_cells_state from public, anon, authenticated;
grant select on private.market_cells_state to service_role;

-- Where each counted listing is in the cells (its signature and facets as they were when it was counted), so a change
-- or a removal takes it out of the very cells it went into, whatever the words are now.
-- It keeps what the cells read of the listing as well (condition, marketplace, seller, demo), so a listing is taken out
-- of its cells from its place alone: the merge (private.market_cells_merge) re-places a listing from its row as it is
-- now, whatever changed in between.
create table private.market_listing_places (
  id bigint primary key,
  sig integer not null,
  facets text[] not null,
  condition text not null,
  marketplace text not null,
  -- the seller's ordinal (private.market_seller_ords); null: no seller
  ord integer,
  demo boolean not null
);

alter table private.market_listing_places enable row level security;
revoke all on private.market_listing_places from public, anon, authenticated;

-- The listings written since the cells last took them in (decision 091): a write only notes the ids it touched here,
-- and private.market_cells_merge, in the background (pg_cron every few seconds; the emulator every second), places
-- each again from its row as it is then. An id may be here more than once; placing is the same whatever the number.
create table private.market_cells_queue (
  seq bigint generated always as identity primary key,
  id bigint not null,
  queued_at timestamptz not null default now()
);

-- how fresh the cells are: the oldest write still waiting (private.market_cells_as_of)
create index market_cells_queue_queued_at_idx on private.market_cells_queue (queued_at);

alter table private.market_cells_queue enable row level security;
revoke all on private.market_cells_queue from public, anon, authenticated;
grant select on private.market_cells_queue to service_role;

-- The listed cells ----------------------------------------------------------------------------------------------------

create table private.market_listed_cells (
  -- '' for the signature's own cell, else a facet word
  facet text not null,
  sig integer not null,
  condition text not null,
  marketplace text not null,
  -- (No CHECK on the counts: a change is written as a delta, and the row a delta proposes is checked before it meets
  -- the cell it adds to. private.market_cells_check holds every cell to its rows.)
  n integer not null,
  demo integer not null,
  sellers bit varying not null,
  primary key (facet, sig, condition, marketplace)
);

create table private.market_listed_cell_sellers (
  facet text not null,
  sig integer not null,
  condition text not null,
  marketplace text not null,
  ord integer not null,
  n integer not null,
  primary key (facet, sig, condition, marketplace, ord)
);

alter table private.market_listed_cells enable row level security;
alter table private.market_listed_cell_sellers enable row level security;
revoke all on private.market_listed_cells, private.market_listed_cell_sellers from public, anon, authenticated;
grant select on private.market_listed_cells to service_role;

-- Hedged titles are counted from rows beside the cells: this index finds a reading's hedged listings.
create index market_listings_hedged_terms_idx on public.market_listings
  using gin (terms) where hedged and status = 'available';

-- The sold cells ------------------------------------------------------------------------------------------------------

-- Each counted sale's place: its cells (signature, facets) and what a sold answer reads of it, so a sold search reads
-- the narrow places of the condition it asks for, by signature, instead of the listings (decision 087). Only the sales
-- a window can hold are counted: a sale of nobody's panel, not hedged (hedged ones are counted from rows, as listed),
-- with a date.
create table private.market_sale_places (
  id bigint primary key,
  sig integer not null,
  facets text[] not null,
  condition text not null,
  marketplace text not null,
  sold_at timestamptz not null,
  seller_key uuid,
  demo boolean not null,
  -- The price in US dollars; null: no price, or another currency (a sold answer's prices are its USD ones).
  price numeric(12, 2),
  -- private.market_took: the time to sell in tenths of a day; null: no listing date.
  took integer
);

create index market_sale_places_find_idx on private.market_sale_places (condition, sig, sold_at);
-- The daily roll finds the sales of a day through this.
create index market_sale_places_sold_at_idx on private.market_sale_places (sold_at);

-- The sales of each day (UTC) per (signature, condition, marketplace), made from their places (decision 088): what the
-- figures of a sold answer read of them, so a sold search of no facet reads a window's days, not each of its sales.
-- The sellers are bitsets of their ordinals, as the listed cells' are (their bit_or's bit_count is the window's
-- distinct sellers); the prices (in US cents: a search sorts integers faster than floats) and the times to
-- sell (tenths of a day) are each sorted.
create table private.market_sale_days (
  condition text not null,
  sig integer not null,
  day date not null,
  marketplace text not null,
  n integer not null check (n > 0),
  demo integer not null check (demo between 0 and n),
  sellers bit varying not null,
  -- the sellers with a priced sale, and with a timed one: null when they are all of them (nearly always)
  priced bit varying,
  timed bit varying,
  cents bigint[] not null check (cardinality(cents) <= n),
  took integer[] not null check (cardinality(took) <= n),
  primary key (condition, sig, day, marketplace)
);

alter table private.market_sale_days enable row level security;
revoke all on private.market_sale_days from public, anon, authenticated;
grant select on private.market_sale_days to service_role;

-- The sales of the windows the screen offers (30, 90, 180 or 365 days), per cell: a window's calendar days (decision
-- 086) through market_sold_state.through, and the day after it (a sale dated later is not counted until its day
-- comes: private.market_sold_roll adds it then). Each sale is in one row of a cell, the narrowest window that holds it
-- (span, private.market_sold_span_of), and a window's count is the sum of its span's rows and the narrower ones': a
-- new sale adds to one row per cell, not one per window (decision 092).
create table private.market_sold_cells (
  facet text not null,
  sig integer not null,
  condition text not null,
  marketplace text not null,
  -- the narrowest window (days) the sales of this row are in
  span smallint not null,
  n integer not null,
  demo integer not null,
  primary key (facet, sig, condition, marketplace, span)
);

-- The day (UTC) the sold cells' windows end on. A search reads them only on that day (private.market_sold_cells_current);
-- private.market_sold_roll moves them on after midnight, pg_cron every minute on a hosted project.
create table private.market_sold_state (
  one boolean primary key default true check (one),
  through date not null default ((now() at time zone 'UTC')::date)
);

insert into private.market_sold_state default values;

alter table private.market_sale_places enable row level security;
alter table private.market_sold_cells enable row level security;
alter table private.market_sold_state enable row level security;
revoke all on private.market_sale_places, private.market_sold_cells, private.market_sold_state
  from public, anon, authenticated;
grant select on private.market_sale_places, private.market_sold_cells, private.market_sold_state to service_role;

-- The listings and sales the cells do not count (the panel's, hedged titles, sales with no date), for the existence
-- probes of "did you mean" (private.market_found).
create index market_listings_uncounted_terms_idx on public.market_listings
  using gin (terms) where source = 'panel' or hedged or (status = 'sold' and sold_at is null);

-- Hedged sales are counted from rows beside the sold cells, as hedged listings are beside the listed ones.
create index market_listings_hedged_sold_terms_idx on public.market_listings
  using gin (terms) where hedged and status = 'sold';

-- The windows kept as sold cells: the four the screen offers.
create function private.market_sold_spans() returns smallint[]
  language sql immutable
  set search_path = ''
as $$
  select '{30, 90, 180, 365}'::smallint[]
$$;

-- Whether the sold cells hold today's windows (rolled to today, UTC): if not, sold searches count rows until they do.
create function private.market_sold_cells_current() returns boolean
  language sql stable
  set search_path = ''
as $$
  select coalesce((select s.through = (now() at time zone 'UTC')::date from private.market_sold_state s), false)
$$;

-- Bitsets --------------------------------------------------------------------------------------------------------------

-- One seller's bit in a bitset p_width wide.
create function private.market_seller_bit(p_ord integer, p_width integer) returns bit varying
  language sql immutable
  set search_path = ''
as $$
  select set_bit(repeat('0', p_width)::bit varying, p_ord, 1)
$$;

-- The bitset p_zeros (all zeros, as wide as every bitset) with the bits of p_ords set: made once, not a bitset per
-- seller OR'd (each made from a string of its width).
create function private.market_ords_bits(p_ords integer[], p_zeros bit varying) returns bit varying
  language plpgsql immutable
  set search_path = ''
as $$
declare
  v_bits bit varying := p_zeros;
  v_ord integer;
begin
  foreach v_ord in array coalesce(p_ords, '{}') loop
    v_bits := set_bit(v_bits, v_ord, 1);
  end loop;
  return v_bits;
end;
$$;

-- The ordinals set in a bitset, the lowest first, at most p_limit of them.
create function private.market_bit_ords(p_bits bit varying, p_limit integer default 2147483647) returns integer[]
  language plpgsql immutable
  set search_path = ''
as $$
declare
  v_out integer[] := '{}';
  v_at integer := 0;
  v_found integer;
begin
  if p_bits is null then
    return v_out;
  end if;
  while cardinality(v_out) < p_limit loop
    v_found := position(B'1' in substring(p_bits from v_at + 1));
    exit when v_found = 0;
    v_at := v_at + v_found;
    v_out := v_out || (v_at - 1);
  end loop;
  return v_out;
end;
$$;

-- Two bitsets OR'd, the shorter widened with zeros first (one kept a minute ago may be older than a widening).
create function private.market_bits_or(p_a bit varying, p_b bit varying) returns bit varying
  language sql immutable
  set search_path = ''
as $$
  select (p_a || repeat('0', greatest(length(p_b) - length(p_a), 0))::bit varying)
    | (p_b || repeat('0', greatest(length(p_a) - length(p_b), 0))::bit varying)
$$;

-- The width every bitset has, widening all of them first when an ordinal no longer fits.
create function private.market_cells_width() returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  v_width integer;
  v_need integer;
begin
  select s.width into v_width from private.market_cells_state s;
  select ((coalesce(max(o.ord), 0) / 1024) + 1) * 1024 into v_need from private.market_seller_ords o;
  if v_need > v_width then
    update private.market_cells_state set width = v_need;
    update private.market_listed_cells set sellers = sellers || repeat('0', v_need - v_width)::bit varying;
    update private.market_sale_days set sellers = sellers || repeat('0', v_need - v_width)::bit varying,
      priced = priced || repeat('0', v_need - v_width)::bit varying,
      timed = timed || repeat('0', v_need - v_width)::bit varying;
    v_width := v_need;
  end if;
  return v_width;
end;
$$;

-- Keeping the cells current ------------------------------------------------------------------------------------------

-- Whether the listed cells count a row.
create function private.market_listed_counts(p_row public.market_listings) returns boolean
  language sql immutable
  set search_path = ''
as $$
  select p_row.status = 'available' and p_row.source <> 'panel' and not p_row.hedged
$$;

-- Whether the sold cells count a row.
create function private.market_sold_counts(p_row public.market_listings) returns boolean
  language sql immutable
  set search_path = ''
as $$
  select p_row.status = 'sold' and p_row.source <> 'panel' and not p_row.hedged and p_row.sold_at is not null
$$;

-- The narrowest window (span) a sale of day p_day is in, when the windows end on p_through (the day is one of the
-- span's calendar days, or the day after p_through): the one row of a sold cell the sale is counted in. Null when no
-- window holds it.
create function private.market_sold_span_of(p_day date, p_through date) returns smallint
  language sql immutable
  set search_path = ''
as $$
  select min(w.span)
  from unnest(private.market_sold_spans()) w(span)
  where p_day >= p_through - (w.span - 1) and p_day <= p_through + 1
$$;

-- One day's sales of (signature, condition, marketplace) as private.market_sale_days keeps them, made from their places:
-- n is 0 when there are none.
create function private.market_sale_day(p_condition text, p_sig integer, p_day date, p_marketplace text,
  p_width integer, out n integer, out demo integer, out sellers bit varying, out priced bit varying,
  out timed bit varying, out cents bigint[], out took integer[])
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_zeros bit varying := repeat('0', p_width)::bit varying;
begin
  select x.n, x.demo, x.sellers, nullif(x.priced, x.sellers), nullif(x.timed, x.sellers), x.cents, x.took
  into n, demo, sellers, priced, timed, cents, took
  from (
    select count(*)::integer as n, count(*) filter (where p.demo)::integer as demo,
      private.market_ords_bits(array_agg(o.ord) filter (where o.ord is not null), v_zeros) as sellers,
      private.market_ords_bits(array_agg(o.ord) filter (where o.ord is not null and p.price is not null), v_zeros)
        as priced,
      private.market_ords_bits(array_agg(o.ord) filter (where o.ord is not null and p.took is not null), v_zeros)
        as timed,
      coalesce(array_agg((p.price * 100)::bigint order by p.price) filter (where p.price is not null), '{}') as cents,
      coalesce(array_agg(p.took order by p.took) filter (where p.took is not null), '{}') as took
    from private.market_sale_places p
    left join private.market_seller_ords o on o.seller_key = p.seller_key
    where p.condition = p_condition and p.sig = p_sig and p.sold_at >= p_day::timestamp at time zone 'UTC'
      and p.sold_at < (p_day + 1)::timestamp at time zone 'UTC' and p.marketplace = p_marketplace
  ) x;
end;
$$;

-- Places listings again (p_ids): each is taken out of the cells its place says it is in, and put into the cells its row
-- says it is in now (none, if it is gone or no longer counted). Listed rows go to the listed cells, sales to the sold
-- cells and their places. It reads only places and rows as they are, so placing a listing twice, or placing one that
-- did not change, leaves the cells as they were: the merge (private.market_cells_merge) and signing again
-- (private.market_cells_resign) call it, one at a time (they take the same lock). Deltas are summed per cell and per
-- (cell, seller) and merged in key order; a search reads the cells' last committed state and never waits. A call that
-- moves a sale first takes the sold windows' day in share mode, so the daily roll (which takes it exclusively) never
-- meets it halfway.
create function private.market_cells_place(p_ids bigint[])
  returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_width integer;
  v_zeros bit varying;
  v_through date;
  v_cell record;
begin
  -- (only sellers not there yet: an insert that meets a conflict has still drawn its ordinal, and ordinals drawn for
  -- sellers already there would leave gaps that widen every bitset)
  insert into private.market_seller_ords (seller_key)
  select distinct r.seller_key from public.market_listings r
  where r.id = any (p_ids) and r.seller_key is not null and r.source <> 'panel'
    and not exists (select 1 from private.market_seller_ords o where o.seller_key = r.seller_key)
  order by 1
  on conflict do nothing;
  v_width := private.market_cells_width();
  v_zeros := repeat('0', v_width)::bit varying;

  -- The working tables, made once a session and kept (emptied at each commit, and by this function as
  -- it goes): tables dropped at commit were made again by every statement, and every statement below that reads one
  -- was planned again with it (decision 090).
  if to_regclass('pg_temp.market_cells_delta') is null or to_regclass('pg_temp.market_sold_delta') is null
     or to_regclass('pg_temp.market_days_touched') is null or to_regclass('pg_temp.market_days_added') is null
     or to_regclass('pg_temp.market_cells_signed') is null or to_regclass('pg_temp.market_cells_bits') is null
     or to_regclass('pg_temp.market_cells_emptied') is null then
    create temporary table if not exists market_cells_delta (
      facet text, sig integer, condition text, marketplace text, ord integer, n integer, demo integer
    ) on commit delete rows;
    create temporary table if not exists market_sold_delta (
      facet text, sig integer, condition text, marketplace text, span smallint, n integer, demo integer
    ) on commit delete rows;
    create temporary table if not exists market_days_touched (
      condition text, sig integer, day date, marketplace text
    ) on commit delete rows;
    -- (a day's merge asks of each day whether the statement took a sale from it: a lookup, not a pass over them all,
    -- which made a statement that touched many days take time in the square of their number)
    create index if not exists market_days_touched_key on market_days_touched (condition, sig, day, marketplace);
    create temporary table if not exists market_days_added (
      condition text, sig integer, day date, marketplace text, seller_key uuid, demo boolean, price numeric,
      took integer
    ) on commit delete rows;
    create temporary table if not exists market_cells_signed (
      id bigint, key text[], decoys text[], facets text[], condition text, marketplace text, seller_key uuid,
      source text, status text, sold_at timestamptz, price numeric, currency text, listed_at timestamptz
    ) on commit delete rows;
    create temporary table if not exists market_cells_bits (
      facet text, sig integer, condition text, marketplace text, ord integer, n integer, was integer
    ) on commit delete rows;
    -- the cells a merge left with no listing or sale (span: null for a listed cell)
    create temporary table if not exists market_cells_emptied (
      span smallint, facet text, sig integer, condition text, marketplace text
    ) on commit delete rows;
  end if;

  if exists (select 1 from private.market_sale_places p where p.id = any (p_ids))
     or exists (select 1 from public.market_listings r where r.id = any (p_ids) and private.market_sold_counts(r)) then
    select s.through into v_through from private.market_sold_state s for share;
  end if;

  -- The rows leaving: their places, as they were counted.
  with gone as (
    delete from private.market_listing_places p
    where p.id = any (p_ids)
    returning p.sig, p.facets, p.condition, p.marketplace, p.ord, p.demo
  )
  insert into pg_temp.market_cells_delta
  select f.facet, g.sig, g.condition, g.marketplace, g.ord, -1, -g.demo::integer
  from gone g
  cross join lateral unnest('{""}'::text[] || g.facets) f(facet);

  if v_through is not null then
    with gone as (
      delete from private.market_sale_places p
      where p.id = any (p_ids)
      returning p.*
    ),
    days as (
      insert into pg_temp.market_days_touched
      select g.condition, g.sig, (g.sold_at at time zone 'UTC')::date, g.marketplace from gone g
    )
    insert into pg_temp.market_sold_delta
    select f.facet, g.sig, g.condition, g.marketplace, w.span, -1, -g.demo::integer
    from gone g
    cross join lateral (select private.market_sold_span_of((g.sold_at at time zone 'UTC')::date, v_through) as span) w
    cross join lateral unnest('{""}'::text[] || g.facets) f(facet)
    where w.span is not null;
  end if;

  -- The rows arriving: signed now, all in one statement, as private.market_signature_key and
  -- private.market_facets_of sign one listing (the words of the batch looked up together: those two called for each
  -- row cost an import's upsert 42 ms of 500 rows at 10M listings, the largest part of keeping the cells).
  insert into pg_temp.market_cells_signed
  with r as materialized (
    select r.* from public.market_listings r
    where r.id = any (p_ids) and (private.market_listed_counts(r) or private.market_sold_counts(r))
  ),
  t as materialized (
    select r.id, t.w from r, unnest(r.terms) t(w)
  ),
  -- (each word of the batch looked up once, not once per listing that holds it: a facet's form, a name's first word)
  words as materialized (
    select distinct t.w from t
  ),
  named as materialized (
    select n.first, n.words from words w join private.market_cell_names n on n.first = w.w and n.state <> 'retiring'
  ),
  signed as (
    select x.id, array_agg(distinct x.w order by x.w) as key
    from (
      select t.id, t.w from t
      join private.market_cell_words w on w.word = t.w and w.role = 'signature' and w.state <> 'retiring'
      union all
      select t.id, unnest(n.words)
      from t join named n on n.first = t.w join r on r.id = t.id
      where n.words <@ r.terms
    ) x
    group by x.id
  ),
  facet_words as (
    select w.w from words w where private.market_facet_form(w.w)
    union
    select w.word from private.market_cell_words w where w.role = 'facet'
  ),
  faceted as (
    select t.id, array_agg(distinct t.w order by t.w) as facets
    from t join facet_words f on f.w = t.w
    group by t.id
  )
  select r.id, coalesce(g.key, '{}'), r.decoys, coalesce(f.facets, '{}'), r.condition, r.marketplace, r.seller_key,
    r.source, r.status, r.sold_at, r.price, r.currency, r.listed_at
  from r
  left join signed g on g.id = r.id
  left join faceted f on f.id = r.id;

  insert into private.market_signatures (key, decoys)
  select distinct s.key, s.decoys from pg_temp.market_cells_signed s order by 1, 2
  on conflict do nothing;

  with placed as (
    insert into private.market_listing_places (id, sig, facets, condition, marketplace, ord, demo)
    select s.id, g.id, s.facets, s.condition, s.marketplace, so.ord, s.source = 'demo'
    from pg_temp.market_cells_signed s
    join private.market_signatures g on g.key = s.key and g.decoys = s.decoys
    left join private.market_seller_ords so on so.seller_key = s.seller_key
    where s.status = 'available'
    order by s.id
    returning *
  )
  insert into pg_temp.market_cells_delta
  select f.facet, p.sig, p.condition, p.marketplace, p.ord, 1, p.demo::integer
  from placed p
  cross join lateral unnest('{""}'::text[] || p.facets) f(facet);

  if v_through is not null then
    with placed as (
      insert into private.market_sale_places as p (id, sig, facets, condition, marketplace, sold_at, seller_key, demo,
        price, took)
      select s.id, g.id, s.facets, s.condition, s.marketplace, s.sold_at, s.seller_key, s.source = 'demo',
        case when s.currency = 'USD' then s.price end, private.market_took(s.sold_at, s.listed_at)
      from pg_temp.market_cells_signed s
      join private.market_signatures g on g.key = s.key and g.decoys = s.decoys
      where s.status = 'sold'
      order by s.id
      on conflict (id) do update set sig = excluded.sig, facets = excluded.facets, condition = excluded.condition,
        marketplace = excluded.marketplace, sold_at = excluded.sold_at, seller_key = excluded.seller_key,
        demo = excluded.demo, price = excluded.price, took = excluded.took
      returning p.*
    ),
    days as (
      insert into pg_temp.market_days_added
      select p.condition, p.sig, (p.sold_at at time zone 'UTC')::date, p.marketplace, p.seller_key, p.demo, p.price,
        p.took
      from placed p
    )
    insert into pg_temp.market_sold_delta
    select f.facet, p.sig, p.condition, p.marketplace, w.span, 1, p.demo::integer
    from placed p
    cross join lateral (select private.market_sold_span_of((p.sold_at at time zone 'UTC')::date, v_through) as span) w
    cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
    where w.span is not null;

    with merged as (
      insert into private.market_sold_cells as c (facet, sig, condition, marketplace, span, n, demo)
      select d.facet, d.sig, d.condition, d.marketplace, d.span, sum(d.n)::integer, sum(d.demo)::integer
      from pg_temp.market_sold_delta d
      group by 1, 2, 3, 4, 5 having sum(d.n) <> 0 or sum(d.demo) <> 0
      order by 1, 2, 3, 4, 5
      on conflict (facet, sig, condition, marketplace, span) do update set n = c.n + excluded.n,
        demo = c.demo + excluded.demo
      returning c.facet, c.sig, c.condition, c.marketplace, c.span, c.n
    )
    insert into pg_temp.market_cells_emptied
    select m.span, m.facet, m.sig, m.condition, m.marketplace from merged m where m.n <= 0;
    -- (only the cells the merge left empty, each found by its key: never a scan of all of them, nor a look at each
    -- cell a sale was added to, 14 ms of a 500-row upsert at 10M listings; and never the cells that lost a sale joined
    -- to those at zero, which the planner ran as one pass over the lost cells for each cell at zero when a statement
    -- took many sales: a 100,000-row delete ran for over 20 minutes. One keyed delete per cell, not a join: the
    -- statistics say no cell is at zero, so the planner read every cell for the few at zero, 20 to 90 ms a merge at
    -- 1M listings, most often to delete none.)
    for v_cell in select e.facet, e.sig, e.condition, e.marketplace, e.span from pg_temp.market_cells_emptied e loop
      delete from private.market_sold_cells c
      where c.facet = v_cell.facet and c.sig = v_cell.sig and c.condition = v_cell.condition
        and c.marketplace = v_cell.marketplace and c.span = v_cell.span and c.n <= 0;
    end loop;
    delete from pg_temp.market_cells_emptied;
    delete from pg_temp.market_sold_delta;

    -- The days this statement moved a sale of or to, each row locked in key order in one statement (so two writers
    -- never wait on each other in a cycle): a day that only gained sales is added to there (its count, its sellers'
    -- bits, its prices and times merged in order); a day that lost one (market_days_touched) is made again from its
    -- places by the next statement, which reads the places after the lock is held (made, if new, with a count that
    -- stands until then), so another writer's sales of the day are committed by then and read.
    insert into private.market_sale_days as d (condition, sig, day, marketplace, n, demo, sellers, priced, timed,
      cents, took)
    select k.condition, k.sig, k.day, k.marketplace, coalesce(a.n, 1), coalesce(a.demo, 0), coalesce(a.sellers, v_zeros),
      nullif(a.priced, a.sellers), nullif(a.timed, a.sellers), coalesce(a.cents, '{}'), coalesce(a.took, '{}')
    from (select t.condition, t.sig, t.day, t.marketplace from pg_temp.market_days_touched t
          union
          select a.condition, a.sig, a.day, a.marketplace from pg_temp.market_days_added a) k
    left join (
      -- (a day's priced or timed sellers are made only when one of its sales with a seller lacks a price or a time:
      -- else they are its sellers, kept as null)
      select a.condition, a.sig, a.day, a.marketplace, count(*)::integer as n,
        count(*) filter (where a.demo)::integer as demo,
        private.market_ords_bits(array_agg(o.ord) filter (where o.ord is not null), v_zeros) as sellers,
        case when bool_or(a.price is null and o.ord is not null) then private.market_ords_bits(
          array_agg(o.ord) filter (where o.ord is not null and a.price is not null), v_zeros) end as priced,
        case when bool_or(a.took is null and o.ord is not null) then private.market_ords_bits(
          array_agg(o.ord) filter (where o.ord is not null and a.took is not null), v_zeros) end as timed,
        coalesce(array_agg((a.price * 100)::bigint order by a.price) filter (where a.price is not null), '{}')
          as cents,
        coalesce(array_agg(a.took order by a.took) filter (where a.took is not null), '{}') as took
      from pg_temp.market_days_added a
      left join private.market_seller_ords o on o.seller_key = a.seller_key
      group by 1, 2, 3, 4
    ) a on (a.condition, a.sig, a.day, a.marketplace) = (k.condition, k.sig, k.day, k.marketplace)
      and not exists (select 1 from pg_temp.market_days_touched t
                      where (t.condition, t.sig, t.day, t.marketplace) = (k.condition, k.sig, k.day, k.marketplace))
    order by 1, 2, 3, 4
    on conflict (condition, sig, day, marketplace) do update set
      n = d.n + excluded.n, demo = d.demo + excluded.demo, sellers = d.sellers | excluded.sellers,
      priced = nullif(coalesce(d.priced, d.sellers) | coalesce(excluded.priced, excluded.sellers),
        d.sellers | excluded.sellers),
      timed = nullif(coalesce(d.timed, d.sellers) | coalesce(excluded.timed, excluded.sellers),
        d.sellers | excluded.sellers),
      cents = array(select x from unnest(d.cents || excluded.cents) x order by x),
      took = array(select x from unnest(d.took || excluded.took) x order by x)
    -- (a day made again below is locked here and left as it is)
    where not exists (select 1 from pg_temp.market_days_touched t
                      where (t.condition, t.sig, t.day, t.marketplace)
                        = (excluded.condition, excluded.sig, excluded.day, excluded.marketplace));
    update private.market_sale_days d
    set n = f.n, demo = f.demo, sellers = f.sellers, priced = f.priced, timed = f.timed, cents = f.cents,
      took = f.took
    from (select distinct t.condition, t.sig, t.day, t.marketplace from pg_temp.market_days_touched t) t
    cross join lateral private.market_sale_day(t.condition, t.sig, t.day, t.marketplace, v_width) f
    where (d.condition, d.sig, d.day, d.marketplace) = (t.condition, t.sig, t.day, t.marketplace) and f.n > 0;
    delete from private.market_sale_days d
    using (select distinct t.condition, t.sig, t.day, t.marketplace from pg_temp.market_days_touched t) t
    where (d.condition, d.sig, d.day, d.marketplace) = (t.condition, t.sig, t.day, t.marketplace)
      and not exists (select 1 from private.market_sale_places p
                      where p.condition = t.condition and p.sig = t.sig
                        and p.sold_at >= t.day::timestamp at time zone 'UTC'
                        and p.sold_at < (t.day + 1)::timestamp at time zone 'UTC' and p.marketplace = t.marketplace);
    delete from pg_temp.market_days_touched;
    delete from pg_temp.market_days_added;
  end if;
  delete from pg_temp.market_cells_signed;

  -- (cell, seller) counts, each row added to under its lock (in key order): a seller's bit is set where their count
  -- rose from none, and cleared where it fell to none, as the counts after the change say.
  with changed as (
    insert into private.market_listed_cell_sellers as c (facet, sig, condition, marketplace, ord, n)
    select d.facet, d.sig, d.condition, d.marketplace, d.ord, sum(d.n)::integer
    from pg_temp.market_cells_delta d where d.ord is not null
    group by 1, 2, 3, 4, 5 having sum(d.n) <> 0
    order by 1, 2, 3, 4, 5
    on conflict (facet, sig, condition, marketplace, ord) do update set n = c.n + excluded.n
    returning c.facet, c.sig, c.condition, c.marketplace, c.ord, c.n
  )
  insert into pg_temp.market_cells_bits
  select c.facet, c.sig, c.condition, c.marketplace, c.ord, c.n, c.n - d.n
  from changed c
  join (select d.facet, d.sig, d.condition, d.marketplace, d.ord, sum(d.n)::integer as n
        from pg_temp.market_cells_delta d where d.ord is not null group by 1, 2, 3, 4, 5) d
    using (facet, sig, condition, marketplace, ord);
  delete from private.market_listed_cell_sellers c
  using pg_temp.market_cells_bits b
  where b.n <= 0
    and (c.facet, c.sig, c.condition, c.marketplace, c.ord) = (b.facet, b.sig, b.condition, b.marketplace, b.ord);

  -- The cells, each added to under its lock (in key order): counts, and the bits of sellers who arrived; then the
  -- bits of sellers who left are cleared.
  with merged as (
    insert into private.market_listed_cells as c (facet, sig, condition, marketplace, n, demo, sellers)
    select d.facet, d.sig, d.condition, d.marketplace, d.n, d.demo,
      coalesce(b.added, repeat('0', v_width)::bit varying)
    from (
      select d.facet, d.sig, d.condition, d.marketplace, sum(d.n)::integer as n, sum(d.demo)::integer as demo
      from pg_temp.market_cells_delta d group by 1, 2, 3, 4
    ) d
    left join (
      select b.facet, b.sig, b.condition, b.marketplace,
        bit_or(private.market_seller_bit(b.ord, v_width))::bit varying as added
      from pg_temp.market_cells_bits b where b.was <= 0 and b.n > 0 group by 1, 2, 3, 4
    ) b using (facet, sig, condition, marketplace)
    where d.n <> 0 or b.added is not null
    order by 1, 2, 3, 4
    on conflict (facet, sig, condition, marketplace) do update set
      n = c.n + excluded.n, demo = c.demo + excluded.demo, sellers = c.sellers | excluded.sellers
    returning c.facet, c.sig, c.condition, c.marketplace, c.n
  )
  insert into pg_temp.market_cells_emptied
  select null, m.facet, m.sig, m.condition, m.marketplace from merged m where m.n <= 0;
  update private.market_listed_cells c set sellers = c.sellers & ~r.removed
  from (
    select b.facet, b.sig, b.condition, b.marketplace,
      bit_or(private.market_seller_bit(b.ord, v_width))::bit varying as removed
    from pg_temp.market_cells_bits b where b.was > 0 and b.n <= 0 group by 1, 2, 3, 4
  ) r
  where (c.facet, c.sig, c.condition, c.marketplace) = (r.facet, r.sig, r.condition, r.marketplace);
  -- (only the cells the merge left empty, each found by its key, as the sold cells above)
  for v_cell in select e.facet, e.sig, e.condition, e.marketplace from pg_temp.market_cells_emptied e loop
    delete from private.market_listed_cells c
    where c.facet = v_cell.facet and c.sig = v_cell.sig and c.condition = v_cell.condition
      and c.marketplace = v_cell.marketplace and c.n <= 0;
  end loop;
  delete from pg_temp.market_cells_emptied;
  delete from pg_temp.market_cells_delta;
  delete from pg_temp.market_cells_bits;
end;
$$;

-- Whether an update moves a row in the cells: it was or is listed or sold (not the panel's), and what the cells read of
-- it changed (for a sale, also its date, price and listing date, which its place keeps).
create function private.market_cells_moved(p_old public.market_listings, p_new public.market_listings) returns boolean
  language sql immutable
  set search_path = ''
as $$
  select (p_old.status in ('available', 'sold') and p_old.source <> 'panel'
          or p_new.status in ('available', 'sold') and p_new.source <> 'panel')
    and ((p_old.status, p_old.source, p_old.hedged, p_old.condition, p_old.marketplace, p_old.terms, p_old.decoys,
          p_old.seller_key)
         is distinct from (p_new.status, p_new.source, p_new.hedged, p_new.condition, p_new.marketplace, p_new.terms,
          p_new.decoys, p_new.seller_key)
         or p_new.status = 'sold' and (p_old.sold_at, p_old.price, p_old.currency, p_old.listed_at)
           is distinct from (p_new.sold_at, p_new.price, p_new.currency, p_new.listed_at))
$$;

-- The triggers only note which listings a statement wrote (decision 091): placing them in the cells is the merge's
-- work, in the background, so a writer pays for a list of ids, not for the cells.
create function private.market_listings_cells_inserted() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into private.market_cells_queue (id)
  select n.id from new_rows n where n.status in ('available', 'sold') and n.source <> 'panel';
  return null;
end;
$$;

create function private.market_listings_cells_updated() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  -- Only rows listed or sold before or after whose counting changed: an upsert that rewrites a listed item's price moves
  -- nothing, and a sale archived (a sale older than every window) leaves only its place.
  insert into private.market_cells_queue (id)
  select n.id from old_rows o join new_rows n on n.id = o.id where private.market_cells_moved(o, n);
  return null;
end;
$$;

create function private.market_listings_cells_deleted() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into private.market_cells_queue (id)
  select o.id from old_rows o where o.status in ('available', 'sold') and o.source <> 'panel';
  return null;
end;
$$;

create function private.market_listings_cells_truncated() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  truncate private.market_listing_places, private.market_listed_cells, private.market_listed_cell_sellers,
    private.market_sale_places, private.market_sold_cells, private.market_sale_days, private.market_cells_queue;
  return null;
end;
$$;

-- Takes the writes noted since the last merge into the cells (decision 091): the oldest p_limit entries of
-- private.market_cells_queue, each listing placed again from its row as it is now. The entries are taken out by the
-- statement that reads them, and the rows are read after it, so a write committed in between is placed now and
-- placed again by its own entry later (the same cells). One merge at a time, in the lock signing again and the
-- rebuild take too. pg_cron runs it every two seconds on a hosted project, the emulator every second; market:import
-- calls it until nothing is left, so an import is searchable when it says it is done. Returns how many entries it
-- took: 0 when none were waiting.
create function public.market_cells_merge(p_limit integer default 20000) returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_taken integer;
  v_ids bigint[];
begin
  perform pg_advisory_xact_lock(hashtext('private.market_cells_place'));
  with taken as (
    delete from private.market_cells_queue q
    where q.seq in (select o.seq from private.market_cells_queue o order by o.seq limit p_limit)
    returning q.id
  )
  select count(*)::integer, coalesce(array_agg(distinct t.id order by t.id), '{}') into v_taken, v_ids from taken t;
  if v_taken > 0 then
    perform private.market_cells_place(v_ids);
  end if;
  return v_taken;
end;
$$;

-- How fresh the cells are: every write committed before this time is in them. The oldest write still waiting for the
-- merge, or now when none is. A search from cells says it in its answer (`cellsAsOf`).
create function private.market_cells_as_of() returns timestamptz
  language sql stable
  security definer
  set search_path = ''
as $$
  select coalesce((select q.queued_at from private.market_cells_queue q order by q.queued_at limit 1), now())
$$;

create trigger market_listings_cells_inserted
  after insert on public.market_listings
  referencing new table as new_rows
  for each statement execute function private.market_listings_cells_inserted();

create trigger market_listings_cells_updated
  after update on public.market_listings
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.market_listings_cells_updated();

create trigger market_listings_cells_deleted
  after delete on public.market_listings
  referencing old table as old_rows
  for each statement execute function private.market_listings_cells_deleted();

create trigger market_listings_cells_truncated
  after truncate on public.market_listings
  for each statement execute function private.market_listings_cells_truncated();

revoke execute on function private.market_facet_form(text) from public, anon, authenticated;
grant execute on function private.market_facet_form(text) to service_role;
revoke execute on function private.market_is_facet(text), private.market_signature_key(text[]),
  private.market_facets_of(text[]), private.market_seller_bit(integer, integer),
  private.market_bit_ords(bit varying, integer), private.market_bits_or(bit varying, bit varying),
  private.market_ords_bits(integer[], bit varying), private.market_cells_width(),
  private.market_listed_counts(public.market_listings), private.market_sold_counts(public.market_listings),
  private.market_sold_spans(), private.market_sold_span_of(date, date), private.market_sold_cells_current(),
  private.market_cells_moved(public.market_listings, public.market_listings),
  private.market_cells_place(bigint[]), private.market_cells_as_of(), public.market_cells_merge(integer),
  private.market_sale_day(text, integer, date, text, integer), private.market_listings_cells_inserted(),
  private.market_listings_cells_updated(), private.market_listings_cells_deleted(),
  private.market_listings_cells_truncated()
  from public, anon, authenticated;
grant execute on function private.market_is_facet(text), private.market_signature_key(text[]),
  private.market_facets_of(text[]), private.market_seller_bit(integer, integer),
  private.market_bit_ords(bit varying, integer), private.market_bits_or(bit varying, bit varying),
  private.market_sold_spans(), private.market_sold_span_of(date, date), private.market_sold_cells_current(),
  private.market_cells_as_of(), public.market_cells_merge(integer)
  to service_role;

-- Rebuild, check, and signing again -----------------------------------------------------------------------------------

-- The words and names from the lexicon, as the listing key writes them (market_words):
-- - a name of one word (a brand, garment, model or material, a brand's misspelling, a word a material rules out, a
--   gender or kids' word the reading adds itself: market_read_query) is a signature word, and so is each word of a
--   brand's product names;
-- - a name of several words is kept whole (private.market_cell_names), unless each of its words is a signature word;
-- - a colour is a facet, and so is a word that reads as a size (sz_*, w32, l30, or a number of one or two digits):
--   never a signature word, since every product line comes in every one of them.
-- A word or name new to the lexicon is 'pending' until private.market_cells_resign has signed every listing with it;
-- one gone from it is 'retiring'. Returns how many changed state.
create function private.market_cell_words_refresh() returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_changed integer := 0;
  v_n integer;
begin
  create temporary table if not exists market_cell_names_now (words text[], role text) on commit drop;
  truncate pg_temp.market_cell_names_now;
  insert into pg_temp.market_cell_names_now
  select distinct array(select distinct w from unnest(n.words) w order by w), n.role
  from (
    select public.market_words(x.phrase) as words, case when x.kind = 'colour' then 'facet' else 'signature' end as role
    from public.market_lexicon x where x.kind in ('brand', 'garment', 'model', 'material', 'colour')
    union all
    select public.market_words(v.phrase), 'signature'
    from public.market_lexicon x, unnest(x.unlike || x.contrast) v(phrase)
    union all
    -- a product name's words each on their own (the reading asks for "better" of Better Sweater alone), and each
    -- with the brand's names ("jordan" and "1": Jordan's 1, whose number alone is a size)
    select array[w], 'signature' from public.market_products p, unnest(public.market_words(p.phrase)) w
    union all
    select public.market_words(p.phrase), 'signature' from public.market_products p
    union all
    select public.market_words(b.phrase) || public.market_words(p.phrase), 'signature'
    from public.market_products p join public.market_lexicon b on b.kind = 'brand' and b.label = p.brand
    union all
    select array[s.word], 'signature' from public.market_brand_spellings s
    union all
    -- the words a reading adds of its own for a gender or kids' sizes (market_read_query, market_words)
    select array[w], 'signature'
    from unnest(public.market_words('women womens woman ladies female wmns men mens man male unisex kid kids')) w
  ) n
  where cardinality(n.words) between 1 and 6;

  create temporary table if not exists market_cell_words_now (word text primary key, role text) on commit drop;
  truncate pg_temp.market_cell_words_now;
  insert into pg_temp.market_cell_words_now
  select distinct on (n.words[1]) n.words[1],
    case when n.role = 'facet' or private.market_facet_form(n.words[1]) then 'facet'
      else 'signature' end
  from pg_temp.market_cell_names_now n
  where cardinality(n.words) = 1 and n.words[1] ~ '^[a-z0-9_]{1,100}$'
  -- a word both a facet and a name of one word is a facet
  order by n.words[1], n.role;
  -- a colour of several words (heather grey) is no name: its words are facets or signature words on their own
  delete from pg_temp.market_cell_names_now n
  where cardinality(n.words) = 1 or n.role = 'facet'
     or not exists (select 1 from unnest(n.words) w
                    where not exists (select 1 from pg_temp.market_cell_words_now x
                                      where x.word = w and x.role = 'signature'));

  insert into private.market_cell_words (word, role, source, state)
  select n.word, n.role, 'lexicon', case when n.role = 'facet' then 'active' else 'pending' end
  from pg_temp.market_cell_words_now n
  on conflict (word) do update set role = excluded.role, state = excluded.state
  where private.market_cell_words.role <> excluded.role or private.market_cell_words.state = 'retiring';
  get diagnostics v_n = row_count;
  v_changed := v_changed + v_n;
  update private.market_cell_words w set state = 'retiring'
  where w.source = 'lexicon' and w.state <> 'retiring'
    and not exists (select 1 from pg_temp.market_cell_words_now n where n.word = w.word);
  get diagnostics v_n = row_count;
  v_changed := v_changed + v_n;

  insert into private.market_cell_names (words, source, state)
  select distinct n.words, 'lexicon', 'pending' from pg_temp.market_cell_names_now n
  on conflict (words) do update set state = 'pending' where private.market_cell_names.state = 'retiring';
  get diagnostics v_n = row_count;
  v_changed := v_changed + v_n;
  update private.market_cell_names c set state = 'retiring'
  where c.source = 'lexicon' and c.state <> 'retiring'
    and not exists (select 1 from pg_temp.market_cell_names_now n where n.words = c.words);
  get diagnostics v_n = row_count;
  return v_changed + v_n;
end;
$$;

-- Every listing is signed with the words as they are now: pending words and names become active, retiring ones go.
create function private.market_cell_words_settle() returns void
  language sql
  security definer
  set search_path = ''
as $$
  delete from private.market_cell_words where state = 'retiring';
  update private.market_cell_words set state = 'active' where state = 'pending';
  delete from private.market_cell_names where state = 'retiring';
  update private.market_cell_names set state = 'active' where state = 'pending';
$$;

-- The sold cells made again from the places of the sales, for windows that end on p_through.
create function private.market_sold_cells_fill(p_through date) returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  delete from private.market_sold_cells;
  insert into private.market_sold_cells (facet, sig, condition, marketplace, span, n, demo)
  select f.facet, p.sig, p.condition, p.marketplace, w.span, count(*), count(*) filter (where p.demo)
  from private.market_sale_places p
  cross join lateral (select private.market_sold_span_of((p.sold_at at time zone 'UTC')::date, p_through) as span) w
  cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
  where p.sold_at >= (p_through - 364)::timestamp at time zone 'UTC' and w.span is not null
  group by 1, 2, 3, 4, 5;
  update private.market_sold_state set through = p_through;
end;
$$;

-- Moves the sold cells' windows on to today (UTC), a day at a time: the sales of the day that left each window move to
-- the next wider one's row (or out, from the widest), and those of the day after the new end (a sale dated ahead) come
-- into the narrowest, read from the places through their index of dates (one day's sales: about 1/365 of a year's).
-- Far behind (a week or more: a server that was down), it makes them again from the places instead. Writers that move
-- a sale wait for it (the day, in market_sold_state, is held); searches count rows meanwhile, never a half-moved
-- window. Returns the days it moved; 0 when the windows already end today. pg_cron every minute on a hosted project;
-- the emulator at start and every minute.
create function private.market_sold_roll() returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_through date;
  v_today date := (now() at time zone 'UTC')::date;
  v_day date;
begin
  select s.through into v_through from private.market_sold_state s for update;
  if v_through >= v_today then
    return 0;
  end if;
  if v_today - v_through >= 7 then
    perform private.market_sold_cells_fill(v_today);
    return v_today - v_through;
  end if;
  for v_day in select d::date from generate_series(v_through + 1, v_today, interval '1 day') d loop
    with w as (
      select s.span, v_day - s.span as day, lead(s.span) over (order by s.span) as wider
      from unnest(private.market_sold_spans()) s(span)
    )
    insert into private.market_sold_cells as c (facet, sig, condition, marketplace, span, n, demo)
    select f.facet, p.sig, p.condition, p.marketplace, x.span, sum(x.sign)::integer,
      coalesce(sum(x.sign) filter (where p.demo), 0)::integer
    from (
      -- the day that left each window leaves its row (-1) for the next wider window's (+1), and the day after the
      -- new end comes into the narrowest window's
      select w.day, w.span, -1 from w
      union all
      select w.day, w.wider, 1 from w where w.wider is not null
      union all
      select v_day + 1, min(w.span), 1 from w
    ) x(day, span, sign)
    join private.market_sale_places p
      on p.sold_at >= x.day::timestamp at time zone 'UTC' and p.sold_at < (x.day + 1)::timestamp at time zone 'UTC'
    cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (facet, sig, condition, marketplace, span) do update set n = c.n + excluded.n,
      demo = c.demo + excluded.demo;
  end loop;
  delete from private.market_sold_cells c where c.n <= 0;
  update private.market_sold_state set through = v_today;
  return v_today - v_through;
end;
$$;

-- Recomputes every cell from the rows (a repair, or the first fill): the signatures of the rows counted, their places,
-- the (cell, seller) counts and the cells. Every pending word becomes active and every retiring word goes, since every
-- listing is signed anew. Takes the cells' tables for the time it runs (searches wait for it): not for a live day's use.
create function private.market_cells_rebuild() returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_width integer;
  v_started timestamptz := clock_timestamp();
begin
  -- (the merge's lock, then every write noted so far is taken: the rows read below are as new as those writes or newer,
  -- and a write committed after this is placed again by its own entry)
  perform pg_advisory_xact_lock(hashtext('private.market_cells_place'));
  delete from private.market_cells_queue;
  lock table private.market_listed_cells, private.market_listed_cell_sellers, private.market_listing_places,
    private.market_sale_places, private.market_sold_cells, private.market_sale_days in exclusive mode;
  perform 1 from private.market_sold_state for update;
  perform private.market_cell_words_settle();
  truncate private.market_listing_places, private.market_listed_cells, private.market_listed_cell_sellers,
    private.market_sale_places, private.market_sold_cells, private.market_sale_days;

  insert into private.market_seller_ords (seller_key)
  select distinct l.seller_key from public.market_listings l
  where l.seller_key is not null and l.source <> 'panel'
    and not exists (select 1 from private.market_seller_ords o where o.seller_key = l.seller_key)
  order by 1
  on conflict do nothing;
  v_width := private.market_cells_width();

  -- Each distinct key is signed once (the bench's titles repeat; sellers' own do less).
  create temporary table market_cells_shapes on commit drop as
  select k.terms, k.decoys, private.market_signature_key(k.terms) as key, private.market_facets_of(k.terms) as facets
  from (select distinct l.terms, l.decoys from public.market_listings l
        where private.market_listed_counts(l) or private.market_sold_counts(l)) k;

  insert into private.market_signatures (key, decoys)
  select distinct s.key, s.decoys from pg_temp.market_cells_shapes s
  on conflict do nothing;

  insert into private.market_listing_places (id, sig, facets, condition, marketplace, ord, demo)
  select l.id, g.id, s.facets, l.condition, l.marketplace, so.ord, l.source = 'demo'
  from public.market_listings l
  join pg_temp.market_cells_shapes s on s.terms = l.terms and s.decoys = l.decoys
  join private.market_signatures g on g.key = s.key and g.decoys = s.decoys
  left join private.market_seller_ords so on so.seller_key = l.seller_key
  where private.market_listed_counts(l);

  create temporary table market_cells_rows on commit drop as
  select f.facet, p.sig, p.condition, p.marketplace, p.ord, p.demo
  from private.market_listing_places p
  cross join lateral unnest('{""}'::text[] || p.facets) f(facet);

  insert into private.market_listed_cell_sellers (facet, sig, condition, marketplace, ord, n)
  select r.facet, r.sig, r.condition, r.marketplace, r.ord, count(*)
  from pg_temp.market_cells_rows r where r.ord is not null
  group by 1, 2, 3, 4, 5;

  insert into private.market_listed_cells (facet, sig, condition, marketplace, n, demo, sellers)
  select r.facet, r.sig, r.condition, r.marketplace, count(*), count(*) filter (where r.demo),
    coalesce(bit_or(private.market_seller_bit(r.ord, v_width)) filter (where r.ord is not null),
      repeat('0', v_width)::bit varying)
  from pg_temp.market_cells_rows r
  group by 1, 2, 3, 4;

  insert into private.market_sale_places (id, sig, facets, condition, marketplace, sold_at, seller_key, demo, price,
    took)
  select l.id, g.id, s.facets, l.condition, l.marketplace, l.sold_at, l.seller_key, l.source = 'demo',
    case when l.currency = 'USD' then l.price end, private.market_took(l.sold_at, l.listed_at)
  from public.market_listings l
  join pg_temp.market_cells_shapes s on s.terms = l.terms and s.decoys = l.decoys
  join private.market_signatures g on g.key = s.key and g.decoys = s.decoys
  where private.market_sold_counts(l)
  -- in the order a sold search reads them: a signature's sales of a condition lie together
  order by l.condition, g.id, l.sold_at;
  perform private.market_sold_cells_fill((now() at time zone 'UTC')::date);
  insert into private.market_sale_days (condition, sig, day, marketplace, n, demo, sellers, priced, timed, cents, took)
  select k.condition, k.sig, k.day, k.marketplace, f.n, f.demo, f.sellers, f.priced, f.timed, f.cents, f.took
  from (select distinct p.condition, p.sig, (p.sold_at at time zone 'UTC')::date as day, p.marketplace
        from private.market_sale_places p) k
  cross join lateral private.market_sale_day(k.condition, k.sig, k.day, k.marketplace, v_width) f
  -- in the order a sold search reads them: a signature's days of a condition lie together
  order by 1, 2, 3, 4;

  analyze private.market_signatures;
  analyze private.market_listed_cells;
  analyze private.market_sale_places;
  analyze private.market_sold_cells;
  analyze private.market_sale_days;
  return jsonb_build_object(
    'signatures', (select count(*) from private.market_signatures),
    'listings', (select count(*) from private.market_listing_places),
    'cells', (select count(*) from private.market_listed_cells),
    'cellSellers', (select count(*) from private.market_listed_cell_sellers),
    'sales', (select count(*) from private.market_sale_places),
    'soldCells', (select count(*) from private.market_sold_cells),
    'saleDays', (select count(*) from private.market_sale_days),
    'ms', round(extract(epoch from clock_timestamp() - v_started) * 1000));
end;
$$;

-- The cells that disagree with their rows: each cell as the rows make it now (listings, demo listings, sellers)
-- against the cell kept, and each counted listing whose place is missing or not its signature. Empty when all agree,
-- once the merge has taken every write in (public.market_cells_merge): until then the cells are as of
-- private.market_cells_as_of, and the writes since then show here.
create function private.market_cells_check() returns table (facet text, sig integer, condition text,
  marketplace text, problem text)
  language sql stable
  security definer
  set search_path = ''
as $$
  with width as (select s.width from private.market_cells_state s),
  fresh as (
    select f.facet, p.sig, l.condition, l.marketplace, count(*)::integer as n,
      count(*) filter (where l.source = 'demo')::integer as demo,
      coalesce(bit_or(private.market_seller_bit(so.ord, (select width from width))) filter (where so.ord is not null),
        repeat('0', (select width from width))::bit varying) as sellers
    from public.market_listings l
    join private.market_listing_places p on p.id = l.id
    cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
    left join private.market_seller_ords so on so.seller_key = l.seller_key
    where private.market_listed_counts(l)
    group by 1, 2, 3, 4
  )
  select coalesce(f.facet, c.facet), coalesce(f.sig, c.sig), coalesce(f.condition, c.condition),
    coalesce(f.marketplace, c.marketplace),
    case when c.n is null then 'missing' when f.n is null then 'no rows'
      when f.n <> c.n then 'listings' when f.demo <> c.demo then 'demo listings' else 'sellers' end
  from fresh f
  full join private.market_listed_cells c using (facet, sig, condition, marketplace)
  where f.n is distinct from c.n or f.demo is distinct from c.demo or f.sellers is distinct from c.sellers
  union all
  select null, p.sig, l.condition, l.marketplace, format('listing %s is in the wrong place', l.id)
  from public.market_listings l
  left join private.market_listing_places p on p.id = l.id
  left join private.market_signatures g on g.id = p.sig
  where private.market_listed_counts(l)
    and (p.id is null or g.key is distinct from private.market_signature_key(l.terms) or g.decoys <> l.decoys
         or p.facets <> private.market_facets_of(l.terms)
         or (p.condition, p.marketplace, p.ord, p.demo) is distinct from (l.condition, l.marketplace,
           (select so.ord from private.market_seller_ords so where so.seller_key = l.seller_key), l.source = 'demo'))
  union all
  select null, p.sig, null, null, format('listing %s is placed but not counted', p.id)
  from private.market_listing_places p
  left join public.market_listings l on l.id = p.id
  where l.id is null or not private.market_listed_counts(l)
  -- The sold cells against the places of the sales, and each place against its sale.
  union all
  select coalesce(f.facet, c.facet), coalesce(f.sig, c.sig), coalesce(f.condition, c.condition),
    coalesce(f.marketplace, c.marketplace),
    format('sold, the %s days'' row: ', coalesce(f.span, c.span)) || case when c.n is null then 'missing'
      when f.n is null then 'no sales' when f.n <> c.n then 'sales' else 'demo sales' end
  from (
    select f.facet, p.sig, p.condition, p.marketplace, w.span, count(*)::integer as n,
      count(*) filter (where p.demo)::integer as demo
    from private.market_sale_places p
    cross join lateral (select private.market_sold_span_of((p.sold_at at time zone 'UTC')::date,
      (select s.through from private.market_sold_state s)) as span) w
    cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
    where w.span is not null
    group by 1, 2, 3, 4, 5
  ) f
  full join private.market_sold_cells c using (facet, sig, condition, marketplace, span)
  where f.n is distinct from c.n or f.demo is distinct from c.demo
  union all
  select null, p.sig, l.condition, l.marketplace, format('sale %s is in the wrong place', l.id)
  from public.market_listings l
  left join private.market_sale_places p on p.id = l.id
  left join private.market_signatures g on g.id = p.sig
  where private.market_sold_counts(l)
    and (p.id is null or g.key is distinct from private.market_signature_key(l.terms) or g.decoys <> l.decoys
         or p.facets <> private.market_facets_of(l.terms)
         or (p.condition, p.marketplace, p.sold_at, p.seller_key, p.demo, p.price, p.took)
           is distinct from (l.condition, l.marketplace, l.sold_at, l.seller_key, l.source = 'demo',
             case when l.currency = 'USD' then l.price end, private.market_took(l.sold_at, l.listed_at)))
  -- The days of the sales against their places.
  union all
  select '', coalesce(k.sig, d.sig), coalesce(k.condition, d.condition), coalesce(k.marketplace, d.marketplace),
    format('sold on %s: ', coalesce(k.day, d.day)) || case when d.n is null then 'missing' when k.day is null
      then 'no sales' else 'figures' end
  from (select distinct p.condition, p.sig, (p.sold_at at time zone 'UTC')::date as day, p.marketplace
        from private.market_sale_places p) k
  full join private.market_sale_days d using (condition, sig, day, marketplace)
  left join lateral private.market_sale_day(coalesce(k.condition, d.condition), coalesce(k.sig, d.sig),
    coalesce(k.day, d.day), coalesce(k.marketplace, d.marketplace), (select s.width from private.market_cells_state s)) f
    on true
  where (f.n, f.demo, f.sellers, f.priced, f.timed, f.cents, f.took)
    is distinct from (d.n, d.demo, d.sellers, d.priced, d.timed, d.cents, d.took)
  union all
  select null, p.sig, null, null, format('sale %s is placed but not counted', p.id)
  from private.market_sale_places p
  left join public.market_listings l on l.id = p.id
  where l.id is null or not private.market_sold_counts(l)
$$;

-- Signs again the counted listings that hold a pending or retiring word or name, p_limit listings looked at a call in
-- id order (a cursor in market_cells_state), moving each whose signature changed from its old cells to its new ones;
-- when the cursor has passed the last listing, pending words become active and retiring ones go. Online: each call is
-- one short transaction, searches keep reading the cells (a pending word is read from rows until then), and a listing
-- written meanwhile is signed by the merge with the words as they are. Returns how many listings it looked at: 0
-- when nothing is left to do.
create function private.market_cells_resign(p_limit integer default 5000) returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_words text[];
  v_after bigint;
  v_ids bigint[];
  v_moved bigint[];
begin
  select coalesce(array_agg(distinct w), '{}') into v_words
  from (select w.word as w from private.market_cell_words w where w.role = 'signature' and w.state in ('pending', 'retiring')
        union all
        select unnest(n.words) from private.market_cell_names n where n.state in ('pending', 'retiring')) w;
  if cardinality(v_words) = 0 then
    return 0;
  end if;
  -- (the merge's lock: a listing is placed by one of them at a time)
  perform pg_advisory_xact_lock(hashtext('private.market_cells_place'));
  select s.resign_after into v_after from private.market_cells_state s for update;
  -- (each table's next p_limit first, read from its key: a limit over the union of both sorted every place after the
  -- cursor, 10M at the start of a pass at 10M listings)
  v_ids := array(select p.id from ((select p.id from private.market_listing_places p where p.id > v_after
                                    order by p.id limit p_limit)
                                   union all
                                   (select p.id from private.market_sale_places p where p.id > v_after
                                    order by p.id limit p_limit)) p
                 order by p.id limit p_limit);
  if cardinality(v_ids) = 0 then
    perform private.market_cell_words_settle();
    update private.market_cells_state set resign_after = 0;
    return 0;
  end if;
  v_moved := array(
    select l.id
    from public.market_listings l
    left join private.market_listing_places p on p.id = l.id
    left join private.market_sale_places sp on sp.id = l.id
    join private.market_signatures g on g.id = coalesce(p.sig, sp.sig)
    where l.id = any (v_ids) and l.terms && v_words and g.key is distinct from private.market_signature_key(l.terms));
  if cardinality(v_moved) > 0 then
    perform private.market_cells_place(v_moved);
  end if;
  update private.market_cells_state set resign_after = v_ids[cardinality(v_ids)];
  return cardinality(v_ids);
end;
$$;

-- Words users search that no signature keeps, promoted into the signature words (decision 085): the words of the
-- searches of the last p_days days (marketplace_search_logs), by how many users searched them, then how often, that
-- listings use (market_vocabulary), that are not a facet, a stop word or a word of two letters; at most p_limit
-- promoted words in all, each searched by at least p_min_users users. A promoted word is pending until every listing
-- is signed with it (private.market_cells_resign). Returns how many it promoted.
create function private.market_cells_promote(p_limit integer default 500, p_days integer default 30,
  p_min_users integer default 2) returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_room integer;
  v_n integer;
begin
  select greatest(p_limit - count(*), 0) into v_room from private.market_cell_words where source = 'promoted';
  if v_room = 0 then
    return 0;
  end if;
  insert into private.market_cell_words (word, role, source, state)
  select c.word, 'signature', 'promoted', 'pending'
  from (
    select w.word, count(distinct g.user_id) as users, count(*) as searches
    from public.marketplace_search_logs g, unnest(public.market_words(g.search_term)) w(word)
    where g.created_at > now() - make_interval(days => p_days)
    group by w.word
  ) c
  where c.users >= p_min_users and char_length(c.word) > 2 and c.word ~ '^[a-z0-9_]{1,100}$'
    and not private.market_is_facet(c.word)
    and not exists (select 1 from private.market_cell_words x where x.word = c.word)
    and exists (select 1 from public.market_vocabulary v where v.word = c.word and v.listings > 0)
  order by c.users desc, c.searches desc, c.word
  limit v_room
  on conflict (word) do nothing;
  get diagnostics v_n = row_count;
  return v_n;
end;
$$;

-- The cells' words, hourly (pg_cron on a hosted project; the emulator at start and hourly): the lexicon's words again
-- (a lexicon load adds and retires some), then the words users search promoted. The listings are then signed again by
-- private.market_cells_resign, a batch a call, each call its own short transaction (pg_cron every minute; the emulator
-- calls it until it says 0). Returns what changed.
create function private.market_cells_words_update() returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  return jsonb_build_object('changed', private.market_cell_words_refresh(), 'promoted', private.market_cells_promote());
end;
$$;

revoke execute on function private.market_cells_promote(integer, integer, integer),
  private.market_cells_words_update() from public, anon, authenticated;
grant execute on function private.market_cells_promote(integer, integer, integer),
  private.market_cells_words_update() to service_role;

revoke execute on function private.market_cell_words_settle() from public, anon, authenticated;
revoke execute on function private.market_cell_words_refresh(), private.market_cells_rebuild(),
  private.market_cells_check(), private.market_cells_resign(integer), private.market_sold_cells_fill(date),
  private.market_sold_roll() from public, anon, authenticated;
grant execute on function private.market_cell_words_refresh(), private.market_cells_rebuild(),
  private.market_cells_check(), private.market_cells_resign(integer), private.market_sold_roll() to service_role;

-- Reading the cells ---------------------------------------------------------------------------------------------------

-- The words a reading tests that a signature cannot answer for: of each set of words it tests together (an
-- alternative of a group, a word or words that rule a listing out, a garment kind, an exclusion), the words that are
-- neither active signature words nor part of an active name the set holds whole. Empty: the reading gives the same
-- verdict on a listing's signature as on its key.
-- p_part: 'groups', the sets of the clauses' groups only; 'rest', the others (what a clause rules out, its garment
-- kinds, the exclusions: a hundred words for a garment's kinds, three quarters of a call); 'all', both. A reading
-- changed only in its groups (private.market_without_facet, a probe of "did you mean") asks the groups again and keeps
-- the rest's words.
create function private.market_uncovered(p_reading jsonb, p_part text default 'all') returns text[]
  language plpgsql stable
  set search_path = ''
  -- (planned costs of jsonb functions run high: never worth compiling)
  set jit = off
as $$
declare
  -- the clauses whose groups are asked, and those whose rule-outs and kinds are, with the exclusions
  v_group_clauses jsonb := case when p_part in ('all', 'groups') then coalesce(p_reading -> 'clauses', '[]')
                              else '[]' end;
  v_rest_clauses jsonb := case when p_part in ('all', 'rest') then coalesce(p_reading -> 'clauses', '[]') else '[]' end;
  v_exclude jsonb := case when p_part in ('all', 'rest') then coalesce(p_reading -> 'exclude', '[]') else '[]' end;
begin
  -- (PL/pgSQL keeps this statement's plan across calls; a SQL function is planned again at every call)
  return (
    with units as materialized (
      select array(select jsonb_array_elements_text(a)) as u
      from jsonb_array_elements(v_group_clauses) c,
        jsonb_array_elements(coalesce(c -> 'groups', '[]')) g, jsonb_array_elements(g -> 'any') a
      union all
      select array(select jsonb_array_elements_text(a))
      from jsonb_array_elements(v_rest_clauses) c, jsonb_array_elements(coalesce(c -> 'notwords', '[]')) a
      union all
      select array[w]
      from jsonb_array_elements(v_rest_clauses) c, unnest(array['own', 'others']) k,
        jsonb_array_elements_text(case when jsonb_typeof(c -> 'kinds') = 'object' then c -> 'kinds' -> k end) w
      union all
      select array(select jsonb_array_elements_text(a))
      from jsonb_array_elements(v_rest_clauses) c,
        jsonb_array_elements(case when jsonb_typeof(c -> 'kinds') = 'object' then c -> 'kinds' -> 'phrases' end) a
      union all
      select array(select jsonb_array_elements_text(a))
      from jsonb_array_elements(v_exclude) g, jsonb_array_elements(g -> 'any') a
    )
    -- (a word that is no signature word first, by its key; then the names that hold it, through their index. Each
    -- word is looked up on its own: as a join, the words of a reading, a dozen, are planned as a million rows and the
    -- whole table of words is hashed, 0.3 ms a call)
    , other as materialized (
      select units.u, w from units, unnest(units.u) w
      where (select x.word from private.market_cell_words x
             where x.word = w and x.role = 'signature' and x.state = 'active') is null
    )
    select coalesce(array_agg(distinct o.w order by o.w), '{}')
    from other o
    where not exists (select 1 from private.market_cell_names n
                      where n.words @> array[o.w] and n.state = 'active' and n.words <@ o.u)
  );
end;
$$;

-- Whether any listing, listed or sold, meets a clause (its groups and the words it rules out), as the row test
-- private.market_listing_exists(groups || rule-outs) finds it: when the cells cover every word the clause tests, from
-- the signatures that hold a listed cell or a sale's place, and the listings the cells do not count (the panel's,
-- hedged titles, sales with no date) asked of rows through their own small index; when they cover all but one colour
-- or size word that a group asks for alone (the facet, picked as private.market_cells_route picks it), found at once
-- when a listed cell of that facet meets the rest, else asked of rows; else of rows.
-- "Did you mean" asks a few of these on an answer that found nothing, and a probe of rows costs in step with the
-- words' listings (190 ms at 10M; 3 to 6 ms for a colour beside a brand).
-- p_rest: what private.market_uncovered(…, 'rest') says of the clause, when the caller knows it (every probe of "did you
-- mean" that keeps the query's rule-outs and kinds has the same); null: asked here.
create function private.market_found(p_clause jsonb, p_rest text[] default null) returns boolean
  language plpgsql stable
  set search_path = ''
  -- (planned costs of jsonb functions run high: never worth compiling)
  set jit = off
  set enable_seqscan = off
  set enable_indexscan = on
as $$
declare
  -- the clause's groups as a test of a signature's key: none when a group matches nothing
  v_sig_groups text := public.market_groups_sql(coalesce(p_clause -> 'groups', '[]'), 's.key');
  v_reading jsonb := jsonb_build_object('clauses', jsonb_build_array(p_clause));
  v_left text[];
  v_rest text[];
  v_facet text;
  v_clause jsonb := p_clause;
  -- null until the cells answer; asked of rows when they cannot
  v_found boolean;
  -- the probe's test on the rows, written only when the rows are read: for the listings no cell counts that may meet
  -- the clause, when the cells found none
  v_rows text;
  v_span smallint;
  v_since timestamptz;
  v_until timestamptz;
  v_sigs integer[];
begin
  if v_sig_groups = '' then
    return false;
  end if;
  <<from_cells>>
  begin
    if current_setting('flipwise.market_cells', true) = 'off'
       or not (select s.reads from private.market_cells_state s) then
      exit from_cells;
    end if;
    -- (the groups' words and the rest's apart: taking the facet out changes only the groups)
    v_rest := coalesce(p_rest, private.market_uncovered(v_reading, 'rest'));
    v_left := private.market_uncovered(v_reading, 'groups') || v_rest;
    if cardinality(v_left) > 0 then
      select w into v_facet from unnest(v_left) w where private.market_is_facet(w)
      order by (w ~ '^sz_') desc, w limit 1;
      if v_facet is not null then
        v_reading := private.market_without_facet(v_reading, v_facet);
        v_clause := v_reading -> 'clauses' -> 0;
        v_left := private.market_uncovered(v_reading, 'groups') || v_rest;
        -- (a clause the facet was the only group of holds every signature)
        v_sig_groups := coalesce(nullif(public.market_groups_sql(coalesce(v_clause -> 'groups', '[]'), 's.key'), ''),
          'true');
      end if;
    end if;
    if cardinality(v_left) > 0 then
      exit from_cells;
    end if;
    -- The signatures that meet the clause, in a statement of its own: the probes below are then the same statements
    -- at every call, planned once per session, where one statement written out for each clause was planned at each
    -- (1 to 3 ms a probe at 10M listings, most of "did you mean"'s time).
    execute format('select coalesce(array_agg(s.id), ''{}'') from private.market_signatures s where %s%s',
      v_sig_groups, public.market_not_sql(v_clause - 'not', 's.key'))
    into v_sigs;
    if v_facet is not null then
      -- A listed cell of the facet, or a sold cell of the facet in the longest window, in a signature that meets
      -- the rest: found. The sales the longest window does not hold (dated before it, waiting for the archive, or
      -- after the day after its end) are few: those before it are read per signature, those after it through the
      -- places' index of dates. The listings no cell counts are asked of rows below. Every listing of the words is in
      -- one of the four, so this is the row probe's answer, without reading the sales of the signatures: their places
      -- do not index their facets, and reading a signature's places to the last cost 90 ms for "size s" at 10M.
      -- With no windows' day kept, no sale is placed: rows.
      select max(x.span) into v_span from unnest(private.market_sold_spans()) x(span);
      select (w.through - (v_span - 1))::timestamp at time zone 'UTC', (w.through + 2)::timestamp at time zone 'UTC'
      into v_since, v_until
      from private.market_sold_state w;
      if v_since is null then
        exit from_cells;
      end if;
      v_found := exists (select 1 from private.market_listed_cells c where c.facet = v_facet and c.sig = any (v_sigs))
        or exists (select 1 from private.market_sold_cells c
                   where c.facet = v_facet and c.sig = any (v_sigs) and c.span <= v_span and c.n > 0)
        -- (each signature's sales before the window through the places' own index, condition by condition, in a
        -- lateral with a limit so that it is not planned as one join: the window ends a day or two after the hourly
        -- archive's 366 days, so the sales before it are a day or two of the whole market's, 13,000 at 10M listings,
        -- and reading all of them for their facets cost a probe 3 ms)
        or exists (select 1
                   from unnest(v_sigs) m(id),
                     unnest(array['new_with_tags', 'new_without_tags', 'new_with_imperfections', 'pre_owned'])
                       k(condition),
                     lateral (select 1 from private.market_sale_places p
                              where p.condition = k.condition and p.sig = m.id and p.sold_at < v_since
                                and p.facets @> array[v_facet]
                              limit 1) p)
        or exists (select 1 from private.market_sale_places p
                   where p.sold_at >= v_until and p.facets @> array[v_facet] and p.sig = any (v_sigs));
    else
      v_found := exists (
        select 1 from unnest(v_sigs) m(id)
        where exists (select 1 from private.market_listed_cells c where c.facet = '' and c.sig = m.id)
          or exists (select 1 from unnest(array['new_with_tags', 'new_without_tags', 'new_with_imperfections',
                                                'pre_owned']) k(condition)
                     where exists (select 1 from private.market_sale_places p
                                   where p.condition = k.condition and p.sig = m.id)));
    end if;
    if v_found then
      return true;
    end if;
  end from_cells;
  if v_found is null then
    return private.market_listing_exists(public.market_groups_sql(coalesce(p_clause -> 'groups', '[]'), 'l.terms')
      || public.market_not_sql(p_clause, 'l.terms'));
  end if;
  -- The cells found none: the listings no cell counts (the panel's, hedged titles, sales with no date) that meet the
  -- clause, through their own small partial index. First, in a statement planned once, whether any of them holds a
  -- word that every listing of the clause holds (private.market_hedged_words); only then the statement written for
  -- the clause, which is planned at each call (1.5 ms, most of a probe that finds nothing).
  if not exists (select 1 from public.market_listings l
                 where (l.source = 'panel' or l.hedged or (l.status = 'sold' and l.sold_at is null))
                   and l.status in ('available', 'sold')
                   and l.terms && private.market_hedged_words(
                     jsonb_build_object('clauses', jsonb_build_array(p_clause)))) then
    return false;
  end if;
  v_rows := public.market_groups_sql(coalesce(p_clause -> 'groups', '[]'), 'l.terms')
    || public.market_not_sql(p_clause, 'l.terms');
  execute format($sql$select exists (
      select 1 from public.market_listings l
      where (l.source = 'panel' or l.hedged or (l.status = 'sold' and l.sold_at is null))
        and l.status in ('available', 'sold') and %s)$sql$, v_rows)
  into v_found;
  return v_found;
end;
$$;

-- A reading without the groups a facet answers: the group of the facet word alone, and for a numeric size (sz_30)
-- every group that accepts its number alone (30), which the listing key always writes beside it (market_words). A
-- clause that lost a group says so ('faceted'): with no group left, it holds every signature.
create function private.market_without_facet(p_reading jsonb, p_facet text) returns jsonb
  language plpgsql stable
  set search_path = ''
  -- (planned costs of jsonb functions run high: never worth compiling)
  set jit = off
as $$
begin
  -- (PL/pgSQL keeps the plan across calls; a SQL function is planned again at every call)
  return (
    select case when p_facet = '' then p_reading else jsonb_set(p_reading, '{clauses}', coalesce((
      select jsonb_agg(case when x.dropped then x.c || jsonb_build_object('faceted', true, 'groups', x.kept) else x.c end
        order by x.i)
      from (
        select c.c, c.i, coalesce(jsonb_agg(g.g) filter (where not g.implied), '[]') as kept, bool_or(g.implied) as dropped
        from jsonb_array_elements(p_reading -> 'clauses') with ordinality c(c, i)
        left join lateral (
          select g.g, (g.g -> 'any' = jsonb_build_array(jsonb_build_array(p_facet))
            or (p_facet ~ '^sz_[0-9]+$' and g.g -> 'any' @> jsonb_build_array(jsonb_build_array(substr(p_facet, 4)))))
            as implied
          from jsonb_array_elements(coalesce(c.c -> 'groups', '[]')) g(g)
        ) g on true
        group by c.c, c.i
      ) x), '[]')) end
  );
end;
$$;

-- Whether any listing, listed or sold, holds a word: one probe of each status's index, with the word written into the
-- statement (a generic plan expects an early hit and walks the table in key order: 12 s at 10M listings for a word
-- nobody uses), where a word no listing holds costs a lookup that finds nothing.
create function private.market_word_used(p_word text) returns boolean
  language sql stable
  set search_path = ''
as $$
  select private.market_listing_exists(format('l.terms @> %L::text[]', array[p_word]))
$$;

-- A reading without the words no listing holds (p_dead), which change no count: an alternative or a set of words that
-- holds one matches nothing, so it goes; a group left with no alternative leaves its clause matching nothing, so the
-- clause goes; a word that rules a listing out, or a kind's word, rules out nothing, so it goes too. A reading left
-- with no clause matches nothing, as the words said.
create function private.market_without_words(p_reading jsonb, p_dead text[]) returns jsonb
  language sql immutable
  set search_path = ''
  -- (planned costs of jsonb functions run high: never worth compiling)
  set jit = off
as $$
  with clauses as (
    select c.i, c.c,
      (select coalesce(jsonb_agg(g.g || jsonb_build_object('any', x.any) order by g.n), '[]')
       from jsonb_array_elements(coalesce(c.c -> 'groups', '[]')) with ordinality g(g, n),
         lateral (select coalesce(jsonb_agg(a order by k), '[]') as any
                  from jsonb_array_elements(g.g -> 'any') with ordinality a(a, k)
                  where not array(select jsonb_array_elements_text(a)) && p_dead) x) as groups
    from jsonb_array_elements(coalesce(p_reading -> 'clauses', '[]')) with ordinality c(c, i)
  ),
  kept as (
    select k.i, k.c || jsonb_build_object('groups', k.groups)
      || jsonb_build_object('notwords', (
           select coalesce(jsonb_agg(w order by n), '[]')
           from jsonb_array_elements(coalesce(k.c -> 'notwords', '[]')) with ordinality w(w, n)
           where not array(select jsonb_array_elements_text(w)) && p_dead))
      || case when jsonb_typeof(k.c -> 'kinds') = 'object' then jsonb_build_object('kinds', k.c -> 'kinds'
           || jsonb_build_object(
                'own', (select coalesce(jsonb_agg(w order by n), '[]')
                        from jsonb_array_elements_text(coalesce(k.c -> 'kinds' -> 'own', '[]')) with ordinality w(w, n)
                        where not w = any (p_dead)),
                'others', (select coalesce(jsonb_agg(w order by n), '[]')
                           from jsonb_array_elements_text(coalesce(k.c -> 'kinds' -> 'others', '[]')) with ordinality w(w, n)
                           where not w = any (p_dead)),
                'phrases', (select coalesce(jsonb_agg(w order by n), '[]')
                            from jsonb_array_elements(coalesce(k.c -> 'kinds' -> 'phrases', '[]')) with ordinality w(w, n)
                            where not array(select jsonb_array_elements_text(w)) && p_dead)))
         else '{}'::jsonb end as c
    from clauses k
    where not exists (select 1 from jsonb_array_elements(k.groups) g where jsonb_array_length(g -> 'any') = 0)
  )
  select p_reading || jsonb_build_object(
    'clauses', (select coalesce(jsonb_agg(k.c order by k.i), '[]') from kept k),
    'exclude', (
      select coalesce(jsonb_agg(x.g order by x.n), '[]')
      from (
        select g.n, g.g || jsonb_build_object('any', (
            select coalesce(jsonb_agg(a order by k), '[]')
            from jsonb_array_elements(g.g -> 'any') with ordinality a(a, k)
            where not array(select jsonb_array_elements_text(a)) && p_dead)) as g
        from jsonb_array_elements(coalesce(p_reading -> 'exclude', '[]')) with ordinality g(g, n)
      ) x
      where jsonb_array_length(x.g -> 'any') > 0))
$$;

-- Which path a reading takes, and how: {path: 'cells', facet, reading} where `reading` is the reading to run over the
-- signatures (the facet's groups taken out), or {path: 'rows', why}. The cells answer a reading that tests only what a
-- signature answers for (private.market_uncovered), with no phrase, narrowed at most by one facet: a colour or size
-- word it asks for as a group of its own, or the size narrowing. A price band narrows by each listing's price, which
-- cells do not keep. `flipwise.market_cells = off` (a session setting) sends a session's readings to rows, for the
-- identity tests; market_cells_state.reads = false sends everyone's (the bench's row path).
create function private.market_cells_route(p_parsed jsonb, p_filters jsonb) returns jsonb
  language plpgsql stable
  set search_path = ''
  -- (planned costs of jsonb functions run high: never worth compiling)
  set jit = off
as $$
declare
  v_size text[];
  v_left text[];
  v_rest text[];
  v_dead text[];
  v_facet text;
  v_reading jsonb;
begin
  if current_setting('flipwise.market_cells', true) = 'off'
     or not (select s.reads from private.market_cells_state s) then
    return jsonb_build_object('path', 'rows', 'why', 'cells off');
  end if;
  if coalesce(p_filters, '{}') ? 'priceMin' or coalesce(p_filters, '{}') ? 'priceMax' then
    return jsonb_build_object('path', 'rows', 'why', 'price band');
  end if;
  if exists (select 1 from jsonb_array_elements(coalesce(p_parsed -> 'clauses', '[]')) c
             where jsonb_array_length(coalesce(c -> 'phrases', '[]')) > 0) then
    return jsonb_build_object('path', 'rows', 'why', 'phrase');
  end if;
  -- (the groups' words and the rest's apart: taking the facet out below changes only the groups)
  v_rest := private.market_uncovered(p_parsed, 'rest');
  v_left := array(select distinct w from unnest(private.market_uncovered(p_parsed, 'groups') || v_rest) w order by w);
  if nullif(btrim(coalesce(p_filters ->> 'size', '')), '') is not null then
    -- The size narrowing, as market_filter_sql reads it: one size word is a facet.
    v_size := private.market_size_words(p_filters ->> 'size');
    if cardinality(v_size) <> 1 then
      return jsonb_build_object('path', 'rows', 'why', 'size');
    end if;
    v_facet := v_size[1];
  elsif cardinality(v_left) > 0 then
    -- The facet the words left point to: a size word first (it carries its number), then any other facet word.
    select w into v_facet from unnest(v_left) w where private.market_is_facet(w)
    order by (w ~ '^sz_') desc, w limit 1;
  end if;
  v_reading := private.market_without_facet(p_parsed, coalesce(v_facet, ''));
  if v_facet is not null then
    v_left := array(select distinct w from unnest(private.market_uncovered(v_reading, 'groups') || v_rest) w
                    order by w);
  end if;
  if cardinality(v_left) > 0 then
    -- A word no listing holds changes no count: the reading without it (a word nobody lists, a size nobody has). Only
    -- the words the sample of listings never met are asked of the index (market_vocabulary: a word it met is used,
    -- or was, and is left to the rows), so a common word costs no probe of its whole posting list.
    v_dead := array(select w from unnest(v_left) w
                    where not exists (select 1 from public.market_vocabulary v where v.word = w and v.listings > 0)
                      and not private.market_word_used(w));
    if cardinality(v_dead) > 0 then
      v_reading := private.market_without_words(v_reading, v_dead);
      v_left := private.market_uncovered(v_reading);
    end if;
  end if;
  if cardinality(v_left) > 0 then
    return jsonb_build_object('path', 'rows', 'why', 'words', 'words', to_jsonb(v_left));
  end if;
  return jsonb_build_object('path', 'cells', 'facet', coalesce(v_facet, ''), 'reading', v_reading);
end;
$$;

-- The WHERE clause of a routed reading over the signatures s: the reading's own groups and rule-outs (market_groups_sql
-- and market_not_sql, as on a listing's key), its decoys and exclusions. The hedged-brand test is left out: the cells
-- hold no hedged title. A clause whose only group was the facet holds every signature (the facet's cells narrow it).
create function private.market_signature_sql(p_reading jsonb) returns text
  language plpgsql stable
  set search_path = ''
  -- (planned costs of jsonb functions run high: never worth compiling)
  set jit = off
as $$
declare
  v_parts text[] := '{}';
  v_clause jsonb;
  v_groups text;
  v_part text;
begin
  for v_clause in select value from jsonb_array_elements(coalesce(p_reading -> 'clauses', '[]')) loop
    v_groups := public.market_groups_sql(v_clause -> 'groups', 's.key');
    if v_groups = '' then
      if not coalesce((v_clause ->> 'faceted')::boolean, false)
         or jsonb_array_length(coalesce(v_clause -> 'groups', '[]')) > 0 then
        continue;
      end if;
      v_groups := 'true';
    end if;
    v_parts := v_parts || ('(' || v_groups || public.market_not_sql(v_clause - 'not', 's.key') || ')');
  end loop;
  if cardinality(v_parts) = 0 then
    return 'false';
  end if;
  v_part := format('(%s) and s.decoys <@ %L::text[]', array_to_string(v_parts, ' or '),
    array(select jsonb_array_elements_text(coalesce(p_reading -> 'allow', '[]'))));
  if jsonb_array_length(coalesce(p_reading -> 'allow', '[]')) > 0 then
    v_part := v_part || format(' and s.decoys && %L::text[]',
      array(select jsonb_array_elements_text(p_reading -> 'allow')));
  end if;
  if jsonb_array_length(coalesce(p_reading -> 'exclude', '[]')) > 0 then
    v_part := v_part || format(' and not coalesce(%s, false)',
      (select string_agg(nullif(public.market_groups_sql(jsonb_build_array(g), 's.key'), ''), ' or ')
       from jsonb_array_elements(p_reading -> 'exclude') g));
  end if;
  return v_part;
end;
$$;

-- Words of which every listing a reading matches holds at least one: of each clause, the first word of each way of
-- saying its first group that says anything (a listing meets a group by holding every word of one of its ways,
-- public.market_groups_sql). The hedged listings and sales are counted from rows beside the cells; a reading's test
-- of them is planned at each call (0.7 ms at 10M listings, most of a listed search's planning: its regular expression
-- and word tests are estimated against the table's statistics), so it is written only when a hedged row holds one of
-- these words. An empty array: the reading matches nothing.
create function private.market_hedged_words(p_parsed jsonb) returns text[]
  language plpgsql immutable
  set search_path = ''
as $$
begin
  -- (PL/pgSQL keeps the plan across calls; a SQL function is planned again at every call)
  return (
    select coalesce(array_agg(distinct a.value ->> 0) filter (where jsonb_array_length(a.value) > 0), '{}')
    from jsonb_array_elements(coalesce(p_parsed -> 'clauses', '[]')) c,
      lateral (
        select g.value from jsonb_array_elements(coalesce(c.value -> 'groups', '[]')) with ordinality g(value, i)
        where exists (select 1 from jsonb_array_elements(coalesce(g.value -> 'any', '[]')) w
                      where jsonb_array_length(w.value) > 0)
        order by g.i
        limit 1) g,
      jsonb_array_elements(g.value -> 'any') a
  );
end;
$$;

-- The listed groups of a routed reading: per (condition, marketplace), the listings, the demo listings and the
-- sellers' bitset, from the cells of the matching signatures and facet, with the hedged listings the reading matches
-- counted from rows beside them. The same groups the row count makes (private.market_available), sellers as bits.
-- When no hedged listing holds a word of the reading (private.market_hedged_words), the cells alone, in a statement
-- planned once.
create function private.market_listed_groups(p_route jsonb, p_parsed jsonb, p_filters jsonb)
  returns table (condition text, marketplace text, n integer, demo integer, sellers bit varying)
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_sigs integer[];
  v_width integer := (select s.width from private.market_cells_state s);
  v_marketplace text := lower(nullif(p_filters ->> 'marketplace', ''));
begin
  execute format('select coalesce(array_agg(s.id), ''{}'') from private.market_signatures s where %s',
    private.market_signature_sql(p_route -> 'reading'))
  into v_sigs;
  if not exists (select 1 from public.market_listings l
                 where l.hedged and l.status = 'available' and l.terms && private.market_hedged_words(p_parsed)) then
    return query
      select c.condition, c.marketplace, sum(c.n)::integer, sum(c.demo)::integer, bit_or(c.sellers)::bit varying
      from private.market_listed_cells c
      where c.facet = p_route ->> 'facet' and c.sig = any (v_sigs)
        and (v_marketplace is null or c.marketplace = v_marketplace)
      group by 1, 2;
    return;
  end if;
  return query execute format($sql$
    select g.condition, g.marketplace, sum(g.n)::integer, sum(g.demo)::integer, bit_or(g.sellers)::bit varying
    from (
      select c.condition, c.marketplace, c.n, c.demo, c.sellers
      from private.market_listed_cells c
      where c.facet = $1 and c.sig = any ($2) and ($3 is null or c.marketplace = $3)
      union all
      select l.condition, l.marketplace, 1, (l.source = 'demo')::integer,
        coalesce(private.market_seller_bit(so.ord, $4), repeat('0', $4)::bit varying)
      from public.market_listings l
      left join private.market_seller_ords so on so.seller_key = l.seller_key
      where l.hedged and %s and l.source <> 'panel' and %s
    ) g
    group by 1, 2$sql$, public.market_match_sql(p_parsed, 'available'), private.market_filter_sql(p_filters))
  using p_route ->> 'facet', v_sigs, v_marketplace, v_width;
end;
$$;

revoke execute on function private.market_found(jsonb, text[]), private.market_word_used(text),
  private.market_without_words(jsonb, text[]) from public, anon, authenticated;
grant execute on function private.market_found(jsonb, text[]), private.market_word_used(text),
  private.market_without_words(jsonb, text[]) to service_role;
revoke execute on function private.market_uncovered(jsonb, text), private.market_without_facet(jsonb, text),
  private.market_cells_route(jsonb, jsonb), private.market_signature_sql(jsonb),
  private.market_listed_groups(jsonb, jsonb, jsonb), private.market_hedged_words(jsonb) from public, anon, authenticated;
grant execute on function private.market_uncovered(jsonb, text), private.market_without_facet(jsonb, text),
  private.market_cells_route(jsonb, jsonb), private.market_signature_sql(jsonb),
  private.market_listed_groups(jsonb, jsonb, jsonb), private.market_hedged_words(jsonb) to service_role;

-- The distinct sellers of a condition's sales in a window (the places of a routed reading's signatures and facet, and
-- p_extra: its hedged sales' sellers), enough to tell the panel's threshold: the first found when they are at least
-- p_k (the first 4 x p_k sales nearly always hold them), else all of them.
create function private.market_sale_sellers(p_condition text, p_sigs integer[], p_facet text, p_since timestamptz,
  p_until timestamptz, p_marketplace text, p_k integer, p_extra uuid[]) returns uuid[]
  language plpgsql stable
  set search_path = ''
  -- planned for the signatures at hand: a generic plan may walk the sales by date to fill its limit
  set plan_cache_mode = force_custom_plan
as $$
declare
  v_keys uuid[];
begin
  v_keys := array(
    select f.k from (
      select p.seller_key as k from private.market_sale_places p
      where p.condition = p_condition and p.sig = any (p_sigs) and p.sold_at >= p_since and p.sold_at < p_until
        and (p_facet = '' or p.facets @> array[p_facet]) and (p_marketplace is null or p.marketplace = p_marketplace)
        and p.seller_key is not null
      limit 4 * p_k) f
    union
    select unnest(p_extra));
  if cardinality(v_keys) >= p_k then
    return v_keys;
  end if;
  return array(
    select p.seller_key from private.market_sale_places p
    where p.condition = p_condition and p.sig = any (p_sigs) and p.sold_at >= p_since and p.sold_at < p_until
      and (p_facet = '' or p.facets @> array[p_facet]) and (p_marketplace is null or p.marketplace = p_marketplace)
      and p.seller_key is not null
    union
    select unnest(p_extra));
end;
$$;

-- The sold count's sources when its reading is routed to the cells (public.market_count_sold reads the rest of its
-- answer from them, as from its rows): mc, the window's sales of the condition asked for, from their places (narrow
-- rows in signature order) and the hedged sales from rows; g, per (condition, marketplace), the sales and demo sales:
-- the condition asked for with its sellers, the others from the sold cells of the window, with whether they drew on
-- enough sellers; and the figures of the condition asked for (private.market_sold_figures_sql). With no facet and no
-- hedged sale, the condition's marketplaces and figures come from the days of its sales (decision 088), else from mc.
-- The statement's parameters: $1 condition, $2 the window's start, $3 the threshold, $4 and $5 the end of the first
-- third and the start of the last, $6 the signatures, $7 the facet ('' for none), $8 the marketplace narrowed to (null
-- for all), $9 the window in days, $10 the end of the days counted (tomorrow's end), $11 the window's week starts. The
-- hedged sales' test is written only when a hedged sale holds a word of the reading (private.market_hedged_words);
-- else none is read, and the statement is planned for less. With no hedged test the text is the same at every call,
-- from the days or from the places (p_fixed), and public.market_count_sold prepares it once a session: planned at every
-- call, the places' statement cost a sold search 3 ms at 1M listings (decision 097).
create function private.market_sold_sources(p_parsed jsonb, p_filters jsonb, p_facet text, p_condition text,
  p_sigs integer[], p_span integer, out p_sql text, out p_fixed boolean)
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_hedged text := 'false';
  v_asked text;
  v_days boolean := false;
  v_marketplace text := lower(nullif(p_filters ->> 'marketplace', ''));
  -- The fewest sales a day of the window must hold on average for the days to be read rather than the sales
  -- (decision 088, measured again at 10M listings in decision 094): a day's row costs about as much to read as 1.5
  -- sales at 10M, 2 to 3 at 1M, where either way costs about the same at 1.5.
  v_per_day float8 := coalesce(nullif(current_setting('flipwise.market_sale_days_min', true), '')::float8, 1.5);
begin
  if exists (select 1 from public.market_listings l
             where l.hedged and l.status = 'sold' and l.terms && private.market_hedged_words(p_parsed)) then
    -- the reading's test on the key itself (not the sale words by week), so the partial index of hedged sales finds them
    v_hedged := replace(public.market_match_sql(p_parsed, 'available'), '''available''', '''sold''') || ' and '
      || private.market_filter_sql(p_filters);
  end if;
  -- How many sales the window holds, and on how many of its days a (signature, marketplace) sold one, as the sold
  -- cells expect it: a cell of n sales over the span's days fills span (1 - e^(-n/span)) of them on average.
  if p_facet = '' and v_hedged = 'false' and (
       select coalesce(sum(c.n), 0) >= v_per_day * coalesce(sum(p_span * (1 - exp(-c.n::float8 / p_span))), 0)
       from (select sum(c.n) as n from private.market_sold_cells c
             where c.facet = '' and c.sig = any (p_sigs) and c.condition = p_condition
               and (v_marketplace is null or c.marketplace = v_marketplace) and c.span <= p_span
             group by c.sig, c.marketplace) c) then
    -- The days of the condition's sales in the window (decision 088): its marketplaces and every figure that reads
    -- its sales one by one, made from days (a few hundred rows) instead: sellers as their bitsets OR'd, the weeks'
    -- and thirds' by the days they hold (each a whole UTC day, as every week and third is), the quantiles over the
    -- days' prices and times to sell. mc stays for the newest sales of many signatures, should they be asked for.
    v_days := true;
    v_asked := $sql$
    days as materialized (
      select d.marketplace, width_bucket(t.at, $11) as wb,
        case when t.at < $4 then 'early' when t.at >= $5 then 'recent' end as part,
        d.n, d.demo, d.sellers, d.priced, d.timed, d.cents, d.took
      from private.market_sale_days d
      cross join lateral (select d.day::timestamp at time zone 'UTC' as at) t
      where d.condition = $1 and d.sig = any ($6) and d.day >= ($2 at time zone 'UTC')::date
        and d.day < ($10 at time zone 'UTC')::date and ($8::text is null or d.marketplace = $8)
    ),
    -- The days by (marketplace, week, third): a few dozen rows that the counts and sellers below read, not the window's
    -- days, each day's arrays read again by every figure (3,837 days of "doc martens boots" at 10M listings, read 22
    -- times; decision 096). part_cents: their prices by (week, third), each array read from its day once, in the select
    -- list (a set-returning function in from stores every value before the next step reads it).
    parts as materialized (
      select d.marketplace, d.wb, d.part, sum(d.n)::int as n, sum(d.demo)::int as demo, bit_or(d.sellers) as s,
        bool_and(d.priced is null) as all_priced, bool_and(d.timed is null) as all_timed,
        sum(cardinality(d.cents))::int as prices, count(*)::int as days
      from days d group by 1, 2, 3
    ),
    part_cents as materialized (
      select u.wb, u.part, array_agg(u.x) as cents
      from (select d.wb, d.part, unnest(d.cents) as x from days d) u group by 1, 2
    ),
    -- Where the quantiles read the prices from: the days themselves, when a pass over the window's days for each week
    -- costs less than gathering every price by week and third first (part_cents, a step for each price, made only
    -- then): the window's weeks times its days at most its prices (flipwise.market_day_passes_max prices a pass, 1
    -- unless set). "lululemon align pant" at 90 days and 10M listings: 14 weeks x 455 days for 42,574 prices, read
    -- from the days; "doc martens boots" at 365 days, 52 weeks of many signatures' days, from part_cents (decision 098).
    via as materialized (
      select count(distinct p.wb) * sum(p.days)
          <= coalesce(nullif(current_setting('flipwise.market_day_passes_max', true), '')::float8, 1) * sum(p.prices)
        as days
      from parts p
    ),
    -- (a day's priced and timed sellers are null when they are all its sellers, nearly always: then a group's are its
    -- sellers, and they are OR'd only where some day says otherwise)
    asked_bits as materialized (
      select p.marketplace, sum(p.n)::int as n, sum(p.demo)::int as demo, bit_or(p.s) as s,
        bool_and(p.all_priced) as all_priced, bool_and(p.all_timed) as all_timed
      from parts p group by 1
    ),
    asked as (
      select $1::text as condition, x.marketplace, x.n, x.demo, 0 as panel, least(bit_count(x.s), $3)::int as upto,
        case when bit_count(x.s) < $3 then array(
          select o.seller_key from private.market_seller_ords o where o.ord = any (private.market_bit_ords(x.s))) end
          as keys
      from asked_bits x
    ),
    chosen_n as (
      select coalesce(bit_count(x.s), 0)::int as sellers,
        coalesce(bit_count(case when x.all_priced then x.s
          else (select bit_or(coalesce(d.priced, d.sellers)) from days d) end), 0)::int as priced,
        coalesce(bit_count(case when x.all_timed then x.s
          else (select bit_or(coalesce(d.timed, d.sellers)) from days d) end), 0)::int as timed,
        null::uuid[] as keys, x.s as bits
      from (select bit_or(a.s) as s, bool_and(a.all_priced) as all_priced, bool_and(a.all_timed) as all_timed
            from asked_bits a) x
    ),
    -- (each quantile as percentile_cont gives it: its two values, at the ranks percentile_cont reads, found by one
    -- percentile_disc over the cents, then interpolated as percentile_cont does, see private.market_sold_figures_sql;
    -- each aggregate in a lateral subquery of its own, which the planner keeps as it is: a scalar subquery in a
    -- subquery the planner pulls up is copied to each place its value is read, and each copy sorts every price again)
    quartiles as (
      select q.i, x.at - floor(x.at) as part, m.v[2 * q.i - 1]::float8 / 100 as lo, m.v[2 * q.i]::float8 / 100 as hi
      from (select sum(p.prices) as n from parts p) k
      cross join lateral (
        select percentile_disc(array(
            select (r.at + 0.5) / nullif(k.n, 0)
            from unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality f(p, i),
              lateral (values (1, floor(f.p * (k.n - 1))), (2, ceil(f.p * (k.n - 1)))) r(j, at)
            order by f.i, r.j)) within group (order by x) as v
        from (select unnest(d.cents) as x from days d where (select v.days from via v)
              union all
              select unnest(c.cents) from part_cents c where not (select v.days from via v)) u) m
      cross join lateral unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality q(p, i)
      cross join lateral (select q.p * (k.n - 1) as at) x
      where k.n > 0
    ),
    middle as (
      select m.v[1] + (x.at - floor(x.at)) * (m.v[2] - m.v[1]) as took
      from (select sum(cardinality(d.took)) as n from days d) k
      cross join lateral (
        select percentile_disc(array[(floor(0.5::float8 * (k.n - 1)) + 0.5) / nullif(k.n, 0),
            (ceil(0.5::float8 * (k.n - 1)) + 0.5) / nullif(k.n, 0)]) within group (order by x)::float8[] as v
        from (select unnest(d.took) as x from days d) u) m
      cross join lateral (select 0.5::float8 * (k.n - 1) as at) x
      where k.n > 0
    ),
    weekly as (
      select $11[w.wb] as week, w.n, least(bit_count(w.s), $3)::int as sellers,
        least(bit_count(case when w.all_priced then w.s
          else (select bit_or(coalesce(d.priced, d.sellers)) from days d where d.wb = w.wb) end), $3)::int as priced,
        w.prices, m.v[1]::float8 / 100 + (0.5::float8 * (w.prices - 1) - floor(0.5::float8 * (w.prices - 1)))
          * (m.v[2]::float8 / 100 - m.v[1]::float8 / 100) as median
      from (select p.wb, sum(p.n)::int as n, bit_or(p.s) as s, bool_and(p.all_priced) as all_priced,
              sum(p.prices)::int as prices
            from parts p group by 1) w
      cross join lateral (
        select percentile_disc(array[(floor(0.5::float8 * (w.prices - 1)) + 0.5) / nullif(w.prices, 0),
            (ceil(0.5::float8 * (w.prices - 1)) + 0.5) / nullif(w.prices, 0)]) within group (order by x) as v
        from (select unnest(d.cents) as x from days d where d.wb = w.wb and (select v.days from via v)
              union all
              select unnest(c.cents) from part_cents c where c.wb = w.wb and not (select v.days from via v)) u) m
    ),
    thirds as (
      select t.part, t.n, least(bit_count(t.s), $3)::int as sellers, t.prices, case when t.prices > 0 then array(
          select m.v[2 * f.i - 1]::float8 / 100 + (f.p * (t.prices - 1) - floor(f.p * (t.prices - 1)))
            * (m.v[2 * f.i]::float8 / 100 - m.v[2 * f.i - 1]::float8 / 100)
          from unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality f(p, i)
          order by f.i) end as q
      from (select p.part, sum(p.n)::int as n, bit_or(p.s) as s, sum(p.prices)::int as prices
            from parts p where p.part is not null group by 1) t
      cross join lateral (
        select percentile_disc(array(
            select (r.at + 0.5) / nullif(t.prices, 0)
            from unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality f(p, i),
              lateral (values (1, floor(f.p * (t.prices - 1))), (2, ceil(f.p * (t.prices - 1)))) r(j, at)
            order by f.i, r.j)) within group (order by x) as v
        from (select unnest(d.cents) as x from days d where d.part = t.part and (select v.days from via v)
              union all
              select unnest(c.cents) from part_cents c where c.part = t.part and not (select v.days from via v)) u) m
    )$sql$;
  else
    v_asked := $sql$
    asked as (
      select $1::text as condition, mc.marketplace, count(*)::int as n,
        count(*) filter (where mc.source = 'demo')::int as demo, 0 as panel,
        private.market_sellers_upto(array_agg(mc.seller_key) filter (where mc.seller_key is not null), $3) as upto,
        array_agg(mc.seller_key) filter (where mc.seller_key is not null) as keys
      from mc group by mc.marketplace
    ),
    $sql$ || private.market_sold_figures_sql();
  end if;
  -- With no hedged test, the text is one of two (from the days, or from the places), the same at every call.
  p_fixed := v_hedged = 'false';
  -- (PL/pgSQL keeps the plan across calls; a SQL function is planned again at every call)
  p_sql := format($sql$
    hedge as materialized (
      select l.id, l.condition, l.marketplace, l.seller_key, l.source, l.price, l.currency, l.sold_at,
        private.market_took(l.sold_at, l.listed_at) as took
      from public.market_listings l
      where l.hedged and %s and (l.sold_at >= $2) is true and (l.sold_at < $10) is true and l.source <> 'panel'
    ),
    mc as materialized (
      select p.id, p.marketplace, p.seller_key, case when p.demo then 'demo' else 'import' end as source,
        (p.price * 100)::bigint as cents, p.sold_at, p.took
      from private.market_sale_places p
      where p.condition = $1 and p.sig = any ($6) and p.sold_at >= $2 and p.sold_at < $10
        and ($7 = '' or p.facets @> array[$7]) and ($8::text is null or p.marketplace = $8)
      union all
      select h.id, h.marketplace, h.seller_key, h.source, case when h.currency = 'USD' then (h.price * 100)::bigint end,
        h.sold_at, h.took
      from hedge h where h.condition = $1
    ),
    -- The 40 newest sales: of a few signatures, each one's newest through the places' index (with ties, so that the
    -- order by id below is kept), not a pass over all of mc (8 ms for 42,000 sales at 10M listings); of many, that pass.
    newest as (
      select n.id, n.seller_key, n.sold_at from (
        select p.id, p.seller_key, p.sold_at
        from unnest($6) s(sig)
        cross join lateral (
          select p.id, p.seller_key, p.sold_at from private.market_sale_places p
          where p.condition = $1 and p.sig = s.sig and p.sold_at >= $2 and p.sold_at < $10
            and ($7 = '' or p.facets @> array[$7]) and ($8::text is null or p.marketplace = $8)
          order by p.sold_at desc
          fetch first 40 rows with ties
        ) p
        where cardinality($6) <= 40
        union all
        select mc.id, mc.seller_key, mc.sold_at from mc where cardinality($6) > 40
        union all
        select h.id, h.seller_key, h.sold_at from hedge h where h.condition = $1 and cardinality($6) <= 40
      ) n
      order by n.sold_at desc, n.id desc limit 40
    ),
    others as materialized (
      select o.condition, o.marketplace, sum(o.n)::integer as n, sum(o.demo)::integer as demo
      from (
        select c.condition, c.marketplace, c.n, c.demo from private.market_sold_cells c
        where c.facet = $7 and c.sig = any ($6) and c.span <= $9 and c.condition <> $1
          and ($8::text is null or c.marketplace = $8)
        union all
        select h.condition, h.marketplace, 1, (h.source = 'demo')::integer from hedge h where h.condition <> $1
      ) o
      group by 1, 2
    ),
    %s,
    g as (
      select a.condition, a.marketplace, a.n, a.demo, a.panel, a.upto, a.keys from asked a
      union all
      select o.condition, o.marketplace, o.n, o.demo, 0, null::int, null::uuid[] from others o
      union all
      -- whether each other condition drew on enough sellers: one more row of it, of no sales, with its sellers
      select x.condition, null, 0, 0, 0, cardinality(x.keys), x.keys
      from (
        select d.condition, private.market_sale_sellers(d.condition, $6, $7, $2, $10, $8, $3,
          array(select h.seller_key from hedge h where h.condition = d.condition and h.seller_key is not null)) as keys
        from (select distinct o.condition from others o) d
      ) x
    )$sql$,
    v_hedged, v_asked);
end;
$$;

revoke execute on function private.market_sale_sellers(text, integer[], text, timestamptz, timestamptz, text, integer,
  uuid[]), private.market_sold_sources(jsonb, jsonb, text, text, integer[], integer) from public, anon, authenticated;
grant execute on function private.market_sale_sellers(text, integer[], text, timestamptz, timestamptz, text, integer,
  uuid[]), private.market_sold_sources(jsonb, jsonb, text, text, integer[], integer) to service_role;
