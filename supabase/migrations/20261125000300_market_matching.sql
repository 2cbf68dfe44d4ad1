-- Matching that understands fashion resale (issue 10, docs/decisions/029-search-matching.md).
--
-- Words: a listing and a query go through the same rules (public.market_words): market_normalize (case, accents,
-- apostrophes, dotted initials); sizes become size terms ("size s", "sz m", "xl", "us 9", "uk 8", "eu 42",
-- "one size" -> sz_s, sz_m, sz_xl, sz_9 and 9, sz_uk8, sz_eu42, sz_os); stop words drop out (never size or brand
-- words); plurals fold to the singular (dresses -> dress, hoodies -> hoodie) except where the singular is another
-- thing (jeans, shorts, tights keep their s), and no English stemmer cuts leggings to "leg". Plain expressions only,
-- so the listing key is cheap to compute and truly immutable.
--
-- Names: public.market_lexicon (generated from supabase/functions/_shared/market/lexicon-data.ts) groups the names
-- of one brand or garment ("dr martens", "doc martens", "dms", "docs"; "denim jacket", "jean jacket"). A query's
-- phrases are matched longest first and stand for any name of their entry, so "TNF nuptse", "north face nuptse" and
-- "The North Face Nuptse" find the same listings.
--
-- The query language (public.market_parse_query): words are ANDed; "-word" excludes; "quoted words" must appear
-- together in that order; a comma separates alternatives (nuptse, super puff = either). Condition and sales words
-- are set aside (the condition is chosen separately), and in a long pasted title colours and words no listing uses
-- too. Unknown words are corrected only as point 1 below allows.
--
-- Reading a query a reseller can trust (issue 28, docs/decisions/060-reading-the-query.md):
--
-- 1. No real word is "corrected" into another. A query word no listing uses is corrected only when it is no English
--    word (public.market_dictionary, loaded by 20261125000320_market_dictionary.sql), no part of a lexicon name
--    (brand, garment or model) and holds no digit (a model number), and only into a word one slip away: one letter
--    added, dropped, changed or two swapped (two slips from 8 letters on). "band" stays "band"; "birkin" is a Hermes
--    model; "lululemn" reads as "lululemon". A word in quotes is read as written, so a correction can be undone.
-- 2. The query says what it recognised (brands, garments, models) and which words it does not know at all, so an
--    empty answer can tell "we know this item; it has not sold here" from "we do not know this word".
-- 3. "Did you mean" keeps every brand and model the query named: "coach bag" offers Coach handbags, never a backpack.
-- 4. A sold answer says how far back the index's sales go (dataSince), so a 365-day window on 180 days of data says so.
--
-- Who may call: the search functions run as service_role; nothing here is for the browser.

-- Text normalisation --------------------------------------------------------------------------------------------------
-- One definition of "the same words" for listings and queries: lower case, accents dropped (Café = cafe),
-- apostrophes dropped (Levi's = levis, Arc'teryx = arcteryx), dotted initials joined (J.Crew = jcrew), every other
-- character a word break. unaccent() itself is only STABLE (its dictionary could change); pinning the dictionary makes
-- this wrapper safe to mark IMMUTABLE, which generated columns and indexes need.
create function public.market_normalize(input text) returns text
  language sql immutable parallel safe
  set search_path = ''
as $$
  select btrim(regexp_replace(
    regexp_replace(
      regexp_replace(lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(input, ''))), '[''’`]', '', 'g'),
      '([a-z])\.(?=[a-z])', '\1', 'g'),
    '[^a-z0-9]+', ' ', 'g'))
$$;
revoke execute on function public.market_normalize(text) from public, anon, authenticated;
grant execute on function public.market_normalize(text) to service_role;

-- The lexicon ---------------------------------------------------------------------------------------------------------
create table public.market_lexicon (
  -- A name as market_words makes it: 'doc marten', 'tnf', 'jean jacket', 'north face'.
  phrase text primary key check (phrase ~ '^[a-z0-9_]+( [a-z0-9_]+){0,3}$'),
  kind text not null check (kind in ('brand', 'garment', 'model', 'noise', 'colour')),
  -- The entry the name belongs to, as a person reads it: 'Dr. Martens', 'denim jacket'. Every name of a brand,
  -- garment or model entry shares it; the eBay query and "matched as" use it.
  label text not null check (char_length(label) between 1 and 100),
  -- A model's brand, as its brand entry's label ('Birkin' -> 'Hermes'); only models have one.
  brand text check (char_length(brand) between 1 and 100),
  check ((kind = 'model') = (brand is not null))
);

create index market_lexicon_entry_idx on public.market_lexicon (kind, label);

comment on table public.market_lexicon is
  'Brand and garment names with their aliases, stop, noise and colour words: the vocabulary both listings and queries are matched with. Data: supabase/functions/_shared/market/lexicon-data.ts.';

alter table public.market_lexicon enable row level security;
revoke all on public.market_lexicon from anon, authenticated;
grant select on public.market_lexicon to service_role;

-- Words of the index, for typo correction: refreshed by public.market_refresh_vocabulary() after a seed or import.
create table public.market_vocabulary (
  word text primary key check (char_length(word) between 1 and 100),
  listings integer not null default 0 check (listings >= 0)
);

comment on table public.market_vocabulary is
  'Every term of the listing index with how many listings carry it (a recent sample), for "did you mean" and typo correction.';

create index market_vocabulary_word_trgm_idx on public.market_vocabulary using gin (word extensions.gin_trgm_ops);

alter table public.market_vocabulary enable row level security;
revoke all on public.market_vocabulary from anon, authenticated;
grant select on public.market_vocabulary to service_role;

-- Words -----------------------------------------------------------------------------------------------------------------
-- The significant words of a text, in order. Letter sizes stand alone or follow size/sz; numeric sizes follow
-- size/sz/us (US is the default system, and the number stays a word too) or uk/eu.
create function public.market_words(input text) returns text[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  select array_remove(string_to_array(
    -- 4. unprotect the plurals that must keep their s
    regexp_replace(
      -- 3. plurals: ies -> ie, (ss|sh|ch|x|z)es -> drop es, other s -> drop s (not ss, us, is, as; 4 letters or more);
      --    a word protected by a trailing _ never matches (_ is a word character, so \M fails before it)
      regexp_replace(
        regexp_replace(
          regexp_replace(
            regexp_replace(
              -- 2. stop words
              regexp_replace(
                -- 1. sizes
                regexp_replace(
                  regexp_replace(
                    regexp_replace(
                      regexp_replace(
                        regexp_replace(public.market_normalize(input), '\mone size\M', 'sz_os', 'g'),
                        '\m(?:size|sz|us) (\d{1,2})\M', 'sz_\1 \1', 'g'),
                      '\m(uk|eu) (\d{1,2})\M', 'sz_\1\2', 'g'),
                    '\m(?:size|sz) (xxs|xs|s|m|l|xl|xxl|xxxl|2xl|3xl)\M', 'sz_\1', 'g'),
                  '\m(xxs|xs|s|m|l|xl|xxl|xxxl|2xl|3xl)\M', 'sz_\1', 'g'),
                '\m(?:a|an|and|at|by|for|from|in|is|it|its|my|of|on|or|size|sz|the|this|to|with|w)\M', ' ', 'g'),
              '\m(jeans|shorts|tights|glasses|sunglasses|overalls|sweats|flats|briefs|boxers|pajamas|pyjamas|scrubs|chaps|heels)\M',
              '\1_', 'g'),
            '\m([a-z]{2,}i)es\M', '\1e', 'g'),
          '\m([a-z]+(?:ss|sh|ch|x|z))es\M', '\1', 'g'),
        '\m([a-z]{2,}[b-hj-rtv-z])s\M', '\1', 'g'),
      '_( |$)', '\1', 'g'),
    ' '), '')
$$;
comment on function public.market_words(text) is
  'The significant words of a listing or query text: normalised, sizes as sz_ terms, stop words out, plurals folded.';
revoke execute on function public.market_words(text) from public, anon, authenticated;
grant execute on function public.market_words(text) to service_role;

-- The index key of a listing: the words of its brand, title, category and size.
create function public.market_listing_terms(brand text, title text, category text, size text) returns text[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  select public.market_words(
    coalesce(brand, '') || ' ' || coalesce(title, '') || ' ' || coalesce(category, '')
      || coalesce(' size ' || size, ''))
$$;
revoke execute on function public.market_listing_terms(text, text, text, text) from public, anon, authenticated;
grant execute on function public.market_listing_terms(text, text, text, text) to service_role;

-- The WHERE clause of a parsed query over market_listings l with the given status: the words through the GIN index,
-- phrases through the title (trigram-indexed), exclusions through a second probe of the index, so no row recomputes
-- its key.
create function public.market_match_sql(p_parsed jsonb, p_status text) returns text
  language plpgsql immutable
  set search_path = ''
as $$
declare
  v_key constant text := 'public.market_listing_terms(%1$s.brand, %1$s.title, %1$s.category, %1$s.size)';
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
    v_parts := v_parts || ('(' || v_part || ')');
  end loop;
  if cardinality(v_parts) = 0 then
    return 'false';
  end if;
  v_part := format('l.status = %L and (%s)', p_status, array_to_string(v_parts, ' or '));
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

-- The previous form, kept for the rare query past 256 alternatives.
create function public.market_groups_sql_filtered(p_groups jsonb, p_key text) returns text
  language plpgsql immutable
  set search_path = ''
as $$
declare
  v_required text[] := '{}';
  v_parts text[] := '{}';
  v_group jsonb;
  v_alts text[];
  v_singles text[];
  v_names jsonb;
begin
  for v_group in select value from jsonb_array_elements(coalesce(p_groups, '[]')) loop
    v_names := v_group -> 'any';
    if jsonb_array_length(v_names) = 1 then
      v_required := v_required || array(select jsonb_array_elements_text(v_names -> 0));
      continue;
    end if;
    v_singles := array(select n ->> 0 from jsonb_array_elements(v_names) n where jsonb_array_length(n) = 1);
    v_alts := array(
      select format('%s @> %L::text[]', p_key, array(select jsonb_array_elements_text(n)))
      from jsonb_array_elements(v_names) n where jsonb_array_length(n) > 1);
    if cardinality(v_singles) > 0 then
      v_alts := format('%s && %L::text[]', p_key, v_singles) || v_alts;
    end if;
    v_parts := v_parts || ('(' || array_to_string(v_alts, ' or ') || ')');
  end loop;
  if cardinality(v_required) > 0 then
    v_parts := format('%s @> %L::text[]', p_key, array(select distinct r from unnest(v_required) r order by r))
      || v_parts;
  end if;
  return array_to_string(v_parts, ' and ');
end;
$$;
revoke execute on function public.market_groups_sql_filtered(jsonb, text) from public, anon, authenticated;
grant execute on function public.market_groups_sql_filtered(jsonb, text) to service_role;

-- Fewer index probes for the same rows (issue 10, point 6). A query's groups of alternatives (brand aliases, garment
-- synonyms) expand into one GIN probe per combination, `terms @> '{...}'`, joined by OR. When one combination's terms
-- contain another's, its probe is redundant: every row holding the larger set holds the smaller one, so the OR already
-- has it. "levi's jeans" gave 9 probes, among them {denim,jeans,levi} beside {jeans,levi}; it now gives 4, and
-- "lululemon hoodie" 8 instead of 12. The matched rows are the same by construction (tests/market-probes.test.ts
-- checks the answers too); only the probes that can add nothing are left out.
create function public.market_groups_sql(p_groups jsonb, p_key text) returns text
  language plpgsql immutable
  set search_path = ''
as $$
declare
  v_group jsonb;
  v_name jsonb;
  v_parts text[];
  v_count int := 1;
  v_alts jsonb := '[[]]'::jsonb;
  v_new jsonb;
  v_combo jsonb;
begin
  for v_group in select value from jsonb_array_elements(coalesce(p_groups, '[]')) loop
    v_count := v_count * greatest(jsonb_array_length(v_group -> 'any'), 1);
  end loop;
  if v_count > 256 then
    return public.market_groups_sql_filtered(p_groups, p_key);
  end if;
  for v_group in select value from jsonb_array_elements(coalesce(p_groups, '[]')) loop
    v_new := '[]'::jsonb;
    for v_combo in select value from jsonb_array_elements(v_alts) loop
      for v_name in select value from jsonb_array_elements(v_group -> 'any') loop
        v_new := v_new || jsonb_build_array(v_combo || v_name);
      end loop;
    end loop;
    v_alts := v_new;
  end loop;
  with combos as (
    select distinct array(select distinct w from jsonb_array_elements_text(c) w order by w) as terms
    from jsonb_array_elements(v_alts) c
    where jsonb_array_length(c) > 0
  )
  select coalesce(array_agg(format('%s @> %L::text[]', p_key, a.terms) order by a.terms), '{}')
  into v_parts
  from combos a
  -- A probe whose terms hold another probe's terms finds nothing that one does not.
  where not exists (select 1 from combos b where b.terms <@ a.terms and b.terms <> a.terms);
  if cardinality(v_parts) = 0 then
    return '';
  end if;
  return '(' || array_to_string(v_parts, ' or ') || ')';
end;
$$;
revoke execute on function public.market_groups_sql(jsonb, text) from public, anon, authenticated;
grant execute on function public.market_groups_sql(jsonb, text) to service_role;

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
-- then the lexicon's names, then the word most listings use.
create function public.market_correction(p_word text) returns text
  language sql stable
  set search_path = ''
as $$
  with candidates as (
    select v.word, v.listings, false as named from public.market_vocabulary v
    union all
    select distinct t, 0, true
    from public.market_lexicon x, unnest(string_to_array(x.phrase, ' ')) as t
    where x.kind in ('brand', 'garment', 'model')
  ),
  scored as (
    select c.word, c.listings, c.named,
      case when public.market_is_swap(p_word, c.word) then 1
           else extensions.levenshtein_less_equal(p_word, c.word, 2) end as slips
    from candidates c
    where c.word <> p_word
      and c.word ~ '^[a-z]+$'
      and abs(char_length(c.word) - char_length(p_word)) <= 2
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
-- The groups of a text: each lexicon name (longest first) stands for every name of its entry; any other word stands
-- for itself, corrected (by the rule above) when no listing uses it. Returns
--   [{"any": [["doc", "marten"], ["dm"], ...], "label": "Dr. Martens", "kind": "brand"}, {"any": [["1460"]], "kind": "word"}]
-- p_long: a long pasted title (colours and unknown words are set aside rather than required or corrected).
-- Two more notes:
--   recognised: [{"text": "hermes", "kind": "brand", "label": "Hermes"}, {"text": "birkin", "kind": "model",
--                 "label": "Birkin", "brand": "Hermes"}]  (brands, garments and models of the lexicon)
--   unknown:    ["zxqvblorp"]  (no listing uses it, no lexicon name holds it, nothing one slip away)
-- p_notes may carry "keep" (words written in quotes: never corrected) and "excluding" (the words of a -exclusion:
-- no recognised or unknown notes).
create function public.market_query_groups(p_text text, p_long boolean, inout p_notes jsonb default '{}'::jsonb,
  out groups jsonb)
  language plpgsql stable
  set search_path = ''
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
           and public.market_listing_terms(l.brand, l.title, l.category, l.size) @> array[v_word])
         and not exists (select 1 from public.market_listings l where l.status = 'sold'
           and public.market_listing_terms(l.brand, l.title, l.category, l.size) @> array[v_word]) then
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
             where x.kind in ('brand', 'garment', 'model')
               and (' ' || x.phrase || ' ') like ('% ' || v_word || ' %')) then
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
             where x.kind in ('brand', 'garment', 'model')
               and (' ' || x.phrase || ' ') like ('% ' || v_word || ' %')) then
          p_notes := jsonb_set(p_notes, '{unknown}', coalesce(p_notes -> 'unknown', '[]') || to_jsonb(v_word));
        end if;
      end if;
      if not v_found then
        groups := groups || jsonb_build_object('any', jsonb_build_array(jsonb_build_array(v_word)), 'kind', 'word');
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
      if v_noting then
        p_notes := jsonb_set(p_notes, '{recognised}', coalesce(p_notes -> 'recognised', '[]')
          || jsonb_strip_nulls(jsonb_build_object(
               'text', array_to_string(v_words[v_i : v_i + v_len - 1], ' '),
               'kind', v_hit.kind, 'label', v_hit.label, 'brand', v_hit.brand)));
      end if;
    end if;
    v_i := v_i + v_len;
  end loop;
end;
$$;
revoke execute on function public.market_query_groups(text, boolean, jsonb) from public, anon, authenticated;
grant execute on function public.market_query_groups(text, boolean, jsonb) to service_role;

-- What a query asks for, as jsonb:
--   {"clauses": [{"groups": [...], "phrases": ["wide leg"]}], "exclude": [...groups...],
--    "corrected": [{"from": "lululemn", "to": "lululemon"}], "ignored": ["euc", "black"],
--    "recognised": [...], "unknown": [...]}
-- A clause with no groups matches nothing, so a query of stop words or symbols never counts the whole index. Words in
-- quotes are kept as written, and exclusions note nothing.
create function public.market_parse_query(p_query text) returns jsonb
  language plpgsql stable
  set search_path = ''
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
    -- Seven or more words: a title pasted from a listing.
    v_long := coalesce(array_length(public.market_words(v_clause), 1), 0) >= 7;
    select r.groups, r.p_notes into v_groups, v_notes
    from public.market_query_groups(replace(v_clause, '"', ' '), v_long, v_notes) r;
    if v_long then
      -- Brand and garment stay required (an absent brand must show as no comparables, not as other brands); each
      -- other word is kept only while some listing still has all the kept words, so the sales pitch of one listing
      -- ("high rise", "buttery", an inseam) does not hide the item's comps.
      v_kept := '[]'::jsonb;
      for v_group in
        select g.value from jsonb_array_elements(v_groups) with ordinality as g(value, n)
        order by case when g.value ->> 'kind' in ('brand', 'garment') then 0 else 1 end, g.n
      loop
        if v_group ->> 'kind' in ('brand', 'garment') then
          v_kept := v_kept || v_group;
          continue;
        end if;
        v_sql := public.market_groups_sql(v_kept || v_group,
          'public.market_listing_terms(l.brand, l.title, l.category, l.size)');
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
    v_clauses := v_clauses || jsonb_build_object('groups', v_groups, 'phrases', to_jsonb(v_phrases));
  end loop;

  return jsonb_build_object(
    'clauses', v_clauses,
    'exclude', v_exclude,
    'corrected', coalesce(v_notes -> 'corrected', '[]'),
    'ignored', coalesce(v_notes -> 'ignored', '[]'),
    'recognised', coalesce(v_notes -> 'recognised', '[]'),
    'unknown', coalesce(v_notes -> 'unknown', '[]')
  );
end;
$$;
comment on function public.market_parse_query(text) is
  'A search query as clauses of word groups (commas separate alternatives), phrases, exclusions, typo corrections and words set aside.';
revoke execute on function public.market_parse_query(text) from public, anon, authenticated;
grant execute on function public.market_parse_query(text) to service_role;

-- "Did you mean" ---------------------------------------------------------------------------------------------------------
-- A query that names a brand or a model keeps them in every suggestion: first the garments spelled close to the
-- query's other words that the index holds for that brand ("coach bag" -> "Coach handbag"), then the brand and model
-- alone when other words narrowed them to nothing. A query that names none gets the lexicon's names spelled close to
-- it. Every name offered is one the index holds a listing for (one GIN probe each).
create function public.market_suggest(p_query text, p_limit int default 3) returns text[]
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  v_query text := lower(btrim(coalesce(p_query, '')));
  v_out text[] := '{}';
  v_candidate record;
  v_key constant text := 'public.market_listing_terms(l.brand, l.title, l.category, l.size)';
  v_found boolean;
  v_parsed jsonb;
  v_named jsonb;
  v_prefix text;
  v_rest text;
  v_sql text;
begin
  if char_length(v_query) < 2 or p_limit <= 0 then
    return v_out;
  end if;
  v_parsed := public.market_parse_query(p_query);
  -- The brands and models of the first alternative, in the order written.
  select coalesce(jsonb_agg(g.value order by g.n), '[]'), string_agg(g.value ->> 'label', ' ' order by g.n)
  into v_named, v_prefix
  from jsonb_array_elements(coalesce(v_parsed -> 'clauses' -> 0 -> 'groups', '[]')) with ordinality as g(value, n)
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

  -- The other words of the query, as it wrote them.
  select string_agg(array_to_string(array(select jsonb_array_elements_text(g.value -> 'any' -> 0)), ' '), ' ')
  into v_rest
  from jsonb_array_elements(coalesce(v_parsed -> 'clauses' -> 0 -> 'groups', '[]')) as g(value)
  where g.value ->> 'kind' not in ('brand', 'model');

  if v_rest is not null then
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
      v_sql := public.market_groups_sql(v_named || jsonb_build_array(jsonb_build_object(
        'kind', 'garment', 'label', v_candidate.label,
        'any', (select jsonb_agg(to_jsonb(string_to_array(x.phrase, ' '))) from public.market_lexicon x
                where x.kind = 'garment' and x.label = v_candidate.label))), v_key);
      execute format('select exists (select 1 from public.market_listings l where l.status = %L and %s)
          or exists (select 1 from public.market_listings l where l.status = %L and %s)',
        'available', v_sql, 'sold', v_sql) into v_found;
      if v_found then
        v_out := v_out || (v_prefix || ' ' || v_candidate.label);
        exit when cardinality(v_out) >= least(p_limit, 10) - 1;
      end if;
    end loop;
    -- The brand and model alone: the broader search.
    v_sql := public.market_groups_sql(v_named, v_key);
    execute format('select exists (select 1 from public.market_listings l where l.status = %L and %s)
        or exists (select 1 from public.market_listings l where l.status = %L and %s)',
      'available', v_sql, 'sold', v_sql) into v_found;
    if v_found and lower(v_prefix) <> v_query then
      v_out := v_out || v_prefix;
    end if;
  end if;
  return v_out[1 : least(p_limit, 10)];
end;
$$;
comment on function public.market_suggest(text, int) is
  'Up to p_limit brand or category names spelled close to the query, for the Explorer''s "did you mean".';
revoke execute on function public.market_suggest(text, int) from public, anon, authenticated;
grant execute on function public.market_suggest(text, int) to service_role;

-- Vocabulary: rebuilt after a seed or an import: the terms of the most recent listings (a sample keeps it quick at a
-- million rows), plus every lexicon term (brands, garments and models) so a typo is caught even before the index
-- holds that name.
create function public.market_refresh_vocabulary(p_sample int default 200000) returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  v_count int;
begin
  delete from public.market_vocabulary;
  insert into public.market_vocabulary (word, listings)
  select t, count(*)::int
  from (select l.brand, l.title, l.category, l.size from public.market_listings l order by l.id desc
        limit greatest(p_sample, 0)) l,
    unnest(public.market_listing_terms(l.brand, l.title, l.category, l.size)) as t
  group by t;
  insert into public.market_vocabulary (word, listings)
  select distinct t, 0 from public.market_lexicon x, unnest(string_to_array(x.phrase, ' ')) as t
  where x.kind in ('brand', 'garment', 'model')
  on conflict (word) do nothing;
  select count(*)::int into v_count from public.market_vocabulary;
  return v_count;
end;
$$;
revoke execute on function public.market_refresh_vocabulary(int) from public, anon, authenticated;
grant execute on function public.market_refresh_vocabulary(int) to service_role;
