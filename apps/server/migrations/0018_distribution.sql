CREATE TABLE "distribution_acks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"destination_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"message_id" text,
	"delivery_id" uuid,
	"outcome" text NOT NULL,
	"file_status" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"release_id" uuid NOT NULL,
	"destination_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"job_id" uuid,
	"ern_xml" text,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "distribution_destinations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"config" jsonb NOT NULL,
	"secret_sealed" text,
	"recipient_dpid" text NOT NULL,
	"recipient_name" text NOT NULL,
	"stores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"acks_checked_at" timestamp with time zone,
	"acks_error" text,
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"release_id" uuid,
	"destination_id" uuid,
	"delivery_id" uuid,
	"store" text,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"message" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_store_status" (
	"organization_id" uuid NOT NULL,
	"release_id" uuid NOT NULL,
	"destination_id" uuid NOT NULL,
	"store" text NOT NULL,
	"status" text NOT NULL,
	"action" text,
	"note" text,
	"last_delivery_id" uuid,
	"queued_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"live_at" timestamp with time zone,
	"error_at" timestamp with time zone,
	"taken_down_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distribution_store_status_release_id_destination_id_store_pk" PRIMARY KEY("release_id","destination_id","store")
);
--> statement-breakpoint
CREATE TABLE "media_inspections" (
	"organization_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"result" jsonb NOT NULL,
	"inspected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_inspections_organization_id_storage_key_pk" PRIMARY KEY("organization_id","storage_key")
);
--> statement-breakpoint
CREATE TABLE "release_distribution" (
	"release_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"territory_mode" text DEFAULT 'worldwide' NOT NULL,
	"territories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pre_order_date" date,
	"readiness_errors" integer,
	"readiness_warnings" integer,
	"readiness_checked_at" timestamp with time zone,
	"row_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distribution_acks" ADD CONSTRAINT "distribution_acks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_acks" ADD CONSTRAINT "distribution_acks_destination_id_distribution_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."distribution_destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_deliveries" ADD CONSTRAINT "distribution_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_deliveries" ADD CONSTRAINT "distribution_deliveries_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_deliveries" ADD CONSTRAINT "distribution_deliveries_destination_id_distribution_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."distribution_destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_deliveries" ADD CONSTRAINT "distribution_deliveries_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_destinations" ADD CONSTRAINT "distribution_destinations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_events" ADD CONSTRAINT "distribution_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_events" ADD CONSTRAINT "distribution_events_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_events" ADD CONSTRAINT "distribution_events_destination_id_distribution_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."distribution_destinations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_events" ADD CONSTRAINT "distribution_events_actor_id_reviewers_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_store_status" ADD CONSTRAINT "distribution_store_status_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_store_status" ADD CONSTRAINT "distribution_store_status_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_store_status" ADD CONSTRAINT "distribution_store_status_destination_id_distribution_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."distribution_destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_inspections" ADD CONSTRAINT "media_inspections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_distribution" ADD CONSTRAINT "release_distribution_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_distribution" ADD CONSTRAINT "release_distribution_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_acks_file_idx" ON "distribution_acks" USING btree ("destination_id","file_name");--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_deliveries_message_idx" ON "distribution_deliveries" USING btree ("organization_id","message_id");--> statement-breakpoint
CREATE INDEX "distribution_deliveries_release_idx" ON "distribution_deliveries" USING btree ("release_id","created_at");--> statement-breakpoint
CREATE INDEX "distribution_deliveries_in_flight_idx" ON "distribution_deliveries" USING btree ("release_id") WHERE status in ('queued', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_destinations_org_name_idx" ON "distribution_destinations" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "distribution_events_release_idx" ON "distribution_events" USING btree ("release_id","created_at");--> statement-breakpoint
CREATE INDEX "distribution_events_destination_idx" ON "distribution_events" USING btree ("destination_id","created_at");--> statement-breakpoint
CREATE INDEX "distribution_store_status_org_status_idx" ON "distribution_store_status" USING btree ("organization_id","status");
--> statement-breakpoint
-- Row-level security like every tenant table (decision 0006).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'distribution_destinations', 'release_distribution', 'distribution_deliveries',
    'distribution_store_status', 'distribution_events', 'distribution_acks', 'media_inspections'
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
-- Realtime: the distribution pages follow their release (release_id travels with the change).
CREATE OR REPLACE FUNCTION mr_notify_distribution_change() RETURNS trigger
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
    'organization_id', r->>'organization_id',
    'release_id', r->>'release_id'
  ))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'distribution_destinations', 'release_distribution', 'distribution_deliveries',
    'distribution_store_status', 'distribution_events', 'distribution_acks', 'media_inspections'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER mr_notify_change AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION mr_notify_distribution_change()',
      t
    );
  END LOOP;
END $$;
