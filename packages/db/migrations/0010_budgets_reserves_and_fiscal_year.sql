CREATE TYPE "public"."budget_status" AS ENUM('draft', 'adopted');--> statement-breakpoint
CREATE TABLE "budget_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"budget_id" text NOT NULL,
	"account_id" text NOT NULL,
	"monthly_amounts" numeric(14, 2)[] NOT NULL,
	"notes" text,
	"line_no" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "budget_lines_twelve_months" CHECK (array_length("budget_lines"."monthly_amounts", 1) = 12 and array_ndims("budget_lines"."monthly_amounts") = 1),
	CONSTRAINT "budget_lines_amounts_nonneg" CHECK (0 <= all("budget_lines"."monthly_amounts"))
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"name" text NOT NULL,
	"fiscal_year" integer NOT NULL,
	"fund_id" text NOT NULL,
	"status" "budget_status" DEFAULT 'draft' NOT NULL,
	"start_month" integer NOT NULL,
	"notes" text,
	"adopted_at" timestamp with time zone,
	"adopted_by" text,
	CONSTRAINT "budgets_fiscal_year_range" CHECK ("budgets"."fiscal_year" between 1900 and 9999),
	CONSTRAINT "budgets_start_month_range" CHECK ("budgets"."start_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "reserve_components" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"name" text NOT NULL,
	"category" text,
	"useful_life_years" integer NOT NULL,
	"remaining_life_years" integer NOT NULL,
	"current_replacement_cost" numeric(14, 2) NOT NULL,
	"inflation_rate" numeric(7, 4) DEFAULT '0' NOT NULL,
	"notes" text,
	CONSTRAINT "reserve_components_useful_life" CHECK ("reserve_components"."useful_life_years" >= 1),
	CONSTRAINT "reserve_components_remaining_life" CHECK ("reserve_components"."remaining_life_years" between 0 and "reserve_components"."useful_life_years"),
	CONSTRAINT "reserve_components_cost_nonneg" CHECK ("reserve_components"."current_replacement_cost" >= 0),
	CONSTRAINT "reserve_components_inflation_range" CHECK ("reserve_components"."inflation_rate" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "fiscal_year_start_month" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "assessment_share" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budget_lines_budget_account_key" ON "budget_lines" USING btree ("budget_id","account_id");--> statement-breakpoint
CREATE INDEX "budget_lines_account_idx" ON "budget_lines" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_fund_year_key" ON "budgets" USING btree ("fund_id","fiscal_year");--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_fiscal_month_range" CHECK ("org_settings"."fiscal_year_start_month" between 1 and 12);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_assessment_share_range" CHECK ("properties"."assessment_share" is null or "properties"."assessment_share" between 0 and 100);