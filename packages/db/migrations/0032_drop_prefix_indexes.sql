DROP INDEX "invoices_date_idx";--> statement-breakpoint
DROP INDEX "payments_date_idx";--> statement-breakpoint
DROP INDEX "journal_entries_date_idx";