CREATE TABLE "catalogue_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"entity_kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reviewer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"isrc_prefix" text,
	"isrc_year" integer,
	"isrc_next_number" integer DEFAULT 1 NOT NULL,
	"label_name" text,
	"default_p_owner" text,
	"default_c_owner" text,
	"ddex_dpid" text,
	"row_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_organization_id_kind_pk" PRIMARY KEY("organization_id","kind")
);
--> statement-breakpoint
CREATE TABLE "master_splits" (
	"organization_id" uuid NOT NULL,
	"recording_id" uuid NOT NULL,
	"payee_id" uuid NOT NULL,
	"share_bp" integer NOT NULL,
	CONSTRAINT "master_splits_recording_id_payee_id_pk" PRIMARY KEY("recording_id","payee_id")
);
--> statement-breakpoint
CREATE TABLE "parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"legal_name" text,
	"party_type" text DEFAULT 'person' NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"isni" text,
	"ipi" text,
	"pro" text,
	"pro_member_number" text,
	"country" text,
	"email" text,
	"notes" text,
	"payee_id" uuid,
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"tax_id" text,
	"payment_method" text,
	"payment_details_encrypted" text,
	"minimum_payout_minor" bigint DEFAULT 0 NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recording_artists" (
	"organization_id" uuid NOT NULL,
	"recording_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"role" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recording_artists_recording_id_party_id_role_pk" PRIMARY KEY("recording_id","party_id","role")
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"version" text,
	"display_artist" text NOT NULL,
	"isrc" text,
	"duration_seconds" integer,
	"explicit" boolean DEFAULT false NOT NULL,
	"genre" text,
	"subgenre" text,
	"language" text,
	"bpm" integer,
	"musical_key" text,
	"p_line_year" integer,
	"p_line_owner" text,
	"recording_year" integer,
	"audio_master_key" text,
	"origin" text DEFAULT 'manual' NOT NULL,
	"song_id" uuid,
	"work_id" uuid,
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_tracks" (
	"organization_id" uuid NOT NULL,
	"release_id" uuid NOT NULL,
	"recording_id" uuid NOT NULL,
	"disc_number" integer DEFAULT 1 NOT NULL,
	"track_number" integer NOT NULL,
	CONSTRAINT "release_tracks_release_id_disc_number_track_number_pk" PRIMARY KEY("release_id","disc_number","track_number")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"version" text,
	"display_artist" text NOT NULL,
	"release_type" text DEFAULT 'single' NOT NULL,
	"upc" text,
	"catalogue_number" text,
	"label_name" text,
	"release_date" date,
	"original_release_date" date,
	"p_line_year" integer,
	"p_line_owner" text,
	"c_line_year" integer,
	"c_line_owner" text,
	"genre" text,
	"artwork_key" text,
	"song_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"tab" text NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "split_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"shares" jsonb NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upc_pool" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"release_id" uuid,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_writers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"work_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"role" text NOT NULL,
	"share_bp" integer NOT NULL,
	"publisher_id" uuid,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "works" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"iswc" text,
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_audit" ADD CONSTRAINT "catalogue_audit_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_audit" ADD CONSTRAINT "catalogue_audit_reviewer_id_reviewers_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_settings" ADD CONSTRAINT "catalogue_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_splits" ADD CONSTRAINT "master_splits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_splits" ADD CONSTRAINT "master_splits_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_splits" ADD CONSTRAINT "master_splits_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payees" ADD CONSTRAINT "payees_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_artists" ADD CONSTRAINT "recording_artists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_artists" ADD CONSTRAINT "recording_artists_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_artists" ADD CONSTRAINT "recording_artists_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_tracks" ADD CONSTRAINT "release_tracks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_tracks" ADD CONSTRAINT "release_tracks_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_tracks" ADD CONSTRAINT "release_tracks_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_reviewer_id_reviewers_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."reviewers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_versions" ADD CONSTRAINT "split_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_versions" ADD CONSTRAINT "split_versions_changed_by_reviewers_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upc_pool" ADD CONSTRAINT "upc_pool_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upc_pool" ADD CONSTRAINT "upc_pool_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_writers" ADD CONSTRAINT "work_writers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_writers" ADD CONSTRAINT "work_writers_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_writers" ADD CONSTRAINT "work_writers_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_writers" ADD CONSTRAINT "work_writers_publisher_id_parties_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_audit_entity_idx" ON "catalogue_audit" USING btree ("organization_id","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "master_splits_payee_idx" ON "master_splits" USING btree ("payee_id");--> statement-breakpoint
CREATE INDEX "parties_org_name_idx" ON "parties" USING btree ("organization_id",(lower("name") collate "C"));--> statement-breakpoint
CREATE INDEX "parties_name_trgm_idx" ON "parties" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parties_payee_idx" ON "parties" USING btree ("payee_id");--> statement-breakpoint
CREATE INDEX "payees_org_name_idx" ON "payees" USING btree ("organization_id",(lower("name") collate "C"));--> statement-breakpoint
CREATE INDEX "recording_artists_party_idx" ON "recording_artists" USING btree ("party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recordings_song_key" ON "recordings" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "recordings_org_isrc_idx" ON "recordings" USING btree ("organization_id","isrc");--> statement-breakpoint
CREATE INDEX "recordings_org_title_idx" ON "recordings" USING btree ("organization_id",(lower("title") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "recordings_org_artist_idx" ON "recordings" USING btree ("organization_id",(lower("display_artist") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "recordings_org_year_idx" ON "recordings" USING btree ("organization_id","recording_year","id");--> statement-breakpoint
CREATE INDEX "recordings_org_updated_idx" ON "recordings" USING btree ("organization_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "recordings_title_trgm_idx" ON "recordings" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recordings_artist_trgm_idx" ON "recordings" USING gin ("display_artist" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recordings_work_idx" ON "recordings" USING btree ("work_id");--> statement-breakpoint
CREATE INDEX "release_tracks_recording_idx" ON "release_tracks" USING btree ("recording_id");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_org_catalogue_number_key" ON "releases" USING btree ("organization_id",upper("catalogue_number")) WHERE "releases"."catalogue_number" is not null;--> statement-breakpoint
CREATE INDEX "releases_org_upc_idx" ON "releases" USING btree ("organization_id","upc");--> statement-breakpoint
CREATE INDEX "releases_org_title_idx" ON "releases" USING btree ("organization_id",(lower("title") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "releases_org_date_idx" ON "releases" USING btree ("organization_id","release_date","id");--> statement-breakpoint
CREATE INDEX "releases_org_status_idx" ON "releases" USING btree ("organization_id","status","id");--> statement-breakpoint
CREATE INDEX "releases_title_trgm_idx" ON "releases" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "releases_song_key" ON "releases" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "saved_views_reviewer_idx" ON "saved_views" USING btree ("reviewer_id","tab");--> statement-breakpoint
CREATE UNIQUE INDEX "split_versions_subject_key" ON "split_versions" USING btree ("subject_id","kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "upc_pool_org_code_key" ON "upc_pool" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "upc_pool_free_idx" ON "upc_pool" USING btree ("organization_id","code") WHERE "upc_pool"."release_id" is null;--> statement-breakpoint
CREATE INDEX "work_writers_work_idx" ON "work_writers" USING btree ("work_id","position");--> statement-breakpoint
CREATE INDEX "work_writers_party_idx" ON "work_writers" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "work_writers_publisher_idx" ON "work_writers" USING btree ("publisher_id");--> statement-breakpoint
CREATE INDEX "works_org_title_idx" ON "works" USING btree ("organization_id",(lower("title") collate "C"));--> statement-breakpoint
CREATE INDEX "works_org_iswc_idx" ON "works" USING btree ("organization_id","iswc");--> statement-breakpoint
CREATE INDEX "works_title_trgm_idx" ON "works" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
-- Hand-written. Every catalogue table belongs to one label: RLS on organization_id like the rest.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'parties', 'payees', 'works', 'work_writers', 'recordings', 'recording_artists', 'master_splits',
    'split_versions', 'releases', 'release_tracks', 'catalogue_settings', 'upc_pool', 'catalogue_audit',
    'import_mappings', 'saved_views'
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
-- Realtime like the rest, except during a bulk write: an import of 50,000 rows sets
-- `mr.bulk_change` to 'on' in its transaction and announces each batch once itself
-- (pg_notify 'mr_changes' with event 'BULK'), so sockets get one message per batch, not per row.
CREATE OR REPLACE FUNCTION mr_notify_catalogue_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  r jsonb;
BEGIN
  IF coalesce(current_setting('mr.bulk_change', true), '') = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
  PERFORM pg_notify('mr_changes', jsonb_strip_nulls(jsonb_build_object(
    'table', TG_TABLE_NAME,
    'event', TG_OP,
    'id', r->>'id',
    'organization_id', r->>'organization_id',
    'reviewer_id', r->>'reviewer_id',
    'song_id', r->>'song_id'
  ))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'parties', 'payees', 'works', 'work_writers', 'recordings', 'recording_artists', 'master_splits',
    'split_versions', 'releases', 'release_tracks', 'catalogue_settings', 'upc_pool', 'catalogue_audit',
    'import_mappings', 'saved_views'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER mr_notify_change AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION mr_notify_catalogue_change()',
      t
    );
  END LOOP;
END $$;
--> statement-breakpoint
-- Every signed song becomes a recording (origin demo), with what its newest submitted or confirmed
-- metadata form says; from now on the catalogue keeps them in step (features/catalogue/catalogue.sync.ts).
INSERT INTO recordings (organization_id, title, version, display_artist, isrc, explicit, genre, language, bpm, musical_key, origin, song_id, created_at, updated_at)
SELECT s.organization_id,
  coalesce(nullif(m.data->>'title', ''), s.title),
  nullif(m.data->>'version', ''),
  s.artist,
  CASE WHEN upper(m.data->>'isrc') ~ '^[A-Z]{2}[A-Z0-9]{3}[0-9]{7}$' THEN upper(m.data->>'isrc') END,
  coalesce((m.data->>'explicit')::boolean, false),
  nullif(m.data->>'genre', ''),
  nullif(m.data->>'language', ''),
  CASE WHEN m.data->>'bpm' ~ '^[0-9]{1,3}$' THEN (m.data->>'bpm')::integer END,
  nullif(m.data->>'key', ''),
  'demo', s.id, now(), now()
FROM songs s
LEFT JOIN LATERAL (
  SELECT f.data FROM metadata_forms f
  WHERE f.organization_id = s.organization_id AND f.song_id = s.id AND f.status IN ('submitted', 'confirmed')
  ORDER BY (f.status = 'confirmed') DESC, f.updated_at DESC LIMIT 1
) m ON true
WHERE s.status = 'signed'
ON CONFLICT DO NOTHING;
