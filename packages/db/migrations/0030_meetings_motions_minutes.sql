CREATE TABLE "meeting_motion_votes" (
	"id" text PRIMARY KEY NOT NULL,
	"motion_id" text NOT NULL,
	"user_id" text NOT NULL,
	"vote" text NOT NULL,
	CONSTRAINT "meeting_motion_votes_vote" CHECK ("meeting_motion_votes"."vote" in ('yes', 'no', 'abstain', 'absent'))
);
--> statement-breakpoint
CREATE TABLE "meeting_motions" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"meeting_id" text NOT NULL,
	"text" text NOT NULL,
	"moved_by" text,
	"seconded_by" text,
	"result" text NOT NULL,
	CONSTRAINT "meeting_motions_result" CHECK ("meeting_motions"."result" in ('passed', 'failed', 'tabled'))
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"location" text,
	"video_url" text,
	"agenda" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"considers_assessments" boolean DEFAULT false NOT NULL,
	"notice_sent_on" date,
	"minutes" text,
	"minutes_status" text DEFAULT 'draft' NOT NULL,
	"minutes_approved_at_meeting_id" text,
	"minutes_document_id" text,
	"attendee_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "meetings_kind" CHECK ("meetings"."kind" in ('board', 'annual', 'special', 'committee')),
	CONSTRAINT "meetings_minutes_status" CHECK ("meetings"."minutes_status" in ('draft', 'approved'))
);
--> statement-breakpoint
ALTER TABLE "meeting_motion_votes" ADD CONSTRAINT "meeting_motion_votes_motion_id_meeting_motions_id_fk" FOREIGN KEY ("motion_id") REFERENCES "public"."meeting_motions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_motions" ADD CONSTRAINT "meeting_motions_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_minutes_approved_at_meeting_id_meetings_id_fk" FOREIGN KEY ("minutes_approved_at_meeting_id") REFERENCES "public"."meetings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_minutes_document_id_association_documents_id_fk" FOREIGN KEY ("minutes_document_id") REFERENCES "public"."association_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_motion_votes_key" ON "meeting_motion_votes" USING btree ("motion_id","user_id");--> statement-breakpoint
CREATE INDEX "meeting_motions_meeting_idx" ON "meeting_motions" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "meetings_starts_idx" ON "meetings" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "meetings_approved_at_idx" ON "meetings" USING btree ("minutes_approved_at_meeting_id");