-- The test for which words a reading's cells cannot answer (private.market_uncovered) runs on every search and every
-- "did you mean" probe: as a SQL function it was planned again at each call (5 ms and more on PGlite); in PL/pgSQL its
-- plan is kept. The same query. Issue 53. Drafted by `npm run db:diff` from supabase/schemas.

CREATE OR REPLACE FUNCTION private.market_uncovered(p_reading jsonb) RETURNS text[]
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
begin
  -- (PL/pgSQL keeps this statement's plan across calls; a SQL function is planned again at every call)
  return (
    with units as materialized (
      select array(select jsonb_array_elements_text(a)) as u
      from jsonb_array_elements(coalesce(p_reading -> 'clauses', '[]')) c,
        jsonb_array_elements(coalesce(c -> 'groups', '[]')) g, jsonb_array_elements(g -> 'any') a
      union all
      select array(select jsonb_array_elements_text(a))
      from jsonb_array_elements(coalesce(p_reading -> 'clauses', '[]')) c,
        jsonb_array_elements(coalesce(c -> 'notwords', '[]')) a
      union all
      select array[w]
      from jsonb_array_elements(coalesce(p_reading -> 'clauses', '[]')) c, unnest(array['own', 'others']) k,
        jsonb_array_elements_text(case when jsonb_typeof(c -> 'kinds') = 'object' then c -> 'kinds' -> k end) w
      union all
      select array(select jsonb_array_elements_text(a))
      from jsonb_array_elements(coalesce(p_reading -> 'clauses', '[]')) c,
        jsonb_array_elements(case when jsonb_typeof(c -> 'kinds') = 'object' then c -> 'kinds' -> 'phrases' end) a
      union all
      select array(select jsonb_array_elements_text(a))
      from jsonb_array_elements(coalesce(p_reading -> 'exclude', '[]')) g, jsonb_array_elements(g -> 'any') a
    )
    -- (a word that is no signature word first, by its key; then the names that hold it, through their index)
    , other as materialized (
      select units.u, w from units, unnest(units.u) w
      where not exists (select 1 from private.market_cell_words x
                        where x.word = w and x.role = 'signature' and x.state = 'active')
    )
    select coalesce(array_agg(distinct o.w order by o.w), '{}')
    from other o
    where not exists (select 1 from private.market_cell_names n
                      where n.words @> array[o.w] and n.state = 'active' and n.words <@ o.u)
  );
end;
$$;
