-- The same functions, each condition written once: "did you mean" asks whether the named groups find a listing
-- in the block that asks the rule-outs once (it wrote the block's condition twice), and private.market_uncovered
-- reads which clauses each part asks from three variables, not from a case written at each of its five sources.
-- No answer changes.

CREATE OR REPLACE FUNCTION private.market_suggestions_of(p_query text, p_parsed jsonb, p_limit integer) RETURNS jsonb
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
$_$;

CREATE OR REPLACE FUNCTION private.market_uncovered(p_reading jsonb, p_part text DEFAULT 'all'::text) RETURNS text[]
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
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
