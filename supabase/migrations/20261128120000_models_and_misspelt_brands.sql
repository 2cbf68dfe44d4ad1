-- Matching titles as sellers write them, continued (issue 24, docs/decisions/068-models-and-misspelt-brands.md).
--
-- 1. Brands as listings misspell them ("addidas", "abercombie") count under the brand: found among the index's words
--    when the vocabulary is refreshed (one letter from a brand name of six letters or more, no English word, no other
--    name), kept in public.market_brand_spellings, read by the query as more names of the brand; typed in a query,
--    such a word is read as the brand, said as a correction ("addidas samba": adidas samba).
-- 2. A model or a brand's own product name without a garment in the query is its garment's family: a listing that names
--    a garment of another family and none of the model's is another item (a Marmont belt for "gucci marmont"), while
--    the line's other garments of the family count (a Nuptse vest for "nuptse"). Families are lexicon data
--    (GARMENT_FAMILIES, market_lexicon.family).
-- 3. A pasted title keeps a product name holding a number by its number only ("1996 Retro" by 1996).
-- 4. A part asked for is one part: a set of parts ("dust bag + box + ribbon set") is not counted as the part.
-- 5. A model may be known by its brand's product names beside the brand ("timbs" are Timberland's 6-inch boots).
-- 6. A brand's product name that holds a shorter one but is another product (market_products.separate) is that
--    product: a Pillow Tabby is no Tabby; a describing word of a product name ("Classic Flap") is left out when the
--    rest is the brand's product name too.
-- 7. A query's reading is kept ten minutes (public.market_query_readings): the sold search that follows a listed one
--    reads the same text, and reading it is about 5 ms. A vocabulary refresh and a lexicon load forget them.

alter table public.market_lexicon
  add column family text check (family in ('bags', 'footwear', 'accessories', 'tops', 'bottoms', 'one-pieces'));

comment on column public.market_lexicon.family is
  'A garment: its family (bags, footwear, accessories, tops, bottoms, one-pieces), GARMENT_FAMILIES in lexicon-data.ts.';

-- A model known by its brand's product names, beside the brand ("timbs": Timberland's 6 inch, premium, yellow boot).
alter table public.market_products add column model text check (char_length(model) between 1 and 100);

-- A product name that holds a shorter one of the brand but is another product (a Pillow Tabby is no Tabby).
alter table public.market_products add column separate boolean not null default false;

comment on column public.market_products.separate is
  'This name holds a shorter product name of the brand but is another product: a search for the shorter leaves it out.';

comment on column public.market_products.model is
  'A model (market_lexicon label) these names stand for beside the brand: Timberland''s "6 inch" are Timbs.';

create table public.market_query_readings (
  query text primary key check (char_length(query) <= 1000),
  reading jsonb not null,
  read_at timestamptz not null default now()
);

comment on table public.market_query_readings is
  'Recent readings of search texts (market_read_query), kept ten minutes for the search of the other kind that follows.';

alter table public.market_query_readings enable row level security;
revoke all on public.market_query_readings from anon, authenticated;
grant select, insert, update, delete on public.market_query_readings to service_role;

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

-- The query's words, as in 20261125120000_seller_titles.sql, with a brand as listings misspell it read as the brand.
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


-- The query's groups, as in 20261125120000_seller_titles.sql, with the brand's misspellings and a model's garment.
create or replace function public.market_clause_groups(p_groups jsonb) returns jsonb
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
        and (p.brand = any (v_brands) or (cardinality(v_brands) = 0 and p.phrase ~ '[0-9]'))
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
    where x.kind = 'garment' and x.phrase !~ ' ' and x.label <> all (v_family)
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

  v_words := array(select distinct w from unnest(v_words) w where w <> all (v_asked) order by 1);
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
  if v_names is not null then
    v_not := v_not
      || ('\m(' || array_to_string(v_names, '|') || ')\s+(style|type|inspired)\M')
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

-- As in 20261125120000_seller_titles.sql, with a pasted title's numbered product names, a part's sets and the clause's kinds.
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
  v_allow jsonb;
  v_sets jsonb := '[]'::jsonb;
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

  -- A part a short query ends on is asked for alone ("nike dunk box" asks for boxes, as "box only" would); a pasted
  -- title's "removable strap" or a "box logo hoodie" asks for nothing.
  v_allow := to_jsonb(array(select distinct f from unnest(public.market_decoys(v_query, null, null)
    || case when coalesce(array_length(public.market_words(v_query), 1), 0) < 7
              and public.market_normalize(v_query) ~ ('\m(box|dust bag|dustbag|dust cover|strap|straps|case|receipt|'
                || 'card|tags|tag|chain|insert|lens|lenses|laces|hardware|buckle|handle|handles|pouch|padlock|lock|'
                || 'key|keys)$')
            then array['part'] else '{}'::text[] end) f order by f));
  -- A part asked for is one part: a set of them ("dust bag + box + ribbon set") is priced as a set.
  if v_allow ? 'part' and not (public.market_words(v_query) && array['set', 'kit']) then
    v_sets := '[["set"], ["kit"]]'::jsonb;
  end if;

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
               -- a product name with a number is known by its number ("1996 Retro" by 1996, kept as numbers are)
               and p.phrase !~ '[0-9]'
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

-- As in 20261125120000_seller_titles.sql, with a model's garment ("kinds").
create or replace function public.market_not_sql(p_clause jsonb, p_key text) returns text
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
    -- a model named without its garment: no other garment named, unless one of its own is too
    case when jsonb_typeof(p_clause -> 'kinds') = 'object' then
      -- The family's words first (most comps say their garment); the other families' words, dozens, are looked up
      -- by hash per word of the key: an array overlap with them compares every pair, 15 us a found row.
      format(' and (%s && %L::text[]%s or not exists (select from unnest(%s) k(w) where k.w = any (%L::text[])))',
        p_key, array(select jsonb_array_elements_text(p_clause -> 'kinds' -> 'own')),
        (select string_agg(format(' or %s @> %L::text[]', p_key, array(select jsonb_array_elements_text(w.value))),
           '' order by w.value::text)
         from jsonb_array_elements(p_clause -> 'kinds' -> 'phrases') w),
        p_key, array(select jsonb_array_elements_text(p_clause -> 'kinds' -> 'others')))
    end,
    case when p_clause ->> 'not' is not null then
      format(' and ((not (%s && %L::text[]) and strpos(lower(l.title), %L) = 0) or l.title !~* %L)',
        p_key, '{style,type,inspired,not,non}', 'for', p_clause ->> 'not')
    end)
$$;

-- As in 20261125120000_seller_titles.sql, and the brands' misspellings after the words.
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

-- The reading is market_read_query; market_parse_query answers from a recent reading of the same text when there is
-- one (a read-only look-up: the search, which may write, keeps the reading).
alter function public.market_parse_query(text) rename to market_read_query;

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

-- As in 20261125000400_market_search.sql, and the reading kept for the search of the other kind.
create or replace function public.market_search(
  p_kind text,
  p_query text,
  p_condition text,
  p_user uuid,
  p_bucket text,
  p_limit int,
  p_window_seconds int,
  p_cache_key text default null,
  p_ttl_seconds int default 900,
  p_window_days int default 90,
  p_min_sellers int default 5
) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  v_gate jsonb;
  v_result jsonb;
  v_count int;
  v_state jsonb;
begin
  if p_kind is null or p_kind not in ('available', 'sold') then
    raise exception 'p_kind must be available or sold' using errcode = '22023';
  end if;

  v_gate := public.market_search_gate(p_user, p_bucket, p_limit, p_window_seconds, p_cache_key);
  if not (v_gate ->> 'allowed')::boolean then
    return v_gate;
  end if;
  if jsonb_typeof(v_gate -> 'cached') = 'object' then
    return jsonb_build_object('allowed', true, 'cached', true, 'result', v_gate -> 'cached');
  end if;

  if p_kind = 'available' then
    v_result := public.market_count_available(p_query, p_condition, p_min_sellers);
    v_count := (v_result ->> 'available')::int;
  else
    v_result := public.market_count_sold(p_query, p_condition, p_window_days, p_min_sellers)
      || jsonb_build_object('dataSince',
           (select min(l.sold_at) from public.market_listings l where l.status = 'sold'));
    v_count := (v_result ->> 'sold')::int;
  end if;
  -- Where a zero comes from is asked of the whole index: demo rows, the panel, or nothing at all.
  if v_count = 0 then
    v_state := public.market_index_state();
  else
    v_state := jsonb_build_object(
      'hasDemo', (v_result ->> 'demoComps')::int > 0,
      'hasPanel', (v_result ->> 'panelComps')::int > 0,
      'empty', false);
  end if;
  v_result := v_result || jsonb_build_object(
    'hasDemo', (v_state ->> 'hasDemo')::boolean,
    'hasPanel', (v_state ->> 'hasPanel')::boolean,
    'indexEmpty', (v_state ->> 'empty')::boolean,
    'asOf', to_jsonb(now()));

  if p_cache_key is not null then
    perform public.market_cache_put(p_cache_key, v_result, p_ttl_seconds);
  end if;
  -- The reading, for the search of the other kind that follows (the screen asks for both).
  if not exists (select 1 from public.market_query_readings r
                 where r.query = p_query and r.read_at > now() - interval '10 minutes') then
    delete from public.market_query_readings r where r.read_at <= now() - interval '10 minutes';
    insert into public.market_query_readings (query, reading) values (p_query, v_result -> 'query')
    on conflict (query) do update set reading = excluded.reading, read_at = now();
  end if;
  return jsonb_build_object('allowed', true, 'cached', false, 'result', v_result);
end;
$$;

select public.market_refresh_vocabulary() where exists (select 1 from public.market_vocabulary);
