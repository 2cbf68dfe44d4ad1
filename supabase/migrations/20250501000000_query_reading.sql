-- Reading a query a reseller can trust (issue 28, docs/decisions/060-reading-the-query.md).
--
-- 1. No real word is "corrected" into another. A query word no listing uses is corrected only when it is no English
--    word (public.market_dictionary, loaded by the next migration), no part of a lexicon name (brand, garment or model)
--    and holds no digit (a model number), and only into a word one slip away: one letter added, dropped, changed or
--    two swapped (two slips from 8 letters on). "band" stays "band"; "birkin" is a Hermes model; "lululemn" reads
--    as "lululemon". A word in quotes is read as written, so a correction can be undone.
-- 2. The query says what it recognised (brands, garments, models) and which words it does not know at all, so an
--    empty answer can tell "we know this item; it has not sold here" from "we do not know this word".
-- 3. "Did you mean" keeps every brand and model the query named: "coach bag" offers Coach handbags, never a backpack.
-- 4. A sold answer says how far back the index's sales go (dataSince), so a 365-day window on 180 days of data says so.

create extension if not exists fuzzystrmatch with schema extensions;

-- The English words -----------------------------------------------------------------------------------------------------
create table public.market_dictionary (
  word text primary key check (word ~ '^[a-z]+$')
);

comment on table public.market_dictionary is
  'English words (SCOWL sizes 10-50, folded by market_words): a query word found here is never corrected into another.';

alter table public.market_dictionary enable row level security;
revoke all on public.market_dictionary from anon, authenticated;
grant select on public.market_dictionary to service_role;

-- How far back the sales go: the first row of this index.
create index market_listings_sold_at_idx on public.market_listings (sold_at) where status = 'sold';

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

-- The query ------------------------------------------------------------------------------------------------------------
-- As in 20250201000000, with the correction rule above and two more notes:
--   recognised: [{"text": "hermes", "kind": "brand", "label": "Hermes"}, {"text": "birkin", "kind": "model",
--                 "label": "Birkin", "brand": "Hermes"}]  (brands, garments and models of the lexicon)
--   unknown:    ["zxqvblorp"]  (no listing uses it, no lexicon name holds it, nothing one slip away)
-- p_notes may carry "keep" (words written in quotes: never corrected) and "excluding" (the words of a -exclusion:
-- no recognised or unknown notes).
create or replace function public.market_query_groups(p_text text, p_long boolean, inout p_notes jsonb default '{}'::jsonb,
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

-- As in 20250201000000, with the notes above: words in quotes are kept as written, exclusions note nothing, and the
-- answer carries "recognised" and "unknown".
create or replace function public.market_parse_query(p_query text) returns jsonb
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

-- "Did you mean" ---------------------------------------------------------------------------------------------------------
-- A query that names a brand or a model keeps them in every suggestion: first the garments spelled close to the
-- query's other words that the index holds for that brand ("coach bag" -> "Coach handbag"), then the brand and model
-- alone when other words narrowed them to nothing. A query that names none gets the lexicon's names spelled close to
-- it, as before (20250202000200). Every name offered is one the index holds a listing for (one GIN probe each).
create or replace function public.market_suggest(p_query text, p_limit int default 3) returns text[]
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

-- Vocabulary: as in 20250201000000, with the models' words.
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

-- The search: as in 20250401000000, and a sold answer carries the first sale the index holds.
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
  return jsonb_build_object('allowed', true, 'cached', false, 'result', v_result);
end;
$$;

revoke execute on function public.market_is_swap(text, text), public.market_correction(text)
  from public, anon, authenticated;
grant execute on function public.market_is_swap(text, text), public.market_correction(text) to service_role;
