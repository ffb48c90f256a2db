DROP INDEX "audit_log_action_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
CREATE INDEX "bills_number_sort_idx" ON "bills" USING btree ("bill_number","id");--> statement-breakpoint
CREATE INDEX "bills_due_date_sort_idx" ON "bills" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "bills_total_sort_idx" ON "bills" USING btree ("total_amount","id");--> statement-breakpoint
CREATE INDEX "bills_balance_sort_idx" ON "bills" USING btree ("balance_due","id");--> statement-breakpoint
CREATE INDEX "invoices_due_date_sort_idx" ON "invoices" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_total_sort_idx" ON "invoices" USING btree ("total_amount","id");--> statement-breakpoint
CREATE INDEX "invoices_balance_sort_idx" ON "invoices" USING btree ("balance_due","id");--> statement-breakpoint
CREATE INDEX "payments_amount_sort_idx" ON "payments" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "payments_reference_sort_idx" ON "payments" USING btree ("reference_number","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_date","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_email","created_date","id");