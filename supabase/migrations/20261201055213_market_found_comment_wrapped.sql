-- private.market_found as before, its comment and two long lines wrapped again at 120 characters after decision
-- 095's changes moved them into a block of their own. Nothing it does changes.

CREATE OR REPLACE FUNCTION private.market_found(p_clause jsonb) RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    SET enable_indexscan TO 'on'
    AS $_$
declare
  -- the clause's groups as a test of a signature's key: none when a group matches nothing
  v_sig_groups text := public.market_groups_sql(coalesce(p_clause -> 'groups', '[]'), 's.key');
  v_reading jsonb := jsonb_build_object('clauses', jsonb_build_array(p_clause));
  v_left text[];
  v_facet text;
  v_clause jsonb := p_clause;
  -- null until the cells answer; asked of rows when they cannot
  v_found boolean;
  -- the probe's test on the rows, written only when the rows are read: for the listings no cell counts that may meet
  -- the clause, when the cells found none
  v_rows text;
  v_span smallint;
  v_since timestamptz;
  v_until timestamptz;
  v_sigs integer[];
begin
  if v_sig_groups = '' then
    return false;
  end if;
  <<from_cells>>
  begin
    if current_setting('flipwise.market_cells', true) = 'off'
       or not (select s.reads from private.market_cells_state s) then
      exit from_cells;
    end if;
    v_left := private.market_uncovered(v_reading);
    if cardinality(v_left) > 0 then
      select w into v_facet from unnest(v_left) w where private.market_is_facet(w)
      order by (w ~ '^sz_') desc, w limit 1;
      if v_facet is not null then
        v_reading := private.market_without_facet(v_reading, v_facet);
        v_clause := v_reading -> 'clauses' -> 0;
        v_left := private.market_uncovered(v_reading);
        -- (a clause the facet was the only group of holds every signature)
        v_sig_groups := coalesce(nullif(public.market_groups_sql(coalesce(v_clause -> 'groups', '[]'), 's.key'), ''),
          'true');
      end if;
    end if;
    if cardinality(v_left) > 0 then
      exit from_cells;
    end if;
    -- The signatures that meet the clause, in a statement of its own: the probes below are then the same statements
    -- at every call, planned once per session, where one statement written out for each clause was planned at each
    -- (1 to 3 ms a probe at 10M listings, most of "did you mean"'s time).
    execute format('select coalesce(array_agg(s.id), ''{}'') from private.market_signatures s where %s%s',
      v_sig_groups, public.market_not_sql(v_clause - 'not', 's.key'))
    into v_sigs;
    if v_facet is not null then
      -- A listed cell of the facet, or a sold cell of the facet in the longest window, in a signature that meets
      -- the rest: found. The sales the longest window does not hold (dated before it, waiting for the archive, or
      -- after the day after its end) are few: those before it are read per signature, those after it through the
      -- places' index of dates. The listings no cell counts are asked of rows below. Every listing of the words is in
      -- one of the four, so this is the row probe's answer, without reading the sales of the signatures: their places
      -- do not index their facets, and reading a signature's places to the last cost 90 ms for "size s" at 10M.
      -- With no windows' day kept, no sale is placed: rows.
      select max(x.span) into v_span from unnest(private.market_sold_spans()) x(span);
      select (w.through - (v_span - 1))::timestamp at time zone 'UTC', (w.through + 2)::timestamp at time zone 'UTC'
      into v_since, v_until
      from private.market_sold_state w;
      if v_since is null then
        exit from_cells;
      end if;
      v_found := exists (select 1 from private.market_listed_cells c where c.facet = v_facet and c.sig = any (v_sigs))
        or exists (select 1 from private.market_sold_cells c
                   where c.facet = v_facet and c.sig = any (v_sigs) and c.span <= v_span and c.n > 0)
        -- (each signature's sales before the window through the places' own index, condition by condition, in a
        -- lateral with a limit so that it is not planned as one join: the window ends a day or two after the hourly
        -- archive's 366 days, so the sales before it are a day or two of the whole market's, 13,000 at 10M listings,
        -- and reading all of them for their facets cost a probe 3 ms)
        or exists (select 1
                   from unnest(v_sigs) m(id),
                     unnest(array['new_with_tags', 'new_without_tags', 'new_with_imperfections', 'pre_owned'])
                       k(condition),
                     lateral (select 1 from private.market_sale_places p
                              where p.condition = k.condition and p.sig = m.id and p.sold_at < v_since
                                and p.facets @> array[v_facet]
                              limit 1) p)
        or exists (select 1 from private.market_sale_places p
                   where p.sold_at >= v_until and p.facets @> array[v_facet] and p.sig = any (v_sigs));
    else
      v_found := exists (
        select 1 from unnest(v_sigs) m(id)
        where exists (select 1 from private.market_listed_cells c where c.facet = '' and c.sig = m.id)
          or exists (select 1 from unnest(array['new_with_tags', 'new_without_tags', 'new_with_imperfections',
                                                'pre_owned']) k(condition)
                     where exists (select 1 from private.market_sale_places p
                                   where p.condition = k.condition and p.sig = m.id)));
    end if;
    if v_found then
      return true;
    end if;
  end from_cells;
  if v_found is null then
    return private.market_listing_exists(public.market_groups_sql(coalesce(p_clause -> 'groups', '[]'), 'l.terms')
      || public.market_not_sql(p_clause, 'l.terms'));
  end if;
  -- The cells found none: the listings no cell counts (the panel's, hedged titles, sales with no date) that meet the
  -- clause, through their own small partial index. First, in a statement planned once, whether any of them holds a
  -- word that every listing of the clause holds (private.market_hedged_words); only then the statement written for
  -- the clause, which is planned at each call (1.5 ms, most of a probe that finds nothing).
  if not exists (select 1 from public.market_listings l
                 where (l.source = 'panel' or l.hedged or (l.status = 'sold' and l.sold_at is null))
                   and l.status in ('available', 'sold')
                   and l.terms && private.market_hedged_words(
                     jsonb_build_object('clauses', jsonb_build_array(p_clause)))) then
    return false;
  end if;
  v_rows := public.market_groups_sql(coalesce(p_clause -> 'groups', '[]'), 'l.terms')
    || public.market_not_sql(p_clause, 'l.terms');
  execute format($sql$select exists (
      select 1 from public.market_listings l
      where (l.source = 'panel' or l.hedged or (l.status = 'sold' and l.sold_at is null))
        and l.status in ('available', 'sold') and %s)$sql$, v_rows)
  into v_found;
  return v_found;
end;
$_$;
