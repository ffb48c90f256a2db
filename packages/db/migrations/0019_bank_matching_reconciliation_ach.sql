CREATE TABLE "ach_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"bank_account_id" text NOT NULL,
	"direction" text NOT NULL,
	"effective_date" date NOT NULL,
	"entry_count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"file_text" text NOT NULL,
	"file_name" text NOT NULL,
	CONSTRAINT "ach_batches_direction" CHECK ("ach_batches"."direction" in ('debit', 'credit'))
);
--> statement-breakpoint
CREATE TABLE "ach_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"trace_number" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"enrollment_id" text,
	"owner_id" text,
	"payment_id" text,
	"vendor_id" text,
	"bill_id" text,
	"bill_payment_id" text,
	"retry_of_entry_id" text,
	"return_code" text,
	"returned_on" date,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ach_entries_kind" CHECK ("ach_entries"."kind" in ('debit', 'credit', 'prenote'))
);
--> statement-breakpoint
CREATE TABLE "autopay_enrollments" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"owner_id" text NOT NULL,
	"bank_account_id" text,
	"account_holder" text NOT NULL,
	"routing_number" text NOT NULL,
	"account_number_sealed" text NOT NULL,
	"account_last4" text NOT NULL,
	"account_type" text DEFAULT 'checking' NOT NULL,
	"sec_code" text NOT NULL,
	"authorized_at" timestamp with time zone NOT NULL,
	"authorization_text" text NOT NULL,
	"status" text DEFAULT 'prenote' NOT NULL,
	"prenote_sent_on" date,
	"status_reason" text,
	CONSTRAINT "autopay_enrollments_status" CHECK ("autopay_enrollments"."status" in ('prenote', 'active', 'paused', 'cancelled')),
	CONSTRAINT "autopay_enrollments_sec" CHECK ("autopay_enrollments"."sec_code" in ('PPD', 'WEB')),
	CONSTRAINT "autopay_enrollments_type" CHECK ("autopay_enrollments"."account_type" in ('checking', 'savings'))
);
--> statement-breakpoint
CREATE TABLE "bank_line_matches" (
	"id" text PRIMARY KEY NOT NULL,
	"line_id" text NOT NULL,
	"bank_account_id" text NOT NULL,
	"doc_type" text NOT NULL,
	"doc_id" text NOT NULL,
	"rule" text NOT NULL,
	"bank_rule_id" text,
	"created_by" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_line_matches_doc_type" CHECK ("bank_line_matches"."doc_type" in ('payment', 'bill_payment', 'journal_entry'))
);
--> statement-breakpoint
CREATE TABLE "bank_reconciliation_lines" (
	"reconciliation_id" text NOT NULL,
	"journal_line_id" text NOT NULL,
	CONSTRAINT "bank_reconciliation_lines_reconciliation_id_journal_line_id_pk" PRIMARY KEY("reconciliation_id","journal_line_id")
);
--> statement-breakpoint
CREATE TABLE "bank_reconciliations" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"bank_account_id" text NOT NULL,
	"statement_date" date NOT NULL,
	"beginning_balance" numeric(14, 2) NOT NULL,
	"ending_balance" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"completed_date" timestamp with time zone,
	"completed_by" text,
	"voided_date" timestamp with time zone,
	"void_reason" text,
	CONSTRAINT "bank_reconciliations_status" CHECK ("bank_reconciliations"."status" in ('draft', 'completed', 'void'))
);
--> statement-breakpoint
CREATE TABLE "bank_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"name" text NOT NULL,
	"description_contains" text NOT NULL,
	"amount_min" numeric(14, 2),
	"amount_max" numeric(14, 2),
	"account_id" text NOT NULL,
	"fund_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "nsf_fee_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "check_number" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "bank_routing_number" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "bank_account_number_sealed" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "bank_account_last4" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "bank_account_type" text;--> statement-breakpoint
ALTER TABLE "ach_batches" ADD CONSTRAINT "ach_batches_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_entries" ADD CONSTRAINT "ach_entries_batch_id_ach_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."ach_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_entries" ADD CONSTRAINT "ach_entries_enrollment_id_autopay_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."autopay_enrollments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_entries" ADD CONSTRAINT "ach_entries_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_entries" ADD CONSTRAINT "ach_entries_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrollments" ADD CONSTRAINT "autopay_enrollments_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrollments" ADD CONSTRAINT "autopay_enrollments_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_line_matches" ADD CONSTRAINT "bank_line_matches_line_id_bank_statement_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."bank_statement_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_line_matches" ADD CONSTRAINT "bank_line_matches_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_lines" ADD CONSTRAINT "bank_reconciliation_lines_reconciliation_id_bank_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."bank_reconciliations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_lines" ADD CONSTRAINT "bank_reconciliation_lines_journal_line_id_journal_lines_id_fk" FOREIGN KEY ("journal_line_id") REFERENCES "public"."journal_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ADD CONSTRAINT "bank_reconciliations_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ach_batches_account_idx" ON "ach_batches" USING btree ("bank_account_id","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "ach_entries_trace_key" ON "ach_entries" USING btree ("trace_number");--> statement-breakpoint
CREATE INDEX "ach_entries_batch_idx" ON "ach_entries" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "ach_entries_enrollment_idx" ON "ach_entries" USING btree ("enrollment_id");--> statement-breakpoint
CREATE INDEX "ach_entries_payment_idx" ON "ach_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ach_entries_bill_payment_idx" ON "ach_entries" USING btree ("bill_payment_id");--> statement-breakpoint
CREATE INDEX "autopay_enrollments_owner_idx" ON "autopay_enrollments" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "autopay_enrollments_status_idx" ON "autopay_enrollments" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_line_matches_doc_key" ON "bank_line_matches" USING btree ("doc_type","doc_id");--> statement-breakpoint
CREATE INDEX "bank_line_matches_line_idx" ON "bank_line_matches" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "bank_line_matches_account_idx" ON "bank_line_matches" USING btree ("bank_account_id","doc_type");--> statement-breakpoint
CREATE INDEX "bank_reconciliation_lines_journal_line_idx" ON "bank_reconciliation_lines" USING btree ("journal_line_id");--> statement-breakpoint
CREATE INDEX "bank_reconciliations_account_idx" ON "bank_reconciliations" USING btree ("bank_account_id","status","statement_date");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_reconciliations_one_draft_key" ON "bank_reconciliations" USING btree ("bank_account_id") WHERE "bank_reconciliations"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "bank_rules_name_idx" ON "bank_rules" USING btree ("name");--> statement-breakpoint
CREATE INDEX "bill_payments_cash_account_date_idx" ON "bill_payments" USING btree ("cash_account_id","payment_date");--> statement-breakpoint
CREATE INDEX "payments_deposit_account_date_idx" ON "payments" USING btree ("deposit_account_id","payment_date");