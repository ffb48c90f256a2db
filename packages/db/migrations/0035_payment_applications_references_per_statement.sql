-- The links between payments and invoices refer to them as foreign keys did, checked once per statement over the
-- rows it wrote instead of once per row and column (issue 18: a 5,000-debit ACH file writes some 35,000 links in
-- one statement; the two foreign keys' 70,000 row-by-row lookups were more than half of that insert). The same rule:
-- each referenced payment and invoice is locked FOR KEY SHARE, as a foreign key locks it (it cannot be deleted
-- until this transaction ends), and a missing one is refused with the foreign-key error (SQLSTATE 23503, the same
-- "Key (...)=(...) is not present" detail). Deleting a payment or an invoice that links refer to, or changing its
-- id, is refused with the error a foreign key without a cascade gives; nothing deletes either (both are hidden,
-- never deleted: the cascade the foreign keys declared was never used).
ALTER TABLE "payment_invoices" DROP CONSTRAINT "payment_invoices_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_invoices" DROP CONSTRAINT "payment_invoices_invoice_id_invoices_id_fk";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_links_references_exist() RETURNS trigger AS $$
DECLARE
  missing text;
BEGIN
  PERFORM 1 FROM payments WHERE id IN (SELECT DISTINCT payment_id FROM new_links) FOR KEY SHARE;
  SELECT l.payment_id INTO missing FROM (SELECT DISTINCT payment_id FROM new_links) l WHERE NOT EXISTS (SELECT 1 FROM payments p WHERE p.id = l.payment_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "payment_invoices" refers to a payment that does not exist' USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (payment_id)=(%s) is not present in table "payments".', missing);
  END IF;
  PERFORM 1 FROM invoices WHERE id IN (SELECT DISTINCT invoice_id FROM new_links) FOR KEY SHARE;
  SELECT l.invoice_id INTO missing FROM (SELECT DISTINCT invoice_id FROM new_links) l WHERE NOT EXISTS (SELECT 1 FROM invoices p WHERE p.id = l.invoice_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "payment_invoices" refers to an invoice that does not exist' USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (invoice_id)=(%s) is not present in table "invoices".', missing);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER payment_invoices_references AFTER INSERT ON payment_invoices REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION payment_links_references_exist();--> statement-breakpoint
CREATE TRIGGER payment_invoices_references_changed AFTER UPDATE ON payment_invoices REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION payment_links_references_exist();--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_links_refuse_orphans() RETURNS trigger AS $$
DECLARE
  referenced boolean;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.id = OLD.id THEN
    RETURN NULL;
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM payment_invoices WHERE %I = $1)', TG_ARGV[0]) INTO referenced USING OLD.id;
  IF referenced THEN
    RAISE EXCEPTION 'update or delete on table "%" is refused: payment applications refer to it', TG_TABLE_NAME USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (id)=(%s) is still referenced from table "payment_invoices".', OLD.id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER payment_invoices_refer_payment AFTER DELETE OR UPDATE OF id ON payments FOR EACH ROW EXECUTE FUNCTION payment_links_refuse_orphans('payment_id');--> statement-breakpoint
CREATE TRIGGER payment_invoices_refer_invoice AFTER DELETE OR UPDATE OF id ON invoices FOR EACH ROW EXECUTE FUNCTION payment_links_refuse_orphans('invoice_id');
