ALTER TABLE "org_settings" ADD COLUMN "transfer_fee" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "owner_properties" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "owner_properties" ADD CONSTRAINT "owner_properties_dates" CHECK ("owner_properties"."end_date" is null or "owner_properties"."end_date" >= "owner_properties"."start_date");