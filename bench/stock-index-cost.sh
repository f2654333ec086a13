#!/bin/bash
# What each index of issue 12 costs an upload: 100,000 stones of the stock benchmark (facet_bench,
# built by `npm run stock -w @facet/bench`) loaded three times into a copy of the stone table with the
# indexes before issue 12, then with each new one added. Run: flock /tmp/facet-bench.lock bench/stock-index-cost.sh
P="psql -h 127.0.0.1 -U postgres -d facet_bench -qAt"
$P -c "drop table if exists ic_src, ic_t" 
$P -c "create table ic_src as select * from stones order by id limit 100000"
$P -c "create table ic_t (like stones including defaults including indexes)"
# Baseline: the table's indexes before issue 12 (old four_c, no trigram, no shape_stock).
for ix in $($P -c "select indexname from pg_indexes where tablename='ic_t' and (indexdef like '%gin_trgm_ops%' or indexdef like '%(shape_id, stock_number, id)%' or indexdef like '%cut_id, id)%')"); do $P -c "drop index $ix"; done
$P -c "create index ic_old_four_c on ic_t (shape_id, color_id, carat, clarity_id, marketing_price_per_carat, marketing_back, amount, id) where deleted_at is null"
run() { for i in 1 2 3; do $P -c "truncate ic_t" ; s=$(date +%s.%N); $P -c "insert into ic_t select * from ic_src"; e=$(date +%s.%N); echo "$1 run $i: $(echo "$e - $s" | bc) s"; done; }
uptime
run baseline
$P -c "create index ic_trgm on ic_t using gin (stock_number gin_trgm_ops, certificate_number gin_trgm_ops, pair_stock_number gin_trgm_ops) where deleted_at is null"
run "+ trigram"
$P -c "create index ic_shape_stock on ic_t (shape_id, stock_number, id) where deleted_at is null"
run "+ trigram + shape_stock"
$P -c "drop index ic_old_four_c" -c "create index ic_new_four_c on ic_t (shape_id, color_id, carat, clarity_id, marketing_price_per_carat, marketing_back, amount, cut_id, id) where deleted_at is null"
run "+ trigram + shape_stock + four_c with cut (all of issue 12)"
uptime
$P -c "drop table ic_src, ic_t"
