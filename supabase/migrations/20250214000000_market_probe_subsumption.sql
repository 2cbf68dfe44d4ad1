-- Fewer index probes for the same rows (issue 10, point 6). A query's groups of alternatives (brand aliases, garment
-- synonyms) expand into one GIN probe per combination, `terms @> '{...}'`, joined by OR. When one combination's terms
-- contain another's, its probe is redundant: every row holding the larger set holds the smaller one, so the OR already
-- has it. "levi's jeans" gave 9 probes, among them {denim,jeans,levi} beside {jeans,levi}; it now gives 4, and
-- "lululemon hoodie" 8 instead of 12. The matched rows are the same by construction (tests/market-probes.test.ts
-- checks the answers too); only the probes that can add nothing are left out.
create or replace function public.market_groups_sql(p_groups jsonb, p_key text) returns text
  language plpgsql immutable
  set search_path = ''
as $$
declare
  v_group jsonb;
  v_name jsonb;
  v_parts text[];
  v_count int := 1;
  v_alts jsonb := '[[]]'::jsonb;
  v_new jsonb;
  v_combo jsonb;
begin
  for v_group in select value from jsonb_array_elements(coalesce(p_groups, '[]')) loop
    v_count := v_count * greatest(jsonb_array_length(v_group -> 'any'), 1);
  end loop;
  if v_count > 256 then
    return public.market_groups_sql_filtered(p_groups, p_key);
  end if;
  for v_group in select value from jsonb_array_elements(coalesce(p_groups, '[]')) loop
    v_new := '[]'::jsonb;
    for v_combo in select value from jsonb_array_elements(v_alts) loop
      for v_name in select value from jsonb_array_elements(v_group -> 'any') loop
        v_new := v_new || jsonb_build_array(v_combo || v_name);
      end loop;
    end loop;
    v_alts := v_new;
  end loop;
  with combos as (
    select distinct array(select distinct w from jsonb_array_elements_text(c) w order by w) as terms
    from jsonb_array_elements(v_alts) c
    where jsonb_array_length(c) > 0
  )
  select coalesce(array_agg(format('%s @> %L::text[]', p_key, a.terms) order by a.terms), '{}')
  into v_parts
  from combos a
  -- A probe whose terms hold another probe's terms finds nothing that one does not.
  where not exists (select 1 from combos b where b.terms <@ a.terms and b.terms <> a.terms);
  if cardinality(v_parts) = 0 then
    return '';
  end if;
  return '(' || array_to_string(v_parts, ' or ') || ')';
end;
$$;
