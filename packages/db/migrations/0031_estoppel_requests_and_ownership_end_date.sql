CREATE TABLE "estoppel_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"property_id" text NOT NULL,
	"requester_name" text NOT NULL,
	"requester_email" text,
	"requested_on" date NOT NULL,
	"rush" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"due_on" date NOT NULL,
	"fee_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"fee_rule" text,
	"fee_message" text,
	"delinquent" boolean DEFAULT false NOT NULL,
	"valid_until" date,
	"issued_on" date,
	"cancelled_on" date,
	"certificate_file_id" text,
	"figures" jsonb,
	CONSTRAINT "estoppel_requests_status" CHECK ("estoppel_requests"."status" in ('requested', 'issued', 'cancelled')),
	CONSTRAINT "estoppel_requests_fee_nonneg" CHECK ("estoppel_requests"."fee_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "estoppel_fee" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "estoppel_rush_fee" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "estoppel_delinquent_fee" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "transfer_fee" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "owner_properties" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "estoppel_requests" ADD CONSTRAINT "estoppel_requests_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estoppel_requests_status_idx" ON "estoppel_requests" USING btree ("status","due_on");--> statement-breakpoint
CREATE INDEX "estoppel_requests_property_idx" ON "estoppel_requests" USING btree ("property_id");--> statement-breakpoint
ALTER TABLE "owner_properties" ADD CONSTRAINT "owner_properties_dates" CHECK ("owner_properties"."end_date" is null or "owner_properties"."end_date" >= "owner_properties"."start_date");