CREATE TABLE "work_order_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"work_order_id" text NOT NULL,
	"body" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"author_id" text,
	"author_name" text
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"title" text NOT NULL,
	"description" text,
	"property_id" text,
	"category" text DEFAULT 'general' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"vendor_id" text,
	"requested_by" text,
	"requested_by_name" text,
	"owner_id" text,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bill_id" text,
	"submitted_on" date NOT NULL,
	"status_changed_on" date,
	CONSTRAINT "work_orders_priority" CHECK ("work_orders"."priority" in ('low', 'normal', 'high', 'emergency')),
	CONSTRAINT "work_orders_status" CHECK ("work_orders"."status" in ('open', 'in_progress', 'deferred', 'completed', 'closed', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "architectural_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"property_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"conditions" text,
	"decision_reason" text,
	"decided_on" date,
	"decided_by" text,
	"submitted_on" date NOT NULL,
	"respond_by" date NOT NULL,
	"appeal_reason" text,
	"appealed_on" date,
	"withdrawn_on" date,
	"decision" text,
	"original_decision" text,
	CONSTRAINT "architectural_requests_status" CHECK ("architectural_requests"."status" in ('submitted', 'under_review', 'approved', 'approved_with_conditions', 'denied', 'withdrawn', 'appealed', 'reconsidered'))
);
--> statement-breakpoint
ALTER TABLE "work_order_comments" ADD CONSTRAINT "work_order_comments_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "architectural_requests" ADD CONSTRAINT "architectural_requests_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "architectural_requests" ADD CONSTRAINT "architectural_requests_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_order_comments_order_idx" ON "work_order_comments" USING btree ("work_order_id","created_date");--> statement-breakpoint
CREATE INDEX "work_orders_status_idx" ON "work_orders" USING btree ("status","created_date");--> statement-breakpoint
CREATE INDEX "work_orders_owner_idx" ON "work_orders" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "work_orders_property_idx" ON "work_orders" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "architectural_requests_owner_idx" ON "architectural_requests" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "architectural_requests_status_idx" ON "architectural_requests" USING btree ("status","submitted_on");