-- A listing's facets are found with one index scan of the facet words, not one lookup per word of its key (a SQL
-- function call each): the same facets, at a third of the cost. Signing a listing's facets was a third of what keeping
-- the cells cost an import's upsert at 10M listings (issue 53: the writer's p95 with the cells kept).

CREATE OR REPLACE FUNCTION private.market_facets_of(p_terms text[]) RETURNS text[]
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(distinct f.t order by f.t), '{}')
  from (
    select t from unnest(p_terms) t where private.market_facet_form(t)
    union all
    select w.word from private.market_cell_words w where w.word = any (p_terms) and w.role = 'facet'
  ) f
$$;
