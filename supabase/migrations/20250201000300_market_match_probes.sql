-- Every condition of a search goes through the GIN index (measured at 1,000,000 listings: a brand group through the
-- index and a garment group as a filter recomputed the listing key for 36,000 rows, 16 s). A query's groups are
-- multiplied out into alternatives, each one `@>` probe of the index (brand name x garment name x other words), and
-- the probes are ORed: Postgres answers them with a BitmapOr and never computes a listing's key at query time.
-- Past 256 alternatives (a query naming many multi-name entries) the old form stays: correct, slower.
create or replace function public.market_groups_sql(p_groups jsonb, p_key text) returns text
  language plpgsql immutable
  set search_path = ''
as $$
declare
  v_group jsonb;
  v_name jsonb;
  v_parts text[] := '{}';
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
  for v_combo in select value from jsonb_array_elements(v_alts) loop
    if jsonb_array_length(v_combo) > 0 then
      v_parts := v_parts || format('%s @> %L::text[]', p_key,
        array(select distinct w from jsonb_array_elements_text(v_combo) w order by w));
    end if;
  end loop;
  if cardinality(v_parts) = 0 then
    return '';
  end if;
  return '(' || array_to_string(v_parts, ' or ') || ')';
end;
$$;

-- The previous form, kept for the rare query past 256 alternatives.
create or replace function public.market_groups_sql_filtered(p_groups jsonb, p_key text) returns text
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

revoke execute on function public.market_groups_sql_filtered(jsonb, text) from public, anon, authenticated;
grant execute on function public.market_groups_sql_filtered(jsonb, text) to service_role;
