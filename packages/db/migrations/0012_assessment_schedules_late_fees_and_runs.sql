CREATE TABLE "assessment_schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"name" text NOT NULL,
	"product_id" text NOT NULL,
	"fund_id" text NOT NULL,
	"frequency" text NOT NULL,
	"amount_basis" text NOT NULL,
	"amount" numeric(14, 4),
	"total_amount" numeric(14, 2),
	"allocation_method" text,
	"start_date" date NOT NULL,
	"end_date" date,
	"invoice_day" integer DEFAULT 1 NOT NULL,
	"due_days" integer DEFAULT 15 NOT NULL,
	"installments" integer DEFAULT 1 NOT NULL,
	"property_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"notes" text,
	CONSTRAINT "assessment_schedules_frequency" CHECK ("assessment_schedules"."frequency" in ('monthly', 'quarterly', 'semiannual', 'annual', 'once')),
	CONSTRAINT "assessment_schedules_basis" CHECK ("assessment_schedules"."amount_basis" in ('unit_fee', 'fixed', 'per_sqft', 'allocation')),
	CONSTRAINT "assessment_schedules_method" CHECK ("assessment_schedules"."allocation_method" is null or "assessment_schedules"."allocation_method" in ('equal', 'sqft', 'percentage')),
	CONSTRAINT "assessment_schedules_invoice_day" CHECK ("assessment_schedules"."invoice_day" between 1 and 28),
	CONSTRAINT "assessment_schedules_due_days" CHECK ("assessment_schedules"."due_days" between 0 and 365),
	CONSTRAINT "assessment_schedules_installments" CHECK ("assessment_schedules"."installments" >= 1 and ("assessment_schedules"."installments" = 1 or "assessment_schedules"."frequency" = 'once')),
	CONSTRAINT "assessment_schedules_dates" CHECK ("assessment_schedules"."end_date" is null or "assessment_schedules"."end_date" >= "assessment_schedules"."start_date"),
	CONSTRAINT "assessment_schedules_amounts_nonneg" CHECK (coalesce("assessment_schedules"."amount", 0) >= 0 and coalesce("assessment_schedules"."total_amount", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "charge_run_items" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"run_id" text NOT NULL,
	"job" text NOT NULL,
	"source_id" text NOT NULL,
	"target_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "charge_run_items_kind" CHECK ("charge_run_items"."kind" in ('assessment', 'late_fee', 'interest'))
);
--> statement-breakpoint
CREATE TABLE "charge_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"job" text NOT NULL,
	"as_of" date NOT NULL,
	"trigger" text NOT NULL,
	"count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	CONSTRAINT "charge_runs_job" CHECK ("charge_runs"."job" in ('assessments', 'late_fees')),
	CONSTRAINT "charge_runs_trigger" CHECK ("charge_runs"."trigger" in ('manual', 'scheduler'))
);
--> statement-breakpoint
CREATE TABLE "late_fee_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"name" text NOT NULL,
	"grace_days" integer NOT NULL,
	"fee_type" text NOT NULL,
	"fixed_amount" numeric(14, 2),
	"percent" numeric(14, 4),
	"max_amount" numeric(14, 2),
	"min_balance" numeric(14, 2),
	"annual_interest_rate" numeric(14, 4),
	"product_ids" text[] NOT NULL,
	"late_fee_product_id" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "late_fee_rules_type" CHECK ("late_fee_rules"."fee_type" in ('fixed', 'percent', 'greater_of')),
	CONSTRAINT "late_fee_rules_grace" CHECK ("late_fee_rules"."grace_days" between 0 and 365),
	CONSTRAINT "late_fee_rules_amounts_nonneg" CHECK (coalesce("late_fee_rules"."fixed_amount", 0) >= 0 and coalesce("late_fee_rules"."percent", 0) between 0 and 100 and coalesce("late_fee_rules"."max_amount", 0) >= 0 and coalesce("late_fee_rules"."min_balance", 0) >= 0 and coalesce("late_fee_rules"."annual_interest_rate", 0) between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "run_hour" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "co_owner_billing" text DEFAULT 'principal' NOT NULL;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "payment_application_order" text DEFAULT 'oldest_first' NOT NULL;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "auto_apply_credits" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_schedules" ADD CONSTRAINT "assessment_schedules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_schedules" ADD CONSTRAINT "assessment_schedules_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_run_items" ADD CONSTRAINT "charge_run_items_run_id_charge_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."charge_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_run_items" ADD CONSTRAINT "charge_run_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fee_rules" ADD CONSTRAINT "late_fee_rules_late_fee_product_id_products_id_fk" FOREIGN KEY ("late_fee_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charge_run_items_key" ON "charge_run_items" USING btree ("job","source_id","target_id","owner_id","period","kind");--> statement-breakpoint
CREATE INDEX "charge_run_items_run_idx" ON "charge_run_items" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "charge_run_items_invoice_idx" ON "charge_run_items" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "charge_runs_job_created_idx" ON "charge_runs" USING btree ("job","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "charge_runs_scheduled_day_key" ON "charge_runs" USING btree ("job","as_of") WHERE "charge_runs"."trigger" = 'scheduler';--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_run_hour_range" CHECK ("org_settings"."run_hour" between 0 and 23);--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_co_owner_billing" CHECK ("org_settings"."co_owner_billing" in ('split', 'principal'));--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_application_order" CHECK ("org_settings"."payment_application_order" in ('oldest_first', 'assessments_first', 'fees_first'));