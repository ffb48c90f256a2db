CREATE TABLE "bank_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"name" text NOT NULL,
	"account_id" text NOT NULL,
	"fund_id" text NOT NULL,
	"bank_name" text NOT NULL,
	"routing_number" text,
	"account_number_sealed" text,
	"account_last4" text,
	"account_type" text DEFAULT 'checking' NOT NULL,
	"ach_company_id" text,
	"ach_company_name" text,
	"ach_odfi_routing_number" text,
	"csv_mapping" jsonb,
	"system_key" text,
	CONSTRAINT "bank_accounts_type" CHECK ("bank_accounts"."account_type" in ('checking', 'savings'))
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"statement_id" text NOT NULL,
	"bank_account_id" text NOT NULL,
	"line_no" integer NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"payee" text,
	"bank_reference" text,
	"check_number" text,
	"status" text DEFAULT 'unmatched' NOT NULL,
	"excluded_reason" text,
	CONSTRAINT "bank_statement_lines_status" CHECK ("bank_statement_lines"."status" in ('unmatched', 'matched', 'excluded'))
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"bank_account_id" text NOT NULL,
	"format" text NOT NULL,
	"file_name" text,
	"fingerprint" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"opening_balance" numeric(14, 2),
	"closing_balance" numeric(14, 2),
	"lines_imported" integer NOT NULL,
	"duplicates_skipped" integer NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_account_key" ON "bank_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_system_key" ON "bank_accounts" USING btree ("system_key");--> statement-breakpoint
CREATE INDEX "bank_accounts_fund_idx" ON "bank_accounts" USING btree ("fund_id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id","line_no");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_account_date_idx" ON "bank_statement_lines" USING btree ("bank_account_id","date","id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_account_status_idx" ON "bank_statement_lines" USING btree ("bank_account_id","status","date");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_fingerprint_key" ON "bank_statements" USING btree ("bank_account_id","fingerprint");--> statement-breakpoint
CREATE INDEX "bank_statements_account_period_idx" ON "bank_statements" USING btree ("bank_account_id","period_end");