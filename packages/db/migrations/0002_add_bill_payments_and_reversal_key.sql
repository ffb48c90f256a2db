CREATE TABLE "bill_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"bill_id" text NOT NULL,
	"payment_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"payment_method" "payment_method" DEFAULT 'check' NOT NULL,
	"reference_number" text,
	"notes" text,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "bill_payments_amount_pos" CHECK ("bill_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payments_bill_idx" ON "bill_payments" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reverses_key" ON "journal_entries" USING btree ("reverses_id");