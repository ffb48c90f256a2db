CREATE TYPE "public"."fund_kind" AS ENUM('operating', 'reserve', 'other');--> statement-breakpoint
CREATE TABLE "funds" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" "fund_kind" DEFAULT 'other' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"description" text,
	"system_key" text,
	"cash_account_id" text
);
--> statement-breakpoint
-- The two funds every association keeps; everything posted so far belonged to Operating.
INSERT INTO "funds" ("id", "code", "name", "kind", "system_key") VALUES
  (substr(md5(random()::text || clock_timestamp()::text), 1, 24), 'OP', 'Operating', 'operating', 'operating'),
  (substr(md5(random()::text || clock_timestamp()::text || 'r'), 1, 24), 'RES', 'Reserve', 'reserve', 'reserve');--> statement-breakpoint
ALTER TABLE "chart_of_accounts" ADD COLUMN "fund_id" text;--> statement-breakpoint
UPDATE "chart_of_accounts" SET "fund_id" = (SELECT "id" FROM "funds" WHERE "system_key" = 'operating') WHERE "system_key" = 'cash';--> statement-breakpoint
UPDATE "funds" SET "cash_account_id" = (SELECT "id" FROM "chart_of_accounts" WHERE "system_key" = 'cash') WHERE "system_key" = 'operating';--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fund_id" text;--> statement-breakpoint
UPDATE "products" SET "fund_id" = (SELECT "id" FROM "funds" WHERE "system_key" = 'operating');--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "fund_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "fund_id" text;--> statement-breakpoint
UPDATE "invoice_line_items" SET "fund_id" = (SELECT "id" FROM "funds" WHERE "system_key" = 'operating');--> statement-breakpoint
ALTER TABLE "invoice_line_items" ALTER COLUMN "fund_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_line_items" ADD COLUMN "fund_id" text;--> statement-breakpoint
UPDATE "bill_line_items" SET "fund_id" = (SELECT "id" FROM "funds" WHERE "system_key" = 'operating');--> statement-breakpoint
ALTER TABLE "bill_line_items" ALTER COLUMN "fund_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "deposit_account_id" text;--> statement-breakpoint
UPDATE "payments" SET "deposit_account_id" = (SELECT "id" FROM "chart_of_accounts" WHERE "system_key" = 'cash');--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "deposit_account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD COLUMN "fund_split" jsonb;--> statement-breakpoint
UPDATE "payment_invoices" SET "fund_split" = jsonb_build_array(jsonb_build_object('fund_id', (SELECT "id" FROM "funds" WHERE "system_key" = 'operating'), 'cents', round("amount_applied" * 100)::bigint));--> statement-breakpoint
ALTER TABLE "payment_invoices" ALTER COLUMN "fund_split" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "cash_account_id" text;--> statement-breakpoint
UPDATE "bill_payments" SET "cash_account_id" = (SELECT "id" FROM "chart_of_accounts" WHERE "system_key" = 'cash');--> statement-breakpoint
ALTER TABLE "bill_payments" ALTER COLUMN "cash_account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "fund_split" jsonb;--> statement-breakpoint
UPDATE "bill_payments" SET "fund_split" = jsonb_build_array(jsonb_build_object('fund_id', (SELECT "id" FROM "funds" WHERE "system_key" = 'operating'), 'cents', round("amount" * 100)::bigint));--> statement-breakpoint
ALTER TABLE "bill_payments" ALTER COLUMN "fund_split" SET NOT NULL;--> statement-breakpoint
-- Posted lines are immutable; the one exception is this backfill of their fund, with the guard off for it.
ALTER TABLE "journal_lines" ADD COLUMN "fund_id" text;--> statement-breakpoint
ALTER TABLE "journal_lines" DISABLE TRIGGER "journal_lines_immutable";--> statement-breakpoint
UPDATE "journal_lines" SET "fund_id" = (SELECT "id" FROM "funds" WHERE "system_key" = 'operating');--> statement-breakpoint
ALTER TABLE "journal_lines" ENABLE TRIGGER "journal_lines_immutable";--> statement-breakpoint
ALTER TABLE "journal_lines" ALTER COLUMN "fund_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_cash_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("cash_account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funds_code_key" ON "funds" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "funds_system_key" ON "funds" USING btree ("system_key");--> statement-breakpoint
ALTER TABLE "bill_line_items" ADD CONSTRAINT "bill_line_items_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_cash_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("cash_account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_of_accounts" ADD CONSTRAINT "chart_of_accounts_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_deposit_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("deposit_account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_lines_fund_idx" ON "journal_lines" USING btree ("fund_id","account_id");--> statement-breakpoint
-- Every entry balances within each fund (which implies it balances overall), checked at commit.
CREATE OR REPLACE FUNCTION ledger_check_entry_balanced() RETURNS trigger AS $$
DECLARE
  eid text;
  n integer;
  unbalanced text;
BEGIN
  IF TG_TABLE_NAME = 'journal_entries' THEN
    eid := NEW.id;
  ELSE
    eid := NEW.entry_id;
  END IF;
  SELECT COUNT(*) INTO n FROM journal_lines WHERE entry_id = eid;
  IF n < 2 THEN
    RAISE EXCEPTION 'journal entry % has % line(s); a posting needs at least two', eid, n USING ERRCODE = 'check_violation';
  END IF;
  SELECT fund_id INTO unbalanced FROM journal_lines WHERE entry_id = eid GROUP BY fund_id HAVING SUM(debit) <> SUM(credit) LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % is unbalanced in fund %', eid, unbalanced USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
