-- Natural order of unit numbers ("2" < "10" < "10A" < "B-3"), the same on PGlite and PostgreSQL: each run of
-- digits becomes its length (3 digits) and its digits without leading zeros, each other run is lower-cased;
-- keys compare bytewise (COLLATE "C"), where digits sort before letters.
CREATE OR REPLACE FUNCTION natural_sort_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(string_agg(
    CASE WHEN m.part[1] ~ '^[0-9]' THEN lpad(length(ltrim(m.part[1], '0'))::text, 3, '0') || ltrim(m.part[1], '0')
         ELSE lower(m.part[1]) END, '' ORDER BY m.n), '')
  FROM regexp_matches(value, '[0-9]+|[^0-9]+', 'g') WITH ORDINALITY AS m(part, n)
$$;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "unit_sort_key" text GENERATED ALWAYS AS (natural_sort_key("unit_number")) STORED;--> statement-breakpoint
CREATE INDEX "properties_unit_sort_idx" ON "properties" USING btree ("unit_sort_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "users_created_date_idx" ON "users" USING btree ("created_date");--> statement-breakpoint
CREATE INDEX "bills_date_created_idx" ON "bills" USING btree ("bill_date","created_date");--> statement-breakpoint
CREATE INDEX "invoices_date_number_idx" ON "invoices" USING btree ("invoice_date","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_property_idx" ON "invoices" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "payments_date_number_idx" ON "payments" USING btree ("payment_date","payment_number");--> statement-breakpoint
CREATE INDEX "vendors_created_date_idx" ON "vendors" USING btree ("created_date");