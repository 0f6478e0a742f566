-- Hand-written first: every revision link becomes a public link (same SHA-256 token hash, so links
-- already mailed keep working), with its expiry and use; then the old column goes.
INSERT INTO public_links (organization_id, purpose, record_id, token_hash, single_use, expires_at, used_at, created_by, created_at)
SELECT organization_id, 'revision_upload', id, token_hash, true, expires_at, used_at, requested_by, created_at
FROM revision_requests
ON CONFLICT (token_hash) DO NOTHING;--> statement-breakpoint
DROP INDEX "revision_requests_token_hash_key";--> statement-breakpoint
ALTER TABLE "revision_requests" DROP COLUMN "token_hash";
