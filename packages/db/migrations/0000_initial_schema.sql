CREATE TYPE "public"."account_type" AS ENUM('asset', 'liability', 'equity', 'revenue', 'expense');--> statement-breakpoint
CREATE TYPE "public"."app_role" AS ENUM('admin', 'property_manager', 'owner', 'renter', 'household_member', 'guest_contact');--> statement-breakpoint
CREATE TYPE "public"."bill_status" AS ENUM('draft', 'pending', 'paid', 'partial', 'overdue', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('draft', 'sent', 'paid', 'partial', 'overdue', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."owner_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('check', 'cash', 'credit_card', 'bank_transfer', 'online', 'other');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('cleared', 'bounced', 'pending');--> statement-breakpoint
CREATE TYPE "public"."permission_level" AS ENUM('read_write', 'read', 'own_records', 'none');--> statement-breakpoint
CREATE TYPE "public"."property_status" AS ENUM('occupied', 'vacant', 'rented');--> statement-breakpoint
CREATE TYPE "public"."property_type" AS ENUM('single_family', 'condo', 'townhouse', 'commercial', 'other');--> statement-breakpoint
CREATE TYPE "public"."relationship_type" AS ENUM('owner', 'co-owner', 'tenant', 'other');--> statement-breakpoint
CREATE TYPE "public"."resident_status" AS ENUM('owner', 'renter', 'household_member', 'other_contact');--> statement-breakpoint
CREATE TYPE "public"."resource_key" AS ENUM('dashboard', 'owners', 'properties', 'invoices', 'payments', 'items', 'tax_rates', 'vendors', 'bills', 'chart_of_accounts', 'reports', 'users', 'org_settings', 'backup', 'role_management');--> statement-breakpoint
CREATE TYPE "public"."system_role" AS ENUM('admin', 'user');--> statement-breakpoint
CREATE TYPE "public"."theme" AS ENUM('red', 'blue', 'purple', 'orange', 'green');--> statement-breakpoint
CREATE TYPE "public"."vendor_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."vendor_type" AS ENUM('contractor', 'supplier', 'service_provider', 'utility', 'professional_services', 'other');--> statement-breakpoint
CREATE TABLE "org_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"company_name" text NOT NULL,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"phone" text,
	"email" text,
	"website" text,
	"logo_url" text,
	"theme" "theme",
	"organization_name" text,
	"open_registration" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_properties" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"owner_id" text NOT NULL,
	"property_id" text NOT NULL,
	"ownership_percentage" numeric(5, 2) DEFAULT '100' NOT NULL,
	"relationship_type" "relationship_type" DEFAULT 'owner' NOT NULL,
	"start_date" date DEFAULT current_date NOT NULL,
	CONSTRAINT "owner_properties_pct_range" CHECK ("owner_properties"."ownership_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "owners" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"owner_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date,
	"resident_status" "resident_status" DEFAULT 'owner' NOT NULL,
	"email" text,
	"phone" text,
	"photo_url" text,
	"mailing_address" text,
	"mailing_address_2" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"notes" text,
	"status" "owner_status" DEFAULT 'active' NOT NULL,
	CONSTRAINT "owners_owner_id_six_digits" CHECK ("owners"."owner_id" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "privileges" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"role_name" text NOT NULL,
	"resource_name" "resource_key" NOT NULL,
	"permission_level" "permission_level" NOT NULL,
	"can_create" boolean DEFAULT false NOT NULL,
	"can_read" boolean DEFAULT false NOT NULL,
	"can_update" boolean DEFAULT false NOT NULL,
	"can_delete" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"property_id" text NOT NULL,
	"unit_number" text NOT NULL,
	"street_address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"property_type" "property_type" DEFAULT 'condo' NOT NULL,
	"square_footage" integer,
	"bedrooms" integer,
	"bathrooms" numeric(5, 1),
	"parking_spaces" integer,
	"monthly_hoa_fee" numeric(14, 2),
	"status" "property_status" DEFAULT 'occupied' NOT NULL,
	"notes" text,
	CONSTRAINT "properties_property_id_six_digits" CHECK ("properties"."property_id" ~ '^[0-9]{6}$'),
	CONSTRAINT "properties_counts_nonneg" CHECK (coalesce("properties"."square_footage",0) >= 0 and coalesce("properties"."bedrooms",0) >= 0 and coalesce("properties"."parking_spaces",0) >= 0),
	CONSTRAINT "properties_bathrooms_half_steps" CHECK ("properties"."bathrooms" is null or ("properties"."bathrooms" >= 0 and mod("properties"."bathrooms" * 2, 1) = 0)),
	CONSTRAINT "properties_fee_nonneg" CHECK ("properties"."monthly_hoa_fee" is null or "properties"."monthly_hoa_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"role_name" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text,
	"is_system_role" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"full_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"phone" text,
	"photo_url" text,
	"owner_id" text,
	"property_id" text,
	"user_role" "app_role",
	"role" "system_role" DEFAULT 'user' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_accounts" (
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
CREATE TABLE "auth_failures" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"user_role" "app_role",
	"system_role" text DEFAULT 'user' NOT NULL,
	"invited_by" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
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
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"user_email" text,
	"page_name" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"stored_name" text NOT NULL,
	"original_name" text,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_line_items" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"bill_id" text NOT NULL,
	"description" text,
	"quantity" numeric(12, 3) DEFAULT '1' NOT NULL,
	"unit_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"extended_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"account_id" text,
	"line_no" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bill_lines_qty_nonneg" CHECK ("bill_line_items"."quantity" >= 0),
	CONSTRAINT "bill_lines_price_nonneg" CHECK ("bill_line_items"."unit_price" >= 0),
	CONSTRAINT "bill_lines_ext_nonneg" CHECK ("bill_line_items"."extended_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"bill_number" text NOT NULL,
	"vendor_id" text NOT NULL,
	"bill_date" date NOT NULL,
	"due_date" date,
	"subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"balance_due" numeric(14, 2) DEFAULT '0' NOT NULL,
	"amount_paid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" "bill_status" DEFAULT 'pending' NOT NULL,
	"payment_terms" text,
	"notes" text,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "bills_subtotal_nonneg" CHECK ("bills"."subtotal" >= 0),
	CONSTRAINT "bills_tax_nonneg" CHECK ("bills"."tax_amount" >= 0),
	CONSTRAINT "bills_total_nonneg" CHECK ("bills"."total_amount" >= 0),
	CONSTRAINT "bills_balance_nonneg" CHECK ("bills"."balance_due" >= 0),
	CONSTRAINT "bills_paid_nonneg" CHECK ("bills"."amount_paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "chart_of_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"account_type" "account_type" NOT NULL,
	"account_subtype" text,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"system_key" text
);
--> statement-breakpoint
CREATE TABLE "invoice_line_items" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"invoice_id" text NOT NULL,
	"product_id" text,
	"description" text,
	"quantity" numeric(12, 3) DEFAULT '1' NOT NULL,
	"unit_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"extended_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"account_id" text,
	"line_no" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_lines_qty_nonneg" CHECK ("invoice_line_items"."quantity" >= 0),
	CONSTRAINT "invoice_lines_price_nonneg" CHECK ("invoice_line_items"."unit_price" >= 0),
	CONSTRAINT "invoice_lines_ext_nonneg" CHECK ("invoice_line_items"."extended_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date,
	"owner_id" text NOT NULL,
	"property_id" text,
	"subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tax_rate_id" text,
	"tax_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"balance_due" numeric(14, 2) DEFAULT '0' NOT NULL,
	"amount_paid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" "invoice_status" DEFAULT 'draft' NOT NULL,
	"notes" text,
	"payment_terms" text DEFAULT 'Net 15',
	"deleted_at" timestamp with time zone,
	CONSTRAINT "invoices_subtotal_nonneg" CHECK ("invoices"."subtotal" >= 0),
	CONSTRAINT "invoices_tax_nonneg" CHECK ("invoices"."tax_amount" >= 0),
	CONSTRAINT "invoices_total_nonneg" CHECK ("invoices"."total_amount" >= 0),
	CONSTRAINT "invoices_balance_nonneg" CHECK ("invoices"."balance_due" >= 0),
	CONSTRAINT "invoices_paid_nonneg" CHECK ("invoices"."amount_paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"payment_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"amount_applied" numeric(14, 2) NOT NULL,
	CONSTRAINT "payment_invoices_amount_pos" CHECK ("payment_invoices"."amount_applied" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"payment_number" text NOT NULL,
	"payment_date" date NOT NULL,
	"payment_method" "payment_method" DEFAULT 'check' NOT NULL,
	"reference_number" text,
	"amount" numeric(14, 2) NOT NULL,
	"owner_id" text NOT NULL,
	"notes" text,
	"status" "payment_status" DEFAULT 'cleared' NOT NULL,
	"idempotency_key" text,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "payments_amount_nonneg" CHECK ("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"product_code" text NOT NULL,
	"description" text NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"account_id" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"notes" text,
	CONSTRAINT "products_price_nonneg" CHECK ("products"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"tax_name" text NOT NULL,
	"tax_rate" numeric(7, 4) NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tax_rates_range" CHECK ("tax_rates"."tax_rate" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"vendor_name" text NOT NULL,
	"contact_person" text,
	"email" text,
	"phone" text,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"tax_id" text,
	"payment_terms" text DEFAULT 'Net 30',
	"vendor_type" "vendor_type" DEFAULT 'contractor' NOT NULL,
	"status" "vendor_status" DEFAULT 'active' NOT NULL,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"entry_date" date NOT NULL,
	"memo" text,
	"source_type" text NOT NULL,
	"source_id" text,
	"reverses_id" text,
	"created_by" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"entry_id" text NOT NULL,
	"line_no" integer NOT NULL,
	"account_id" text NOT NULL,
	"debit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"owner_id" text,
	"vendor_id" text,
	"property_id" text,
	"document_type" text,
	"document_id" text,
	"entry_date" date NOT NULL,
	CONSTRAINT "journal_lines_amounts" CHECK ("journal_lines"."debit" >= 0 and "journal_lines"."credit" >= 0 and ("journal_lines"."debit" = 0) <> ("journal_lines"."credit" = 0))
);
--> statement-breakpoint
ALTER TABLE "owner_properties" ADD CONSTRAINT "owner_properties_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_properties" ADD CONSTRAINT "owner_properties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_accounts" ADD CONSTRAINT "auth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_line_items" ADD CONSTRAINT "bill_line_items_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_line_items" ADD CONSTRAINT "bill_line_items_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD CONSTRAINT "payment_invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD CONSTRAINT "payment_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_properties_pair_key" ON "owner_properties" USING btree ("owner_id","property_id");--> statement-breakpoint
CREATE INDEX "owner_properties_property_idx" ON "owner_properties" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "owners_owner_id_key" ON "owners" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "owners_last_name_idx" ON "owners" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "owners_created_date_idx" ON "owners" USING btree ("created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "privileges_role_resource_key" ON "privileges" USING btree ("role_name","resource_name");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_property_id_key" ON "properties" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "properties_unit_number_idx" ON "properties" USING btree ("unit_number");--> statement-breakpoint
CREATE INDEX "properties_created_date_idx" ON "properties" USING btree ("created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_role_name_key" ON "roles" USING btree ("role_name");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_owner_idx" ON "users" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "auth_accounts_user_idx" ON "auth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_failures_email_idx" ON "auth_failures" USING btree ("email","failed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_email_key" ON "invitations" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_key" ON "sessions" USING btree ("token");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "app_logs_created_idx" ON "app_logs" USING btree ("created_date");--> statement-breakpoint
CREATE INDEX "app_logs_page_idx" ON "app_logs" USING btree ("page_name");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_date");--> statement-breakpoint
CREATE INDEX "bill_line_items_bill_idx" ON "bill_line_items" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_vendor_number_key" ON "bills" USING btree ("vendor_id","bill_number");--> statement-breakpoint
CREATE INDEX "bills_date_idx" ON "bills" USING btree ("bill_date");--> statement-breakpoint
CREATE UNIQUE INDEX "chart_of_accounts_number_key" ON "chart_of_accounts" USING btree ("account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "chart_of_accounts_system_key" ON "chart_of_accounts" USING btree ("system_key");--> statement-breakpoint
CREATE INDEX "invoice_line_items_invoice_idx" ON "invoice_line_items" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_owner_idx" ON "invoices" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("invoice_date");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payment_invoices_payment_idx" ON "payment_invoices" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_invoices_invoice_idx" ON "payment_invoices" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_number_key" ON "payments" USING btree ("payment_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_owner_idx" ON "payments" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("payment_date");--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_key" ON "products" USING btree ("product_code");--> statement-breakpoint
CREATE INDEX "vendors_name_idx" ON "vendors" USING btree ("vendor_name");--> statement-breakpoint
CREATE INDEX "journal_entries_source_idx" ON "journal_entries" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "journal_entries_date_idx" ON "journal_entries" USING btree ("entry_date");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_account_date_idx" ON "journal_lines" USING btree ("account_id","entry_date");--> statement-breakpoint
CREATE INDEX "journal_lines_owner_idx" ON "journal_lines" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "journal_lines_vendor_idx" ON "journal_lines" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "journal_lines_document_idx" ON "journal_lines" USING btree ("document_type","document_id");