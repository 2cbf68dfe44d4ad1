-- A saved search keeps the whole search (issue 54, docs/decisions/058 and 083): its window, which now drives the
-- headline, and its narrowing by size, marketplace and price band, each with the CHECK the search functions apply to
-- it. One saved search per user and search, so the unique key takes the window and the narrowing (a narrowing not asked
-- for is one value). Every search saved before had the 90-day headline: the rows that did not record their window are
-- given it (written by hand: saved_searches_figures_need_source, NOT VALID, would refuse the update of a row saved
-- before sources were recorded, so it is set aside for the update and put back as it was), and the window is required
-- from here on. Drafted by `npm run db:diff -- saved_search_narrowing`.

DROP INDEX public.saved_searches_user_item_condition_key;

ALTER TABLE public.saved_searches ALTER COLUMN window_days SET DEFAULT 90;

ALTER TABLE public.saved_searches DROP CONSTRAINT saved_searches_figures_need_source;

UPDATE public.saved_searches SET window_days = 90 WHERE window_days IS NULL;

ALTER TABLE public.saved_searches ADD CONSTRAINT saved_searches_figures_need_source
  CHECK (last_sold IS NULL OR (origin IS NOT NULL AND is_demo IS NOT NULL AND window_days IS NOT NULL)) NOT VALID;

ALTER TABLE public.saved_searches ALTER COLUMN window_days SET NOT NULL;

ALTER TABLE public.saved_searches ADD COLUMN size text;

ALTER TABLE public.saved_searches ADD COLUMN size_key text GENERATED ALWAYS AS (lower(size)) STORED;

ALTER TABLE public.saved_searches ADD COLUMN marketplace text;

ALTER TABLE public.saved_searches ADD COLUMN price_min numeric(8,2);

ALTER TABLE public.saved_searches ADD COLUMN price_max numeric(8,2);

ALTER TABLE public.saved_searches ADD CONSTRAINT saved_searches_marketplace_check CHECK ((marketplace = ANY (ARRAY['ebay'::text, 'poshmark'::text, 'mercari'::text, 'depop'::text, 'vinted'::text, 'grailed'::text, 'etsy'::text, 'thredup'::text, 'therealreal'::text, 'facebook_marketplace'::text])));

ALTER TABLE public.saved_searches ADD CONSTRAINT saved_searches_price_band_check CHECK ((price_min < price_max));

ALTER TABLE public.saved_searches ADD CONSTRAINT saved_searches_price_max_check CHECK (((price_max >= (0)::numeric) AND (price_max <= (100000)::numeric)));

ALTER TABLE public.saved_searches ADD CONSTRAINT saved_searches_price_min_check CHECK (((price_min >= (0)::numeric) AND (price_min <= (100000)::numeric)));

ALTER TABLE public.saved_searches ADD CONSTRAINT saved_searches_size_check CHECK (((char_length(size) >= 1) AND (char_length(size) <= 12) AND (size = regexp_replace(btrim(size), '\s+'::text, ' '::text, 'g'::text))));

COMMENT ON COLUMN public.saved_searches.window_days IS 'The search''s sold window in days, and so of its latest sold figure.';

COMMENT ON COLUMN public.saved_searches.size IS 'The size the search is narrowed to, as the query reads one; null: any size.';

COMMENT ON COLUMN public.saved_searches.marketplace IS 'The marketplace the search is narrowed to; null: every marketplace.';

COMMENT ON COLUMN public.saved_searches.price_min IS 'The lower end (included) of the search''s price band in USD; null: open.';

COMMENT ON COLUMN public.saved_searches.price_max IS 'The upper end (left out) of the search''s price band in USD; null: open.';

CREATE UNIQUE INDEX saved_searches_user_search_key ON public.saved_searches USING btree (user_id, item_key, condition, window_days, size_key, marketplace, price_min, price_max) NULLS NOT DISTINCT;
