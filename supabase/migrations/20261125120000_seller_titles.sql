-- Matching titles as sellers write them (issue 24, docs/decisions/061-titles-as-sellers-write-them.md).
--
-- 1. Words: initials joined by & are one name (A&F = af, H&M = hm); model numbers and sizes fold their plural and
--    possessive (990s, 1460's, AF1s = 990, 1460, af1); a version rides apart (990v5 = 990 v5); a waist and inseam read
--    alike however written (32x30, W32 L30, waist 32); "jean" alone is jeans (a jean jacket stays a jacket); "x" of a
--    collaboration is no word.
-- 2. Broader and narrower: a garment counts the garments it covers (a bag: handbags, totes, crossbodies, satchels,
--    clutches...; denim: jeans; shoes: sneakers, boots, sandals...), the models that are that garment (a Nuptse is a
--    puffer jacket) and a brand's own names for it (Lululemon's Align and "tight" are leggings, a Nike "shoe" is a
--    sneaker), read beside their brand only.
-- 3. Materials: a query's material is required and "faux leather" is no leather; a garment that is leather unless a
--    title says otherwise (a bag, a boot) keeps the titles that do not say, and drops those naming canvas or nylon.
-- 4. Decoys stay out: a listing that is a lot or bundle, a part or accessory of the item (a dust bag, an empty box,
--    laces, a keychain, a patch), kids' sizes, a dupe or knock-off, or for a pet or a doll is not counted as the item
--    unless the query asks for that ("lululemon lot", "jordan 1 gs", "lv dust bag").
-- 5. Each listing stores its key (terms) and its decoy marks (decoys), computed from brand, title, category and size
--    when it is written; the search indexes read the stored key. A written row applies at most 32 regular expressions
--    (PostgreSQL's cache of compiled ones; tests/market-regex-budget.test.ts).

-- Words ---------------------------------------------------------------------------------------------------------------
create or replace function public.market_normalize(input text) returns text
  language sql immutable parallel safe
  set search_path = ''
as $$
  select btrim(regexp_replace(
    -- initials joined by &: a&f -> af, h & m -> hm
    regexp_replace(
      regexp_replace(
        translate(lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(input, ''))), '''’`', ''),
        '([a-z])\.(?=[a-z])', '\1', 'g'),
      '(^|[^a-z0-9])([a-z]) ?& ?([a-z])(?=$|[^a-z0-9])', '\1\2\3', 'g'),
    '[^a-z0-9]+', ' ', 'g'))
$$;

-- PostgreSQL keeps the last 32 regular expressions it compiled (MAX_CACHED_RES in regexp.c). A statement that applies
-- more than 32 to each row compiles every one of them again for every row, about 20 times the cost: writing a listing
-- applies these (16), market_normalize's (3), the category step (1), market_decoys' (8) and the table's checks (3).
-- Rules that can share one expression do, and tests/market-regex-budget.test.ts keeps the count at 32 or under.
create or replace function public.market_words(input text) returns text[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  select array_remove(string_to_array(
    -- 4. unprotect the plurals that must keep their s
    replace(
      -- 3. plurals: (ss|sh|ch|x|z)es -> drop es, other s -> drop s (not ss, us, is, as; 4 letters or more; ies -> ie);
      --    a word protected by a trailing _ never matches (_ is a word character, so \M fails before it); a model number
      --    or size of three characters or more drops its s (990s, 1460s, af1s; 90s stays a decade)
      regexp_replace(
        regexp_replace(
          -- 2. stop words
          regexp_replace(
            -- 1. sizes: letter sizes, alone or after size/sz
            regexp_replace(
              -- size 8, us 8 (sz_8 8), uk 8 (sz_uk8), one size (sz_os)
              regexp_replace(
                -- waist and inseam: 32x30, 32 x 30, waist 32, inseam 30 -> w32 l30
                regexp_replace(
                  regexp_replace(
                    regexp_replace(
                      -- a version or edition rides apart: 990v5 -> 990 v5, 501xx -> 501 xx, 2002r -> 2002 r
                      regexp_replace(
                        -- "jean" alone is jeans; a jean jacket, shorts, skirt... stay what they are
                        regexp_replace(
                          -- a shoe size with its W or M (W8, M9, 9M)
                          regexp_replace(
                            -- letter sizes written out beside a size word or a gender, or last ("size large", "large
                            -- men's"; never a "small defect"); then xx large, x large, extra small...
                            regexp_replace(
                              regexp_replace(
                                -- one name written two ways: dustbag, On Cloud / On Running; every kids' size word also
                                -- says "kid" (toddler, youth, boys, GS, 3T)
                                regexp_replace(
                                  regexp_replace(regexp_replace(public.market_normalize(input),
                                    '\mdustbags?\M', 'dust bag', 'g'),
                                    '\m(toddlers?|youth|infants?|boys|girls|gs|td|preschool|[2-5]t)\M', '\1 kid', 'g'),
                                  '\mon (running|cloud[a-z]*)\M', 'onrunning \1', 'g'),
                                '\m(?:(x)x ?(l)arge|2(x) (l)arge|(?:extra |x ?)(?:(l)arge|(s)mall))\M', 'x\1\2\3\4\5\6', 'g'),
                              '(?:(?<=\m(?:size|sz|mens|womens|men|women|unisex) )|\m(?=(?:small|medium|large)(?: (?:mens|womens|men|women)\M|$)))(?:(s)mall|(m)edium|(l)arge)\M',
                              '\1\2\3', 'g'),
                            '\m(?:(?:size|sz|us) )?(?:w|m)([4-9]|1[0-3])\M|\m([4-9]|1[0-3])m\M', 'sz_\1\2 \1\2', 'g'),
                          '\mjean\M(?! (jacket|jackets|short|shorts|skirt|skirts|vest|vests|overall|overalls|dress|dresses|coat|coats|shirt|shirts|paul|michel|baptiste|claude))',
                          'jeans', 'g'),
                        '\m([0-9]{3,})(v[0-9]{1,2}|xx|r)\M', '\1 \2', 'g'),
                      '\m([0-9]{2}) ?x ?([0-9]{2})\M', 'w\1 l\2', 'g'),
                    '\mwaist ([0-9]{2})\M', 'w\1', 'g'),
                  '\minseam ([0-9]{2})\M', 'l\1', 'g'),
                '\m(?:(?:size|sz|us) (\d{1,2})|(uk|eu) (\d{1,2})|(o)ne (s)ize)\M', 'sz_\2\3\4\5\1 \1', 'g'),
              '\m(?:(?:size|sz) )?(xxs|xs|s|m|l|xl|xxl|xxxl|2xl|3xl)\M', 'sz_\1', 'g'),
            '\m(?:a|an|and|at|by|for|from|in|is|it|its|my|of|on|or|size|sz|the|this|to|with|w|x)\M', ' ', 'g'),
          '\m(jeans|shorts|tights|glasses|sunglasses|overalls|sweats|flats|briefs|boxers|pajamas|pyjamas|scrubs|chaps|heels)\M',
          '\1_', 'g'),
        '\m([a-z]+(?:ss|sh|ch|x|z))es\M|\m([a-z]{2,}[b-hj-rtv-z]|[0-9]+|[a-z]+[0-9]+)s\M', '\1\2', 'g')
      || ' ', '_ ', ' '),
    ' '), '')
$$;

-- The index key of a listing, as in 20261125000300_market_matching.sql, with the category read as marketplaces give it:
-- each step of a path ("Women > Jeans > Skinny") adds its words, and a step that lists several kinds ("Men's Coats,
-- Jackets & Vests", "Sweats & Hoodies") says nothing about which one this is, so it adds none.
create or replace function public.market_listing_terms(brand text, title text, category text, size text) returns text[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  -- One expression, no subquery, so it stays cheap: a step is what lies between two >, and a step holding &, a comma,
  -- "and" or / is dropped whole.
  select public.market_words(
    coalesce(brand, '') || ' ' || coalesce(title, '') || ' '
      || coalesce(regexp_replace(category, '(^|>)[^>]*(&|,|/|\mand\M)[^>]*', '\1', 'gi'), '')
      || coalesce(' size ' || size, ''))
$$;

-- Decoys --------------------------------------------------------------------------------------------------------------
-- What a listing is besides the item its words name: 'lot' (several items sold together), 'part' (an accessory or part
-- of the item sold alone: a dust bag, an empty box, laces, a keychain, a patch, a strap), 'kids' (kids' and baby
-- sizes), 'fake' (a dupe, replica or piece "inspired" by the brand), 'pet' (for a pet or a doll). A part that comes
-- with the item ("with dust bag", "w/ box", "+ receipt", "dust bag included") marks nothing. Regular expressions only,
-- so the marks are stored with the row and a search filters on them for free.
create function public.market_decoys(p_title text, p_size text, p_category text) returns text[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  with t as (
    select public.market_normalize(p_title) as title,
      public.market_normalize(coalesce(p_size, '') || ' ' || coalesce(p_category, '')) as meta,
      lower(coalesce(p_title, '')) as raw
  )
  select array_remove(array[
    case when t.title ~ '\m(lot|lots|bundle|bundles|wholesale|bulk|mystery box|reseller box|[0-9]+ ?(pcs|pieces|pairs|items))\M'
         then 'lot' end,
    -- the title, then ~ and the size and category (normalised text holds no ~): a kids' size word anywhere, boys or
    -- girls in the size or category, or in the title beside little/big/teen or a size
    case when (t.title || ' ~ ' || t.meta) ~ ('\m(kid|kids|toddler|toddlers|youth|infant|infants|newborn|preschool|'
                || 'grade school|baby boy|baby boys|baby girl|baby girls|babygap|baby gap|gs|td|ps|[1-9]c|1[0-3]c|'
                || '[2-5]t|[0-9]{1,2} ?(y|yr|yrs|years)|[0-9]{1,2} ?(mo|mos|months)|[0-9]{1,2} [0-9]{1,2} ?m)\M'
                || '|~.*\m(boys?|girls?)\M'
                || '|(^|\m(little|big|toddler|teen|tween) )(boys|girls)\M'
                || '|\m(boys|girls) (sz_|size |sz |[0-9]|xs\M|s\M|m\M|l\M|xl\M)')
         then 'kids' end,
    case when (
           t.title ~ ('\m(keychain|keychains|key chain|key ring|keyring|key fob|bag charm|charm|charms|patch|patches|'
             || 'iron on|sew on|enamel pin|lapel pin|pinback|sticker|stickers|decal|magnet|shoelaces|shoe laces|laces|'
             || 'hanger|hangers|insole|insoles|shoe tree|shoe trees|shoe horn|dust bag|dustbag|dust cover|garment bag|'
             || 'shoe box|gift bag|paper bag|gift box|authenticity card|care booklet|booklet|catalog|catalogue|'
             || 'lookbook|mannequin|swatch|remnant|remnants|scraps)\M')
           and t.raw !~ ('(with|w/|\+|&|incl|includes|including|plus|comes|extra|spare|no|without|missing|has|elbow)'
             || '\W+(\w+\W+){0,4}?(keychain|key chain|key ring|keyring|key fob|bag charm|'
             || 'charm|charms|patch|patches|shoelaces|shoe laces|laces|hanger|hangers|insole|insoles|shoe tree|shoe trees|'
             || 'dust ?bag|dust cover|garment bag|shoe box|gift bag|paper bag|gift box|authenticity card|'
             || 'care booklet|booklet)')
           and t.raw !~ '(dust ?bag|box|laces|insoles|charm|card)\W+(included|incl)'
         )
           -- a part sold alone: "... only", an empty box, parts, a strap for a bag
           or t.title ~ ('\m((box|dust bag|dustbag|dust cover|strap|straps|case|receipt|card|tags|tag|chain|insert|lens|'
             || 'lenses|laces|hardware|buckle|handle|handles|pouch|padlock|lock|key|keys|clochette)( [a-z0-9]+){0,3} only'
             || '|empty box|box empty|just box|just the box|no shoes|shoes not included|for parts|parts only|replacement'
             || '|(strap|straps) for)\M')
         then 'part' end,
    case when t.title ~ ('\m(dupe|dupes|replica|replicas|rep|reps|inspired|inspo|knockoff|knockoffs|knock off|'
           || 'look alike|lookalike|not authentic|inauthentic|unauthentic|fake)\M')
         then 'fake' end,
    case when t.title ~ '\m(dog|dogs|puppy|pet|pets|doggy|doggie|doll|dolls)\M' then 'pet' end
  ], null)
  from t
$$;

comment on function public.market_decoys(text, text, text) is
  'What a listing is besides the item it names: lot, part, kids, fake, pet (an empty array for the item itself).';

alter table public.market_listings
  add column decoys text[] generated always as (public.market_decoys(title, size, category)) stored;

comment on column public.market_listings.decoys is
  'Marks of a listing that is not the item its words name (market_decoys): a search leaves these out unless asked.';

-- The listing key is stored with the row from here (docs/decisions/061): a search checks a found row's key again for
-- each alternative it did not come through (a garment names dozens), and the word rules now cost about 0.1 ms a row,
-- so computing it once, at write, is what keeps a wide query fast. Its indexes read the column. The word rules changed,
-- so the key is computed afresh here (one pass over the table) and the imported items' stored key below.
drop index public.market_listings_available_terms_idx;
drop index public.market_listings_sold_terms_idx;
alter table public.market_listings
  add column terms text[] generated always as (public.market_listing_terms(brand, title, category, size)) stored;

comment on column public.market_listings.terms is
  'The listing key (market_listing_terms of brand, title, category and size): what the search indexes and matches.';

create index market_listings_available_terms_idx on public.market_listings
  using gin (terms) with (fastupdate = off) where status = 'available';
create index market_listings_sold_terms_idx on public.market_listings
  using gin (terms) with (fastupdate = off) where status = 'sold';
-- Your sales carry the same marks, written by the trigger that writes their key (it runs as its owner, so a signed-in
-- user's import needs no right to the matching functions).
alter table public.seller_items add column decoys text[] not null default '{}';

comment on column public.seller_items.decoys is
  'The decoy marks of the item''s title (market_decoys), so Your history leaves out lots and parts as the search does.';

create or replace function public.seller_items_terms() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  new.search_terms := public.market_listing_terms(new.brand, new.title, new.category, new.size);
  new.decoys := public.market_decoys(new.title, new.size, new.category);
  return new;
end;
$$;

drop trigger seller_items_terms on public.seller_items;
create trigger seller_items_terms
  before insert or update of brand, title, category, size, search_terms, decoys on public.seller_items
  for each row execute function public.seller_items_terms();

update public.seller_items set search_terms = public.market_listing_terms(brand, title, category, size);

-- The lexicon ---------------------------------------------------------------------------------------------------------
alter table public.market_lexicon drop constraint market_lexicon_kind_check;
alter table public.market_lexicon
  add constraint market_lexicon_kind_check check (kind in ('brand', 'garment', 'model', 'material', 'noise', 'colour')),
  -- A garment: the narrower garments its word also means, by label ('bag' -> {handbag}; 'handbag' -> {tote bag, ...}).
  add column covers text[] not null default '{}',
  -- A garment: what it is made of unless a title says otherwise ('leather' for a bag or a boot).
  add column material text,
  -- A model: the garment it is ('Nuptse' -> 'puffer jacket').
  add column garment text,
  -- A material: words that say an item is not it ('faux', 'pu' for leather), and the materials a title may name instead.
  add column unlike text[] not null default '{}',
  add column contrast text[] not null default '{}';

-- A brand's own names for its garments, read beside the brand only ('Lululemon', 'align', 'leggings').
create table public.market_products (
  brand text not null check (char_length(brand) between 1 and 100),
  -- As market_words makes it: 'align', 'shoe', '501', 'better sweater'.
  phrase text not null check (phrase ~ '^[a-z0-9_]+( [a-z0-9_]+){0,3}$'),
  garment text not null check (char_length(garment) between 1 and 100),
  primary key (brand, phrase, garment)
);

create index market_products_garment_idx on public.market_products (garment);

comment on table public.market_products is
  'What a brand calls its garments (Lululemon''s Align are leggings, a Nike shoe is a sneaker). Data: supabase/functions/_shared/market/lexicon-data.ts (PRODUCTS).';

alter table public.market_products enable row level security;
revoke all on public.market_products from anon, authenticated;
grant select on public.market_products to service_role;

-- The names a garment stands for in a query: its own, those of the garments it covers (and theirs), the models that are
-- one, and the brands' own names for it. p_brands: the brands the query names; their products are read as written, and
-- the models and products of other brands left out (the brand is required anyway). With no brand named, a product
-- counts with its brand's name beside it ('nike dunk' for sneakers).
create function public.market_garment_names(p_label text, p_brands text[]) returns jsonb
  language sql stable
  set search_path = ''
as $$
  with recursive closure(label) as (
    select p_label
    union
    select c.label
    from closure k
      join public.market_lexicon x on x.kind = 'garment' and x.label = k.label,
      lateral unnest(x.covers) as c(label)
  ),
  names(words) as (
    select string_to_array(x.phrase, ' ')
    from public.market_lexicon x
    where x.kind = 'garment' and x.label in (select label from closure)
    union
    select string_to_array(x.phrase, ' ')
    from public.market_lexicon x
    where x.kind = 'model' and x.garment in (select label from closure)
      and (cardinality(p_brands) = 0 or x.brand = any (p_brands))
    union
    select case when p.brand = any (p_brands) then string_to_array(p.phrase, ' ')
                else public.market_words(p.brand) || string_to_array(p.phrase, ' ') end
    from public.market_products p
    where p.garment in (select label from closure)
      and (cardinality(p_brands) = 0 or p.brand = any (p_brands))
  )
  select coalesce(jsonb_agg(to_jsonb(n.words) order by n.words), '[]'::jsonb) from names n
$$;

-- One alternative of a query after its names are read: garments widened as above, materials required or (for a garment
-- of that material) turned into the materials that rule a title out. Returns {"groups": [...], "not": "regex" | null}:
-- a listing whose title matches "not" does not count for this alternative. It is checked on the rows the index found
-- (never on the whole table): a material a title names instead ("coach canvas bag" is no leather bag), a word that says
-- the material is not what it seems ("faux leather"), and a piece "in the style of" a named brand or model ("birkin
-- style bag", "canada goose type parka").
create function public.market_clause_groups(p_groups jsonb) returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_brands text[];
  v_garments text[];
  v_asked text[];
  v_group jsonb;
  v_out jsonb := '[]'::jsonb;
  v_words text[] := '{}';
  v_names text[];
  v_material record;
  v_not text[] := '{}';
  v_notwords jsonb;
begin
  select coalesce(array_agg(distinct b), '{}') into v_brands
  from (
    select g.value ->> 'label' as b from jsonb_array_elements(coalesce(p_groups, '[]')) g
    where g.value ->> 'kind' = 'brand'
    union all
    select x.brand from jsonb_array_elements(coalesce(p_groups, '[]')) g
      join public.market_lexicon x on x.kind = 'model' and x.label = g.value ->> 'label'
    where g.value ->> 'kind' = 'model'
  ) s
  where b is not null;
  select coalesce(array_agg(g.value ->> 'label'), '{}') into v_garments
  from jsonb_array_elements(coalesce(p_groups, '[]')) g
  where g.value ->> 'kind' = 'garment';
  -- The words the query itself holds: a "puffer vest" keeps its vests.
  select coalesce(array_agg(distinct w), '{}') into v_asked
  from jsonb_array_elements(coalesce(p_groups, '[]')) g, jsonb_array_elements(g.value -> 'any') n,
    jsonb_array_elements_text(n.value) w;

  for v_group in select value from jsonb_array_elements(coalesce(p_groups, '[]')) loop
    if v_group ->> 'kind' = 'garment' then
      v_out := v_out || jsonb_set(v_group, '{any}', public.market_garment_names(v_group ->> 'label', v_brands));
      -- Words that make a title another garment: a "denim" jacket is no pair of jeans, a Nuptse vest no jacket.
      v_words := v_words || coalesce((select x.unlike from public.market_lexicon x
        where x.kind = 'garment' and x.label = v_group ->> 'label' limit 1), '{}');
    elsif v_group ->> 'kind' = 'brand' then
      -- A brand stands for its models too ("AF1s white sz 9" is a Nike): all of them when no garment is named, and
      -- with one only those the garment covers ("nike shoes" counts AF1s, not a Nike model that is a jacket).
      v_out := v_out || jsonb_set(v_group, '{any}', (
        select jsonb_agg(distinct n.value order by n.value)
        from (
          select a.value from jsonb_array_elements(v_group -> 'any') a
          union all
          select to_jsonb(string_to_array(x.phrase, ' ')) from public.market_lexicon x
          where x.kind = 'model' and x.brand = v_group ->> 'label'
            and (cardinality(v_garments) = 0 or exists (
              select 1 from unnest(v_garments) g, jsonb_array_elements(public.market_garment_names(g, v_brands)) n
              where n.value = to_jsonb(string_to_array(x.phrase, ' '))))
        ) n(value)));
    elsif v_group ->> 'kind' = 'material' then
      select x.unlike, x.contrast into v_material
      from public.market_lexicon x where x.kind = 'material' and x.label = v_group ->> 'label' limit 1;
      if exists (select 1 from public.market_lexicon x
                 where x.kind = 'garment' and x.label = any (v_garments) and x.material = v_group ->> 'label') then
        -- Leather unless said otherwise: keep the titles that do not say, drop those naming another material.
        v_words := v_words || v_material.contrast;
      else
        v_out := v_out || v_group;
        v_words := v_words || v_material.unlike;
      end if;
    else
      v_out := v_out || v_group;
    end if;
  end loop;

  v_words := array(select distinct w from unnest(v_words) w where w <> all (v_asked) order by 1);
  -- Each word as the listing key holds it (plurals folded, spacing and apostrophes gone: "t-shirt", "tees", "men's"),
  -- so a found row is checked against its stored key (an array comparison) rather than its title read again by a
  -- regular expression, which cost a wide query at 1M listings half a second.
  select coalesce(jsonb_agg(distinct to_jsonb(k)), '[]'::jsonb) into v_notwords
  from (select public.market_words(w) as k from unnest(v_words) w) s
  where cardinality(k) > 0;
  select array_agg(distinct array_to_string(array(select t || '\S*' from jsonb_array_elements_text(n.value) t), '\s+'))
  into v_names
  from jsonb_array_elements(coalesce(p_groups, '[]')) g, jsonb_array_elements(g.value -> 'any') n
  where g.value ->> 'kind' in ('brand', 'model');
  if v_names is not null then
    v_not := v_not
      || ('\m(' || array_to_string(v_names, '|') || ')\s+(style|type|inspired)\M')
      || ('\m(not|non)\s+(a\s+|an\s+|real\s+|genuine\s+)?(' || array_to_string(v_names, '|') || ')')
      -- made for the item, not the item: "twilly for birkin handle", "strap for lv speedy"
      || ('\mfor\s+(a\s+|an\s+|the\s+|your\s+)?(' || array_to_string(v_names, '|') || ')');
  end if;
  return jsonb_build_object('groups', v_out, 'notwords', v_notwords,
    'not', case when cardinality(v_not) > 0 then array_to_string(v_not, '|') end);
end;
$$;

-- The query -----------------------------------------------------------------------------------------------------------
-- As in 20261125000300_market_matching.sql, with materials read as their own kind (required, or a garment's default)
-- and a brand's company words set aside ("Levi Strauss & Co", "Patagonia Inc").
create or replace function public.market_query_groups(p_text text, p_long boolean, inout p_notes jsonb default '{}'::jsonb,
  out groups jsonb)
  language plpgsql stable
  set search_path = ''
  -- The unknown-word probe must use the search index: a planner that expects an early hit otherwise walks the whole
  -- table, or every sale through the sold_at index.
  set enable_seqscan = off
  set enable_indexscan = off
as $$
declare
  v_words text[] := public.market_words(p_text);
  v_n int := coalesce(array_length(public.market_words(p_text), 1), 0);
  v_i int := 1;
  v_try int;
  v_hit record;
  v_found boolean;
  v_len int;
  v_word text;
  v_fix text;
  v_noting boolean;
begin
  groups := '[]'::jsonb;
  p_notes := coalesce(p_notes, '{}'::jsonb);
  v_noting := not coalesce((p_notes ->> 'excluding')::boolean, false);
  while v_i <= v_n loop
    v_found := false;
    for v_try in reverse least(4, v_n - v_i + 1) .. 1 loop
      select x.kind, x.label, x.brand into v_hit
      from public.market_lexicon x
      where x.phrase = array_to_string(v_words[v_i : v_i + v_try - 1], ' ');
      if found then
        v_found := true;
        v_len := v_try;
        exit;
      end if;
    end loop;
    if not v_found then
      v_word := v_words[v_i];
      v_len := 1;
      -- Unknown to the index: not in the vocabulary (a sample, refreshed after loads) nor in any listing (two index
      -- probes). Sizes and numbers are not probed: they are kept as written.
      if not exists (select 1 from public.market_vocabulary v where v.word = v_word)
         and (p_long or v_word !~ '^(sz_|[0-9])')
         and not exists (select 1 from public.market_listings l where l.status = 'available'
           and l.terms @> array[v_word])
         and not exists (select 1 from public.market_listings l where l.status = 'sold'
           and l.terms @> array[v_word]) then
        if p_long then
          p_notes := jsonb_set(p_notes, '{ignored}', coalesce(p_notes -> 'ignored', '[]') || to_jsonb(v_word));
          v_i := v_i + 1;
          continue;
        end if;
        -- Only a word that is nothing we know is corrected: no English word, no part of a lexicon name, no digit,
        -- not written in quotes.
        if char_length(v_word) >= 4
           and v_word ~ '^[a-z]+$'
           and not coalesce(p_notes -> 'keep', '[]') ? v_word
           and not exists (select 1 from public.market_dictionary d where d.word = v_word)
           and not exists (select 1 from public.market_lexicon x
             where x.kind in ('brand', 'garment', 'model', 'material')
               and (' ' || x.phrase || ' ') like ('% ' || v_word || ' %'))
           and not exists (select 1 from public.market_products p where (' ' || p.phrase || ' ') like ('% ' || v_word || ' %')) then
          v_fix := public.market_correction(v_word);
          if v_fix is not null then
            p_notes := jsonb_set(p_notes, '{corrected}', coalesce(p_notes -> 'corrected', '[]')
              || jsonb_build_object('from', v_word, 'to', v_fix));
            v_word := v_fix;
            v_fix := null;
            -- A corrected word may be a name ("lululemn" -> "lululemon").
            select x.kind, x.label, x.brand into v_hit from public.market_lexicon x where x.phrase = v_word;
            v_found := found;
          end if;
        end if;
        if not v_found and v_word = v_words[v_i] and v_noting
           and not exists (select 1 from public.market_lexicon x
             where x.kind in ('brand', 'garment', 'model', 'material')
               and (' ' || x.phrase || ' ') like ('% ' || v_word || ' %'))
           and not exists (select 1 from public.market_products p where (' ' || p.phrase || ' ') like ('% ' || v_word || ' %')) then
          p_notes := jsonb_set(p_notes, '{unknown}', coalesce(p_notes -> 'unknown', '[]') || to_jsonb(v_word));
        end if;
      end if;
      if not v_found then
        -- A model number written as a Roman numeral is the same number ("Air Jordan IV" is a Jordan 4, a "Type III"
        -- a type 3); V, X, XX, L and M are left alone (a version, a stop word, sizes).
        groups := groups || jsonb_build_object('any', (
          select jsonb_agg(jsonb_build_array(w) order by w) from (
            select v_word as w
            union
            select case when v_word = r.roman then r.digits else r.roman end
            from unnest(array['2', '3', '4', '6', '7', '8', '9', '11', '12', '13', '14'],
                        array['ii', 'iii', 'iv', 'vi', 'vii', 'viii', 'ix', 'xi', 'xii', 'xiii', 'xiv']) as r(digits, roman)
            where v_word in (r.digits, r.roman)) a), 'kind', 'word');
        v_i := v_i + 1;
        continue;
      end if;
    end if;
    if v_hit.kind = 'noise' or (p_long and v_hit.kind = 'colour') then
      p_notes := jsonb_set(p_notes, '{ignored}', coalesce(p_notes -> 'ignored', '[]')
        || to_jsonb(array_to_string(v_words[v_i : v_i + v_len - 1], ' ')));
    elsif v_hit.kind = 'colour' then
      groups := groups || jsonb_build_object('any', jsonb_build_array(to_jsonb(v_words[v_i : v_i + v_len - 1])),
        'kind', 'colour');
    else
      groups := groups || jsonb_build_object(
        'any', (select jsonb_agg(to_jsonb(string_to_array(x.phrase, ' ')) order by x.phrase)
                from public.market_lexicon x where x.kind = v_hit.kind and x.label = v_hit.label),
        'label', v_hit.label, 'kind', v_hit.kind);
      if v_noting and v_hit.kind <> 'material' then
        p_notes := jsonb_set(p_notes, '{recognised}', coalesce(p_notes -> 'recognised', '[]')
          || jsonb_strip_nulls(jsonb_build_object(
               'text', array_to_string(v_words[v_i : v_i + v_len - 1], ' '),
               'kind', v_hit.kind, 'label', v_hit.label, 'brand', v_hit.brand)));
      end if;
      -- A brand's company words are part of its name: "levi strauss co", "patagonia inc".
      if v_hit.kind = 'brand' then
        while v_i + v_len <= v_n and v_words[v_i + v_len] in ('co', 'inc', 'ltd', 'llc', 'company', 'corp') loop
          v_len := v_len + 1;
        end loop;
      end if;
    end if;
    v_i := v_i + v_len;
  end loop;
end;
$$;

-- As in 20261125000300_market_matching.sql, with each alternative widened by market_clause_groups ("not": the titles it
-- rules out) and "allow": the decoy marks the query itself asks for ("lululemon lot" allows lots, "jordan 1 gs" kids'
-- sizes).
create or replace function public.market_parse_query(p_query text) returns jsonb
  language plpgsql stable
  set search_path = ''
  -- Its existence checks must probe the search index: a planner that expects an early hit otherwise walks the whole
  -- table, or every sale through the sold_at index (seconds at 1M listings for a combination that matches nothing).
  set enable_seqscan = off
  set enable_indexscan = off
as $$
declare
  v_query text := left(coalesce(p_query, ''), 300);
  v_clause text;
  v_clauses jsonb := '[]'::jsonb;
  v_exclude jsonb := '[]'::jsonb;
  v_notes jsonb := '{}'::jsonb;
  v_groups jsonb;
  v_phrases text[];
  v_phrase text;
  v_word text;
  v_long boolean;
  v_kept jsonb;
  v_group jsonb;
  v_sql text;
  v_ok boolean;
  v_read jsonb;
  v_gender text;
begin
  -- Words written in quotes are read as written (a correction undone by the screen's "search exactly" link).
  v_notes := jsonb_build_object('keep', coalesce((
    select jsonb_agg(distinct w)
    from regexp_matches(v_query, '"([^"]*)"', 'g') as m, unnest(public.market_words(m[1])) as w), '[]'));

  -- Exclusions apply to the whole query: "-kids" anywhere removes kids' listings from every alternative.
  v_notes := v_notes || '{"excluding": true}';
  for v_word in select m[1] from regexp_matches(v_query, '(?:^|\s)-([^\s,"]+)', 'g') as m loop
    select r.groups, r.p_notes into v_groups, v_notes from public.market_query_groups(v_word, false, v_notes) r;
    v_exclude := v_exclude || v_groups;
  end loop;
  v_notes := v_notes - 'excluding';
  v_query := regexp_replace(v_query, '(?:^|\s)-[^\s,"]+', ' ', 'g');

  foreach v_clause in array regexp_split_to_array(v_query, ',') loop
    if btrim(v_clause) = '' then
      continue;
    end if;
    v_phrases := '{}';
    for v_phrase in select m[1] from regexp_matches(v_clause, '"([^"]*)"', 'g') as m loop
      if public.market_normalize(v_phrase) ~ ' ' then
        v_phrases := v_phrases || public.market_normalize(v_phrase);
      end if;
    end loop;
    -- Seven or more words: a title pasted from a listing. Its measurements in inches (an inseam, a bag's width) are
    -- the seller's description, not the item: 25" and 28" Aligns are one item.
    v_long := coalesce(array_length(public.market_words(v_clause), 1), 0) >= 7;
    if v_long then
      v_clause := regexp_replace(v_clause, '\m[0-9]{1,2}(\.[0-9])?\s*("|”|''''|in\M|inch\M|inches\M)', ' ', 'gi');
    end if;
    select r.groups, r.p_notes into v_groups, v_notes
    from public.market_query_groups(replace(v_clause, '"', ' '), v_long, v_notes) r;
    v_read := public.market_clause_groups(v_groups);
    v_groups := v_read -> 'groups';
    if v_long then
      -- Brand and garment stay required (an absent brand must show as no comparables, not as other brands); each
      -- other word is kept only while some listing still has all the kept words, so the sales pitch of one listing
      -- ("high rise", "buttery", an inseam) does not hide the item's comps.
      -- A size stays first; of the other words only a model, a number (a model number, a bag's size) or a named
      -- brand's own product name can narrow the comps, the rest is the seller's description.
      v_kept := '[]'::jsonb;
      for v_group in
        select g.value from jsonb_array_elements(v_groups) with ordinality as g(value, n)
        order by case when g.value ->> 'kind' in ('brand', 'garment') then 0
                      when g.value -> 'any' -> 0 ->> 0 like 'sz\_%' then 1 else 2 end, g.n
      loop
        if v_group ->> 'kind' in ('brand', 'garment') then
          v_kept := v_kept || v_group;
          continue;
        end if;
        if v_group ->> 'kind' = 'word' and (v_group -> 'any' -> 0 ->> 0) !~ '([0-9]|^sz_)'
           and not exists (
             select 1 from public.market_products p, jsonb_array_elements(v_groups) b
             where b.value ->> 'kind' = 'brand' and p.brand = b.value ->> 'label'
               and (' ' || p.phrase || ' ') like ('% ' || (v_group -> 'any' -> 0 ->> 0) || ' %')
               and (' ' || array_to_string(public.market_words(v_clause), ' ') || ' ') like ('% ' || p.phrase || ' %')) then
          v_notes := jsonb_set(v_notes, '{ignored}', coalesce(v_notes -> 'ignored', '[]')
            || to_jsonb(v_group -> 'any' -> 0 ->> 0));
          continue;
        end if;
        v_sql := public.market_groups_sql(v_kept || v_group,
          'l.terms');
        execute format('select exists (select 1 from public.market_listings l where l.status = %L and %s)
          or exists (select 1 from public.market_listings l where l.status = %L and %s)',
          'available', v_sql, 'sold', v_sql) into v_ok;
        if v_ok then
          v_kept := v_kept || v_group;
        else
          v_notes := jsonb_set(v_notes, '{ignored}', coalesce(v_notes -> 'ignored', '[]')
            || to_jsonb(array_to_string(array(select jsonb_array_elements_text(v_group -> 'any' -> 0)), ' ')));
        end if;
      end loop;
      v_groups := v_kept;
    end if;
    -- A query that says men's or women's leaves out the titles that say the other (titles that say neither stay).
    v_gender := case
      when public.market_normalize(v_clause) ~ '\m(men|mens|man|male)\M'
        and public.market_normalize(v_clause) !~ '\m(women|womens|woman|ladies|female|unisex)\M'
        then 'women womens woman ladies female wmns'
      when public.market_normalize(v_clause) ~ '\m(women|womens|woman|ladies|female|wmns)\M'
        and public.market_normalize(v_clause) !~ '\m(men|mens|man|male|unisex)\M'
        then 'men mens man male'
    end;
    v_clauses := v_clauses || jsonb_build_object('groups', v_groups, 'phrases', to_jsonb(v_phrases),
      'notwords', coalesce(v_read -> 'notwords', '[]'::jsonb)
        || coalesce((select jsonb_agg(distinct jsonb_build_array(t)) from unnest(public.market_words(v_gender)) t),
             '[]'::jsonb),
      'not', v_read ->> 'not');
  end loop;

  return jsonb_build_object(
    'clauses', v_clauses,
    'exclude', v_exclude,
    -- A part a short query ends on is asked for alone ("nike dunk box" asks for boxes, as "box only" would); a pasted
    -- title's "removable strap" or a "box logo hoodie" asks for nothing.
    'allow', to_jsonb(array(select distinct f from unnest(public.market_decoys(v_query, null, null)
      || case when coalesce(array_length(public.market_words(v_query), 1), 0) < 7
                and public.market_normalize(v_query) ~ ('\m(box|dust bag|dustbag|dust cover|strap|straps|case|receipt|'
                  || 'card|tags|tag|chain|insert|lens|lenses|laces|hardware|buckle|handle|handles|pouch|padlock|lock|'
                  || 'key|keys)$')
              then array['part'] else '{}'::text[] end) f order by f)),
    'corrected', coalesce(v_notes -> 'corrected', '[]'),
    'ignored', coalesce(v_notes -> 'ignored', '[]'),
    'recognised', coalesce(v_notes -> 'recognised', '[]'),
    'unknown', coalesce(v_notes -> 'unknown', '[]')
  );
end;
$$;

-- What rules a found row out of one alternative (docs/decisions/061), as conditions on its stored key p_key and title:
-- no word of "notwords" in the key (a garment's unlike words, a material's contrasts, the other gender); and the
-- brand or model named "in the style of", "not" or "for" (the regular expression "not"), which is read only when the
-- key or title holds one of those words: a regular expression costs a found row about 3 µs, an array test 0.5 µs.
create function public.market_not_sql(p_clause jsonb, p_key text) returns text
  language sql immutable
  set search_path = ''
as $$
  select concat(
    (select format(' and not (%s && %L::text[])', p_key, array_agg(w.value ->> 0 order by w.value ->> 0))
     from jsonb_array_elements(coalesce(p_clause -> 'notwords', '[]'::jsonb)) w
     where jsonb_array_length(w.value) = 1
     having count(*) > 0),
    (select string_agg(format(' and not (%s @> %L::text[])', p_key,
        array(select jsonb_array_elements_text(w.value))), '' order by w.value::text)
     from jsonb_array_elements(coalesce(p_clause -> 'notwords', '[]'::jsonb)) w
     where jsonb_array_length(w.value) > 1),
    case when p_clause ->> 'not' is not null then
      format(' and ((not (%s && %L::text[]) and strpos(lower(l.title), %L) = 0) or l.title !~* %L)',
        p_key, '{style,type,inspired,not,non}', 'for', p_clause ->> 'not')
    end)
$$;

-- The WHERE clause of a parsed query, as in 20261125000300_market_matching.sql, with each alternative's "not" (a
-- pattern checked on the titles the index found) and the decoy marks the query did not ask for left out (a stored
-- column).
create or replace function public.market_match_sql(p_parsed jsonb, p_status text) returns text
  language plpgsql immutable
  set search_path = ''
as $$
declare
  v_key constant text := '%1$s.terms';
  v_parts text[] := '{}';
  v_clause jsonb;
  v_phrase text;
  v_part text;
begin
  for v_clause in select value from jsonb_array_elements(coalesce(p_parsed -> 'clauses', '[]')) loop
    v_part := public.market_groups_sql(v_clause -> 'groups', format(v_key, 'l'));
    if v_part = '' then
      continue;
    end if;
    for v_phrase in select jsonb_array_elements_text(coalesce(v_clause -> 'phrases', '[]')) loop
      v_part := v_part || format(' and l.title ~* %L',
        '\m' || array_to_string(string_to_array(v_phrase, ' '), '[^[:alnum:]]+') || '\M');
    end loop;
    v_part := v_part || public.market_not_sql(v_clause, format(v_key, 'l'));
    v_parts := v_parts || ('(' || v_part || ')');
  end loop;
  if cardinality(v_parts) = 0 then
    return 'false';
  end if;
  -- A query that asks for a lot, a part or kids' sizes counts only those ("lv dust bag" is no Neverfull with its dust bag).
  v_part := format('l.status = %L and (%s) and l.decoys <@ %L::text[]', p_status, array_to_string(v_parts, ' or '),
    array(select jsonb_array_elements_text(coalesce(p_parsed -> 'allow', '[]'))));
  if jsonb_array_length(coalesce(p_parsed -> 'allow', '[]')) > 0 then
    v_part := v_part || format(' and l.decoys && %L::text[]',
      array(select jsonb_array_elements_text(p_parsed -> 'allow')));
  end if;
  if jsonb_array_length(coalesce(p_parsed -> 'exclude', '[]')) > 0 then
    v_part := v_part || format(
      ' and l.id not in (select x.id from public.market_listings x where x.status = %L and (%s))',
      p_status,
      (select string_agg(public.market_groups_sql(jsonb_build_array(g), format(v_key, 'x')), ' or ')
       from jsonb_array_elements(p_parsed -> 'exclude') g));
  end if;
  return v_part;
end;
$$;

-- Your sales, matched by the same rules (as in 20261125000500_seller_sales.sql, with "not" and the decoy marks the
-- trigger stored).
create or replace function private.seller_match_sql(p_query text) returns text
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  v_parsed jsonb := public.market_parse_query(p_query);
  v_clause jsonb;
  v_part text;
  v_parts text[] := '{}';
  v_phrase text;
  v_match text;
begin
  for v_clause in select value from jsonb_array_elements(coalesce(v_parsed -> 'clauses', '[]')) loop
    v_part := public.market_groups_sql(v_clause -> 'groups', 'l.search_terms');
    if v_part = '' then
      continue;
    end if;
    for v_phrase in select jsonb_array_elements_text(coalesce(v_clause -> 'phrases', '[]')) loop
      v_part := v_part || format(' and l.title ~* %L',
        '\m' || array_to_string(string_to_array(v_phrase, ' '), '[^[:alnum:]]+') || '\M');
    end loop;
    v_part := v_part || public.market_not_sql(v_clause, 'l.search_terms');
    v_parts := v_parts || ('(' || v_part || ')');
  end loop;
  if cardinality(v_parts) = 0 then
    return 'false';
  end if;
  v_match := format('(%s) and l.decoys <@ %L::text[]',
    array_to_string(v_parts, ' or '), array(select jsonb_array_elements_text(coalesce(v_parsed -> 'allow', '[]'))));
  if jsonb_array_length(coalesce(v_parsed -> 'allow', '[]')) > 0 then
    v_match := v_match || format(' and l.decoys && %L::text[]',
      array(select jsonb_array_elements_text(v_parsed -> 'allow')));
  end if;
  if jsonb_array_length(coalesce(v_parsed -> 'exclude', '[]')) > 0 then
    v_match := v_match || format(' and not (%s)',
      (select string_agg(public.market_groups_sql(jsonb_build_array(g), 'l.search_terms'), ' or ')
       from jsonb_array_elements(v_parsed -> 'exclude') g));
  end if;
  return v_match;
end;
$$;

-- "Did you mean" ------------------------------------------------------------------------------------------------------
-- As in 20261125000300_market_matching.sql, and first the broader searches that find listings: the query's brand, model
-- and garment without its other words ("coach leather clutch" -> "Coach clutch"), then with each garment that covers it
-- ("Coach handbag", "Coach bag"), then the garments spelled close to its other words and the brand alone, as before.
-- Each is checked with the search's own widened names, so "Coach bag" is offered when Coach purses and totes are
-- listed.
create or replace function public.market_suggest(p_query text, p_limit int default 3) returns text[]
  language plpgsql
  stable
  set search_path = ''
  -- Its existence checks must probe the search index: a planner that expects an early hit otherwise walks the whole
  -- table, or every sale through the sold_at index (seconds at 1M listings for a combination that matches nothing).
  set enable_seqscan = off
  set enable_indexscan = off
as $$
declare
  v_query text := lower(btrim(coalesce(p_query, '')));
  v_out text[] := '{}';
  v_candidate record;
  v_key constant text := 'l.terms';
  v_found boolean;
  v_parsed jsonb;
  v_groups jsonb;
  v_named jsonb;
  v_garment jsonb;
  v_prefix text;
  v_rest text;
  v_sql text;
  v_label text;
begin
  if char_length(v_query) < 2 or p_limit <= 0 then
    return v_out;
  end if;
  v_parsed := public.market_parse_query(p_query);
  v_groups := coalesce(v_parsed -> 'clauses' -> 0 -> 'groups', '[]');
  -- The brands and models of the first alternative, in the order written.
  select coalesce(jsonb_agg(g.value order by g.n), '[]'), string_agg(g.value ->> 'label', ' ' order by g.n)
  into v_named, v_prefix
  from jsonb_array_elements(v_groups) with ordinality as g(value, n)
  where g.value ->> 'kind' in ('brand', 'model');

  if jsonb_array_length(v_named) = 0 then
    for v_candidate in
      select x.label, public.market_words(x.label) as words, max(extensions.word_similarity(x.phrase, v_query)) as score
      from public.market_lexicon x
      where x.kind in ('brand', 'garment')
        and extensions.word_similarity(x.phrase, v_query) >= 0.5
        and lower(x.label) <> v_query
      group by x.label
      order by score desc, x.label
      limit 10
    loop
      execute format(
        'select exists (select 1 from public.market_listings l where l.status = %1$L and %3$s @> %4$L::text[])
             or exists (select 1 from public.market_listings l where l.status = %2$L and %3$s @> %4$L::text[])',
        'available', 'sold', v_key, v_candidate.words)
      into v_found;
      if v_found then
        v_out := v_out || v_candidate.label;
        exit when cardinality(v_out) >= least(p_limit, 10);
      end if;
    end loop;
    return v_out;
  end if;

  -- The broader searches: the garment the query named, then each garment that covers it.
  select g.value into v_garment from jsonb_array_elements(v_groups) g where g.value ->> 'kind' = 'garment' limit 1;
  if v_garment is not null then
    for v_label in
      with recursive up(label, depth) as (
        select v_garment ->> 'label', 0
        union
        select x.label, u.depth + 1
        from up u join public.market_lexicon x on x.kind = 'garment' and u.label = any (x.covers)
        where u.depth < 4
      )
      select u.label from up u group by u.label order by min(u.depth), u.label
    loop
      continue when lower(v_prefix || ' ' || v_label) = v_query;
      v_sql := public.market_groups_sql((public.market_clause_groups(v_named || jsonb_build_array(
        jsonb_build_object('kind', 'garment', 'label', v_label, 'any', '[]'::jsonb)))) -> 'groups', v_key);
      execute format('select exists (select 1 from public.market_listings l where l.status = %L and %s)
          or exists (select 1 from public.market_listings l where l.status = %L and %s)',
        'available', v_sql, 'sold', v_sql) into v_found;
      if v_found then
        v_out := v_out || (v_prefix || ' ' || v_label);
        exit when cardinality(v_out) >= least(p_limit, 10) - 1;
      end if;
    end loop;
  end if;

  -- The other words of the query, as it wrote them: garments spelled close to them.
  select string_agg(array_to_string(array(select jsonb_array_elements_text(g.value -> 'any' -> 0)), ' '), ' ')
  into v_rest
  from jsonb_array_elements(v_groups) as g(value)
  where g.value ->> 'kind' not in ('brand', 'model', 'garment');

  if v_rest is not null and v_garment is null then
    for v_candidate in
      select x.label,
        max(greatest(extensions.word_similarity(v_rest, x.phrase), extensions.word_similarity(x.phrase, v_rest)))
          as score
      from public.market_lexicon x
      where x.kind = 'garment'
        and greatest(extensions.word_similarity(v_rest, x.phrase), extensions.word_similarity(x.phrase, v_rest)) >= 0.5
      group by x.label
      order by score desc, x.label
      limit 10
    loop
      v_sql := public.market_groups_sql((public.market_clause_groups(v_named || jsonb_build_array(
        jsonb_build_object('kind', 'garment', 'label', v_candidate.label, 'any', '[]'::jsonb)))) -> 'groups', v_key);
      execute format('select exists (select 1 from public.market_listings l where l.status = %L and %s)
          or exists (select 1 from public.market_listings l where l.status = %L and %s)',
        'available', v_sql, 'sold', v_sql) into v_found;
      if v_found and not ((v_prefix || ' ' || v_candidate.label) = any (v_out)) then
        v_out := v_out || (v_prefix || ' ' || v_candidate.label);
        exit when cardinality(v_out) >= least(p_limit, 10) - 1;
      end if;
    end loop;
  end if;
  -- The brand and model alone: the broadest search.
  v_sql := public.market_groups_sql((public.market_clause_groups(v_named)) -> 'groups', v_key);
  execute format('select exists (select 1 from public.market_listings l where l.status = %L and %s)
      or exists (select 1 from public.market_listings l where l.status = %L and %s)',
    'available', v_sql, 'sold', v_sql) into v_found;
  if v_found and lower(v_prefix) <> v_query then
    v_out := v_out || v_prefix;
  end if;
  return v_out[1 : least(p_limit, 10)];
end;
$$;

revoke execute on function public.market_decoys(text, text, text), public.market_garment_names(text, text[]),
  public.market_clause_groups(jsonb), public.market_not_sql(jsonb, text) from public, anon, authenticated;
grant execute on function public.market_decoys(text, text, text), public.market_garment_names(text, text[]),
  public.market_clause_groups(jsonb), public.market_not_sql(jsonb, text) to service_role;

-- The vocabulary reads the stored key instead of computing it again for every sampled row.
create or replace function public.market_refresh_vocabulary(p_sample int default 200000) returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  v_count int;
begin
  delete from public.market_vocabulary;
  insert into public.market_vocabulary (word, listings)
  select t, count(*)::int
  from (select l.terms from public.market_listings l order by l.id desc limit greatest(p_sample, 0)) l,
    unnest(l.terms) as t
  group by t;
  insert into public.market_vocabulary (word, listings)
  select distinct t, 0 from public.market_lexicon x, unnest(string_to_array(x.phrase, ' ')) as t
  where x.kind in ('brand', 'garment', 'model')
  on conflict (word) do nothing;
  select count(*)::int into v_count from public.market_vocabulary;
  return v_count;
end;
$$;
