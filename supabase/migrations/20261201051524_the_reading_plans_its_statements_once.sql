-- A query's reading (market_read_query, and market_clause_groups wherever it is called) plans each of its statements
-- once, generically, rather than for each call's values (issue 53, decision 095). Its statements read the lexicon,
-- the products and the vocabulary with the query's words, and PostgreSQL kept planning them for each call (their
-- jsonb functions make the generic plan look dear): a reading is every search's first step when its text is new.
-- On the 1M bench database, 582 queries of the bench and the eval sets read the same, in 0.78x the time per query.

CREATE OR REPLACE FUNCTION public.market_clause_groups(p_groups jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
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

CREATE OR REPLACE FUNCTION public.market_read_query(p_query text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET enable_seqscan TO 'off'
    SET enable_indexscan TO 'off'
    SET jit TO 'off'
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
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
