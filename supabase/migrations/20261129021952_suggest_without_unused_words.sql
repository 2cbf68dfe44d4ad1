-- "Did you mean" offers the search without the words no listing of it uses first, keeping the brand and the model,
-- and says which words it could not use (issue 54): "coach tabby 26" found nothing and was offered "Coach" while
-- "coach tabby" finds 127 listed and 80 sold in the demo market; now it gets "Coach tabby" first and the answer names
-- "26". Sizes, inch lengths, colours and collection words alike; a brand the lexicon does not know yet that listings
-- use is kept like a named one. public.market_suggestions answers both; market_suggest keeps its answer for callers
-- that read the suggestions alone. Drafted by `npm run db:diff -- suggest_without_unused_words`.
-- (market_suggest reads market_suggestions, made further down: bodies are checked once both exist.)

SET check_function_bodies = false;

CREATE FUNCTION private.market_suggestion_found(p_parsed jsonb, p_classes jsonb) RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_groups jsonb := (select coalesce(jsonb_agg(c.value -> 'group' order by (c.value ->> 'n')::int), '[]')
                     from jsonb_array_elements(p_classes) c);
  v_sql text := public.market_groups_sql(v_groups, 'l.terms');
begin
  if v_sql = '' then
    return false;
  end if;
  return private.market_listing_exists(v_sql || public.market_not_sql(
    jsonb_set(coalesce(p_parsed -> 'clauses' -> 0, '{}'::jsonb), '{groups}', v_groups), 'l.terms'));
end;
$$;

CREATE OR REPLACE FUNCTION public.market_suggest(p_query text, p_limit integer DEFAULT 3) RETURNS text[]
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select array(select jsonb_array_elements_text(public.market_suggestions(p_query, p_limit) -> 'suggestions'))
$$;

CREATE FUNCTION public.market_suggestions(p_query text, p_limit integer DEFAULT 3) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET enable_seqscan TO 'off'
    SET enable_indexscan TO 'off'
    SET jit TO 'off'
    AS $_$
declare
  v_query text := lower(btrim(coalesce(p_query, '')));
  v_out text[] := '{}';
  v_unused text[] := '{}';
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
begin
  if char_length(v_query) < 2 or p_limit <= 0 then
    return jsonb_build_object('suggestions', '[]'::jsonb, 'unused', '[]'::jsonb);
  end if;
  v_parsed := public.market_parse_query(p_query);
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
        -- an inch length is its number and "inch" ("28 inch"; 28" leaves the number alone)
        case when g.value -> 'any' -> 0 ->> 0 = 'inch' and g.before ~ '^[0-9]+$' then 'g' || (g.n - 1) end,
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
  if jsonb_array_length(v_core) > 0 and jsonb_array_length(v_units) > 0
     and private.market_suggestion_found(v_parsed, v_core) then
    v_kept := v_core;
    for v_unit in select value from jsonb_array_elements(v_units) loop
      v_try := v_core || (select jsonb_agg(c.value) from jsonb_array_elements(v_classes) c
                          where c.value ->> 'unit' = v_unit #>> '{}');
      if private.market_suggestion_found(v_parsed, v_try) then
        v_kept := v_kept || (select jsonb_agg(c.value) from jsonb_array_elements(v_classes) c
                             where c.value ->> 'unit' = v_unit #>> '{}');
      else
        v_left := v_left || v_unit;
      end if;
    end loop;
    -- Each kept unit holds with the named groups, but not all of them together: keep them one by one.
    if jsonb_array_length(v_kept) > jsonb_array_length(v_core)
       and not private.market_suggestion_found(v_parsed, v_kept) then
      v_kept := v_core;
      for v_unit in select value from jsonb_array_elements(v_units) where not v_left @> jsonb_build_array(value) loop
        v_try := v_kept || (select jsonb_agg(c.value) from jsonb_array_elements(v_classes) c
                            where c.value ->> 'unit' = v_unit #>> '{}');
        if private.market_suggestion_found(v_parsed, v_try) then
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
                 when u.value #>> '{}' ~ '^sz_(uk|eu)' then
                   'size ' || upper(substr(u.value #>> '{}', 4, 2)) || ' ' || substr(u.value #>> '{}', 6)
                 when u.value #>> '{}' like 'sz\_%' then 'size ' || upper(substr(u.value #>> '{}', 4))
                 else (select string_agg(coalesce(private.market_written(c.value -> 'group', v_query),
                                array_to_string(array(select jsonb_array_elements_text(c.value -> 'group' -> 'any' -> 0)), ' ')),
                                ' ' order by (c.value ->> 'n')::int)
                       from jsonb_array_elements(v_classes) c where c.value ->> 'unit' = u.value #>> '{}')
               end
        from jsonb_array_elements(v_left) with ordinality as u(value, n)
        order by u.n);
    end if;
  end if;

  if jsonb_array_length(v_named) = 0 then
    -- A query that names no brand: the lexicon's names spelled close to it. Not a garment alone when the query holds
    -- a word that may be a brand nobody lists (no English word, no lexicon name): a suggestion never drops a brand.
    for v_candidate in
      select x.label, public.market_words(x.label) as words, max(extensions.word_similarity(x.phrase, v_query)) as score
      from public.market_lexicon x
      where x.kind in ('brand', 'garment')
        and extensions.word_similarity(x.phrase, v_query) >= 0.5
        and lower(x.label) <> v_query
        and (x.kind = 'brand' or not exists (
          select 1 from jsonb_array_elements_text(coalesce(v_parsed -> 'unknown', '[]')) u(word)
          where not exists (select 1 from public.market_dictionary d where d.word = u.word)))
      group by x.label
      order by score desc, x.label
      limit 10
    loop
      execute format(
        'select exists (select 1 from public.market_listings l where l.status = %1$L and %3$s @> %4$L::text[])
             or exists (select 1 from public.market_listings l where l.status = %2$L and %3$s @> %4$L::text[])',
        'available', 'sold', v_key, v_candidate.words)
      into v_found;
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
    v_sql := public.market_groups_sql(v_groups || jsonb_build_array(jsonb_build_object('kind', 'word',
      'any', (select jsonb_agg(jsonb_build_array(w)) from unnest(v_notwords) w))), v_key);
    if v_sql = '' then
      v_notwords := '{}';
    elsif not private.market_listing_exists(v_sql) then
      v_notwords := '{}';
    end if;
  end if;
  if cardinality(v_notwords) > 0 then
    foreach v_word in array v_notwords loop
      -- Only a garment that listings name beside every word of the query is read as a search of its own.
      v_sql := public.market_groups_sql(v_groups || jsonb_build_array(jsonb_build_object('kind', 'word',
        'any', jsonb_build_array(jsonb_build_array(v_word)))), v_key);
      continue when v_sql = '';
      continue when not private.market_listing_exists(v_sql);
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
      if not ((v_prefix || ' ' || v_candidate.label) = any (v_out))
         and private.market_named_garment_found(v_named, v_candidate.label) then
        v_out := v_out || (v_prefix || ' ' || v_candidate.label);
        exit when cardinality(v_out) >= least(p_limit, 10) - 1;
      end if;
    end loop;
  end if;
  -- The brand and model alone: the broadest search.
  if lower(v_prefix) <> v_query and not (v_prefix = any (v_out))
     and private.market_listing_exists(public.market_groups_sql((public.market_clause_groups(v_named)) -> 'groups', v_key)) then
    v_out := v_out || v_prefix;
  end if;
  return jsonb_build_object('suggestions', to_jsonb(v_out[1 : least(p_limit, 10)]), 'unused', to_jsonb(v_unused));
end;
$_$;

REVOKE ALL ON FUNCTION public.market_suggestions(text, integer) FROM anon, authenticated, service_role;

COMMENT ON FUNCTION public.market_suggestions(p_query text, p_limit integer) IS 'Up to p_limit searches near a query that found nothing ("did you mean"), first the query without the words no listing of it uses, and those words.';

REVOKE ALL ON FUNCTION private.market_suggestion_found(p_parsed jsonb, p_classes jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_suggestion_found(p_parsed jsonb, p_classes jsonb) TO service_role;

REVOKE ALL ON FUNCTION public.market_suggestions(p_query text, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.market_suggestions(p_query text, p_limit integer) TO service_role;
