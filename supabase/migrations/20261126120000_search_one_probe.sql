-- One index probe per query clause (docs/decisions/066-one-probe-per-clause.md).
--
-- A clause is groups of alternatives: the brand's names, the garment's kinds, a model's spellings. Until now each
-- combination of one alternative per group became its own GIN probe, `key @> '{...}'`, joined by OR; past 256
-- combinations ("nike shoes": 6 names x 60 kinds) the groups were instead ANDed with only the first one probed, and
-- every other group was tested row by row. "nike shoes" then read all 22,471 listed Nikes and ran some twenty array
-- tests on each to keep 8,172 (178 ms at 1M listings on PGlite), and a combination query planned dozens of probes.
--
-- Now every group is one condition the index answers in the same scan, ANDed with the others: the words every
-- alternative needs (`key @> '{...}'`), and for each group of alternatives `key && '{...}'` over one word of each
-- alternative (a single word, or the rarest word of a phrase: a listing that holds the phrase holds that word). When a
-- group has phrases, the exact group is tested on the rows the scan found. The matched rows are the same by
-- construction: each added condition is implied by the group it stands for.
create or replace function public.market_groups_sql(p_groups jsonb, p_key text) returns text
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_required text[] := '{}';
  v_index text[] := '{}';
  v_exact text[] := '{}';
  v_group jsonb;
  v_singles text[];
  v_need text[];
  v_phrase jsonb;
  v_alts text[];
begin
  for v_group in select value from jsonb_array_elements(coalesce(p_groups, '[]')) loop
    if jsonb_array_length(coalesce(v_group -> 'any', '[]')) = 0 then
      return '';
    end if;
    if jsonb_array_length(v_group -> 'any') = 1 then
      v_required := v_required || array(select jsonb_array_elements_text(v_group -> 'any' -> 0));
      continue;
    end if;
    v_singles := array(select distinct n ->> 0 from jsonb_array_elements(v_group -> 'any') n
                       where jsonb_array_length(n) = 1 order by 1);
    v_need := v_singles;
    v_alts := '{}';
    -- A phrase that holds one of the single words adds no row the single word does not find; of the others, the word
    -- the fewest listings hold (market_vocabulary: a word it does not know is rarer still) stands for the phrase in the
    -- index.
    for v_phrase in
      select distinct n from jsonb_array_elements(v_group -> 'any') n
      where jsonb_array_length(n) > 1
        and not exists (select 1 from jsonb_array_elements_text(n) w where w = any (v_singles))
      order by n
    loop
      v_need := v_need || (
        select w from jsonb_array_elements_text(v_phrase) w
        left join public.market_vocabulary v on v.word = w
        order by coalesce(v.listings, 0), length(w) desc, w limit 1);
      v_alts := v_alts || format('%s @> %L::text[]', p_key,
        array(select distinct w from jsonb_array_elements_text(v_phrase) w order by w));
    end loop;
    v_need := array(select distinct w from unnest(v_need) w order by w);
    v_index := v_index || format('%s && %L::text[]', p_key, v_need);
    if cardinality(v_alts) > 0 then
      if cardinality(v_singles) > 0 then
        v_alts := format('%s && %L::text[]', p_key, v_singles) || v_alts;
      end if;
      v_exact := v_exact || ('(' || array_to_string(v_alts, ' or ') || ')');
    end if;
  end loop;
  if cardinality(v_required) > 0 then
    v_index := format('%s @> %L::text[]', p_key, array(select distinct r from unnest(v_required) r order by r))
      || v_index;
  end if;
  if cardinality(v_index) = 0 then
    return '';
  end if;
  return '(' || array_to_string(v_index || v_exact, ' and ') || ')';
end;
$$;

-- The fallback of the former form is no longer reached.
drop function public.market_groups_sql_filtered(jsonb, text);
