-- Fewer regular expressions in a query's reading (docs/decisions/071-reading-regexes.md).
--
-- PostgreSQL keeps the last 32 regular expressions it compiled (MAX_CACHED_RES in regexp.c), dropping the one used
-- longest ago. Reading a query applied about 43: market_words' 16 (called several times), market_normalize's 3,
-- market_decoys' 9 on the query, market_read_query's own 14, and a few more. A listed search then counts with its own
-- (the hedged-brand test), so every search compiled most of them again: reading "lululemon leggings" took 4.3 ms
-- when read twice in a row and 7.1 ms right after a count, which is how a search meets it. Here the reading applies
-- about 27, so they stay compiled between searches.

-- A query's decoy marks: market_decoys only when the query holds a word that one of its patterns needs, or a digit.
-- Every pattern of market_decoys needs at least one of these words, or a digit, as a whole word of the normalised
-- text (a multi-word pattern such as "dust bag" is listed by one of its words); a query holding none is marked with
-- nothing, as market_decoys would mark it. tests/market-query-decoys.test.ts holds the two together: a word added to
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

-- As in 20261128120000_models_and_misspelt_brands.sql (where it was market_parse_query), with fewer regular
-- expressions: the query's decoys through private.market_query_decoys, a part at the end, the men's or women's words
-- and the split at commas read from the normalised words, the digits of a pasted title's words found by translate(),
-- and the quotes and exclusions read only when the query holds a quote or a hyphen. Each answer is the same.
create or replace function public.market_read_query(p_query text) returns jsonb
  language plpgsql stable
  set search_path = ''
  -- Its existence checks must probe the search index: a planner that expects an early hit otherwise walks the whole
  -- table, or every sale through the sold_at index (seconds at 1M listings for a combination that matches nothing).
  set enable_seqscan = off
  set enable_indexscan = off
  set jit = off
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
