-- A "did you mean" probe that holds a colour or size word beside words the signatures keep ("cream gap denim") is found
-- at once when a listed cell of that facet meets the rest, as a search with that facet is counted, instead of always
-- from rows (3 to 6 ms a probe at 10M listings). One that is not found there is still asked of rows: the sales' places
-- do not index their facets. The same answers: tests/market-cells.test.ts compares them with the rows'. Issue 53.
-- Drafted by `npm run db:diff` from supabase/schemas.

CREATE OR REPLACE FUNCTION private.market_found(p_clause jsonb) RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    SET enable_indexscan TO 'on'
    AS $_$
declare
  v_groups text := public.market_groups_sql(coalesce(p_clause -> 'groups', '[]'), 'l.terms');
  v_reading jsonb := jsonb_build_object('clauses', jsonb_build_array(p_clause));
  v_left text[];
  v_facet text;
  v_clause jsonb := p_clause;
  v_found boolean;
begin
  if v_groups = '' then
    return false;
  end if;
  if current_setting('flipwise.market_cells', true) = 'off'
     or not (select s.reads from private.market_cells_state s) then
    return private.market_listing_exists(v_groups || public.market_not_sql(p_clause, 'l.terms'));
  end if;
  v_left := private.market_uncovered(v_reading);
  if cardinality(v_left) > 0 then
    select w into v_facet from unnest(v_left) w where private.market_is_facet(w)
    order by (w ~ '^sz_') desc, w limit 1;
    if v_facet is not null then
      v_reading := private.market_without_facet(v_reading, v_facet);
      v_clause := v_reading -> 'clauses' -> 0;
      v_left := private.market_uncovered(v_reading);
    end if;
  end if;
  if cardinality(v_left) > 0 then
    return private.market_listing_exists(v_groups || public.market_not_sql(p_clause, 'l.terms'));
  end if;
  if v_facet is not null then
    -- A listed cell of the facet in a signature that meets the rest: found. Else rows: the sales' places do not index
    -- their facets, and a signature's places without it are read to the last (90 ms for "size s" at 10M).
    execute format($sql$
      select exists (
        select 1 from private.market_signatures s
        where %s%s
          and exists (select 1 from private.market_listed_cells c where c.facet = %L and c.sig = s.id))$sql$,
      -- (a clause the facet was the only group of holds every signature)
      coalesce(nullif(public.market_groups_sql(coalesce(v_clause -> 'groups', '[]'), 's.key'), ''), 'true'),
      public.market_not_sql(v_clause - 'not', 's.key'), v_facet)
    into v_found;
    return v_found or private.market_listing_exists(v_groups || public.market_not_sql(p_clause, 'l.terms'));
  end if;
  execute format($sql$
    select exists (
        select 1 from private.market_signatures s
        where %s%s
          and (exists (select 1 from private.market_listed_cells c where c.facet = '' and c.sig = s.id)
               or exists (select 1 from unnest(array['new_with_tags', 'new_without_tags', 'new_with_imperfections',
                                                     'pre_owned']) k(condition)
                          where exists (select 1 from private.market_sale_places p
                                        where p.condition = k.condition and p.sig = s.id))))
      or exists (
        select 1 from public.market_listings l
        where (l.source = 'panel' or l.hedged or (l.status = 'sold' and l.sold_at is null))
          and l.status in ('available', 'sold') and %s%s)$sql$,
    public.market_groups_sql(p_clause -> 'groups', 's.key'), public.market_not_sql(p_clause - 'not', 's.key'),
    v_groups, public.market_not_sql(p_clause, 'l.terms'))
  into v_found;
  return v_found;
end;
$_$;
