CREATE TABLE "finance_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"period_cadence" text DEFAULT 'quarterly' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"payee_id" uuid,
	"kind" text NOT NULL,
	"amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"entry_date" date NOT NULL,
	"recoupable" boolean DEFAULT true NOT NULL,
	"reason" text,
	"receipt_key" text,
	"period_id" uuid,
	"payment_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "royalty_deal_payees" (
	"organization_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"payee_id" uuid NOT NULL,
	"share" numeric NOT NULL,
	CONSTRAINT "royalty_deal_payees_deal_id_payee_id_pk" PRIMARY KEY("deal_id","payee_id")
);
--> statement-breakpoint
CREATE TABLE "royalty_deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"kind" text DEFAULT 'royalty' NOT NULL,
	"basis" text DEFAULT 'net' NOT NULL,
	"default_rate" numeric NOT NULL,
	"rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"profit_share" numeric,
	"reserve_rate" numeric DEFAULT '0' NOT NULL,
	"cross_collateralize" boolean DEFAULT false NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "royalty_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"payee_id" uuid NOT NULL,
	"amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "royalty_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"start_month" date NOT NULL,
	"end_month" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"import_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"job_id" uuid,
	"run_at" timestamp with time zone,
	"run_by" uuid,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "royalty_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"payee_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"opening_minor" bigint NOT NULL,
	"earnings_minor" bigint NOT NULL,
	"closing_minor" bigint NOT NULL,
	"payable_minor" bigint NOT NULL,
	"detail" jsonb NOT NULL,
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finance_settings" ADD CONSTRAINT "finance_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_deal_id_royalty_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."royalty_deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_period_id_royalty_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."royalty_periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_royalty_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."royalty_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_deal_payees" ADD CONSTRAINT "royalty_deal_payees_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_deal_payees" ADD CONSTRAINT "royalty_deal_payees_deal_id_royalty_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."royalty_deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_deal_payees" ADD CONSTRAINT "royalty_deal_payees_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_deals" ADD CONSTRAINT "royalty_deals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_deals" ADD CONSTRAINT "royalty_deals_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_deals" ADD CONSTRAINT "royalty_deals_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_payments" ADD CONSTRAINT "royalty_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_payments" ADD CONSTRAINT "royalty_payments_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_payments" ADD CONSTRAINT "royalty_payments_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_periods" ADD CONSTRAINT "royalty_periods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_periods" ADD CONSTRAINT "royalty_periods_run_by_reviewers_id_fk" FOREIGN KEY ("run_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_periods" ADD CONSTRAINT "royalty_periods_approved_by_reviewers_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_periods" ADD CONSTRAINT "royalty_periods_published_by_reviewers_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_statements" ADD CONSTRAINT "royalty_statements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_statements" ADD CONSTRAINT "royalty_statements_period_id_royalty_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."royalty_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_statements" ADD CONSTRAINT "royalty_statements_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_deal_idx" ON "ledger_entries" USING btree ("deal_id","entry_date");--> statement-breakpoint
CREATE INDEX "ledger_entries_period_idx" ON "ledger_entries" USING btree ("period_id");--> statement-breakpoint
CREATE INDEX "royalty_deal_payees_payee_idx" ON "royalty_deal_payees" USING btree ("payee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_deals_contract_key" ON "royalty_deals" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "royalty_payments_org_paid_idx" ON "royalty_payments" USING btree ("organization_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_periods_org_start_key" ON "royalty_periods" USING btree ("organization_id","start_month");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_statements_period_payee_key" ON "royalty_statements" USING btree ("period_id","payee_id");--> statement-breakpoint
-- Row-level security like every tenant table (decision 0006), and realtime changes.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['finance_settings', 'royalty_deals', 'royalty_deal_payees', 'royalty_periods',
    'ledger_entries', 'royalty_statements', 'royalty_payments'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org())',
      t
    );
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO music_review_app', t);
    EXECUTE format(
      'CREATE TRIGGER mr_notify_change AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION mr_notify_change()',
      t
    );
  END LOOP;
END $$;
--> statement-breakpoint
-- A published period's ledger entries are final: corrections are new entries (decision 0029).
CREATE OR REPLACE FUNCTION ledger_entries_locked() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  -- The label itself being deleted takes its ledger with it.
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = OLD.organization_id) THEN
    RETURN OLD;
  END IF;
  IF OLD.period_id IS NOT NULL OR EXISTS (
    SELECT 1 FROM royalty_periods p
    WHERE p.organization_id = OLD.organization_id AND p.status = 'published'
      AND OLD.entry_date BETWEEN p.start_month AND (p.end_month + interval '1 month' - interval '1 day')::date
  ) THEN
    RAISE EXCEPTION 'ledger entry % is in a published period and cannot change', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_locked BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_locked();
