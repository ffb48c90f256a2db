ALTER TYPE "public"."app_role" ADD VALUE 'board_member';--> statement-breakpoint
ALTER TYPE "public"."resource_key" ADD VALUE 'violations';--> statement-breakpoint
ALTER TYPE "public"."resource_key" ADD VALUE 'architectural_requests';--> statement-breakpoint
ALTER TYPE "public"."resource_key" ADD VALUE 'work_orders';--> statement-breakpoint
ALTER TYPE "public"."resource_key" ADD VALUE 'announcements';--> statement-breakpoint
ALTER TYPE "public"."resource_key" ADD VALUE 'documents';--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "arc_response_days" integer DEFAULT 45 NOT NULL;--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_arc_response_days_range" CHECK ("org_settings"."arc_response_days" between 1 and 365);