-- A size filter that reads as no size word ("zz9") matched every listing (issue 54): it now matches none, so a
-- narrowing the index cannot read never widens a search silently. Drafted by `npm run db:diff`.

CREATE OR REPLACE FUNCTION private.market_filter_sql(p_filters jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select concat_ws(' and ', 'true',
    case when cardinality(s.words) > 0 then format('l.terms @> %L::text[]', s.words)
      -- a size given that reads as no size word matches nothing, never everything
      when nullif(btrim(p_filters ->> 'size'), '') is not null then 'false' end,
    case when nullif(p_filters ->> 'marketplace', '') is not null
      then format('l.marketplace = %L', lower(p_filters ->> 'marketplace')) end,
    case when p_filters ? 'priceMin' or p_filters ? 'priceMax' then format(
      'l.currency = ''USD'' and l.price >= %s and l.price < %s',
      coalesce((p_filters ->> 'priceMin')::numeric, 0), coalesce((p_filters ->> 'priceMax')::numeric, 1000001)) end)
  from (select array(select w from unnest(public.market_words('size ' || coalesce(p_filters ->> 'size', ''))) w
                     where w ~ '^(sz_[a-z0-9]+|[wl][0-9]{2})$') as words) s
$_$;
