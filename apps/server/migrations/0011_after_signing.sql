CREATE TABLE "contract_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"signer_id" uuid,
	"action" text NOT NULL,
	"actor_name" text NOT NULL,
	"actor_email" text,
	"ip" text,
	"user_agent" text,
	"hash_before" text,
	"hash_after" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_signers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'artist' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"signature_kind" text,
	"signature_text" text,
	"signature_image" text,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"export_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"finalized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"budget_cents" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"start_date" date,
	"end_date" date,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"song_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_task_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"title" text NOT NULL,
	"assignee_id" uuid,
	"due_date" date,
	"status" text DEFAULT 'todo' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"folder_id" uuid,
	"name" text NOT NULL,
	"file_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_readiness" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"marked_by" uuid,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "song_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"file_key" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"file_size_bytes" bigint NOT NULL,
	"file_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "kind" text DEFAULT 'recording_agreement' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "terms" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "body_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "document_key" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "document_sha256" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "signed_document_key" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "signed_sha256" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "metadata_forms" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "metadata_forms" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "metadata_forms" ADD COLUMN "confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "metadata_forms" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "storage_limit_bytes" bigint DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "monthly_export_limit" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_signer_id_contract_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."contract_signers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signers" ADD CONSTRAINT "contract_signers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signers" ADD CONSTRAINT "contract_signers_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_templates" ADD CONSTRAINT "contract_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_templates" ADD CONSTRAINT "contract_templates_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_usage" ADD CONSTRAINT "export_usage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_copies" ADD CONSTRAINT "label_copies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_copies" ADD CONSTRAINT "label_copies_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD CONSTRAINT "marketing_campaigns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD CONSTRAINT "marketing_campaigns_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD CONSTRAINT "marketing_campaigns_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_forms" ADD CONSTRAINT "marketing_forms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_forms" ADD CONSTRAINT "marketing_forms_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_forms" ADD CONSTRAINT "marketing_forms_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_task_reminders" ADD CONSTRAINT "marketing_task_reminders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_task_reminders" ADD CONSTRAINT "marketing_task_reminders_task_id_marketing_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."marketing_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_tasks" ADD CONSTRAINT "marketing_tasks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_tasks" ADD CONSTRAINT "marketing_tasks_campaign_id_marketing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."marketing_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_tasks" ADD CONSTRAINT "marketing_tasks_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_tasks" ADD CONSTRAINT "marketing_tasks_assignee_id_reviewers_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_tasks" ADD CONSTRAINT "marketing_tasks_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_folder_id_project_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."project_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_deleted_by_reviewers_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_uploaded_by_reviewers_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_folders" ADD CONSTRAINT "project_folders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_folders" ADD CONSTRAINT "project_folders_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_folders" ADD CONSTRAINT "project_folders_parent_id_project_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."project_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_folders" ADD CONSTRAINT "project_folders_deleted_by_reviewers_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_folders" ADD CONSTRAINT "project_folders_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_readiness" ADD CONSTRAINT "release_readiness_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_readiness" ADD CONSTRAINT "release_readiness_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_readiness" ADD CONSTRAINT "release_readiness_marked_by_reviewers_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_assets" ADD CONSTRAINT "song_assets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_assets" ADD CONSTRAINT "song_assets_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_assets" ADD CONSTRAINT "song_assets_uploaded_by_reviewers_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_usage" ADD CONSTRAINT "storage_usage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_events_organization_id_idx" ON "contract_events" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "contract_events_contract_idx" ON "contract_events" USING btree ("contract_id","created_at");--> statement-breakpoint
CREATE INDEX "contract_signers_organization_id_idx" ON "contract_signers" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "contract_signers_contract_idx" ON "contract_signers" USING btree ("contract_id","position");--> statement-breakpoint
CREATE INDEX "contract_templates_organization_id_idx" ON "contract_templates" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE INDEX "export_usage_org_type_idx" ON "export_usage" USING btree ("organization_id","export_type","created_at");--> statement-breakpoint
CREATE INDEX "label_copies_organization_id_idx" ON "label_copies" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "label_copies_song_key" ON "label_copies" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "marketing_campaigns_organization_id_idx" ON "marketing_campaigns" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "marketing_campaigns_song_idx" ON "marketing_campaigns" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "marketing_forms_organization_id_idx" ON "marketing_forms" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "marketing_forms_song_idx" ON "marketing_forms" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "marketing_task_reminders_organization_id_idx" ON "marketing_task_reminders" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_task_reminders_task_kind_due_key" ON "marketing_task_reminders" USING btree ("task_id","kind","due_date");--> statement-breakpoint
CREATE INDEX "marketing_tasks_organization_id_idx" ON "marketing_tasks" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "marketing_tasks_campaign_idx" ON "marketing_tasks" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "marketing_tasks_due_idx" ON "marketing_tasks" USING btree ("due_date") WHERE "marketing_tasks"."status" <> 'done';--> statement-breakpoint
CREATE INDEX "project_files_organization_id_idx" ON "project_files" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "project_files_song_folder_idx" ON "project_files" USING btree ("song_id","folder_id");--> statement-breakpoint
CREATE INDEX "project_files_deleted_idx" ON "project_files" USING btree ("deleted_at") WHERE "project_files"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "project_folders_organization_id_idx" ON "project_folders" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "project_folders_song_parent_idx" ON "project_folders" USING btree ("song_id","parent_id");--> statement-breakpoint
CREATE INDEX "release_readiness_organization_id_idx" ON "release_readiness" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "release_readiness_song_key" ON "release_readiness" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "song_assets_organization_id_idx" ON "song_assets" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "song_assets_song_kind_idx" ON "song_assets" USING btree ("song_id","kind","version");--> statement-breakpoint
CREATE INDEX "storage_usage_organization_id_idx" ON "storage_usage" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_usage_file_key_key" ON "storage_usage" USING btree ("file_key");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_template_id_contract_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."contract_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metadata_forms" ADD CONSTRAINT "metadata_forms_confirmed_by_reviewers_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metadata_forms" ADD CONSTRAINT "metadata_forms_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written (as in 0001): tenant data with row-level security, grants and the realtime trigger.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['contract_templates', 'contract_signers', 'contract_events', 'label_copies',
    'marketing_campaigns', 'marketing_tasks', 'marketing_task_reminders', 'marketing_forms', 'song_assets',
    'release_readiness', 'project_folders', 'project_files', 'storage_usage', 'export_usage'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO music_review_app', t);
    EXECUTE format('CREATE TRIGGER mr_notify_change AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION mr_notify_change()', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Plan limits for files and exports: Starter 1 GiB and 10 exports a month, Pro 100 GiB, Label unlimited.
UPDATE subscription_plans SET storage_limit_bytes = 1073741824, monthly_export_limit = 10 WHERE name = 'Starter';--> statement-breakpoint
UPDATE subscription_plans SET storage_limit_bytes = 107374182400, monthly_export_limit = -1 WHERE name = 'Pro';--> statement-breakpoint
UPDATE subscription_plans SET storage_limit_bytes = -1, monthly_export_limit = -1 WHERE name = 'Label';--> statement-breakpoint
-- The spec's remote procedures (section 7). They run with the caller's rights, so row-level security
-- keeps them to the caller's label: org_id must be the current organization.
CREATE OR REPLACE FUNCTION check_storage_limit(org_id uuid, additional_bytes bigint) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT p.storage_limit_bytes = -1
      OR coalesce((SELECT sum(u.file_size_bytes) FROM storage_usage u WHERE u.organization_id = org_id), 0)
         + additional_bytes <= p.storage_limit_bytes
  FROM organizations o JOIN subscription_plans p ON p.id = o.subscription_plan_id
  WHERE o.id = org_id
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_storage_usage(org_id uuid, file_key text, file_size_bytes bigint, file_type text)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO storage_usage (organization_id, file_key, file_size_bytes, file_type)
  VALUES (org_id, file_key, file_size_bytes, file_type)
  ON CONFLICT (file_key) DO UPDATE SET file_size_bytes = excluded.file_size_bytes, file_type = excluded.file_type
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION check_export_limit(org_id uuid, export_type text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT p.monthly_export_limit = -1
      OR (SELECT count(*) FROM export_usage e
          WHERE e.organization_id = org_id AND e.export_type = check_export_limit.export_type
            AND e.created_at >= date_trunc('month', now())) < p.monthly_export_limit
  FROM organizations o JOIN subscription_plans p ON p.id = o.subscription_plan_id
  WHERE o.id = org_id
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_export_usage(org_id uuid, export_type text) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO export_usage (organization_id, export_type) VALUES (org_id, export_type)
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION check_storage_limit(uuid, bigint), record_storage_usage(uuid, text, bigint, text),
  check_export_limit(uuid, text), record_export_usage(uuid, text) TO music_review_app;
