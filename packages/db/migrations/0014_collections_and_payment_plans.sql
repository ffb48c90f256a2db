CREATE TABLE "collection_cases" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"owner_id" text NOT NULL,
	"opened_on" date NOT NULL,
	"closed_on" date,
	"stage_id" text,
	"stage_days_past_due" integer,
	"stage_entered_on" date
);
--> statement-breakpoint
CREATE TABLE "collection_letters" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"case_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"stage_id" text NOT NULL,
	"stage_name" text NOT NULL,
	"run_id" text,
	"as_of" date NOT NULL,
	"days_past_due" integer NOT NULL,
	"past_due_balance" numeric(14, 2) NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"fee_product_id" text,
	"fee_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"fee_invoice_id" text,
	"status" text NOT NULL,
	"email_to" text,
	"error" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "collection_letters_status" CHECK ("collection_letters"."status" in ('awaiting_approval', 'queued', 'sending', 'sent', 'outbox', 'no_email', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "collection_stages" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"name" text NOT NULL,
	"days_past_due" integer NOT NULL,
	"min_balance" numeric(14, 2),
	"letter_subject" text NOT NULL,
	"letter_body" text NOT NULL,
	"fee_product_id" text,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "collection_stages_days" CHECK ("collection_stages"."days_past_due" between 1 and 3650),
	CONSTRAINT "collection_stages_min_balance" CHECK (coalesce("collection_stages"."min_balance", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"owner_id" text NOT NULL,
	"start_date" date NOT NULL,
	"installments" jsonb NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"grace_days" integer DEFAULT 5 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_date" date,
	"notes" text,
	CONSTRAINT "payment_plans_status" CHECK ("payment_plans"."status" in ('active', 'completed', 'defaulted')),
	CONSTRAINT "payment_plans_grace" CHECK ("payment_plans"."grace_days" between 0 and 90)
);
--> statement-breakpoint
ALTER TABLE "email_deliveries" DROP CONSTRAINT "email_deliveries_kind";--> statement-breakpoint
ALTER TABLE "charge_runs" DROP CONSTRAINT "charge_runs_job";--> statement-breakpoint
ALTER TABLE "collection_cases" ADD CONSTRAINT "collection_cases_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_cases" ADD CONSTRAINT "collection_cases_stage_id_collection_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."collection_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_letters" ADD CONSTRAINT "collection_letters_case_id_collection_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."collection_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_letters" ADD CONSTRAINT "collection_letters_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_letters" ADD CONSTRAINT "collection_letters_stage_id_collection_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."collection_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_letters" ADD CONSTRAINT "collection_letters_run_id_charge_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."charge_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_letters" ADD CONSTRAINT "collection_letters_fee_product_id_products_id_fk" FOREIGN KEY ("fee_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_letters" ADD CONSTRAINT "collection_letters_fee_invoice_id_invoices_id_fk" FOREIGN KEY ("fee_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_stages" ADD CONSTRAINT "collection_stages_fee_product_id_products_id_fk" FOREIGN KEY ("fee_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_cases_open_key" ON "collection_cases" USING btree ("owner_id") WHERE "collection_cases"."closed_on" is null;--> statement-breakpoint
CREATE INDEX "collection_cases_owner_idx" ON "collection_cases" USING btree ("owner_id","opened_on");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_letters_case_stage_key" ON "collection_letters" USING btree ("case_id","stage_id");--> statement-breakpoint
CREATE INDEX "collection_letters_status_idx" ON "collection_letters" USING btree ("status","created_date");--> statement-breakpoint
CREATE INDEX "collection_letters_owner_idx" ON "collection_letters" USING btree ("owner_id","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_stages_days_key" ON "collection_stages" USING btree ("days_past_due");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plans_active_key" ON "payment_plans" USING btree ("owner_id") WHERE "payment_plans"."status" = 'active';--> statement-breakpoint
CREATE INDEX "payment_plans_owner_idx" ON "payment_plans" USING btree ("owner_id","start_date");--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_kind" CHECK ("email_deliveries"."kind" in ('invoice', 'statement', 'collection_letter'));--> statement-breakpoint
ALTER TABLE "charge_runs" ADD CONSTRAINT "charge_runs_job" CHECK ("charge_runs"."job" in ('assessments', 'late_fees', 'collections'));