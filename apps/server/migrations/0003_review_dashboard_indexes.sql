DROP INDEX "reviews_song_id_idx";--> statement-breakpoint
CREATE INDEX "reviews_song_version_idx" ON "reviews" USING btree ("song_id","song_version_number");--> statement-breakpoint
CREATE INDEX "reviews_reviewer_reviewed_idx" ON "reviews" USING btree ("reviewer_id","reviewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "songs_org_submitted_idx" ON "songs" USING btree ("organization_id","submitted_at");