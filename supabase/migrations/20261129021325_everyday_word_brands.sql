-- A brand whose name is an everyday word is the brand only where the query reads as one (issue 54, decision 060's
-- concern): with 1,828 brands in the lexicon, Mother, Frame, Guess, Gap, Coach and their like lead a query as brands
-- ("frame le garcon", "vintage coach bag"), while "mother of pearl", "metal frame glasses" and "mother's day" read
-- them as words; a word of a named brand's product name is that product's ("tory burch lee radziwill" names no Lee).
-- Drafted by `npm run db:diff -- everyday_word_brands`.

CREATE OR REPLACE FUNCTION public.market_query_groups(p_text text, p_long boolean, INOUT p_notes jsonb DEFAULT '{}'::jsonb, OUT groups jsonb) RETURNS record
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET enable_seqscan TO 'off'
    SET enable_indexscan TO 'off'
    SET jit TO 'off'
    AS $_$
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
        v_lead := v_lead and (v_word ~ '^sz_|[0-9]'
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
$_$;
