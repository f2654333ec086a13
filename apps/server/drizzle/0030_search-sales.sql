-- Stones sold, recorded by the database itself so that no way out of the stock is missed (the Stock
-- screen's delete, an upload that replaces the stock, a sync, a delete outright) and each stone counts
-- once (`on conflict do nothing`), with its grades as they were (search reports, docs/reports.md).
-- A stone leaves the stock by its `deleted_at` being set: a row trigger filtered by WHEN, so that the
-- many updates of an upload that delete nothing cost a comparison each and no transition table.
CREATE FUNCTION stone_sales_left_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stone_sales (stone_id, day, reason, shape_id, carat, color_id, clarity_id)
  VALUES (NEW.id, (now() AT TIME ZONE 'UTC')::date, 1, NEW.shape_id, NEW.carat, NEW.color_id, NEW.clarity_id)
  ON CONFLICT (stone_id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stones_sold_on_removal
  AFTER UPDATE OF deleted_at ON stones
  FOR EACH ROW
  WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION stone_sales_left_stock();
--> statement-breakpoint
-- A stone deleted outright: one statement-level trigger over the deleted rows, those still in stock.
CREATE FUNCTION stone_sales_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stone_sales (stone_id, day, reason, shape_id, carat, color_id, clarity_id)
  SELECT gone.id, (now() AT TIME ZONE 'UTC')::date, 1, gone.shape_id, gone.carat, gone.color_id, gone.clarity_id
  FROM gone
  WHERE gone.deleted_at IS NULL
  ON CONFLICT (stone_id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stones_sold_on_delete
  AFTER DELETE ON stones
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT
  EXECUTE FUNCTION stone_sales_deleted();
--> statement-breakpoint
-- An accepted offer (track type 4, offer status 2) sells its stone.
CREATE FUNCTION stone_sales_offer_accepted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stone_sales (stone_id, day, reason, shape_id, carat, color_id, clarity_id)
  SELECT s.id, (now() AT TIME ZONE 'UTC')::date, 2, s.shape_id, s.carat, s.color_id, s.clarity_id
  FROM stones s
  WHERE s.id = NEW.stone_id
  ON CONFLICT (stone_id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER diamond_tracks_offer_accepted
  AFTER INSERT OR UPDATE OF offer_status ON diamond_tracks
  FOR EACH ROW
  WHEN (NEW.track_type = 4 AND NEW.offer_status = 2)
  EXECUTE FUNCTION stone_sales_offer_accepted();
