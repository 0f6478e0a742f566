-- Row-level security: every tenant table only shows the rows of the organization that the
-- request set with set_config('app.organization_id', ..., true) after SET LOCAL ROLE music_review_app.
-- Superusers and table owners bypass these policies, so the application switches to this role
-- inside each organization-scoped transaction (see src/platform/db/index.ts, withOrg).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'music_review_app') THEN
    CREATE ROLE music_review_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT music_review_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO music_review_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_current_org() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.organization_id', true), '')::uuid $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_current_org() TO music_review_app;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'trial_usage', 'organization_usage_metrics', 'songs', 'song_revisions', 'reviews', 'contracts',
    'metadata_forms', 'notifications', 'user_presence', 'track_viewers', 'conversations', 'messages',
    'message_reads', 'message_mentions', 'typing_indicators', 'whitelabel_branding_v2', 'whitelabel_branding',
    'reviewers'
  ] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org())',
      t
    );
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO music_review_app', t);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE organizations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON organizations USING (id = app_current_org()) WITH CHECK (id = app_current_org());
--> statement-breakpoint
GRANT SELECT, UPDATE ON organizations TO music_review_app;
--> statement-breakpoint
GRANT SELECT ON subscription_plans TO music_review_app;
--> statement-breakpoint
-- Realtime: every change to a tenant table raises a small NOTIFY that each server copy forwards
-- to the sockets allowed to see it. Only ids travel; clients refetch what they show.
CREATE OR REPLACE FUNCTION mr_notify_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  r jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
  PERFORM pg_notify('mr_changes', jsonb_strip_nulls(jsonb_build_object(
    'table', TG_TABLE_NAME,
    'event', TG_OP,
    'id', r->>'id',
    'organization_id', CASE WHEN TG_TABLE_NAME = 'organizations' THEN r->>'id' ELSE r->>'organization_id' END,
    'recipient_id', r->>'recipient_id',
    'reviewer_id', r->>'reviewer_id',
    'user_id', r->>'user_id',
    'song_id', r->>'song_id',
    'conversation_id', r->>'conversation_id',
    'message_id', r->>'message_id',
    'user1_id', r->>'user1_id',
    'user2_id', r->>'user2_id',
    'type', r->>'type'
  ))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'organizations', 'reviewers', 'trial_usage', 'organization_usage_metrics', 'songs', 'song_revisions',
    'reviews', 'contracts', 'metadata_forms', 'notifications', 'user_presence', 'track_viewers',
    'conversations', 'messages', 'message_reads', 'message_mentions', 'typing_indicators',
    'whitelabel_branding_v2', 'whitelabel_branding'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER mr_notify_change AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION mr_notify_change()',
      t
    );
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO subscription_plans
  (name, track_limit, user_limit, has_label_copy_generator, has_contract_generator, has_chat_functionality, has_catalogue, has_email_support)
VALUES
  ('Starter', 25, 3, false, false, false, false, false),
  ('Pro', 500, 15, true, true, true, true, true),
  ('Label', -1, 100, true, true, true, true, true)
ON CONFLICT (name) DO NOTHING;
