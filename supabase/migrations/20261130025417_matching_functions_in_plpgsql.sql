-- Writing a listing computes its words and decoys (the stored columns terms and decoys) through market_normalize,
-- market_words, market_listing_terms and market_decoys, SQL functions that call one another. A function with a
-- search_path is never inlined, and a SQL function called from another's body is parsed and planned again at every
-- call: about 670 us a listing in a COPY of bench rows, over two hours to load the 10M bench cluster, and the same
-- cost in every import. The four are PL/pgSQL now, which keeps its compiled body for the session: the same
-- expressions, the same results (issue 53; decision 089).

CREATE OR REPLACE FUNCTION public.market_decoys(p_title text, p_size text, p_category text) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
declare
  v_title text := public.market_normalize(p_title);
  v_meta text := public.market_normalize(coalesce(p_size, '') || ' ' || coalesce(p_category, ''));
  v_raw text := lower(coalesce(p_title, ''));
begin
  return array_remove(array[
    case when v_title ~ '\m(lot|lots|bundle|bundles|wholesale|bulk|mystery box|reseller box|[0-9]+ ?(pcs|pieces|pairs|items))\M'
         then 'lot' end,
    -- the title, then ~ and the size and category (normalised text holds no ~): a kids' size word anywhere, boys or
    -- girls in the size or category, or in the title beside little/big/teen or a size
    case when (v_title || ' ~ ' || v_meta) ~ ('\m(kid|kids|toddler|toddlers|youth|infant|infants|newborn|preschool|'
                || 'grade school|baby boy|baby boys|baby girl|baby girls|babygap|baby gap|gs|td|ps|[1-9]c|1[0-3]c|'
                || '[2-5]t|[0-9]{1,2} ?(y|yr|yrs|years)|[0-9]{1,2} ?(mo|mos|months)|[0-9]{1,2} [0-9]{1,2} ?m)\M'
                || '|~.*\m(boys?|girls?)\M'
                || '|(^|\m(little|big|toddler|teen|tween) )(boys|girls)\M'
                || '|\m(boys|girls) (sz_|size |sz |[0-9]|xs\M|s\M|m\M|l\M|xl\M)')
         then 'kids' end,
    case when (
           v_title ~ ('\m(keychain|keychains|key chain|key ring|keyring|key fob|bag charm|charm|charms|patch|patches|'
             || 'iron on|sew on|enamel pin|lapel pin|pinback|sticker|stickers|decal|magnet|shoelaces|shoe laces|laces|'
             || 'hanger|hangers|insole|insoles|shoe tree|shoe trees|shoe horn|dust bag|dustbag|dust cover|garment bag|'
             || 'shoe box|gift bag|paper bag|gift box|authenticity card|care booklet|booklet|catalog|catalogue|'
             || 'lookbook|mannequin|swatch|remnant|remnants|scraps)\M')
           and v_raw !~ ('(with|w/|\+|&|incl|includes|including|plus|comes|extra|spare|no|without|missing|has|elbow)'
             || '\W+(\w+\W+){0,4}?(keychain|key chain|key ring|keyring|key fob|bag charm|'
             || 'charm|charms|patch|patches|shoelaces|shoe laces|laces|hanger|hangers|insole|insoles|shoe tree|shoe trees|'
             || 'dust ?bag|dust cover|garment bag|shoe box|gift bag|paper bag|gift box|authenticity card|'
             || 'care booklet|booklet)')
           and v_raw !~ '(dust ?bag|box|laces|insoles|charm|card)\W+(included|incl)'
         )
           -- a part sold alone: "... only", an empty box, parts, a strap for a bag
           or v_title ~ ('\m((box|dust bag|dustbag|dust cover|strap|straps|case|receipt|card|tags|tag|chain|insert|lens|'
             || 'lenses|laces|hardware|buckle|handle|handles|pouch|padlock|lock|key|keys|clochette)( [a-z0-9]+){0,3} only'
             || '|empty box|box empty|just box|just the box|no shoes|shoes not included|for parts|parts only|replacement'
             || '|(strap|straps) for)\M')
         then 'part' end,
    case when v_title ~ ('\m(dupe|dupes|replica|replicas|rep|reps|inspired|inspo|knockoff|knockoffs|knock off|'
           || 'look alike|lookalike|not authentic|inauthentic|unauthentic|fake)\M')
         then 'fake' end,
    case when v_title ~ '\m(dog|dogs|puppy|pet|pets|doggy|doggie|doll|dolls)\M' then 'pet' end
  ], null);
end;
$$;

CREATE OR REPLACE FUNCTION public.market_listing_terms(brand text, title text, category text, size text) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
begin
  -- One expression, no subquery, so it stays cheap: a step is what lies between two >, and a step holding &, a comma,
  -- "and" or / is dropped whole.
  return public.market_words(
    coalesce(brand, '') || ' ' || coalesce(title, '') || ' '
      || coalesce(regexp_replace(category, '(^|>)[^>]*(&|,|/|\mand\M)[^>]*', '\1', 'gi'), '')
      || coalesce(' size ' || size, ''));
end;
$$;


CREATE OR REPLACE FUNCTION public.market_normalize(input text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $_$
begin
  return btrim(regexp_replace(
    -- initials joined by &: a&f -> af, h & m -> hm
    regexp_replace(
      regexp_replace(
        translate(lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(input, ''))), '''’`', ''),
        '([a-z])\.(?=[a-z])', '\1', 'g'),
      '(^|[^a-z0-9])([a-z]) ?& ?([a-z])(?=$|[^a-z0-9])', '\1\2\3', 'g'),
    '[^a-z0-9]+', ' ', 'g'));
end;
$_$;

CREATE OR REPLACE FUNCTION public.market_words(input text) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $_$
begin
  return array_remove(string_to_array(
    -- 4. unprotect the plurals that must keep their s
    replace(
      -- 3. plurals: (ss|sh|ch|x|z)es -> drop es, other s -> drop s (not ss, us, is, as; 4 letters or more; ies -> ie);
      --    a word protected by a trailing _ never matches (_ is a word character, so \M fails before it); a model number
      --    or size of three characters or more drops its s (990s, 1460s, af1s; 90s stays a decade)
      regexp_replace(
        regexp_replace(
          -- 2. stop words
          regexp_replace(
            -- 1. sizes: letter sizes, alone or after size/sz
            regexp_replace(
              -- size 8, us 8 (sz_8 8), uk 8 (sz_uk8), one size (sz_os)
              regexp_replace(
                -- waist and inseam: 32x30, 32 x 30, waist 32, inseam 30 -> w32 l30
                regexp_replace(
                  regexp_replace(
                    regexp_replace(
                      -- a version or edition rides apart: 990v5 -> 990 v5, 501xx -> 501 xx, 2002r -> 2002 r
                      regexp_replace(
                        -- "jean" alone is jeans; a jean jacket, shorts, skirt... stay what they are
                        regexp_replace(
                          -- a shoe size with its W or M (W8, M9, 9M)
                          regexp_replace(
                            -- letter sizes written out beside a size word or a gender, or last ("size large", "large
                            -- men's"; never a "small defect"); then xx large, x large, extra small...
                            regexp_replace(
                              regexp_replace(
                                -- one name written two ways: dustbag, On Cloud / On Running; every kids' size word also
                                -- says "kid" (toddler, youth, boys, GS, 3T)
                                regexp_replace(
                                  regexp_replace(regexp_replace(public.market_normalize(input),
                                    '\mdustbags?\M', 'dust bag', 'g'),
                                    '\m(toddlers?|youth|infants?|boys|girls|gs|td|preschool|[2-5]t)\M', '\1 kid', 'g'),
                                  '\mon (running|cloud[a-z]*)\M', 'onrunning \1', 'g'),
                                '\m(?:(x)x ?(l)arge|2(x) (l)arge|(?:extra |x ?)(?:(l)arge|(s)mall))\M', 'x\1\2\3\4\5\6', 'g'),
                              '(?:(?<=\m(?:size|sz|mens|womens|men|women|unisex) )|\m(?=(?:small|medium|large)(?: (?:mens|womens|men|women)\M|$)))(?:(s)mall|(m)edium|(l)arge)\M',
                              '\1\2\3', 'g'),
                            '\m(?:(?:size|sz|us) )?(?:w|m)([4-9]|1[0-3])\M|\m([4-9]|1[0-3])m\M', 'sz_\1\2 \1\2', 'g'),
                          '\mjean\M(?! (jacket|jackets|short|shorts|skirt|skirts|vest|vests|overall|overalls|dress|dresses|coat|coats|shirt|shirts|paul|michel|baptiste|claude))',
                          'jeans', 'g'),
                        '\m([0-9]{3,})(v[0-9]{1,2}|xx|r)\M', '\1 \2', 'g'),
                      '\m([0-9]{2}) ?x ?([0-9]{2})\M', 'w\1 l\2', 'g'),
                    '\mwaist ([0-9]{2})\M', 'w\1', 'g'),
                  '\minseam ([0-9]{2})\M', 'l\1', 'g'),
                '\m(?:(?:size|sz|us) (\d{1,2})|(uk|eu) (\d{1,2})|(o)ne (s)ize)\M', 'sz_\2\3\4\5\1 \1', 'g'),
              '\m(?:(?:size|sz) )?(xxs|xs|s|m|l|xl|xxl|xxxl|2xl|3xl)\M', 'sz_\1', 'g'),
            '\m(?:a|an|and|at|by|for|from|in|is|it|its|my|of|on|or|size|sz|the|this|to|with|w|x)\M', ' ', 'g'),
          '\m(jeans|shorts|tights|glasses|sunglasses|overalls|sweats|flats|briefs|boxers|pajamas|pyjamas|scrubs|chaps|heels)\M',
          '\1_', 'g'),
        '\m([a-z]+(?:ss|sh|ch|x|z))es\M|\m([a-z]{2,}[b-hj-rtv-z]|[0-9]+|[a-z]+[0-9]+)s\M', '\1\2', 'g')
      || ' ', '_ ', ' '),
    ' '), '');
end;
$_$;
