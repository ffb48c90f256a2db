ALTER TABLE "invitations" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_owner_idx" ON "invitations" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "invoices_cancelled_date_idx" ON "invoices" USING btree ("cancelled_date") WHERE "invoices"."cancelled_date" is not null;--> statement-breakpoint
CREATE INDEX "payment_invoices_applied_date_idx" ON "payment_invoices" USING btree ("applied_date");--> statement-breakpoint
CREATE INDEX "payment_invoices_reversed_date_idx" ON "payment_invoices" USING btree ("reversed_date") WHERE "payment_invoices"."reversed_date" is not null;
