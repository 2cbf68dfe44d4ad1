-- "Did you mean": the same search without its size first, a garment the query named as a word of the garment the
-- listings are, and no broader garment whose own search finds nothing.
--
-- As in 20261125120000_seller_titles.sql, with three changes (docs/decisions/060-reading-the-query.md):
-- - A query that names a size the index holds no listing in ("lululemon align size s": the Align is listed in
--   numbered sizes) was offered the brand alone ("Lululemon"), which drops the model named with the size. The query's
--   own groups without its size come first now, checked as the others are (the search's own names, listed or sold).
-- - A query whose garment word the listings use to describe another garment ("j.crew cashmere crewneck": crewneck
--   sweaters, which the crewneck sweatshirt it reads rules out) is offered that garment after its words.
-- - A broader garment is checked with the words it rules out, as its own search reads it: "J.Crew crewneck
--   sweatshirt" was offered for J.Crew's crewneck sweaters, and found nothing.
-- The other suggestions skip a text already offered. Each check that some listing exists is one function
-- (private.market_listing_exists), and a broader garment's another (private.market_named_garment_found).

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

revoke execute on function private.market_written(jsonb, text) from public, anon, authenticated;
grant execute on function private.market_written(jsonb, text) to service_role;

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
declare
  v_read jsonb := public.market_clause_groups(p_named || jsonb_build_array(
    jsonb_build_object('kind', 'garment', 'label', p_label, 'any', '[]'::jsonb)));
  v_sql text := public.market_groups_sql(v_read -> 'groups', 'l.terms');
begin
  if v_sql = '' then
    return false;
  end if;
  return private.market_listing_exists(v_sql || public.market_not_sql(v_read, 'l.terms'));
end;
$$;

revoke execute on function private.market_listing_exists(text), private.market_named_garment_found(jsonb, text)
  from public, anon, authenticated;
grant execute on function private.market_listing_exists(text), private.market_named_garment_found(jsonb, text)
  to service_role;

create or replace function public.market_suggest(p_query text, p_limit int default 3) returns text[]
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
  v_unsized jsonb;
  v_written text;
  v_word text;
  v_match text;
  v_described int := 0;
  v_notwords text[];
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

  -- The same search without its size, first: the item is listed or sold, not in that size ("lululemon align size s"
  -- -> "Lululemon align", where the brand alone was offered before). A size is a group of one word sz_<size>; the
  -- number a size also leaves as a word of its own ("size 6": sz_6, and 6 or vi) goes with it. The other groups keep
  -- their order: a named one (brand, model, garment, material) by its name, any other word as the query wrote it
  -- ("baggies", which the index holds as baggie).
  v_unsized := (
    select coalesce(jsonb_agg(g.value order by g.n), '[]')
    from jsonb_array_elements(v_groups) with ordinality as g(value, n)
    where not (jsonb_array_length(g.value -> 'any') = 1 and jsonb_array_length(g.value -> 'any' -> 0) = 1
               and g.value -> 'any' -> 0 ->> 0 like 'sz\_%')
      and not exists (select 1 from jsonb_array_elements(g.value -> 'any') a, jsonb_array_elements(v_groups) z
                      where jsonb_array_length(a.value) = 1 and z.value -> 'any' -> 0 ->> 0 = 'sz_' || (a.value ->> 0)));
  if jsonb_array_length(v_unsized) between 1 and jsonb_array_length(v_groups) - 1 then
    -- The query's own clause without its size: its groups are read already, and it keeps the words its reading
    -- rules out.
    v_sql := public.market_groups_sql(v_unsized, v_key);
    if v_sql <> '' then
      v_found := private.market_listing_exists(
        v_sql || public.market_not_sql(jsonb_set(v_parsed -> 'clauses' -> 0, '{groups}', v_unsized), v_key));
    end if;
    if v_found then
      v_out := v_out || (
        select string_agg(coalesce(g.value ->> 'label', private.market_written(g.value, v_query),
                            array_to_string(array(select jsonb_array_elements_text(g.value -> 'any' -> 0)), ' ')),
                          ' ' order by g.n)
        from jsonb_array_elements(v_unsized) with ordinality as g(value, n));
    end if;
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
  return v_out[1 : least(p_limit, 10)];
end;
$$;
