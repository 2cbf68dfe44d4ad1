-- Signing listings again (a promoted or retired word, decision 085) takes its next batch from each place table's key
-- (issue 53). The batch was the first p_limit ids after the cursor over the union of the listed and the sold places,
-- which PostgreSQL planned as a sort of every place after the cursor: 5.7 s a batch at the start of a pass at 10M
-- listings, where each table's own next p_limit, read in key order and merged, takes 4 ms. The ids are the same.

CREATE OR REPLACE FUNCTION private.market_cells_resign(p_limit integer DEFAULT 5000) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_words text[];
  v_after bigint;
  v_ids bigint[];
  v_moved bigint[];
begin
  select coalesce(array_agg(distinct w), '{}') into v_words
  from (select w.word as w from private.market_cell_words w where w.role = 'signature' and w.state in ('pending', 'retiring')
        union all
        select unnest(n.words) from private.market_cell_names n where n.state in ('pending', 'retiring')) w;
  if cardinality(v_words) = 0 then
    return 0;
  end if;
  -- (the merge's lock: a listing is placed by one of them at a time)
  perform pg_advisory_xact_lock(hashtext('private.market_cells_place'));
  select s.resign_after into v_after from private.market_cells_state s for update;
  -- (each table's next p_limit first, read from its key: a limit over the union of both sorted every place after the
  -- cursor, 10M at the start of a pass at 10M listings)
  v_ids := array(select p.id from ((select p.id from private.market_listing_places p where p.id > v_after
                                    order by p.id limit p_limit)
                                   union all
                                   (select p.id from private.market_sale_places p where p.id > v_after
                                    order by p.id limit p_limit)) p
                 order by p.id limit p_limit);
  if cardinality(v_ids) = 0 then
    perform private.market_cell_words_settle();
    update private.market_cells_state set resign_after = 0;
    return 0;
  end if;
  v_moved := array(
    select l.id
    from public.market_listings l
    left join private.market_listing_places p on p.id = l.id
    left join private.market_sale_places sp on sp.id = l.id
    join private.market_signatures g on g.id = coalesce(p.sig, sp.sig)
    where l.id = any (v_ids) and l.terms && v_words and g.key is distinct from private.market_signature_key(l.terms));
  if cardinality(v_moved) > 0 then
    perform private.market_cells_place(v_moved);
  end if;
  update private.market_cells_state set resign_after = v_ids[cardinality(v_ids)];
  return cardinality(v_ids);
end;
$$;
