CREATE TABLE "hearings" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"violation_id" text NOT NULL,
	"scheduled_for" date NOT NULL,
	"committee_member_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notice_sent_on" date NOT NULL,
	"schedule_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outcome" text,
	"decided_on" date,
	"decided_by" text,
	"fine_amount" numeric(14, 2),
	"health_safety_finding" boolean DEFAULT false NOT NULL,
	"fine_invoice_id" text,
	"decision_notice_due_on" date,
	"decision_rules" jsonb,
	CONSTRAINT "hearings_outcome" CHECK ("hearings"."outcome" is null or "hearings"."outcome" in ('fine', 'no_fine', 'cured'))
);
--> statement-breakpoint
CREATE TABLE "violation_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"violation_id" text NOT NULL,
	"kind" text NOT NULL,
	"sent_on" date NOT NULL,
	"due_on" date,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"hearing_id" text,
	"email_to" text,
	"delivery" text NOT NULL,
	"error" text,
	"rule_id" text,
	"citation" text,
	CONSTRAINT "violation_notices_kind" CHECK ("violation_notices"."kind" in ('courtesy', 'notice', 'hearing_notice', 'decision')),
	CONSTRAINT "violation_notices_delivery" CHECK ("violation_notices"."delivery" in ('sent', 'outbox', 'failed', 'print', 'recorded'))
);
--> statement-breakpoint
CREATE TABLE "violation_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"violation_id" text NOT NULL,
	"kind" text DEFAULT 'evidence' NOT NULL,
	"sha256" text NOT NULL,
	"bytes" integer NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"original_name" text,
	"taken_at" text,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"original_file" text NOT NULL,
	"resized_file" text NOT NULL,
	"thumbnail_file" text NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "violation_photos_kind" CHECK ("violation_photos"."kind" in ('evidence', 'cure'))
);
--> statement-breakpoint
CREATE TABLE "violation_types" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"name" text NOT NULL,
	"ccr_reference" text,
	"description" text,
	"cure_days" integer DEFAULT 14 NOT NULL,
	"fine_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"continuing_daily_fine" numeric(14, 2),
	"health_safety" boolean DEFAULT false NOT NULL,
	"fine_product_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "violation_types_cure_days" CHECK ("violation_types"."cure_days" between 0 and 365),
	CONSTRAINT "violation_types_fines" CHECK ("violation_types"."fine_amount" >= 0 and coalesce("violation_types"."continuing_daily_fine", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "violations" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"property_id" text NOT NULL,
	"violation_type_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"observed_on" date NOT NULL,
	"description" text,
	"status" text DEFAULT 'open' NOT NULL,
	"cure_by" date NOT NULL,
	"cured_on" date,
	"hearing_requested_on" date,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	CONSTRAINT "violations_status" CHECK ("violations"."status" in ('open', 'cured', 'hearing', 'fined', 'closed', 'dismissed')),
	CONSTRAINT "violations_cure_by" CHECK ("violations"."cure_by" >= "violations"."observed_on")
);
--> statement-breakpoint
ALTER TABLE "hearings" ADD CONSTRAINT "hearings_violation_id_violations_id_fk" FOREIGN KEY ("violation_id") REFERENCES "public"."violations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hearings" ADD CONSTRAINT "hearings_fine_invoice_id_invoices_id_fk" FOREIGN KEY ("fine_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_notices" ADD CONSTRAINT "violation_notices_violation_id_violations_id_fk" FOREIGN KEY ("violation_id") REFERENCES "public"."violations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_photos" ADD CONSTRAINT "violation_photos_violation_id_violations_id_fk" FOREIGN KEY ("violation_id") REFERENCES "public"."violations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_types" ADD CONSTRAINT "violation_types_fine_product_id_products_id_fk" FOREIGN KEY ("fine_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_violation_type_id_violation_types_id_fk" FOREIGN KEY ("violation_type_id") REFERENCES "public"."violation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hearings_violation_idx" ON "hearings" USING btree ("violation_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "hearings_scheduled_idx" ON "hearings" USING btree ("scheduled_for");--> statement-breakpoint
CREATE UNIQUE INDEX "hearings_fine_invoice_key" ON "hearings" USING btree ("fine_invoice_id") WHERE "hearings"."fine_invoice_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "hearings_open_key" ON "hearings" USING btree ("violation_id") WHERE "hearings"."decided_on" is null;--> statement-breakpoint
CREATE INDEX "violation_notices_violation_idx" ON "violation_notices" USING btree ("violation_id","sent_on");--> statement-breakpoint
CREATE INDEX "violation_photos_violation_idx" ON "violation_photos" USING btree ("violation_id","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "violation_types_name_key" ON "violation_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "violations_owner_idx" ON "violations" USING btree ("owner_id","observed_on");--> statement-breakpoint
CREATE INDEX "violations_status_idx" ON "violations" USING btree ("status","observed_on");--> statement-breakpoint
CREATE INDEX "violations_property_idx" ON "violations" USING btree ("property_id","observed_on");--> statement-breakpoint
CREATE INDEX "violations_type_idx" ON "violations" USING btree ("violation_type_id");--> statement-breakpoint
CREATE INDEX "violations_observed_idx" ON "violations" USING btree ("observed_on","id");