CREATE TABLE "ledger_account_totals" (
	"account_id" text PRIMARY KEY NOT NULL,
	"debit" numeric(16, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_account_totals" ADD CONSTRAINT "ledger_account_totals_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE no action ON UPDATE no action;