ALTER TYPE "public"."resource_key" ADD VALUE 'meetings';--> statement-breakpoint
ALTER TYPE "public"."resource_key" ADD VALUE 'votes';--> statement-breakpoint
ALTER TYPE "public"."resource_key" ADD VALUE 'estoppel';--> statement-breakpoint
CREATE TABLE "vote_ballots" (
	"id" text PRIMARY KEY NOT NULL,
	"vote_id" text NOT NULL,
	"seq" integer NOT NULL,
	"weight" text NOT NULL,
	"quorum_weight" text,
	"answers" jsonb NOT NULL,
	"receipt" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_electorate" (
	"id" text PRIMARY KEY NOT NULL,
	"vote_id" text NOT NULL,
	"property_id" text NOT NULL,
	"weight" numeric(30, 10) NOT NULL,
	"quorum_weight" numeric(30, 10),
	"eligible" boolean NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "vote_participation" (
	"id" text PRIMARY KEY NOT NULL,
	"vote_id" text NOT NULL,
	"property_id" text NOT NULL,
	"method" text NOT NULL,
	"cast_by" text NOT NULL,
	"cast_on" date NOT NULL,
	"ballot_seq" integer,
	CONSTRAINT "vote_participation_method" CHECK ("vote_participation"."method" in ('electronic', 'paper', 'proxy'))
);
--> statement-breakpoint
CREATE TABLE "vote_proxies" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"vote_id" text NOT NULL,
	"property_id" text NOT NULL,
	"holder_user_id" text NOT NULL,
	"assigned_by" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"is_assessment" boolean DEFAULT false NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"weight_basis" text DEFAULT 'unit' NOT NULL,
	"quorum_basis" text DEFAULT 'unit' NOT NULL,
	"quorum_percent" text NOT NULL,
	"majority" text DEFAULT 'simple' NOT NULL,
	"majority_percent" text,
	"abstain_counts_for_quorum" boolean DEFAULT true NOT NULL,
	"secret" boolean DEFAULT false NOT NULL,
	"electronic" boolean DEFAULT true NOT NULL,
	"inspector_user_id" text,
	"questions" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "votes_kind" CHECK ("votes"."kind" in ('election', 'measure')),
	CONSTRAINT "votes_status" CHECK ("votes"."status" in ('draft', 'open', 'closed')),
	CONSTRAINT "votes_bases" CHECK ("votes"."weight_basis" in ('unit', 'share') and "votes"."quorum_basis" in ('unit', 'share')),
	CONSTRAINT "votes_majority" CHECK ("votes"."majority" in ('simple', 'two_thirds', 'percent'))
);
--> statement-breakpoint
ALTER TABLE "vote_ballots" ADD CONSTRAINT "vote_ballots_vote_id_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."votes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_electorate" ADD CONSTRAINT "vote_electorate_vote_id_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."votes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_electorate" ADD CONSTRAINT "vote_electorate_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_participation" ADD CONSTRAINT "vote_participation_vote_id_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."votes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_participation" ADD CONSTRAINT "vote_participation_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_proxies" ADD CONSTRAINT "vote_proxies_vote_id_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."votes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_proxies" ADD CONSTRAINT "vote_proxies_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vote_ballots_seq_key" ON "vote_ballots" USING btree ("vote_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_ballots_receipt_key" ON "vote_ballots" USING btree ("vote_id","receipt");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_electorate_unit_key" ON "vote_electorate" USING btree ("vote_id","property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_participation_unit_key" ON "vote_participation" USING btree ("vote_id","property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_proxies_active_key" ON "vote_proxies" USING btree ("vote_id","property_id") WHERE "vote_proxies"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "vote_proxies_holder_idx" ON "vote_proxies" USING btree ("holder_user_id","vote_id");--> statement-breakpoint
CREATE INDEX "votes_status_idx" ON "votes" USING btree ("status","created_date");--> statement-breakpoint
CREATE OR REPLACE FUNCTION vote_ballots_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the ballot log is append-only (% on %): a cast ballot is never changed or removed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER vote_ballots_append_only BEFORE UPDATE OR DELETE ON vote_ballots FOR EACH ROW EXECUTE FUNCTION vote_ballots_refuse_change();--> statement-breakpoint
CREATE TRIGGER vote_ballots_no_truncate BEFORE TRUNCATE ON vote_ballots FOR EACH STATEMENT EXECUTE FUNCTION vote_ballots_refuse_change();
