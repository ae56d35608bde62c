-- Replay keys become unique (issue 17): each instance stores a key with INSERT … ON CONFLICT (key), so a
-- signature stored by one instance is refused by every other. Rows an older build appended twice for one
-- key (an expired key seen again) keep only the latest.
DELETE FROM "replay_keys" a USING "replay_keys" b WHERE a."key" = b."key" AND a."seq" < b."seq";--> statement-breakpoint
CREATE UNIQUE INDEX "replay_keys_key" ON "replay_keys" USING btree ("key");
