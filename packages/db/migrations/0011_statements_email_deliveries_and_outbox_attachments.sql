CREATE TABLE "outbox_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"outbox_id" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"document_id" text,
	"document_label" text NOT NULL,
	"to" text,
	"subject" text,
	"status" text NOT NULL,
	"error" text,
	"job_id" text,
	"sent_by" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_deliveries_status" CHECK ("email_deliveries"."status" in ('sent', 'outbox', 'skipped', 'failed')),
	CONSTRAINT "email_deliveries_kind" CHECK ("email_deliveries"."kind" in ('invoice', 'statement'))
);
--> statement-breakpoint
CREATE TABLE "mail_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_by" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_date" timestamp with time zone,
	CONSTRAINT "mail_jobs_status" CHECK ("mail_jobs"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_attachments_outbox_idx" ON "outbox_attachments" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "email_deliveries_owner_idx" ON "email_deliveries" USING btree ("owner_id","created_date");--> statement-breakpoint
CREATE INDEX "mail_jobs_created_idx" ON "mail_jobs" USING btree ("created_date");--> statement-breakpoint
CREATE INDEX "journal_lines_owner_date_idx" ON "journal_lines" USING btree ("owner_id","entry_date");