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
-- together in that order; a comma separates alternatives (nuptse, super puff = either). Unknown words of 4 letters
-- or more are corrected to the closest word of the index (trigram similarity); condition and sales words are set
-- aside (the condition is chosen separately), and in a long pasted title colours and words no listing uses too.

create schema if not exists extensions;
create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;

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

-- The index key of a listing: the words of its brand, title, category and size.
create function public.market_listing_terms(brand text, title text, category text, size text) returns text[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  select public.market_words(
    coalesce(brand, '') || ' ' || coalesce(title, '') || ' ' || coalesce(category, '')
      || coalesce(' size ' || size, ''))
$$;

-- The old key (English stemmer: leggings -> leg) goes, with its indexes.
drop index if exists public.market_listings_available_tokens_idx;
drop index if exists public.market_listings_sold_tokens_idx;

-- The query ------------------------------------------------------------------------------------------------------------
-- The groups of a text: each lexicon name (longest first) stands for every name of its entry; any other word stands
-- for itself, corrected to the closest word of the index when no listing uses it. Returns
--   [{"any": [["doc", "marten"], ["dm"], ...], "label": "Dr. Martens", "kind": "brand"}, {"any": [["1460"]], "kind": "word"}]
-- p_long: a long pasted title (colours and unknown words are set aside rather than required or corrected).
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
begin
  groups := '[]'::jsonb;
  p_notes := coalesce(p_notes, '{}'::jsonb);
  while v_i <= v_n loop
    v_found := false;
    for v_try in reverse least(4, v_n - v_i + 1) .. 1 loop
      select x.kind, x.label into v_hit
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
      -- Unknown: not in the vocabulary (a sample, refreshed after loads) nor in any listing (two index probes).
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
        if char_length(v_word) >= 4 then
          select v.word into v_fix
          from public.market_vocabulary v
          where v.word operator(extensions.%) v_word
            and extensions.similarity(v.word, v_word) >= 0.4
            and v.word !~ '^(sz_|[0-9])'
          order by extensions.similarity(v.word, v_word) desc, v.listings desc, v.word
          limit 1;
          if v_fix is not null then
            p_notes := jsonb_set(p_notes, '{corrected}', coalesce(p_notes -> 'corrected', '[]')
              || jsonb_build_object('from', v_word, 'to', v_fix));
            v_word := v_fix;
            v_fix := null;
            -- A corrected word may be a name ("lululemn" -> "lululemon").
            select x.kind, x.label into v_hit from public.market_lexicon x where x.phrase = v_word;
            v_found := found;
          end if;
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
    end if;
    v_i := v_i + v_len;
  end loop;
end;
$$;

-- What a query asks for, as jsonb:
--   {"clauses": [{"groups": [...], "phrases": ["wide leg"]}], "exclude": [...groups...],
--    "corrected": [{"from": "lululemn", "to": "lululemon"}], "ignored": ["euc", "black"]}
-- A clause with no groups matches nothing, so a query of stop words or symbols never counts the whole index.
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
  -- Exclusions apply to the whole query: "-kids" anywhere removes kids' listings from every alternative.
  for v_word in select m[1] from regexp_matches(v_query, '(?:^|\s)-([^\s,"]+)', 'g') as m loop
    select r.groups, r.p_notes into v_groups, v_notes from public.market_query_groups(v_word, false, v_notes) r;
    v_exclude := v_exclude || v_groups;
  end loop;
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
    'ignored', coalesce(v_notes -> 'ignored', '[]')
  );
end;
$$;

comment on function public.market_parse_query(text) is
  'A search query as clauses of word groups (commas separate alternatives), phrases, exclusions, typo corrections and words set aside.';

-- The condition a set of groups puts on a listing key: every group matches; a group matches when the key holds all
-- words of one of its names. Single-word names share one && probe; groups of one name join one @> probe.
create function public.market_groups_sql(p_groups jsonb, p_key text) returns text
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

-- Counting ---------------------------------------------------------------------------------------------------------------
create or replace function public.market_count_available(p_query text, p_condition text) returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_parsed jsonb := public.market_parse_query(p_query);
  v_result jsonb;
begin
  execute format($sql$
    with matched as (
      select l.condition, l.marketplace, count(*)::int as n, count(*) filter (where l.source = 'demo')::int as demo
      from public.market_listings l
      where %s
      group by l.condition, l.marketplace
    )
    select jsonb_build_object(
      'available', coalesce((select sum(n) from matched where condition = $1), 0)::int,
      'byCondition', jsonb_build_object(
        'new_with_tags', coalesce((select sum(n) from matched where condition = 'new_with_tags'), 0)::int,
        'new_without_tags', coalesce((select sum(n) from matched where condition = 'new_without_tags'), 0)::int,
        'new_with_imperfections', coalesce((select sum(n) from matched where condition = 'new_with_imperfections'), 0)::int,
        'pre_owned', coalesce((select sum(n) from matched where condition = 'pre_owned'), 0)::int
      ),
      'byMarketplace', coalesce((
        select jsonb_agg(jsonb_build_object('marketplace', marketplace, 'available', total) order by total desc, marketplace)
        from (select marketplace, sum(n)::int as total from matched where condition = $1 group by marketplace) m
      ), '[]'::jsonb),
      'demoComps', coalesce((select sum(demo) from matched where condition = $1), 0)::int
    )$sql$, public.market_match_sql(v_parsed, 'available'))
  into v_result using p_condition;
  return v_result || jsonb_build_object('query', v_parsed);
end;
$$;

create or replace function public.market_count_sold(p_query text, p_condition text, p_window_days int default 90)
  returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_parsed jsonb := public.market_parse_query(p_query);
  v_result jsonb;
begin
  execute format($sql$
    with sold as materialized (
      select l.condition, l.marketplace, l.price, l.currency, l.source, l.sold_at, l.sold_at - l.listed_at as took,
        l.title, l.url
      from public.market_listings l
      where %s and l.sold_at >= now() - make_interval(days => greatest($2, 1))
    ),
    counts as (
      select
        count(*) filter (where condition = $1)::int as chosen,
        count(*) filter (where condition = $1 and source = 'demo')::int as demo,
        count(*) filter (where condition = 'new_with_tags')::int as new_with_tags,
        count(*) filter (where condition = 'new_without_tags')::int as new_without_tags,
        count(*) filter (where condition = 'new_with_imperfections')::int as new_with_imperfections,
        count(*) filter (where condition = 'pre_owned')::int as pre_owned
      from sold
    ),
    stats as (
      select
        count(*) filter (where currency = 'USD') as priced,
        percentile_cont(array[0.25, 0.5, 0.75]) within group (order by price) filter (where currency = 'USD') as prices,
        percentile_cont(0.5) within group (order by extract(epoch from took)) as took
      from sold where condition = $1
    )
    select jsonb_build_object(
      'sold', c.chosen,
      'byCondition', jsonb_build_object(
        'new_with_tags', c.new_with_tags,
        'new_without_tags', c.new_without_tags,
        'new_with_imperfections', c.new_with_imperfections,
        'pre_owned', c.pre_owned
      ),
      'byMarketplace', coalesce((
        select jsonb_agg(jsonb_build_object('marketplace', marketplace, 'sold', total) order by total desc, marketplace)
        from (select marketplace, count(*)::int as total from sold where condition = $1 group by marketplace) m
      ), '[]'::jsonb),
      'prices', case when s.priced = 0 then null else jsonb_build_object(
        'p25', round(s.prices[1]::numeric, 2),
        'median', round(s.prices[2]::numeric, 2),
        'p75', round(s.prices[3]::numeric, 2)
      ) end,
      'medianDaysToSell', round((s.took / 86400)::numeric, 1),
      'demoComps', c.demo,
      'recentSales', coalesce((
        select jsonb_agg(jsonb_build_object(
          'title', r.title, 'price', r.price, 'currency', r.currency, 'condition', $1,
          'marketplace', r.marketplace, 'soldAt', r.sold_at, 'url', r.url) order by r.sold_at desc)
        from (select * from sold where condition = $1 order by sold_at desc limit 10) r
      ), '[]'::jsonb)
    )
    from counts c, stats s$sql$, public.market_match_sql(v_parsed, 'sold'))
  into v_result using p_condition, p_window_days;
  return v_result || jsonb_build_object('query', v_parsed);
end;
$$;

-- Vocabulary -------------------------------------------------------------------------------------------------------------
-- Rebuilt after a seed or an import: the terms of the most recent listings (a sample keeps it quick at a million
-- rows), plus every lexicon term so brand typos are caught even before the index holds that brand.
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
  where x.kind in ('brand', 'garment')
  on conflict (word) do nothing;
  select count(*)::int into v_count from public.market_vocabulary;
  return v_count;
end;
$$;

-- Old helpers of the stemmed key.
drop function if exists public.market_listing_tokens(text, text, text);
drop function if exists public.market_tokens(text);

-- Who may call what: the search functions run as service_role; nothing here is for the browser.
revoke execute on function public.market_words(text) from public, anon, authenticated;
revoke execute on function public.market_query_groups(text, boolean, jsonb) from public, anon, authenticated;
revoke execute on function public.market_groups_sql(jsonb, text) from public, anon, authenticated;
revoke execute on function public.market_listing_terms(text, text, text, text) from public, anon, authenticated;
revoke execute on function public.market_parse_query(text) from public, anon, authenticated;
revoke execute on function public.market_match_sql(jsonb, text) from public, anon, authenticated;
revoke execute on function public.market_refresh_vocabulary(int) from public, anon, authenticated;
revoke execute on function public.market_count_available(text, text) from public, anon, authenticated;
revoke execute on function public.market_count_sold(text, text, int) from public, anon, authenticated;
revoke execute on function public.market_normalize(text) from public, anon, authenticated;
grant execute on function public.market_words(text) to service_role;
grant execute on function public.market_query_groups(text, boolean, jsonb) to service_role;
grant execute on function public.market_groups_sql(jsonb, text) to service_role;
grant execute on function public.market_listing_terms(text, text, text, text) to service_role;
grant execute on function public.market_parse_query(text) to service_role;
grant execute on function public.market_match_sql(jsonb, text) to service_role;
grant execute on function public.market_refresh_vocabulary(int) to service_role;
grant execute on function public.market_count_available(text, text) to service_role;
grant execute on function public.market_count_sold(text, text, int) to service_role;
grant execute on function public.market_normalize(text) to service_role;
