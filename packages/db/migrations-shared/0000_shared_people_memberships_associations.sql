CREATE SCHEMA "covenant";
--> statement-breakpoint
CREATE TABLE "covenant"."auth_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "covenant"."associations" (
	"app_id" text PRIMARY KEY NOT NULL,
	"schema_name" text NOT NULL,
	"name" text NOT NULL,
	"state" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"archived_date" timestamp with time zone,
	"schema_version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "associations_app_id_format" CHECK ("covenant"."associations"."app_id" ~ '^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$')
);
--> statement-breakpoint
CREATE TABLE "covenant"."auth_failures" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "covenant"."memberships" (
	"person_id" text NOT NULL,
	"app_id" text NOT NULL,
	"user_role" text,
	"role" text DEFAULT 'user' NOT NULL,
	"owner_id" text,
	"property_id" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "memberships_person_id_app_id_pk" PRIMARY KEY("person_id","app_id"),
	CONSTRAINT "memberships_role" CHECK ("covenant"."memberships"."role" in ('admin', 'user'))
);
--> statement-breakpoint
CREATE TABLE "covenant"."people" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"full_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"phone" text,
	"photo_url" text,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"portfolio_role" text,
	CONSTRAINT "people_portfolio_role" CHECK ("covenant"."people"."portfolio_role" is null or "covenant"."people"."portfolio_role" = 'portfolio_admin')
);
--> statement-breakpoint
CREATE TABLE "covenant"."sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "covenant"."sign_in_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "covenant"."two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "covenant"."verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "covenant"."auth_accounts" ADD CONSTRAINT "auth_accounts_user_id_people_id_fk" FOREIGN KEY ("user_id") REFERENCES "covenant"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covenant"."memberships" ADD CONSTRAINT "memberships_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "covenant"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covenant"."memberships" ADD CONSTRAINT "memberships_app_id_associations_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "covenant"."associations"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covenant"."sessions" ADD CONSTRAINT "sessions_user_id_people_id_fk" FOREIGN KEY ("user_id") REFERENCES "covenant"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covenant"."two_factors" ADD CONSTRAINT "two_factors_user_id_people_id_fk" FOREIGN KEY ("user_id") REFERENCES "covenant"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_accounts_user_idx" ON "covenant"."auth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "associations_schema_key" ON "covenant"."associations" USING btree ("schema_name");--> statement-breakpoint
CREATE INDEX "auth_failures_email_idx" ON "covenant"."auth_failures" USING btree ("email","failed_at");--> statement-breakpoint
CREATE INDEX "memberships_app_idx" ON "covenant"."memberships" USING btree ("app_id","person_id");--> statement-breakpoint
CREATE INDEX "memberships_owner_idx" ON "covenant"."memberships" USING btree ("app_id","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "people_email_key" ON "covenant"."people" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_key" ON "covenant"."sessions" USING btree ("token");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "covenant"."sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_codes_email_idx" ON "covenant"."sign_in_codes" USING btree ("email","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "two_factors_user_key" ON "covenant"."two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "covenant"."verifications" USING btree ("identifier");