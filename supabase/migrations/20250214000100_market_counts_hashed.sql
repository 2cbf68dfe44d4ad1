-- The available count, same answer in less work (issue 10, point 6). The planner cannot know how many rows a set of
-- GIN probes returns (it guesses a handful), so it grouped the matches by condition and marketplace with a sort of
-- text keys, which WASM Postgres does slowly. Sorting is switched off for this function, so the grouping is hashed.
-- Measured as CPU time per call on the 1,000,000-listing bench database: "lululemon leggings" 30 -> 22 ms, "levi's
-- jeans" 32 -> 23 ms, "shein dresses" 29 -> 22 ms; identical JSON for 420 queries, old and new, in one transaction.
-- (The sold count's time is in reading the window's sales, not in grouping them: the same change gained nothing there.)
alter function public.market_count_available(text, text) set enable_sort = off;
