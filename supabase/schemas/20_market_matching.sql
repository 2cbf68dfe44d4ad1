-- Matching that understands fashion resale (docs/decisions/029-search-matching.md, 060-reading-the-query.md,
-- 061-titles-as-sellers-write-them.md, 068-models-and-misspelt-brands.md).
--
-- Words: a listing and a query go through the same rules (public.market_words): market_normalize (case, accents,
-- apostrophes, dotted initials, initials joined by &); sizes become size terms ("size s", "sz m", "xl", "us 9",
-- "uk 8", "eu 42", "one size" -> sz_s, sz_m, sz_xl, sz_9 and 9, sz_uk8, sz_eu42, sz_os); a waist and inseam read alike
-- however written (32x30, W32 L30); model numbers fold their plural and possessive (990s, 1460's); stop words drop out
-- (never size or brand words); plurals fold to the singular (dresses -> dress, hoodies -> hoodie) except where the
-- singular is another thing (jeans, shorts, tights keep their s), and no English stemmer cuts leggings to "leg". Plain
-- expressions only, so the listing key is cheap to compute and truly immutable. A written row applies at most 32
-- regular expressions, PostgreSQL's cache of compiled ones (tests/market-regex-budget.test.ts).
--
-- Names: public.market_lexicon groups the names of one brand, garment, model or material ("dr martens", "doc martens",
-- "dms", "docs"; "denim jacket", "jean jacket"). A query's phrases are matched longest first and stand for any name of
-- their entry, so "TNF nuptse", "north face nuptse" and "The North Face Nuptse" find the same listings. A garment
-- counts the garments it covers (a bag: handbags, totes...), the models that are one (a Nuptse is a puffer jacket) and
-- a brand's own names for it (public.market_products: Lululemon's Align are leggings); a brand counts the ways listings
-- misspell it (public.market_brand_spellings). A listing that is a lot, a part of the item, kids' sizes, a dupe or for
-- a pet is not the item unless the query asks for that (market_decoys).
--
-- The query language (public.market_read_query): words are ANDed; "-word" excludes; "quoted words" must appear
-- together in that order; a comma separates alternatives (nuptse, super puff = either). Condition and sales words
-- are set aside (the condition is chosen separately), and in a long pasted title colours and words no listing uses
-- too. Unknown words are corrected only as point 1 below allows.
--
-- Reading a query a reseller can trust (issue 28, docs/decisions/060-reading-the-query.md):
--
-- 1. No real word is "corrected" into another. A query word no listing uses is corrected only when it is no English
--    word (public.market_dictionary), no part of a lexicon name (brand, garment or model) and holds no digit (a model
--    number), and only into a word one slip away: one letter added, dropped, changed or two swapped (two slips from 8
--    letters on). "band" stays "band"; "birkin" is a Hermes model; "lululemn" reads as "lululemon". A word in quotes
--    is read as written, so a correction can be undone.
-- 2. The query says what it recognised (brands, garments, models) and which words it does not know at all, so an
--    empty answer can tell "we know this item; it has not sold here" from "we do not know this word".
-- 3. "Did you mean" keeps every brand and model the query named: "coach bag" offers Coach handbags, never a backpack.
-- 4. A sold answer says how far back the index's sales go (dataSince), so a 365-day window on 180 days of data says so.
-- 5. A brand whose name is an everyday word (Mother, Frame, Guess, Gap) is the brand only where the query reads as one:
--    leading it, not as a possessive ("mother of pearl", "metal frame glasses" and "mother's day" name no brand); a
--    word of a named brand's product name is that product's ("tory burch lee radziwill" names no Lee). Issue 54.
--
-- The lexicon's, the products' and the word list's rows are data, not schema: `npm run lexicon:sql` and
-- `npm run dictionary:sql` write them as migrations (supabase/migrations/*_market_lexicon.sql and
-- *_market_dictionary.sql).
--
-- Who may call: the search functions run as service_role; nothing here is for the browser.

-- Text normalisation --------------------------------------------------------------------------------------------------
-- One definition of "the same words" for listings and queries: lower case, accents dropped (Café = cafe),
-- apostrophes dropped (Levi's = levis, Arc'teryx = arcteryx), dotted initials joined (J.Crew = jcrew), initials joined
-- by & one name (A&F = af, H&M = hm), every other character a word break. unaccent() itself is only STABLE (its
-- dictionary could change); pinning the dictionary makes this wrapper safe to mark IMMUTABLE, which generated columns
-- and indexes need. It and the functions that call it to write a listing (market_words, market_listing_terms,
-- market_decoys) are PL/pgSQL, not SQL: a function with a search_path is never inlined, and a SQL function called from
-- another's body is parsed and planned again at every call, where PL/pgSQL keeps its compiled body for the session.
-- market_decoys over 2,000 titles: 339 ms as SQL, 71 as PL/pgSQL; a COPY of them into a table whose column it
-- generates, 1,308 ms against 82 (decision 089).
create function public.market_normalize(input text) returns text
  language plpgsql immutable parallel safe
  set search_path = ''
as $$
begin
  return btrim(regexp_replace(
    -- initials joined by &: a&f -> af, h & m -> hm
    regexp_replace(
      regexp_replace(
        translate(lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(input, ''))), '''’`', ''),
        '([a-z])\.(?=[a-z])', '\1', 'g'),
      '(^|[^a-z0-9])([a-z]) ?& ?([a-z])(?=$|[^a-z0-9])', '\1\2\3', 'g'),
    '[^a-z0-9]+', ' ', 'g'));
end;
$$;
revoke execute on function public.market_normalize(text) from public, anon, authenticated;
grant execute on function public.market_normalize(text) to service_role;

-- The lexicon ---------------------------------------------------------------------------------------------------------
create table public.market_lexicon (
  -- A name as market_words makes it: 'doc marten', 'tnf', 'jean jacket', 'north face'.
  phrase text primary key check (phrase ~ '^[a-z0-9_]+( [a-z0-9_]+){0,3}$'),
  kind text not null check (kind in ('brand', 'garment', 'model', 'material', 'noise', 'colour')),
  -- The entry the name belongs to, as a person reads it: 'Dr. Martens', 'denim jacket'. Every name of a brand,
  -- garment or model entry shares it; the eBay query and "matched as" use it.
  label text not null check (char_length(label) between 1 and 100),
  -- A model's brand, as its brand entry's label ('Birkin' -> 'Hermes'); only models have one.
  brand text check (char_length(brand) between 1 and 100),
  -- A garment: the narrower garments its word also means, by label ('bag' -> {handbag}; 'handbag' -> {tote bag, ...}).
  covers text[] not null default '{}',
  -- A garment: what it is made of unless a title says otherwise ('leather' for a bag or a boot).
  material text,
  -- A model: the garment it is ('Nuptse' -> 'puffer jacket').
  garment text,
  -- A material: words that say an item is not it ('faux', 'pu' for leather), and the materials a title may name instead.
  unlike text[] not null default '{}',
  contrast text[] not null default '{}',
  -- A garment: its family, which a model or product name without a garment in the query stands for.
  family text check (family in ('bags', 'footwear', 'accessories', 'tops', 'bottoms', 'one-pieces')),
  check ((kind = 'model') = (brand is not null))
);

create index market_lexicon_entry_idx on public.market_lexicon (kind, label);

comment on table public.market_lexicon is
  'Brand and garment names with their aliases, stop, noise and colour words: the vocabulary both listings and queries are matched with. Data: supabase/functions/_shared/market/lexicon-data.ts.';
comment on column public.market_lexicon.family is
  'A garment: its family (bags, footwear, accessories, tops, bottoms, one-pieces), GARMENT_FAMILIES in lexicon-data.ts.';

alter table public.market_lexicon enable row level security;
revoke all on public.market_lexicon from anon, authenticated;
grant select on public.market_lexicon to service_role;

-- A brand's own names for its garments, read beside the brand only ('Lululemon', 'align', 'leggings').
create table public.market_products (
  brand text not null check (char_length(brand) between 1 and 100),
  -- As market_words makes it: 'align', 'shoe', '501', 'better sweater'.
  phrase text not null check (phrase ~ '^[a-z0-9_]+( [a-z0-9_]+){0,3}$'),
  garment text not null check (char_length(garment) between 1 and 100),
  -- A model known by its brand's product names, beside the brand ("timbs": Timberland's 6 inch, premium, yellow boot).
  model text check (char_length(model) between 1 and 100),
  -- A product name that holds a shorter one of the brand but is another product (a Pillow Tabby is no Tabby).
  separate boolean not null default false,
  primary key (brand, phrase, garment)
);

create index market_products_garment_idx on public.market_products (garment);

comment on table public.market_products is
  'What a brand calls its garments (Lululemon''s Align are leggings, a Nike shoe is a sneaker). Data: supabase/functions/_shared/market/lexicon-data.ts (PRODUCTS).';
comment on column public.market_products.model is
  'A model (market_lexicon label) these names stand for beside the brand: Timberland''s "6 inch" are Timbs.';
comment on column public.market_products.separate is
  'This name holds a shorter product name of the brand but is another product: a search for the shorter leaves it out.';

alter table public.market_products enable row level security;
revoke all on public.market_products from anon, authenticated;
grant select on public.market_products to service_role;

-- Brands as listings misspell them ("addidas", "abercombie"): found among the index's words at each vocabulary refresh
-- (one letter from a brand name of six letters or more, no English word, no other name) and read by a query as more
-- names of the brand; typed in a query, such a word is read as the brand and said as a correction.
create table public.market_brand_spellings (
  word text primary key check (word ~ '^[a-z]{5,100}$'),
  brand text not null check (char_length(brand) between 1 and 100),
  -- the brand's name it is one letter from, as market_words writes it ("adidas" for "addidas")
  name text not null check (name ~ '^[a-z]{6,100}$')
);

comment on table public.market_brand_spellings is
  'Words of the listing index that misspell one brand (addidas: Adidas), written by market_refresh_vocabulary.';

alter table public.market_brand_spellings enable row level security;
revoke all on public.market_brand_spellings from anon, authenticated;
grant select on public.market_brand_spellings to service_role;

-- Words of the index, for typo correction and for the order a group's words are tested in: refreshed by
-- public.market_refresh_vocabulary() after a seed or import.
create table public.market_vocabulary (
  word text primary key check (char_length(word) between 1 and 100),
  listings integer not null default 0 check (listings >= 0)
);

comment on table public.market_vocabulary is
  'Every term of the listing index with how many listings carry it (in a sample drawn across the table), for "did you mean", typo correction and the order a group''s words are tested in.';

create index market_vocabulary_word_trgm_idx on public.market_vocabulary using gin (word extensions.gin_trgm_ops);

alter table public.market_vocabulary enable row level security;
revoke all on public.market_vocabulary from anon, authenticated;
grant select on public.market_vocabulary to service_role;

-- Words -----------------------------------------------------------------------------------------------------------------
-- The significant words of a text, in order. Letter sizes stand alone or follow size/sz; numeric sizes follow
-- size/sz/us (US is the default system, and the number stays a word too) or uk/eu. PostgreSQL keeps the last 32
-- regular expressions it compiled (MAX_CACHED_RES in regexp.c): a statement that applies more than 32 to each row
-- compiles every one of them again for every row, about 20 times the cost. Writing a listing applies these (16),
-- market_normalize's (3), the category step (1), market_decoys' (8) and the table's checks (3); rules that can share
-- one expression do.
create function public.market_words(input text) returns text[]
  language plpgsql immutable parallel safe
  set search_path = ''
as $$
begin
  return array_remove(string_to_array(
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
    ' '), '');
end;
$$;
comment on function public.market_words(text) is
  'The significant words of a listing or query text: normalised, sizes as sz_ terms, stop words out, plurals folded.';
revoke execute on function public.market_words(text) from public, anon, authenticated;
grant execute on function public.market_words(text) to service_role;

-- The listing key -------------------------------------------------------------------------------------------------------
-- The index key of a listing: the words of its brand, title, category and size, with the category read as marketplaces
-- give it: each step of a path ("Women > Jeans > Skinny") adds its words, and a step that lists several kinds ("Men's
-- Coats, Jackets & Vests", "Sweats & Hoodies") says nothing about which one this is, so it adds none. Stored with each
-- listing (market_listings.terms) and each imported item (seller_items.search_terms).
create function public.market_listing_terms(brand text, title text, category text, size text) returns text[]
  language plpgsql immutable parallel safe
  set search_path = ''
as $$
begin
  -- One expression, no subquery, so it stays cheap: a step is what lies between two >, and a step holding &, a comma,
  -- "and" or / is dropped whole.
  return public.market_words(
    coalesce(brand, '') || ' ' || coalesce(title, '') || ' '
      || coalesce(regexp_replace(category, '(^|>)[^>]*(&|,|/|\mand\M)[^>]*', '\1', 'gi'), '')
      || coalesce(' size ' || size, ''));
end;
$$;
revoke execute on function public.market_listing_terms(text, text, text, text) from public, anon, authenticated;
grant execute on function public.market_listing_terms(text, text, text, text) to service_role;

-- Decoys: what a listing is besides the item its words name: 'lot' (several items sold together), 'part' (an accessory
-- or part of the item sold alone: a dust bag, an empty box, laces, a keychain, a patch, a strap), 'kids' (kids' and
-- baby sizes), 'fake' (a dupe, replica or piece "inspired" by the brand), 'pet' (for a pet or a doll). A part that
-- comes with the item ("with dust bag", "w/ box", "+ receipt", "dust bag included") marks nothing. Regular expressions
-- only, so the marks are stored with the row (market_listings.decoys) and a search filters on them for free.
create function public.market_decoys(p_title text, p_size text, p_category text) returns text[]
  language plpgsql immutable parallel safe
  set search_path = ''
as $$
declare
  v_title text := public.market_normalize(p_title);
  v_meta text := public.market_normalize(coalesce(p_size, '') || ' ' || coalesce(p_category, ''));
  v_raw text := lower(coalesce(p_title, ''));
begin
  return array_remove(array[
    case when v_title ~ '\m(lot|lots|bundle|bundles|wholesale|bulk|mystery box|reseller box|[0-9]+ ?(pcs|pieces|pairs|items))\M'
         then 'lot' end,
    -- the title, then ~ and the size and category (normalised text holds no ~): a kids' size word anywhere, boys or
    -- girls in the size or category, or in the title beside little/big/teen or a size
    case when (v_title || ' ~ ' || v_meta) ~ ('\m(kid|kids|toddler|toddlers|youth|infant|infants|newborn|preschool|'
                || 'grade school|baby boy|baby boys|baby girl|baby girls|babygap|baby gap|gs|td|ps|[1-9]c|1[0-3]c|'
                || '[2-5]t|[0-9]{1,2} ?(y|yr|yrs|years)|[0-9]{1,2} ?(mo|mos|months)|[0-9]{1,2} [0-9]{1,2} ?m)\M'
                || '|~.*\m(boys?|girls?)\M'
                || '|(^|\m(little|big|toddler|teen|tween) )(boys|girls)\M'
                || '|\m(boys|girls) (sz_|size |sz |[0-9]|xs\M|s\M|m\M|l\M|xl\M)')
         then 'kids' end,
    case when (
           v_title ~ ('\m(keychain|keychains|key chain|key ring|keyring|key fob|bag charm|charm|charms|patch|patches|'
             || 'iron on|sew on|enamel pin|lapel pin|pinback|sticker|stickers|decal|magnet|shoelaces|shoe laces|laces|'
             || 'hanger|hangers|insole|insoles|shoe tree|shoe trees|shoe horn|dust bag|dustbag|dust cover|garment bag|'
             || 'shoe box|gift bag|paper bag|gift box|authenticity card|care booklet|booklet|catalog|catalogue|'
             || 'lookbook|mannequin|swatch|remnant|remnants|scraps)\M')
           and v_raw !~ ('(with|w/|\+|&|incl|includes|including|plus|comes|extra|spare|no|without|missing|has|elbow)'
             || '\W+(\w+\W+){0,4}?(keychain|key chain|key ring|keyring|key fob|bag charm|'
             || 'charm|charms|patch|patches|shoelaces|shoe laces|laces|hanger|hangers|insole|insoles|shoe tree|shoe trees|'
             || 'dust ?bag|dust cover|garment bag|shoe box|gift bag|paper bag|gift box|authenticity card|'
             || 'care booklet|booklet)')
           and v_raw !~ '(dust ?bag|box|laces|insoles|charm|card)\W+(included|incl)'
         )
           -- a part sold alone: "... only", an empty box, parts, a strap for a bag
           or v_title ~ ('\m((box|dust bag|dustbag|dust cover|strap|straps|case|receipt|card|tags|tag|chain|insert|lens|'
             || 'lenses|laces|hardware|buckle|handle|handles|pouch|padlock|lock|key|keys|clochette)( [a-z0-9]+){0,3} only'
             || '|empty box|box empty|just box|just the box|no shoes|shoes not included|for parts|parts only|replacement'
             || '|(strap|straps) for)\M')
         then 'part' end,
    case when v_title ~ ('\m(dupe|dupes|replica|replicas|rep|reps|inspired|inspo|knockoff|knockoffs|knock off|'
           || 'look alike|lookalike|not authentic|inauthentic|unauthentic|fake)\M')
         then 'fake' end,
    case when v_title ~ '\m(dog|dogs|puppy|pet|pets|doggy|doggie|doll|dolls)\M' then 'pet' end
  ], null);
end;
$$;
comment on function public.market_decoys(text, text, text) is
  'What a listing is besides the item it names: lot, part, kids, fake, pet (an empty array for the item itself).';

-- A sale's key in the index of sales also holds the week it sold in ("week:1403", weeks from Monday 3 January 2000,
-- UTC; no title word has a colon), and the sold count asks for the window's weeks in the same scan: it reads the
-- window's sales and at most six days more, however long the history (docs/decisions/067-search-speed.md).
create function public.market_sold_key(p_terms text[], p_sold_at timestamptz) returns text[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  select p_terms || ('week:' || floor(extract(day from p_sold_at - '2000-01-03 00:00:00+00'::timestamptz) / 7)::int)
$$;

-- The weeks from p_since to p_until, as market_sold_key writes them.
create function public.market_sold_weeks(p_since timestamptz, p_until timestamptz) returns text[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  select coalesce(array_agg('week:' || w order by w), '{}')
  from generate_series(
    floor(extract(day from p_since - '2000-01-03 00:00:00+00'::timestamptz) / 7)::int,
    floor(extract(day from p_until - '2000-01-03 00:00:00+00'::timestamptz) / 7)::int) w
$$;

revoke execute on function public.market_decoys(text, text, text), public.market_sold_key(text[], timestamptz),
  public.market_sold_weeks(timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.market_decoys(text, text, text), public.market_sold_key(text[], timestamptz),
  public.market_sold_weeks(timestamptz, timestamptz) to service_role;

-- The English words -----------------------------------------------------------------------------------------------------
create table public.market_dictionary (
  word text primary key check (word ~ '^[a-z]+$')
);

comment on table public.market_dictionary is
  'English words (SCOWL sizes 10-50, folded by market_words): a query word found here is never corrected into another.';

alter table public.market_dictionary enable row level security;
revoke all on public.market_dictionary from anon, authenticated;
grant select on public.market_dictionary to service_role;

-- One slip ------------------------------------------------------------------------------------------------------------
-- True when b is a over two adjacent letters swapped ("nupste" -> "nuptse").
create function public.market_is_swap(a text, b text) returns boolean
  language sql immutable parallel safe
  set search_path = ''
as $$
  select char_length(a) = char_length(b) and a <> b and exists (
    select 1 from generate_series(1, char_length(a) - 1) as i
    where substr(a, 1, i - 1) || substr(a, i + 1, 1) || substr(a, i, 1) || substr(a, i + 2) = b)
$$;
revoke execute on function public.market_is_swap(text, text) from public, anon, authenticated;
grant execute on function public.market_is_swap(text, text) to service_role;

-- The word of the index or the lexicon one slip from p_word (two from 8 letters on), or null: fewest slips first,
-- then the lexicon's names, then the word most listings use. A word of a brand's name that is an English word is no
-- name here, and an English word no listing uses no candidate (issue 54): the lexicon's 1,828 brands hold words such
-- as "sear" (Sears Roebuck) and "house" (White House Black Market), into which an unknown label would be "corrected"
-- ("sefr" -> "sear") to find nothing; nor is a four-letter word corrected into a piece of a longer brand name ("boro"
-- into the "bobo" of Bobo Choses). The Levenshtein distance is computed once, within two, and a swap is looked for only
-- at two (a swap is two substitutions).
create function public.market_correction(p_word text) returns text
  language sql stable
  set search_path = ''
as $$
  with candidates as (
    select c.word, max(c.listings) as listings, bool_or(c.named) as named
    from (
      select v.word, v.listings, false as named from public.market_vocabulary v
      where v.listings > 0 or not exists (select 1 from public.market_dictionary d where d.word = v.word)
      union all
      select t, 0, true
      from public.market_lexicon x, unnest(string_to_array(x.phrase, ' ')) as t
      where x.kind in ('garment', 'model')
         or (x.kind = 'brand' and not exists (select 1 from public.market_dictionary d where d.word = t)
             -- a four-letter word is no piece of a longer name: "boro" is no "Bobo Choses"
             and (char_length(p_word) >= 5 or x.phrase = t))
    ) c
    where c.word <> p_word
      and abs(char_length(c.word) - char_length(p_word)) <= 2
    group by c.word
  ),
  near as (
    select c.word, c.listings, c.named, extensions.levenshtein_less_equal(p_word, c.word, 2) as distance
    from candidates c
    where c.word ~ '^[a-z]+$'
  ),
  scored as (
    select n.word, n.listings, n.named,
      case when n.distance = 2 and public.market_is_swap(p_word, n.word) then 1 else n.distance end as slips
    from near n
    where n.distance <= 2
  )
  select s.word from scored s
  where s.slips <= case when char_length(p_word) >= 8 then 2 else 1 end
  order by s.slips, s.named desc, s.listings desc, s.word
  limit 1
$$;
comment on function public.market_correction(text) is
  'The index or lexicon word one slip (two from 8 letters) from an unknown query word, or null.';
revoke execute on function public.market_correction(text) from public, anon, authenticated;
grant execute on function public.market_correction(text) to service_role;

-- The query ------------------------------------------------------------------------------------------------------------
-- The groups of a text: each lexicon name (longest first) stands for every name of its entry, a brand as listings
-- misspell it for the brand; any other word stands for itself, corrected (by the rule above) when no listing uses it.
-- Returns
--   [{"any": [["doc", "marten"], ["dm"], ...], "label": "Dr. Martens", "kind": "brand"}, {"any": [["1460"]], "kind": "word"}]
-- p_long: a long pasted title (colours and unknown words are set aside rather than required or corrected).
-- Two more notes:
--   recognised: [{"text": "hermes", "kind": "brand", "label": "Hermes"}, {"text": "birkin", "kind": "model",
--                 "label": "Birkin", "brand": "Hermes"}]  (brands, garments and models of the lexicon)
--   unknown:    ["zxqvblorp"]  (no listing uses it, no lexicon name holds it, nothing one slip away)
-- p_notes may carry "keep" (words written in quotes: never corrected) and "excluding" (the words of a -exclusion:
-- no recognised or unknown notes). No JIT: the index-only settings price every other plan at 10^10, far past
-- jit_above_cost, and PostgreSQL 15 then compiled each small statement (about 70 ms for a 0.14 ms statement).
create function public.market_query_groups(p_text text, p_long boolean, inout p_notes jsonb default '{}'::jsonb,
  out groups jsonb)
  language plpgsql stable
  set search_path = ''
  -- The unknown-word probe must use the search index: a planner that expects an early hit otherwise walks the whole
  -- table, or every sale through the sold_at index.
  set enable_seqscan = off
  set enable_indexscan = off
  set jit = off
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
  -- The normalised text between spaces, for the words market_words drops ("of") and the forms it folds ("mother's").
  v_text text := ' ' || public.market_normalize(p_text) || ' ';
  -- Nothing but condition words, colours, sizes, numbers and describing words so far: where a brand leads a query.
  v_lead boolean := true;
  -- The brands read so far, whose own product names are read as words ("tory burch lee": Lee is no brand there).
  v_brands text[] := '{}';
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
    -- A brand name is read as the brand only where the query reads as one (decision 060's concern, issue 54):
    -- - a word of a product name of a brand the query named already is that product's word ("tory burch lee
    --   radziwill", "gucci brixton loafers", "oakley m frame");
    -- - a brand whose name is an everyday English word (Mother, Frame, Guess, Gap, Coach, Express) is the brand where
    --   it leads the query (after condition words, colours, sizes, numbers and describing words: "vintage coach bag",
    --   "black frame jeans"), not written as a possessive ("mother's day" is no Mother) nor the first word of a phrase
    --   joined by "of" ("mother of pearl", "mother of the bride dress"); elsewhere it is a word ("metal frame
    --   glasses", "nike coach jacket"). An alias is always the brand: the lexicon's aliases are no everyday words.
    if v_found and v_hit.kind = 'brand' then
      if cardinality(v_brands) > 0 and exists (
           select 1 from public.market_products p
           where p.brand = any (v_brands) and string_to_array(p.phrase, ' ') <@ v_words
             and v_words[v_i] = any (string_to_array(p.phrase, ' '))) then
        v_found := false;
      elsif v_len = 1
         and exists (select 1 from public.market_dictionary d where d.word = v_words[v_i])
         and array_to_string(public.market_words(v_hit.label), ' ') = v_words[v_i]
         and (not v_lead
              or strpos(v_text, ' ' || public.market_normalize(v_hit.label) || ' of ') > 0
              or strpos(translate(lower(p_text), '’`', ''''''), public.market_normalize(v_hit.label) || '''s') > 0) then
        v_found := false;
      end if;
    end if;
    if not v_found and not coalesce(p_notes -> 'keep', '[]') ? v_words[v_i] then
      -- A brand as listings misspell it ("addidas") is read as the brand, and said so as a correction.
      select x.kind, x.label, x.brand, s.name into v_hit
      from public.market_brand_spellings s
        join public.market_lexicon x on x.kind = 'brand' and x.phrase = s.name
      where s.word = v_words[v_i];
      if found then
        v_found := true;
        v_len := 1;
        if v_noting then
          p_notes := jsonb_set(p_notes, '{corrected}', coalesce(p_notes -> 'corrected', '[]')
            || jsonb_build_object('from', v_words[v_i], 'to', v_hit.name));
        end if;
      end if;
    end if;
    -- An inch length's unit says nothing a title must write (titles write 25", 25 in, 25 inch): the number is the
    -- length, "inch" is set aside (issue 54), unless the two are a product's name (Timberland's "6 inch").
    if not v_found and v_words[v_i] = 'inch' and v_i > 1
       and v_words[v_i - 1] <> '' and translate(v_words[v_i - 1], '0123456789', '') = ''
       and not exists (select 1 from public.market_products p where p.phrase = v_words[v_i - 1] || ' inch') then
      p_notes := jsonb_set(p_notes, '{ignored}', coalesce(p_notes -> 'ignored', '[]') || to_jsonb('inch'::text));
      v_i := v_i + 1;
      continue;
    end if;
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
        v_lead := v_lead and (left(v_word, 3) = 'sz_' or v_word <> translate(v_word, '0123456789', '')
          or v_word in ('vintage', 'vtg', 'retro', 'classic', 'original', 'og', 'deadstock', 'ds', 'nos'));
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
      v_lead := v_lead and v_hit.kind = 'material';
      if v_hit.kind = 'brand' then
        v_brands := v_brands || v_hit.label;
      end if;
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
revoke execute on function public.market_query_groups(text, boolean, jsonb) from public, anon, authenticated;
grant execute on function public.market_query_groups(text, boolean, jsonb) to service_role;

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

-- A clause's groups as the search reads them: a garment stands for the names market_garment_names gives it, a model or
-- a brand's product name without a garment for its garment's family (a Marmont belt is not a "gucci marmont"), and a
-- garment's "unlike" words rule a title out ("denim" is jeans, so a denim jacket is left out), except the words of the
-- garments of the models and products the query names ("levi's trucker denim" is a denim Trucker jacket: decision 070).
create function public.market_clause_groups(p_groups jsonb) returns jsonb
  language plpgsql stable
  set search_path = ''
  -- (one generic plan for its statements, as for the query's reading: decision 095)
  set plan_cache_mode = force_generic_plan
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
  v_plain text[];
  v_implied text[];
  v_own text[];
  v_own_phrases jsonb;
  v_others text[];
  v_describing text[];
  v_family text[];
  v_query_words text[];
  v_adjectives text[];
  v_dropped text[];
  v_products jsonb;
  v_names_of jsonb;
  v_model_garments text[];
  v_written text[];
  v_product_words text;
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
  -- Each garment's names, read once: the brand's models below are checked against them too.
  select coalesce(jsonb_object_agg(g, public.market_garment_names(g, v_brands)), '{}'::jsonb) into v_names_of
  from (select distinct unnest(v_garments) as g) s;
  -- The words the query itself holds: a "puffer vest" keeps its vests.
  select coalesce(array_agg(distinct w), '{}') into v_asked
  from jsonb_array_elements(coalesce(p_groups, '[]')) g, jsonb_array_elements(g.value -> 'any') n,
    jsonb_array_elements_text(n.value) w;

  for v_group in select value from jsonb_array_elements(coalesce(p_groups, '[]')) loop
    if v_group ->> 'kind' = 'garment' then
      v_out := v_out || jsonb_set(v_group, '{any}', v_names_of -> (v_group ->> 'label'));
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
          -- the brand as listings misspell it ("addidas", "abercombie"): found at vocabulary refresh
          select to_jsonb(array[s.word]) from public.market_brand_spellings s where s.brand = v_group ->> 'label'
          union all
          select to_jsonb(string_to_array(x.phrase, ' ')) from public.market_lexicon x
          where x.kind = 'model' and x.brand = v_group ->> 'label'
            and (cardinality(v_garments) = 0 or exists (
              select 1 from unnest(v_garments) g, jsonb_array_elements(v_names_of -> g) n
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
    elsif v_group ->> 'kind' = 'model' and exists (select 1 from public.market_products p
                                                    where p.model = v_group ->> 'label') then
      -- A model known by its brand's product names counts them beside the brand ("timbs": "Timberland 6 Inch").
      v_out := v_out || jsonb_set(v_group, '{any}', (
        select jsonb_agg(distinct n.value order by n.value)
        from (
          select a.value from jsonb_array_elements(v_group -> 'any') a
          union all
          select to_jsonb(public.market_words(p.brand) || string_to_array(p.phrase, ' '))
          from public.market_products p where p.model = v_group ->> 'label'
        ) n(value)));
    else
      v_out := v_out || v_group;
    end if;
  end loop;

  -- A model, or a brand's own product name, named without a garment is its garment's family: a listing that names a
  -- garment of another family and none of the model's is another item ("gucci marmont" is no Marmont belt), while its
  -- line's other garments of that family count ("nuptse": the Nuptse vest). With no brand named, only a product name
  -- holding a number says its garment (a model number: 501, 990).
  if cardinality(v_garments) = 0 then
    select coalesce(array_agg(g.value -> 'any' -> 0 ->> 0), '{}') into v_plain
    from jsonb_array_elements(coalesce(p_groups, '[]')) g
    where g.value ->> 'kind' = 'word' and jsonb_array_length(g.value -> 'any' -> 0) = 1;
    select coalesce(array_agg(distinct s.garment), '{}') into v_implied
    from (
      select x.garment
      from jsonb_array_elements(coalesce(p_groups, '[]')) g
        join public.market_lexicon x on x.kind = 'model' and x.label = g.value ->> 'label'
      where g.value ->> 'kind' = 'model' and x.garment is not null
      union all
      select p.garment
      from public.market_products p
      where string_to_array(p.phrase, ' ') <@ v_plain
        and (p.brand = any (v_brands) or (cardinality(v_brands) = 0 and p.phrase <> translate(p.phrase, '0123456789', '')))
    ) s;
  end if;
  if cardinality(v_implied) > 0 then
    -- The family's own garment words save a found row; the brand's product names do not (a 501 is no garment word).
    -- Garment words that titles also write as a description of another item are no sign of another family: a boot
    -- cut, a denim or fleece lining, a dress shoe, a heel tab, a pump, a shade of a colour. The query's own words (the
    -- model, the brand) say nothing of the garment either.
    v_describing := array['boot', 'bootie', 'crewneck', 'denim', 'dress', 'fleece', 'flannel', 'footwear', 'heel',
      'jumper', 'kick', 'pullover', 'pump', 'shade', 'shoe', 'slide', 'tank'];
    select array_agg(distinct f.label) into v_family
    from (
      select x.label from public.market_lexicon x
      where x.kind = 'garment' and x.family in (select y.family from public.market_lexicon y
        where y.kind = 'garment' and y.label = any (v_implied))
      union all
      select unnest(v_implied)
    ) f;
    with names(words) as (
      select string_to_array(x.phrase, ' ') from public.market_lexicon x
      where x.kind = 'garment' and x.label = any (v_family)
    )
    select coalesce(array_agg(distinct n.words[1] order by n.words[1])
        filter (where cardinality(n.words) = 1 and n.words[1] <> all (v_asked)),
        '{}'),
      coalesce(jsonb_agg(distinct to_jsonb(n.words)) filter (where cardinality(n.words) > 1), '[]'::jsonb)
    into v_own, v_own_phrases
    from names n;
    -- a phrase holding one of the single names or the query's words adds nothing ("belt bag" holds "bag")
    select coalesce(jsonb_agg(p.value order by p.value), '[]'::jsonb) into v_own_phrases
    from jsonb_array_elements(v_own_phrases) p
    where not exists (select 1 from jsonb_array_elements_text(p.value) w where w = any (v_own) or w = any (v_asked));
    select coalesce(array_agg(distinct x.phrase order by x.phrase), '{}') into v_others
    from public.market_lexicon x
    where x.kind = 'garment' and strpos(x.phrase, ' ') = 0 and x.label <> all (v_family)
      and x.phrase <> all (v_own) and x.phrase <> all (v_asked) and x.phrase <> all (v_describing);
  end if;

  -- A brand's product name that holds the query's product name but is another product (market_products.separate)
  -- rules a listing out: a Pillow Tabby is no Tabby, an Ultra Mini no Mini. And a describing word of the query's
  -- product name (classic, original, retro...) is left out when the rest is the brand's product name too: "Classic
  -- Flap" is the brand's "flap", a "Classic Mini" its "mini".
  v_query_words := array(select w from jsonb_array_elements(coalesce(p_groups, '[]')) g,
    jsonb_array_elements(g.value -> 'any') a, jsonb_array_elements_text(a.value) w
    where g.value ->> 'kind' in ('word', 'brand', 'model'));
  v_adjectives := array['athletic', 'classic', 'new', 'og', 'original', 'premium', 'retro', 'running', 'vintage'];
  if cardinality(v_brands) > 0 then
    select coalesce(array_agg(distinct d.w), '{}') into v_dropped
    from public.market_products p, unnest(string_to_array(p.phrase, ' ')) d(w)
    where p.brand = any (v_brands) and string_to_array(p.phrase, ' ') <@ v_query_words and d.w = any (v_adjectives)
      and exists (select 1 from public.market_products r
        where r.brand = p.brand and r.phrase <> p.phrase
          and string_to_array(r.phrase, ' ') = array(select x from unnest(string_to_array(p.phrase, ' ')) x
                                                      where x <> all (v_adjectives)));
    if cardinality(v_dropped) > 0 then
      select coalesce(jsonb_agg(g.value), '[]'::jsonb) into v_out
      from jsonb_array_elements(v_out) g
      where not (g.value ->> 'kind' = 'word' and g.value -> 'any' -> 0 ->> 0 = any (v_dropped));
      v_query_words := array(select w from unnest(v_query_words) w where w <> all (v_dropped));
    end if;
    select coalesce(jsonb_agg(distinct to_jsonb(string_to_array(q.phrase, ' '))), '[]'::jsonb) into v_products
    from public.market_products p
      join public.market_products q on q.brand = p.brand and q.phrase <> p.phrase
        and string_to_array(q.phrase, ' ') @> string_to_array(p.phrase, ' ')
    where p.brand = any (v_brands) and string_to_array(p.phrase, ' ') <@ v_query_words
      and q.separate and not (string_to_array(q.phrase, ' ') <@ v_query_words);
  end if;

  -- The names of the garments of the query's models and of its brands' product names ("trucker" is a Levi's denim
  -- jacket): what the query asks for, so none of their words rules a row out.
  -- (Each step a plain statement: the reading turns sequential scans off, which makes a join of these small tables
  -- expensive to plan and run.)
  v_model_garments := array(
    select m.garment from jsonb_array_elements(coalesce(p_groups, '[]')) g
      join public.market_lexicon m on m.kind = 'model' and m.label = g.value ->> 'label'
    where g.value ->> 'kind' = 'model' and m.garment is not null);
  if cardinality(v_brands) > 0 then
    v_written := array(
      select t.word from jsonb_array_elements(coalesce(p_groups, '[]')) g, jsonb_array_elements(g.value -> 'any') a,
        jsonb_array_elements_text(a.value) t(word)
      where g.value ->> 'kind' = 'word');
    v_model_garments := v_model_garments || array(
      select p.garment from public.market_products p
      where p.brand = any (v_brands) and string_to_array(p.phrase, ' ') <@ v_written and p.garment is not null);
  end if;
  if cardinality(v_model_garments) > 0 then
    v_model_garments := array(
      select distinct u.word from public.market_lexicon x, unnest(string_to_array(x.phrase, ' ')) u(word)
      where x.kind = 'garment' and x.label = any (v_model_garments));
  end if;
  v_words := array(select distinct w from unnest(v_words) w
                   where w <> all (v_asked) and w <> all (v_model_garments) order by 1);
  -- Each word as the listing key holds it (plurals folded, spacing and apostrophes gone: "t-shirt", "tees", "men's"),
  -- so a found row is checked against its stored key (an array comparison) rather than its title read again by a
  -- regular expression, which cost a wide query at 1M listings half a second.
  select coalesce(jsonb_agg(distinct to_jsonb(k)), '[]'::jsonb) || coalesce(v_products, '[]'::jsonb) into v_notwords
  from (select public.market_words(w) as k from unnest(v_words) w) s
  where cardinality(k) > 0;
  select array_agg(distinct array_to_string(array(select t || '\S*' from jsonb_array_elements_text(n.value) t), '\s+'))
  into v_names
  from jsonb_array_elements(coalesce(p_groups, '[]')) g, jsonb_array_elements(g.value -> 'any') n
  where g.value ->> 'kind' in ('brand', 'model');
  -- A product name of the brand that starts with one of those words is no hedge: "Levi's Type III" is a Trucker
  -- jacket, "Levis type 3" too (a numbered name by its number either way).
  select string_agg(distinct c.words, '|' order by c.words) into v_product_words
  from (
    select replace(substr(p.phrase, strpos(p.phrase, ' ') + 1), ' ', '\s+') as words
    from public.market_products p
    where p.brand = any (v_brands) and strpos(p.phrase, ' ') > 0
      and split_part(p.phrase, ' ', 1) in ('style', 'type', 'inspired')
    union all
    select r.digits
    from public.market_products p,
      unnest(array['2', '3', '4', '6', '7', '8', '9', '11', '12', '13', '14'],
             array['ii', 'iii', 'iv', 'vi', 'vii', 'viii', 'ix', 'xi', 'xii', 'xiii', 'xiv']) as r(digits, roman)
    where p.brand = any (v_brands) and split_part(p.phrase, ' ', 1) in ('style', 'type', 'inspired')
      and substr(p.phrase, strpos(p.phrase, ' ') + 1) = r.roman
  ) c;
  if v_names is not null then
    v_not := v_not
      || ('\m(' || array_to_string(v_names, '|') || ')\s+(style|type|inspired)\M'
          || coalesce('(?!\s+(' || v_product_words || ')\M)', ''))
      || ('\m(not|non)\s+(a\s+|an\s+|real\s+|genuine\s+)?(' || array_to_string(v_names, '|') || ')')
      -- made for the item, not the item: "twilly for birkin handle", "strap for lv speedy"
      || ('\mfor\s+(a\s+|an\s+|the\s+|your\s+)?(' || array_to_string(v_names, '|') || ')');
  end if;
  return jsonb_build_object('groups', v_out, 'notwords', v_notwords,
    'kinds', case when cardinality(v_others) > 0 then
      jsonb_build_object('others', to_jsonb(v_others), 'own', to_jsonb(v_own), 'phrases', v_own_phrases) end,
    'not', case when cardinality(v_not) > 0 then array_to_string(v_not, '|') end);
end;
$$;

revoke execute on function public.market_garment_names(text, text[]), public.market_clause_groups(jsonb)
  from public, anon, authenticated;
grant execute on function public.market_garment_names(text, text[]), public.market_clause_groups(jsonb)
  to service_role;

-- A query's decoy marks: market_decoys only when the query holds a word that one of its patterns needs, or a digit.
-- Every pattern of market_decoys needs at least one of these words, or a digit, as a whole word of the normalised
-- text (a multi-word pattern such as "dust bag" is listed by one of its words); a query holding none is marked with
-- nothing, as market_decoys would mark it, and its reading compiles no more regular expressions than PostgreSQL keeps
-- (docs/decisions/071-reading-regexes.md). tests/market-query-decoys.test.ts holds the two together: a word added to
-- market_decoys' patterns must be added here.
create function private.market_query_decoys(p_query text) returns text[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  select case
    when string_to_array(n.text, ' ') && array[
        -- lots
        'lot', 'lots', 'bundle', 'bundles', 'wholesale', 'bulk', 'mystery', 'reseller',
        -- kids' sizes
        'kid', 'kids', 'toddler', 'toddlers', 'youth', 'infant', 'infants', 'newborn', 'preschool', 'grade', 'baby',
        'babygap', 'gs', 'td', 'ps', 'boys', 'girls',
        -- parts and accessories sold alone
        'keychain', 'keychains', 'key', 'keyring', 'charm', 'charms', 'patch', 'patches', 'iron', 'sew', 'enamel',
        'lapel', 'pinback', 'sticker', 'stickers', 'decal', 'magnet', 'shoelaces', 'laces', 'hanger', 'hangers',
        'insole', 'insoles', 'tree', 'trees', 'horn', 'dust', 'dustbag', 'garment', 'box', 'gift', 'paper',
        'authenticity', 'booklet', 'catalog', 'catalogue', 'lookbook', 'mannequin', 'swatch', 'remnant', 'remnants',
        'scraps', 'only', 'no', 'included', 'parts', 'replacement', 'strap', 'straps',
        -- fakes
        'dupe', 'dupes', 'replica', 'replicas', 'rep', 'reps', 'inspired', 'inspo', 'knockoff', 'knockoffs', 'knock',
        'alike', 'lookalike', 'authentic', 'inauthentic', 'unauthentic', 'fake',
        -- for a pet or a doll
        'dog', 'dogs', 'puppy', 'pet', 'pets', 'doggy', 'doggie', 'doll', 'dolls']
      or n.text <> translate(n.text, '0123456789', '')
      then public.market_decoys(p_query, null, null)
    else '{}'::text[]
  end
  from (select public.market_normalize(p_query) as text) n
$$;
revoke execute on function private.market_query_decoys(text) from public, anon, authenticated;
grant execute on function private.market_query_decoys(text) to service_role;

-- What a query asks for, as jsonb:
--   {"clauses": [{"groups": [...], "phrases": ["wide leg"]}], "exclude": [...groups...],
--    "corrected": [{"from": "lululemn", "to": "lululemon"}], "ignored": ["euc", "black"],
--    "recognised": [...], "unknown": [...]}
-- A clause with no groups matches nothing, so a query of stop words or symbols never counts the whole index. Words in
-- quotes are kept as written, and exclusions note nothing. The quotes and exclusions are read only when the query
-- holds a quote or a hyphen, and the query's decoys through private.market_query_decoys, so a reading applies about
-- 27 regular expressions and they stay compiled between searches.
create function public.market_read_query(p_query text) returns jsonb
  language plpgsql stable
  set search_path = ''
  -- Its existence checks must probe the search index: a planner that expects an early hit otherwise walks the whole
  -- table, or every sale through the sold_at index (seconds at 1M listings for a combination that matches nothing).
  set enable_seqscan = off
  set enable_indexscan = off
  set jit = off
  -- (its statements read the lexicon and other small tables: one generic plan serves every call, where a plan made
  -- for each call's values cost a reading a fifth of its time, decision 095)
  set plan_cache_mode = force_generic_plan
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
  v_allow jsonb;
  v_sets jsonb := '[]'::jsonb;
  v_tokens text[];
  v_n int;
begin
  -- Words written in quotes are read as written (a correction undone by the screen's "search exactly" link).
  v_notes := jsonb_build_object('keep', '[]'::jsonb);
  if strpos(v_query, '"') > 0 then
    v_notes := jsonb_build_object('keep', coalesce((
      select jsonb_agg(distinct w)
      from regexp_matches(v_query, '"([^"]*)"', 'g') as m, unnest(public.market_words(m[1])) as w), '[]'));
  end if;

  -- Exclusions apply to the whole query: "-kids" anywhere removes kids' listings from every alternative.
  if strpos(v_query, '-') > 0 then
    v_notes := v_notes || '{"excluding": true}';
    for v_word in select m[1] from regexp_matches(v_query, '(?:^|\s)-([^\s,"]+)', 'g') as m loop
      select r.groups, r.p_notes into v_groups, v_notes from public.market_query_groups(v_word, false, v_notes) r;
      v_exclude := v_exclude || v_groups;
    end loop;
    v_notes := v_notes - 'excluding';
    v_query := regexp_replace(v_query, '(?:^|\s)-[^\s,"]+', ' ', 'g');
  end if;

  -- A part a short query ends on is asked for alone ("nike dunk box" asks for boxes, as "box only" would); a pasted
  -- title's "removable strap" or a "box logo hoodie" asks for nothing.
  -- (The words of the normalised query are the text between its single spaces, so a word-bounded match of the
  -- normalised text is a look-up among them.)
  v_tokens := string_to_array(public.market_normalize(v_query), ' ');
  v_n := coalesce(array_length(v_tokens, 1), 0);
  v_allow := to_jsonb(array(select distinct f from unnest(private.market_query_decoys(v_query)
    || case when coalesce(array_length(public.market_words(v_query), 1), 0) < 7
              and v_n > 0
              and (v_tokens[v_n] = any (array['box', 'dustbag', 'strap', 'straps', 'case', 'receipt', 'card', 'tags',
                     'tag', 'chain', 'insert', 'lens', 'lenses', 'laces', 'hardware', 'buckle', 'handle', 'handles',
                     'pouch', 'padlock', 'lock', 'key', 'keys'])
                   or (v_n > 1 and v_tokens[v_n - 1] = 'dust' and v_tokens[v_n] in ('bag', 'cover')))
            then array['part'] else '{}'::text[] end) f order by f));
  -- A part asked for is one part: a set of them ("dust bag + box + ribbon set") is priced as a set.
  if v_allow ? 'part' and not (public.market_words(v_query) && array['set', 'kit']) then
    v_sets := '[["set"], ["kit"]]'::jsonb;
  end if;

  foreach v_clause in array string_to_array(v_query, ',') loop
    if btrim(v_clause) = '' then
      continue;
    end if;
    v_phrases := '{}';
    if strpos(v_clause, '"') > 0 then
      for v_phrase in select m[1] from regexp_matches(v_clause, '"([^"]*)"', 'g') as m loop
        if strpos(public.market_normalize(v_phrase), ' ') > 0 then
          v_phrases := v_phrases || public.market_normalize(v_phrase);
        end if;
      end loop;
    end if;
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
        if v_group ->> 'kind' = 'word'
           and (v_group -> 'any' -> 0 ->> 0) = translate(v_group -> 'any' -> 0 ->> 0, '0123456789', '')
           and left(v_group -> 'any' -> 0 ->> 0, 3) <> 'sz_'
           and not exists (
             select 1 from public.market_products p, jsonb_array_elements(v_groups) b
             where b.value ->> 'kind' = 'brand' and p.brand = b.value ->> 'label'
               -- a product name with a number is known by its number ("1996 Retro" by 1996, kept as numbers are)
               and p.phrase = translate(p.phrase, '0123456789', '')
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
    v_tokens := string_to_array(public.market_normalize(v_clause), ' ');
    v_gender := case
      when v_tokens && array['men', 'mens', 'man', 'male']
        and not v_tokens && array['women', 'womens', 'woman', 'ladies', 'female', 'unisex']
        then 'women womens woman ladies female wmns'
      when v_tokens && array['women', 'womens', 'woman', 'ladies', 'female', 'wmns']
        and not v_tokens && array['men', 'mens', 'man', 'male', 'unisex']
        then 'men mens man male'
    end;
    v_clauses := v_clauses || jsonb_build_object('groups', v_groups, 'phrases', to_jsonb(v_phrases),
      'notwords', coalesce(v_read -> 'notwords', '[]'::jsonb)
        || coalesce((select jsonb_agg(distinct jsonb_build_array(t)) from unnest(public.market_words(v_gender)) t),
             '[]'::jsonb)
        || v_sets,
      'kinds', v_read -> 'kinds',
      'not', v_read ->> 'not');
  end loop;

  return jsonb_build_object(
    'clauses', v_clauses,
    'exclude', v_exclude,
    'allow', v_allow,
    'corrected', coalesce(v_notes -> 'corrected', '[]'),
    'ignored', coalesce(v_notes -> 'ignored', '[]'),
    'recognised', coalesce(v_notes -> 'recognised', '[]'),
    'unknown', coalesce(v_notes -> 'unknown', '[]')
  );
end;
$$;
comment on function public.market_read_query(text) is
  'A search query as clauses of word groups (commas separate alternatives), phrases, exclusions, typo corrections and words set aside.';
revoke execute on function public.market_read_query(text) from public, anon, authenticated;
grant execute on function public.market_read_query(text) to service_role;

-- A query's reading is kept ten minutes: the sold search that follows a listed one reads the same text, and reading it
-- is about 5 ms. A vocabulary refresh and a lexicon load forget them. A listed search keeps the sellers of its
-- condition beside the reading, for the sold search's headline (docs/decisions/069-search-tail.md).
create table public.market_query_readings (
  query text primary key check (char_length(query) <= 1000),
  reading jsonb not null,
  read_at timestamptz not null default now(),
  condition text check (condition in ('new_with_tags', 'new_without_tags', 'new_with_imperfections', 'pre_owned')),
  sellers uuid[],
  sellers_at timestamptz,
  -- the same sellers as the cells' bitset, when the listed search was counted from the cells (sellers is null then)
  seller_bits bit varying
);

comment on table public.market_query_readings is
  'Recent readings of search texts (market_read_query), kept ten minutes for the search of the other kind that follows.';
comment on column public.market_query_readings.sellers is
  'The distinct sellers of the last listed search of this query, in condition, at sellers_at (docs/decisions/069).';
comment on column public.market_query_readings.seller_bits is
  'The same sellers as the exact cells'' bitset (private.market_seller_ords), when the listed search read the cells.';

alter table public.market_query_readings enable row level security;
revoke all on public.market_query_readings from anon, authenticated;
grant select, insert, update, delete on public.market_query_readings to service_role;

-- The reading of a query: a recent one of the same text when there is one (a read-only look-up: the search, which may
-- write, keeps the reading), else market_read_query's.
create function public.market_parse_query(p_query text) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select coalesce(
    (select r.reading from public.market_query_readings r
     where r.query = p_query and r.read_at > now() - interval '10 minutes'),
    public.market_read_query(p_query))
$$;
revoke execute on function public.market_parse_query(text) from public, anon, authenticated;
grant execute on function public.market_parse_query(text) to service_role;

-- Matching --------------------------------------------------------------------------------------------------------------
-- One GIN condition per clause (docs/decisions/066-one-probe-per-clause.md): a query's groups of alternatives (brand
-- aliases, garment synonyms) become one index condition, and each found row is tested exactly: one of a group's single
-- words, its most common first (market_vocabulary), or a whole phrase (decision 069). p_index_key: the expression the
-- index conditions are written on, when it is not p_key (a sale's key with its week); the exact tests read p_key.
create function public.market_groups_sql(p_groups jsonb, p_key text, p_index_key text default null) returns text
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_required text[] := '{}';
  v_index text[] := '{}';
  v_exact text[] := '{}';
  v_group jsonb;
  v_singles text[];
  v_need text[];
  v_phrase jsonb;
  v_alts text[];
  v_common text[];
begin
  for v_group in select value from jsonb_array_elements(coalesce(p_groups, '[]')) loop
    if jsonb_array_length(coalesce(v_group -> 'any', '[]')) = 0 then
      return '';
    end if;
    if jsonb_array_length(v_group -> 'any') = 1 then
      v_required := v_required || array(select jsonb_array_elements_text(v_group -> 'any' -> 0));
      continue;
    end if;
    -- The words every alternative holds are required, and the group is what is left of its alternatives: "mini dress"
    -- or "short dress" is dress, and mini or short, both of which the index answers exactly, so no row is tested.
    v_common := (select array_agg(w) from (
      select w from jsonb_array_elements(v_group -> 'any') n, jsonb_array_elements_text(n) w
      group by w having count(distinct n) = jsonb_array_length(v_group -> 'any')) c);
    if v_common is not null then
      v_required := v_required || v_common;
      if exists (select 1 from jsonb_array_elements(v_group -> 'any') n
                 where not exists (select 1 from jsonb_array_elements_text(n) w where w <> all (v_common))) then
        continue;
      end if;
      v_group := jsonb_build_object('any', (
        select jsonb_agg(to_jsonb(array(select w from jsonb_array_elements_text(n) w where w <> all (v_common))))
        from jsonb_array_elements(v_group -> 'any') n));
    end if;
    v_singles := array(select distinct n ->> 0 from jsonb_array_elements(v_group -> 'any') n
                       where jsonb_array_length(n) = 1 order by 1);
    v_need := v_singles;
    v_alts := '{}';
    -- A phrase that holds one of the single words adds no row the single word does not find; of the others, the word
    -- the fewest listings hold (market_vocabulary: a word it does not know is rarer still) stands for the phrase in the
    -- index.
    for v_phrase in
      select distinct n from jsonb_array_elements(v_group -> 'any') n
      where jsonb_array_length(n) > 1
        and not exists (select 1 from jsonb_array_elements_text(n) w where w = any (v_singles))
      order by n
    loop
      -- (each word's count looked up by its key: a join is planned for 100 words, and hashes the whole vocabulary)
      v_need := v_need || (
        select w from jsonb_array_elements_text(v_phrase) w
        order by coalesce((select v.listings from public.market_vocabulary v where v.word = w), 0), length(w) desc, w
        limit 1);
      v_alts := v_alts || format('%s @> %L::text[]', p_key,
        array(select distinct w from jsonb_array_elements_text(v_phrase) w order by w));
    end loop;
    v_need := array(select distinct w from unnest(v_need) w order by w);
    v_index := v_index || format('%s && %L::text[]', coalesce(p_index_key, p_key), v_need);
    if cardinality(v_alts) > 0 then
      if cardinality(v_singles) > 0 then
        -- Written with the words first, the most common first: a row's test stops at the first word it holds, and
        -- reads the row's words against each word in turn.
        v_alts := format('%L::text[] && %s', array(
          select w from unnest(v_singles) w
          order by coalesce((select v.listings from public.market_vocabulary v where v.word = w), 0) desc, w), p_key)
          || v_alts;
      end if;
      v_exact := v_exact || ('(' || array_to_string(v_alts, ' or ') || ')');
    end if;
  end loop;
  if cardinality(v_required) > 0 then
    v_index := format('%s @> %L::text[]', coalesce(p_index_key, p_key),
      array(select distinct r from unnest(v_required) r order by r)) || v_index;
  end if;
  if cardinality(v_index) = 0 then
    return '';
  end if;
  return '(' || array_to_string(v_index || v_exact, ' and ') || ')';
end;
$$;
revoke execute on function public.market_groups_sql(jsonb, text, text) from public, anon, authenticated;
grant execute on function public.market_groups_sql(jsonb, text, text) to service_role;

-- What rules a found row out of a clause, as conditions on its stored key p_key and title: no word of "notwords" in the
-- key (a garment's unlike words, a material's contrasts, the other gender); for a model named without its garment, no
-- garment of another family unless one of its own too (its family's words first, the most common first: decision
-- 070); and the brand or model named "in the style of", "not" or "for" (the regular expression "not"), read only when
-- the key or title holds one of those words: a regular expression costs a found row about 3 µs, an array test 0.5 µs.
-- Reads the vocabulary's counts, so it is stable.
create function public.market_not_sql(p_clause jsonb, p_key text) returns text
  language plpgsql stable
  set search_path = ''
as $$
begin
  -- (PL/pgSQL keeps this statement's plan across calls; a SQL function is planned again at every call: 0.4 ms of a
  -- search's planning went to this one)
  return concat(
    (select format(' and not (%s && %L::text[])', p_key, array_agg(w.value ->> 0 order by w.value ->> 0))
     from jsonb_array_elements(coalesce(p_clause -> 'notwords', '[]'::jsonb)) w
     where jsonb_array_length(w.value) = 1
     having count(*) > 0),
    (select string_agg(format(' and not (%s @> %L::text[])', p_key,
        array(select jsonb_array_elements_text(w.value))), '' order by w.value::text)
     from jsonb_array_elements(coalesce(p_clause -> 'notwords', '[]'::jsonb)) w
     where jsonb_array_length(w.value) > 1),
    -- a model named without its garment: no other garment named, unless one of its own is too
    case when jsonb_typeof(p_clause -> 'kinds') = 'object' then
      -- The family's words first (most comps say their garment), the word most listings hold first; the other
      -- families' words, dozens, are looked up by hash per word of the key: an array overlap with them compares every
      -- pair, 15 us a found row.
      format(' and (%L::text[] && %s%s or not exists (select from unnest(%s) k(w) where k.w = any (%L::text[])))',
        array(select o.w from jsonb_array_elements_text(p_clause -> 'kinds' -> 'own') o(w)
              order by coalesce((select v.listings from public.market_vocabulary v where v.word = o.w), 0) desc, o.w),
        p_key,
        (select string_agg(format(' or %s @> %L::text[]', p_key, array(select jsonb_array_elements_text(w.value))),
           '' order by w.value::text)
         from jsonb_array_elements(p_clause -> 'kinds' -> 'phrases') w),
        p_key, array(select jsonb_array_elements_text(p_clause -> 'kinds' -> 'others')))
    end,
    case when p_clause ->> 'not' is not null then
      format(' and ((not (%s && %L::text[]) and strpos(lower(l.title), %L) = 0) or l.title !~* %L)',
        p_key, '{style,type,inspired,not,non}', 'for', p_clause ->> 'not')
    end);
end;
$$;
revoke execute on function public.market_not_sql(jsonb, text) from public, anon, authenticated;
grant execute on function public.market_not_sql(jsonb, text) to service_role;

-- The WHERE clause of a parsed query over market_listings l with the given status: the words through the GIN index of
-- the stored key (a sale's with its week), phrases through the title, the words that rule a row out asked of the index
-- too (the found rows not among the clause's rows that hold one), and the hedged-brand test read from the stored mark
-- (market_listings.hedged) when market_not_sql writes it in its usual form.
create function public.market_match_sql(p_parsed jsonb, p_status text) returns text
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_key constant text := '%1$s.terms';
  -- A sale's conditions go to the index of sales by week (the count adds the window's weeks).
  v_index_key constant text := case when p_status = 'sold' then 'public.market_sold_key(l.terms, l.sold_at)' end;
  v_parts text[] := '{}';
  v_clause jsonb;
  v_phrase text;
  v_part text;
  v_not text;
  v_groups text;
begin
  for v_clause in select value from jsonb_array_elements(coalesce(p_parsed -> 'clauses', '[]')) loop
    v_groups := public.market_groups_sql(v_clause -> 'groups', format(v_key, 'l'), v_index_key);
    if v_groups = '' then
      continue;
    end if;
    v_part := v_groups;
    for v_phrase in select jsonb_array_elements_text(coalesce(v_clause -> 'phrases', '[]')) loop
      v_part := v_part || format(' and l.title ~* %L',
        '\m' || array_to_string(string_to_array(v_phrase, ' '), '[^[:alnum:]]+') || '\M');
    end loop;
    v_not := replace(public.market_not_sql(v_clause, format(v_key, 'l')),
      $q$(not (l.terms && '{style,type,inspired,not,non}'::text[]) and strpos(lower(l.title), 'for') = 0)$q$,
      'not l.hedged');
    -- A found row without any of the clause's words that rule it out: asked of the index, not of each row. Tested on a
    -- row, `not (key && '{...}')` compares every word of the key with every word ruled out, about 2 µs a row on PGlite
    -- (31 of the 42 ms "levi's jeans" took to read its 15,351 listed rows at 1M listings); the index finds the rows of
    -- the clause that do hold one (usually few or none) and each found row is looked up in that set. The rows kept are
    -- the same: among the rows of the clause, those not in the set of the clause's rows holding a ruled-out word.
    v_not := regexp_replace(v_not,
      ' and not \(l\.terms (&&|@>) (''\{[^'']*\}''::text\[\])\)',
      format(' and l.id not in (select x.id from public.market_listings x where x.status = %L and %s and x.terms \1 \2)',
        p_status, replace(replace(replace(v_groups, coalesce(v_index_key, 'l.terms'), 'x.terms'), 'l.terms', 'x.terms'),
          '\', '\\')),
      'g');
    v_part := v_part || v_not;
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
revoke execute on function public.market_match_sql(jsonb, text) from public, anon, authenticated;
grant execute on function public.market_match_sql(jsonb, text) to service_role;

-- "Did you mean" ---------------------------------------------------------------------------------------------------------
-- A query that names a brand or a model keeps them in every suggestion, and a brand the lexicon does not know yet that
-- listings use. First the query without the words no listing of it uses, which the answer names: a size, an inch
-- length, a colour or a collection word ("coach tabby 26" -> Coach tabby, "lululemon align size s" -> Lululemon
-- align; issue 54), then a garment the query named as a word of the garment the listings are ("j.crew cashmere
-- crewneck" -> J.Crew cashmere crewneck sweater), broader garments whose own search finds listings, the garments
-- spelled close to the query's other words that the index holds for that brand ("coach bag" -> "Coach handbag"), then
-- the brand and model alone. A query that names none gets the lexicon's names spelled close to it (no garment alone
-- when it holds a word that may be a brand nobody lists). Every text offered is one whose search finds a listing,
-- listed or sold, and none is offered twice.

-- A group of a query's reading as the query wrote it: the query's words that the group reads ("baggies" for the word
-- the index holds as baggie, "crew neck" or "crewneck" for the garment), in order, or null when none is.
create function private.market_written(p_group jsonb, p_query text) returns text
  language sql stable
  set search_path = ''
as $$
  select string_agg(r.t, ' ' order by r.i)
  from (
    select w.t, w.i, lag(w.t) over (order by w.i) as before
    from regexp_split_to_table(lower(btrim(coalesce(p_query, ''))), '\s+') with ordinality as w(t, i)
    where cardinality(public.market_words(w.t)) > 0
      and exists (select 1 from jsonb_array_elements(p_group -> 'any') a
                  where public.market_words(w.t) <@ array(select jsonb_array_elements_text(a.value)))
  ) r
  -- a word the query repeats, once ("kate spade spade": the brand's spade and the word's)
  where r.t is distinct from r.before
$$;

-- Whether any listing, listed or sold, meets p_where (a condition on l), each status asked of its own index.
create function private.market_listing_exists(p_where text) returns boolean
  language plpgsql stable
  set search_path = ''
  set enable_seqscan = off
  set enable_indexscan = off
as $$
declare
  v_found boolean;
begin
  execute format('select exists (select 1 from public.market_listings l where l.status = %L and %s)
      or exists (select 1 from public.market_listings l where l.status = %L and %s)',
    'available', p_where, 'sold', p_where) into v_found;
  return v_found;
end;
$$;

-- Whether the brands and models a query named, with the garment p_label, find a listing as that garment's own search
-- reads it: with the words it rules out ("J.Crew crewneck sweatshirt" finds none of J.Crew's crewneck sweaters).
create function private.market_named_garment_found(p_named jsonb, p_label text) returns boolean
  language plpgsql stable
  set search_path = ''
as $$
begin
  -- (a clause whose groups match nothing: market_found says so)
  return private.market_found(public.market_clause_groups(p_named || jsonb_build_array(
    jsonb_build_object('kind', 'garment', 'label', p_label, 'any', '[]'::jsonb))));
end;
$$;

revoke execute on function private.market_written(jsonb, text), private.market_listing_exists(text),
  private.market_named_garment_found(jsonb, text) from public, anon, authenticated;
grant execute on function private.market_written(jsonb, text), private.market_listing_exists(text),
  private.market_named_garment_found(jsonb, text) to service_role;

-- Whether the groups p_classes hold ({"group": ...} in the query's order) find a listing, listed or sold, as the
-- query's first alternative reads them: with the words its reading rules out. p_rest: as private.market_found's.
create function private.market_suggestion_found(p_parsed jsonb, p_classes jsonb, p_rest text[] default null)
  returns boolean
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_groups jsonb := (select coalesce(jsonb_agg(c.value -> 'group' order by (c.value ->> 'n')::int), '[]')
                     from jsonb_array_elements(p_classes) c);
begin
  -- (groups that match nothing: market_found says so)
  return private.market_found(jsonb_set(coalesce(p_parsed -> 'clauses' -> 0, '{}'::jsonb), '{groups}', v_groups),
    p_rest);
end;
$$;
revoke execute on function private.market_suggestion_found(jsonb, jsonb, text[]) from public, anon, authenticated;
grant execute on function private.market_suggestion_found(jsonb, jsonb, text[]) to service_role;

-- Up to p_limit suggestions (ten at most), in the order above, and the words of the query the first one leaves out:
--   {"suggestions": ["Coach tabby", "Coach"], "unused": ["26"]}
-- p_parsed: the query's reading (market_parse_query), which a search that found nothing has read already.
-- No JIT, as for the query's reading.
create function private.market_suggestions_of(p_query text, p_parsed jsonb, p_limit int) returns jsonb
  language plpgsql
  stable
  set search_path = ''
  -- Its existence checks must probe the search index: a planner that expects an early hit otherwise walks the whole
  -- table, or every sale through the sold_at index (seconds at 1M listings for a combination that matches nothing).
  set enable_seqscan = off
  set enable_indexscan = off
  set jit = off
as $$
declare
  v_query text := lower(btrim(coalesce(p_query, '')));
  v_out text[] := '{}';
  v_unused text[] := '{}';
  v_candidate record;
  v_found boolean;
  v_parsed jsonb;
  v_groups jsonb;
  v_named jsonb;
  v_garment jsonb;
  v_prefix text;
  v_rest text;
  v_label text;
  v_written text;
  v_word text;
  v_match text;
  v_described int := 0;
  v_notwords text[];
  v_words text[];
  v_brands text[];
  v_classes jsonb;
  v_core jsonb;
  v_units jsonb;
  v_unit jsonb;
  v_kept jsonb;
  v_try jsonb;
  v_left jsonb := '[]'::jsonb;
  v_all jsonb;
  v_i int;
  -- whether the garment just asked is named by a listing beside the query's words
  v_named_one boolean := false;
  -- whether the named groups and garments alone found a listing, listed or sold
  v_core_found boolean := false;
  v_maybe_brand boolean;
  -- private.market_uncovered(…, 'rest') of the query's first alternative
  v_rest_left text[];
begin
  if char_length(v_query) < 2 or p_limit <= 0 then
    return jsonb_build_object('suggestions', '[]'::jsonb, 'unused', '[]'::jsonb);
  end if;
  v_parsed := p_parsed;
  v_groups := coalesce(v_parsed -> 'clauses' -> 0 -> 'groups', '[]');
  v_words := public.market_words(v_query);
  v_brands := array(select g.value ->> 'label' from jsonb_array_elements(v_groups) g where g.value ->> 'kind' = 'brand');

  -- What each group of the first alternative is to a suggestion (issue 54):
  --   named: a brand or model, a word of a named brand's product name ("tabby" beside Coach, "501" beside Levi's), or,
  --          when the query names no brand, a word no English word and no lexicon name that listings use: a brand the
  --          lexicon does not know yet ("kapital"). Every suggestion keeps them.
  --   garment: kept, and widened by the broader searches below.
  --   other: any other word, a colour, a material, a size (a size and the number it also leaves are one unit, "sz_6"):
  --          what a query may say that no listing of the item does.
  select coalesce(jsonb_agg(jsonb_build_object('n', c.n, 'group', c.g, 'class', c.class,
           'unit', case when c.class = 'other' then c.unit end) order by c.n), '[]')
  into v_classes
  from (
    select g.n, g.value as g,
      case
        when g.value ->> 'kind' in ('brand', 'model') then 'named'
        when g.value ->> 'kind' = 'garment' then 'garment'
        when g.value ->> 'kind' = 'word' and exists (
               select 1 from public.market_products p
               where p.brand = any (v_brands) and string_to_array(p.phrase, ' ') <@ v_words
                 and g.value -> 'any' -> 0 ->> 0 = any (string_to_array(p.phrase, ' '))) then 'named'
        when g.value ->> 'kind' = 'word' and cardinality(v_brands) = 0
             and jsonb_array_length(g.value -> 'any') = 1 and jsonb_array_length(g.value -> 'any' -> 0) = 1
             and g.value -> 'any' -> 0 ->> 0 ~ '^[a-z]{3,}$'
             and not exists (select 1 from public.market_dictionary d where d.word = g.value -> 'any' -> 0 ->> 0)
             and not exists (select 1 from public.market_lexicon x
                             where (' ' || x.phrase || ' ') like ('% ' || (g.value -> 'any' -> 0 ->> 0) || ' %'))
             and exists (select 1 from public.market_vocabulary v
                         where v.word = g.value -> 'any' -> 0 ->> 0 and v.listings > 0) then 'named'
        else 'other'
      end as class,
      -- a size's unit is its term; the number a size leaves beside it ("size 6": sz_6 and 6, or vi) joins it
      coalesce(
        (select z.value -> 'any' -> 0 ->> 0 from jsonb_array_elements(v_groups) z
         where z.value -> 'any' -> 0 ->> 0 like 'sz\_%'
           and (z.value -> 'any' -> 0 ->> 0 = g.value -> 'any' -> 0 ->> 0
                or exists (select 1 from jsonb_array_elements(g.value -> 'any') a
                           where jsonb_array_length(a.value) = 1 and 'sz_' || (a.value ->> 0) = z.value -> 'any' -> 0 ->> 0))
         limit 1),
        -- a number written with the one before it ("11.5", "3/8") is one unit with it
        case when g.before <> '' and translate(g.before, '0123456789', '') = ''
                  and g.value -> 'any' -> 0 ->> 0 <> '' and translate(g.value -> 'any' -> 0 ->> 0, '0123456789', '') = ''
                  and (strpos(v_query, g.before || '.' || (g.value -> 'any' -> 0 ->> 0)) > 0
                       or strpos(v_query, g.before || '/' || (g.value -> 'any' -> 0 ->> 0)) > 0)
             then 'g' || (g.n - 1) end,
        'g' || g.n) as unit
    from (select b.value, b.n, lag(b.value -> 'any' -> 0 ->> 0) over (order by b.n) as before
          from jsonb_array_elements(v_groups) with ordinality as b(value, n)) g
  ) c;
  -- The brands and models, and brands the lexicon does not know, of the first alternative, in the order written.
  select coalesce(jsonb_agg(c.value -> 'group' order by (c.value ->> 'n')::int), '[]'),
    string_agg(coalesce(c.value -> 'group' ->> 'label', private.market_written(c.value -> 'group', v_query),
      c.value -> 'group' -> 'any' -> 0 ->> 0), ' ' order by (c.value ->> 'n')::int)
  into v_named, v_prefix
  from jsonb_array_elements(v_classes) c
  where c.value ->> 'class' = 'named' and c.value -> 'group' ->> 'kind' in ('brand', 'model', 'word')
    and (c.value -> 'group' ->> 'kind' <> 'word' or cardinality(v_brands) = 0);

  -- A query that names no brand we know but holds a word no listing uses that is no English word may name a brand
  -- nobody lists: a suggestion never drops it, so none is offered but brands spelled close to it.
  v_maybe_brand := jsonb_array_length(v_named) = 0 and exists (
    select 1 from jsonb_array_elements_text(coalesce(v_parsed -> 'unknown', '[]')) u(word)
    where not exists (select 1 from public.market_dictionary d where d.word = u.word));

  -- First, the same search without the words no listing of it uses: the item is listed or sold, not with "26" or in
  -- size S ("coach tabby 26" -> "Coach tabby", "lululemon align size s" -> "Lululemon align"), where the brand alone
  -- was offered before. The named groups and garments are kept; each other unit is kept when listings hold it beside
  -- them, all such together when some listing holds them all (else one by one, in the query's order, while some
  -- listing still holds what is kept). The words left out are said (unused), as the query wrote them. One probe for
  -- the kept groups, one per other unit (a short query has a few), and one or two for the whole: only on an answer
  -- that found nothing.
  v_core := (select coalesce(jsonb_agg(c.value order by (c.value ->> 'n')::int), '[]')
             from jsonb_array_elements(v_classes) c where c.value ->> 'class' <> 'other');
  v_units := (select coalesce(jsonb_agg(u.unit order by u.first), '[]')
              from (select c.value ->> 'unit' as unit, min((c.value ->> 'n')::int) as first
                    from jsonb_array_elements(v_classes) c where c.value ->> 'class' = 'other'
                    group by c.value ->> 'unit') u);
  if not v_maybe_brand and jsonb_array_length(v_core) > 0 and jsonb_array_length(v_units) > 0 then
    -- what the cells cannot answer of the query's rule-outs and garment kinds, which every probe below keeps: asked
    -- once, not by each (a hundred words for a garment's kinds, 0.3 ms a probe)
    v_rest_left := private.market_uncovered(jsonb_build_object('clauses',
      jsonb_build_array(coalesce(v_parsed -> 'clauses' -> 0, '{}'::jsonb))), 'rest');
    v_core_found := private.market_suggestion_found(v_parsed, v_core, v_rest_left);
  end if;
  if v_core_found then
    v_kept := v_core;
    for v_unit in select value from jsonb_array_elements(v_units) loop
      v_try := v_core || (select jsonb_agg(c.value) from jsonb_array_elements(v_classes) c
                          where c.value ->> 'unit' = v_unit #>> '{}');
      if private.market_suggestion_found(v_parsed, v_try, v_rest_left) then
        v_kept := v_kept || (select jsonb_agg(c.value) from jsonb_array_elements(v_classes) c
                             where c.value ->> 'unit' = v_unit #>> '{}');
      else
        v_left := v_left || v_unit;
      end if;
    end loop;
    -- Each kept unit holds with the named groups, but not all of them together: keep them one by one. (One kept unit
    -- was asked above. Of the one by one, the first holds with the named groups and all of them together do not, as
    -- asked above: neither is asked again.)
    if jsonb_array_length(v_units) - jsonb_array_length(v_left) > 1
       and not private.market_suggestion_found(v_parsed, v_kept, v_rest_left) then
      v_all := v_kept;
      v_kept := v_core;
      for v_unit in select value from jsonb_array_elements(v_units) where not v_left @> jsonb_build_array(value) loop
        v_try := v_kept || (select jsonb_agg(c.value) from jsonb_array_elements(v_classes) c
                            where c.value ->> 'unit' = v_unit #>> '{}');
        if v_kept = v_core or (v_try <> v_all and private.market_suggestion_found(v_parsed, v_try, v_rest_left)) then
          v_kept := v_try;
        else
          v_left := v_left || v_unit;
        end if;
      end loop;
    end if;
    if jsonb_array_length(v_left) > 0 then
      v_out := v_out || (
        select string_agg(coalesce(k.value -> 'group' ->> 'label', private.market_written(k.value -> 'group', v_query),
                            array_to_string(array(select jsonb_array_elements_text(k.value -> 'group' -> 'any' -> 0)), ' ')),
                          ' ' order by (k.value ->> 'n')::int)
        from jsonb_array_elements(v_kept) k);
      -- As the query wrote them: a size as a size ("size 6", "size S"), a word as typed.
      v_unused := array(
        select case
                 when u.value #>> '{}' = 'sz_os' then 'one size'
                 when left(u.value #>> '{}', 5) in ('sz_uk', 'sz_eu') then
                   'size ' || upper(substr(u.value #>> '{}', 4, 2)) || ' ' || substr(u.value #>> '{}', 6)
                 when u.value #>> '{}' like 'sz\_%' then 'size ' || upper(substr(u.value #>> '{}', 4))
                 else (select case when strpos(v_query, replace(w.text, ' ', '.')) > 0 then replace(w.text, ' ', '.')
                                   when strpos(v_query, replace(w.text, ' ', '/')) > 0 then replace(w.text, ' ', '/')
                                   else w.text end
                       from (select string_agg(coalesce(private.market_written(c.value -> 'group', v_query),
                                array_to_string(array(select jsonb_array_elements_text(c.value -> 'group' -> 'any' -> 0)), ' '))
                                -- an inch length as written: the reading sets "inch" aside
                                || case when strpos(' ' || array_to_string(v_words, ' ') || ' ',
                                                    ' ' || (c.value -> 'group' -> 'any' -> 0 ->> 0) || ' inch ') > 0
                                        then ' inch' else '' end,
                                ' ' order by (c.value ->> 'n')::int) as text
                             from jsonb_array_elements(v_classes) c where c.value ->> 'unit' = u.value #>> '{}') w)
               end
        from jsonb_array_elements(v_left) with ordinality as u(value, n)
        order by u.n);
    end if;
  end if;

  if jsonb_array_length(v_named) = 0 then
    -- A query that names no brand: the lexicon's names spelled close to it; only brands when it may name one nobody
    -- lists.
    for v_candidate in
      select x.label, public.market_words(x.label) as words, max(extensions.word_similarity(x.phrase, v_query)) as score
      from public.market_lexicon x
      where x.kind in ('brand', 'garment')
        and extensions.word_similarity(x.phrase, v_query) >= 0.5
        and lower(x.label) <> v_query
        and (x.kind = 'brand' or not v_maybe_brand)
      group by x.label
      order by score desc, x.label
      limit 10
    loop
      -- every word of the name, each a group of its own
      v_found := private.market_found(jsonb_build_object('groups', (
        select coalesce(jsonb_agg(jsonb_build_object('kind', 'word', 'any', jsonb_build_array(jsonb_build_array(w)))),
          '[]') from unnest(v_candidate.words) w)));
      if v_found and not (v_candidate.label = any (v_out)) then
        v_out := v_out || v_candidate.label;
        exit when cardinality(v_out) >= least(p_limit, 10);
      end if;
    end loop;
    return jsonb_build_object('suggestions', to_jsonb(v_out[1 : least(p_limit, 10)]), 'unused', to_jsonb(v_unused));
  end if;

  -- The garment the query named, as a word of another garment: "j.crew cashmere crewneck" reads crewneck as a
  -- crewneck sweatshirt, which rules out the listings that call themselves crewneck sweaters, and those are what the
  -- index holds. A garment the query's reading rules out is offered after the query's own words ("J.Crew cashmere
  -- crewneck sweater") when listings name it beside the query's words and that search, read as the search reads it,
  -- finds listings; the two the most listings name at most.
  v_notwords := array(
    select d.word from (
      select distinct n.value ->> 0 as word
      from jsonb_array_elements(coalesce(v_parsed -> 'clauses' -> 0 -> 'notwords', '[]')) n
      where jsonb_array_length(n.value) = 1
        and exists (select 1 from public.market_lexicon x where x.kind = 'garment' and x.phrase = n.value ->> 0)
    ) d
    left join public.market_vocabulary v on v.word = d.word
    order by coalesce(v.listings, 0) desc, d.word);
  -- Not when the search without its size finds listings: the size is why the query found none.
  if jsonb_array_length(v_parsed -> 'clauses') <> 1 or cardinality(v_out) > 0 then
    v_notwords := '{}';
  elsif cardinality(v_notwords) > 0 then
    -- One probe first: does any listing name one of them beside every word of the query? Mostly none does.
    if not private.market_found(jsonb_build_object('groups', v_groups || jsonb_build_array(jsonb_build_object(
         'kind', 'word', 'any', (select jsonb_agg(jsonb_build_array(w)) from unnest(v_notwords) w))))) then
      v_notwords := '{}';
    end if;
  end if;
  if cardinality(v_notwords) > 0 then
    for v_i in 1 .. cardinality(v_notwords) loop
      v_word := v_notwords[v_i];
      -- After a garment that listings name: does any listing name one of the garments left beside every word of the
      -- query? One probe, where asking each of them cost 3 ms a garment ("cream gap denim" rules out 13).
      exit when v_named_one and not private.market_found(jsonb_build_object('groups', v_groups || jsonb_build_array(
        jsonb_build_object('kind', 'word', 'any', (select jsonb_agg(jsonb_build_array(w))
                                                   from unnest(v_notwords[v_i :]) w)))));
      v_named_one := false;
      -- Only a garment that listings name beside every word of the query is read as a search of its own.
      continue when not private.market_found(jsonb_build_object('groups', v_groups || jsonb_build_array(
        jsonb_build_object('kind', 'word', 'any', jsonb_build_array(jsonb_build_array(v_word))))));
      v_named_one := true;
      v_written := coalesce(v_written, (
        select string_agg(case when g.value ->> 'kind' in ('brand', 'model') then g.value ->> 'label'
                          else coalesce(private.market_written(g.value, v_query), g.value ->> 'label',
                            array_to_string(array(select jsonb_array_elements_text(g.value -> 'any' -> 0)), ' ')) end,
                          ' ' order by g.n)
        from jsonb_array_elements(v_groups) with ordinality as g(value, n)));
      v_match := public.market_match_sql(public.market_parse_query(v_written || ' ' || v_word), 'available');
      continue when v_match = 'false';
      execute format('select exists (select 1 from public.market_listings l where %s)
          or exists (select 1 from public.market_listings l where %s)',
        v_match, replace(v_match, '''available''', '''sold''')) into v_found;
      if v_found and not ((v_written || ' ' || v_word) = any (v_out)) then
        v_out := v_out || (v_written || ' ' || v_word);
      end if;
      -- Each reading costs a few milliseconds on an answer that found nothing: two at most.
      v_described := v_described + 1;
      exit when v_described >= 2;
    end loop;
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
      if not ((v_prefix || ' ' || v_label) = any (v_out))
         and private.market_named_garment_found(v_named, v_label) then
        v_out := v_out || (v_prefix || ' ' || v_label);
        exit when cardinality(v_out) >= least(p_limit, 10) - 1;
      end if;
    end loop;
  end if;

  -- The other words of the query, as it wrote them: garments spelled close to them. Not a size ("size 30": sz_30 and
  -- 30), which is no garment misspelt.
  select string_agg(array_to_string(array(select jsonb_array_elements_text(c.value -> 'group' -> 'any' -> 0)), ' '),
           ' ' order by (c.value ->> 'n')::int)
  into v_rest
  from jsonb_array_elements(v_classes) c
  where c.value -> 'group' ->> 'kind' not in ('brand', 'model', 'garment')
    and coalesce(c.value ->> 'unit', '') not like 'sz\_%';

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
      if not ((v_prefix || ' ' || v_candidate.label) = any (v_out))
         and private.market_named_garment_found(v_named, v_candidate.label) then
        v_out := v_out || (v_prefix || ' ' || v_candidate.label);
        exit when cardinality(v_out) >= least(p_limit, 10) - 1;
      end if;
    end loop;
  end if;
  -- The brand and model alone: the broadest search. Found without asking when the named groups and garments found a
  -- listing above (with the words the query rules out) and each group of the brand and model read alone is one of
  -- theirs: read alone they rule out nothing, so they find at least those listings. Asked when the reading alone adds
  -- a group of its own (a model's garment family).
  if lower(v_prefix) <> v_query and not (v_prefix = any (v_out)) then
    v_try := public.market_clause_groups(v_named) -> 'groups';
    if (v_core_found and not exists (
          select 1 from jsonb_array_elements(v_try) r
          where not exists (select 1 from jsonb_array_elements(v_core) c where c.value -> 'group' = r.value)))
       or private.market_found(jsonb_build_object('groups', v_try)) then
      v_out := v_out || v_prefix;
    end if;
  end if;
  return jsonb_build_object('suggestions', to_jsonb(v_out[1 : least(p_limit, 10)]), 'unused', to_jsonb(v_unused));
end;
$$;
revoke execute on function private.market_suggestions_of(text, jsonb, int) from public, anon, authenticated;
grant execute on function private.market_suggestions_of(text, jsonb, int) to service_role;

-- The suggestions for a query read here (private.market_suggestions_of). No JIT, as for the query's reading.
create function public.market_suggestions(p_query text, p_limit int default 3) returns jsonb
  language plpgsql
  stable
  set search_path = ''
  set jit = off
as $$
begin
  -- (a query too short to suggest anything for is not read: market_suggestions_of answers it with none)
  return private.market_suggestions_of(p_query,
    case when char_length(btrim(coalesce(p_query, ''))) >= 2 then public.market_parse_query(p_query) end, p_limit);
end;
$$;
comment on function public.market_suggestions(text, int) is
  'Up to p_limit searches near a query that found nothing ("did you mean"), first the query without the words no listing of it uses, and those words.';
revoke execute on function public.market_suggestions(text, int) from public, anon, authenticated;
grant execute on function public.market_suggestions(text, int) to service_role;

-- The suggestions alone, as callers before issue 54 read them.
create function public.market_suggest(p_query text, p_limit int default 3) returns text[]
  language sql
  stable
  set search_path = ''
as $$
  select array(select jsonb_array_elements_text(public.market_suggestions(p_query, p_limit) -> 'suggestions'))
$$;
comment on function public.market_suggest(text, int) is
  'Up to p_limit brand or category names spelled close to the query, for the Explorer''s "did you mean".';
revoke execute on function public.market_suggest(text, int) from public, anon, authenticated;
grant execute on function public.market_suggest(text, int) to service_role;

-- Vocabulary: rebuilt after a seed or an import: the terms of a sample of the listings drawn from pages across the
-- table (the newest rows are one stretch of it, where listings arrive a marketplace or a brand at a time; a table up to
-- twice the sample is read whole), plus every lexicon term (brands, garments and models) so a typo is caught even
-- before the index holds that name; then the brands' misspellings (market_brand_spellings). It forgets the kept
-- readings, which read the counts. A word of resellers' shared titles (the seller panel) is a word of the vocabulary
-- only when at least 5 sellers use it, or a listing that is nobody's sales does: "did you mean", typo correction and
-- the words a reading calls unknown never echo one seller's free text (a shop handle, a phone number; issue 49).
create function public.market_refresh_vocabulary(p_sample int default 200000) returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  v_count int;
  v_rows float8 := (select c.reltuples from pg_catalog.pg_class c where c.oid = 'public.market_listings'::regclass);
begin
  delete from public.market_vocabulary;
  if v_rows > greatest(p_sample, 0) * 2 then
    -- Pages drawn from the whole table, the same ones each time: about p_sample listings.
    insert into public.market_vocabulary (word, listings)
    select t, count(*)::int
    from public.market_listings l tablesample system (100.0 * greatest(p_sample, 0) / v_rows) repeatable (0),
      unnest(l.terms) as t
    group by t
    having count(*) filter (where l.source <> 'panel') > 0
      or count(distinct l.seller_key) filter (where l.source = 'panel') >= 5;
  else
    insert into public.market_vocabulary (word, listings)
    select t, count(*)::int
    from (select l.terms, l.source, l.seller_key from public.market_listings l
          order by l.id desc limit greatest(p_sample, 0)) l,
      unnest(l.terms) as t
    group by t
    having count(*) filter (where l.source <> 'panel') > 0
      or count(distinct l.seller_key) filter (where l.source = 'panel') >= 5;
  end if;
  insert into public.market_vocabulary (word, listings)
  select distinct t, 0 from public.market_lexicon x, unnest(string_to_array(x.phrase, ' ')) as t
  where x.kind in ('brand', 'garment', 'model')
  on conflict (word) do nothing;
  -- The brands as listings misspell them: a word of the index one letter from a brand's one-word name of six letters or
  -- more ("addidas", "abercombie"), that is no English word ("channel"), no other name we know, and close to one
  -- brand only. A query naming the brand counts them (market_clause_groups).
  delete from public.market_query_readings;
  delete from public.market_brand_spellings;
  insert into public.market_brand_spellings (word, brand, name)
  select v.word, min(b.label), min(b.phrase)
  from public.market_vocabulary v
    join (select distinct x.phrase, x.label from public.market_lexicon x
          where x.kind = 'brand' and x.phrase ~ '^[a-z]{6,}$') b
      on left(v.word, 1) = left(b.phrase, 1)
     and abs(char_length(v.word) - char_length(b.phrase)) <= 1
     and v.word <> b.phrase
     and extensions.levenshtein(v.word, b.phrase) = 1
  where v.listings > 0 and v.word ~ '^[a-z]{5,}$'
    and not exists (select 1 from public.market_dictionary d where d.word = v.word)
    and not exists (select 1 from public.market_lexicon x where (' ' || x.phrase || ' ') like ('% ' || v.word || ' %'))
    and not exists (select 1 from public.market_products p where (' ' || p.phrase || ' ') like ('% ' || v.word || ' %'))
  group by v.word
  having count(distinct b.label) = 1;
  select count(*)::int into v_count from public.market_vocabulary;
  return v_count;
end;
$$;
revoke execute on function public.market_refresh_vocabulary(int) from public, anon, authenticated;
grant execute on function public.market_refresh_vocabulary(int) to service_role;
