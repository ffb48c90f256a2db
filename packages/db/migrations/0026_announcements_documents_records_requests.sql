CREATE TABLE "announcements" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"body_html" text NOT NULL,
	"audience" text NOT NULL,
	"property_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"event_on" date,
	"send_email" boolean DEFAULT false NOT NULL,
	"emailed_at" timestamp with time zone,
	"mail_job_id" text,
	CONSTRAINT "announcements_audience" CHECK ("announcements"."audience" in ('owners', 'residents', 'board', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "association_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"file_id" text NOT NULL,
	"visibility" text NOT NULL,
	"effective_date" date,
	"supersedes_id" text,
	CONSTRAINT "association_documents_category" CHECK ("association_documents"."category" in ('governing', 'rules', 'budget', 'financial', 'minutes', 'contracts', 'insurance', 'other')),
	CONSTRAINT "association_documents_visibility" CHECK ("association_documents"."visibility" in ('public', 'owners', 'board', 'staff')),
	CONSTRAINT "association_documents_not_itself" CHECK ("association_documents"."supersedes_id" is null or "association_documents"."supersedes_id" <> "association_documents"."id")
);
--> statement-breakpoint
CREATE TABLE "records_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"requested_by" text NOT NULL,
	"owner_id" text,
	"description" text NOT NULL,
	"received_on" date NOT NULL,
	"records_fiscal_year" integer NOT NULL,
	"due_on" date,
	"due_rule" text NOT NULL,
	"fulfilled_on" date,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "records_requests_fee" CHECK ("records_requests"."fee_cents" >= 0),
	CONSTRAINT "records_requests_fulfilled" CHECK ("records_requests"."fulfilled_on" is null or "records_requests"."fulfilled_on" >= "records_requests"."received_on")
);
--> statement-breakpoint
ALTER TABLE "association_documents" ADD CONSTRAINT "association_documents_supersedes_id_association_documents_id_fk" FOREIGN KEY ("supersedes_id") REFERENCES "public"."association_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_requests" ADD CONSTRAINT "records_requests_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_publish_idx" ON "announcements" USING btree ("publish_at");--> statement-breakpoint
CREATE INDEX "association_documents_category_idx" ON "association_documents" USING btree ("category","effective_date");--> statement-breakpoint
CREATE INDEX "association_documents_supersedes_idx" ON "association_documents" USING btree ("supersedes_id");--> statement-breakpoint
CREATE INDEX "records_requests_received_idx" ON "records_requests" USING btree ("received_on");--> statement-breakpoint
CREATE INDEX "records_requests_owner_idx" ON "records_requests" USING btree ("owner_id");