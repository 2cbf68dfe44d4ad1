-- Review of stop 60 (issue 53), no answer changes: market_filter_sql reads the size it is given once, and
-- market_found's comments say where the sales before the longest window are read now (per signature, through the
-- places' own index), not where they were read before.

CREATE OR REPLACE FUNCTION private.market_filter_sql(p_filters jsonb) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  v_size text := nullif(btrim(p_filters ->> 'size'), '');
  -- (the size's words only when a size is given: reading an empty one cost every search 0.3 ms)
  v_words text[] := case when v_size is not null then private.market_size_words(p_filters ->> 'size') else '{}' end;
begin
  return concat_ws(' and ', 'true',
    case when cardinality(v_words) > 0 then format('l.terms @> %L::text[]', v_words)
      -- a size given that reads as no size word matches nothing, never everything
      when v_size is not null then 'false' end,
    case when nullif(p_filters ->> 'marketplace', '') is not null
      then format('l.marketplace = %L', lower(p_filters ->> 'marketplace')) end,
    case when p_filters ? 'priceMin' or p_filters ? 'priceMax' then format(
      'l.currency = ''USD'' and l.price >= %s and l.price < %s',
      coalesce((p_filters ->> 'priceMin')::numeric, 0), coalesce((p_filters ->> 'priceMax')::numeric, 1000001)) end);
end;
$$;

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
  -- the probe's test on the rows, and the listings no cell counts (the panel's, hedged titles, sales with no date)
  -- that meet it, through their own small partial index
  v_rows text;
  v_uncounted text;
  v_span smallint;
  v_since timestamptz;
  v_until timestamptz;
begin
  if v_groups = '' then
    return false;
  end if;
  v_rows := v_groups || public.market_not_sql(p_clause, 'l.terms');
  v_uncounted := format($sql$exists (
      select 1 from public.market_listings l
      where (l.source = 'panel' or l.hedged or (l.status = 'sold' and l.sold_at is null))
        and l.status in ('available', 'sold') and %s)$sql$, v_rows);
  if current_setting('flipwise.market_cells', true) = 'off'
     or not (select s.reads from private.market_cells_state s) then
    return private.market_listing_exists(v_rows);
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
    return private.market_listing_exists(v_rows);
  end if;
  if v_facet is not null then
    -- A listed cell of the facet, or a sold cell of the facet in the longest window, in a signature that meets the
    -- rest: found. The sales the longest window does not hold (dated before it, waiting for the archive, or after the
    -- day after its end) are few: those before it are read per signature, those after it through the places' index
    -- of dates. The listings no cell counts:
    -- v_uncounted. Every listing of the words is in one of the four, so this is the row probe's answer, without reading
    -- the sales of the signatures: their places do not index their facets, and reading a signature's places to the
    -- last cost 90 ms for "size s" at 10M.
    -- With no windows' day kept, no sale is placed: rows.
    select max(x.span) into v_span from unnest(private.market_sold_spans()) x(span);
    select (w.through - (v_span - 1))::timestamp at time zone 'UTC', (w.through + 2)::timestamp at time zone 'UTC'
    into v_since, v_until
    from private.market_sold_state w;
    if v_since is null then
      return private.market_listing_exists(v_rows);
    end if;
    execute format($sql$
      with m as materialized (
        select s.id from private.market_signatures s where %1$s%2$s
      )
      select exists (select 1 from m where exists (
                       select 1 from private.market_listed_cells c where c.facet = %3$L and c.sig = m.id))
        or exists (select 1 from m where exists (
                     select 1 from private.market_sold_cells c
                     where c.span = %5$s and c.facet = %3$L and c.sig = m.id and c.n > 0))
        -- (each signature's sales before the window through the places' own index, condition by condition, in a
        -- lateral with a limit so that it is not planned as one join: the window ends a day or two after the hourly
        -- archive's 366 days, so the sales before it are a day or two of the whole market's, 13,000 at 10M listings,
        -- and reading all of them for their facets cost a probe 3 ms)
        or exists (select 1 from m, unnest(array['new_with_tags', 'new_without_tags', 'new_with_imperfections',
                                                 'pre_owned']) k(condition),
                     lateral (select 1 from private.market_sale_places p
                              where p.condition = k.condition and p.sig = m.id and p.sold_at < %6$L
                                and p.facets @> array[%3$L]
                              limit 1) p)
        or exists (select 1 from private.market_sale_places p
                   where p.sold_at >= %7$L and p.facets @> array[%3$L] and p.sig in (select m.id from m))
        or %4$s$sql$,
      -- (a clause the facet was the only group of holds every signature)
      coalesce(nullif(public.market_groups_sql(coalesce(v_clause -> 'groups', '[]'), 's.key'), ''), 'true'),
      public.market_not_sql(v_clause - 'not', 's.key'), v_facet, v_uncounted, v_span, v_since, v_until)
    into v_found;
    return v_found;
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
      or %s$sql$,
    public.market_groups_sql(p_clause -> 'groups', 's.key'), public.market_not_sql(p_clause - 'not', 's.key'),
    v_uncounted)
  into v_found;
  return v_found;
end;
$_$;
