-- The Four-C roll-up now keeps each day's cells over every shape (the all-ones id) and every bracket
-- (-1) as well. The days rolled up before get them from their own cells, as the roll-up builds them
-- (search-rollups.ts), rather than from their searches: a day whose searches were pruned keeps its figures.
INSERT INTO four_c_search_days (day, search_type, shape_id, carat_bracket, color_id, clarity_id, searches,
  per_shape, per_bracket, per_both)
SELECT day, search_type,
  CASE WHEN grouping(shape_id) = 1 THEN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid ELSE shape_id END,
  CASE WHEN grouping(carat_bracket) = 1 THEN -1 ELSE carat_bracket END,
  color_id, clarity_id, sum(searches), sum(per_shape), sum(per_bracket), sum(per_both)
FROM four_c_search_days
GROUP BY day, search_type, color_id, clarity_id, GROUPING SETS ((shape_id), (carat_bracket), ());
