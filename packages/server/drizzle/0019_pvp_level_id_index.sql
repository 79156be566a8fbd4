-- The PvP list is now the bots nearest the viewer's level: two short runs read off (level, id), going up and
-- going down from (the viewer's level, the viewer's id). The old index served only the top-10-by-level list;
-- a process still running that old query during a rolling restart sorts the bots instead, slower but correct.
CREATE INDEX "bots_level_id_idx" ON "bots" USING btree ("level","id");--> statement-breakpoint
DROP INDEX "bots_level_idx";
