-- When an admin signed or passed a song (issue 17: the A&R funnel's time to decision), set by the
-- sign and pass paths when the status changes. Decisions taken before this column stay null.
ALTER TABLE "songs" ADD COLUMN "decided_at" timestamp with time zone;
