CREATE TABLE "invoice_dealer_months" (
	"dealer_id" integer NOT NULL,
	"month" date NOT NULL,
	"invoices" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	CONSTRAINT "invoice_dealer_months_dealer_id_month_pk" PRIMARY KEY("dealer_id","month")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dealer_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_number_lower_idx" ON "invoices" USING btree (lower("number"));--> statement-breakpoint
CREATE INDEX "invoices_installer_dealer_date_idx" ON "invoices" USING btree ("installer_id","dealer_id","invoice_date") WHERE "invoices"."dealer_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_installer_retail_idx" ON "invoices" USING btree ("installer_id","customer_id") WHERE "invoices"."dealer_id" is null;--> statement-breakpoint
CREATE INDEX "payments_dealer_date_idx" ON "payments" USING btree ("dealer_id","payment_date") WHERE "payments"."dealer_id" is not null;--> statement-breakpoint
-- Decision 029, direct payees: a payment carries its invoice's dealership, so a dealership's payments of a
-- period are one range of payments_dealer_date_idx. Set from the invoice on every insert (writers leave it
-- out) and whenever a statement names invoice_id or dealer_id, so the copy cannot be written otherwise. The
-- invoice is read FOR SHARE: a transaction moving the invoice to another dealership either commits first (and
-- this reads its dealership) or waits for this one (and its trigger below then finds this payment).
CREATE FUNCTION payments_copy_invoice_dealer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.invoice_id IS NULL THEN
    NEW.dealer_id := NULL;
  ELSE
    SELECT i.dealer_id INTO NEW.dealer_id FROM invoices i WHERE i.id = NEW.invoice_id FOR SHARE;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_invoice_dealer BEFORE INSERT OR UPDATE OF invoice_id, dealer_id ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_copy_invoice_dealer();
--> statement-breakpoint
-- An invoice billed to another dealership (or to none: its dealership deleted) takes its payments along.
CREATE FUNCTION invoices_dealer_to_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payments SET dealer_id = NEW.dealer_id WHERE invoice_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_dealer_to_payments AFTER UPDATE OF dealer_id ON invoices
  FOR EACH ROW WHEN (OLD.dealer_id IS DISTINCT FROM NEW.dealer_id)
  EXECUTE FUNCTION invoices_dealer_to_payments();
--> statement-breakpoint
UPDATE payments p SET dealer_id = i.dealer_id FROM invoices i WHERE i.id = p.invoice_id AND i.dealer_id IS NOT NULL;
--> statement-breakpoint
-- Decision 029, statement months: what an invoice adds to its dealership's month (UTC month of its invoice
-- date), if it is open or paid and billed to a dealership: one invoice and its amount due.
CREATE FUNCTION invoice_dealer_month_keys(p_dealer int, p_status text, p_date timestamptz, p_cents int, p_sign int)
  RETURNS TABLE (dealer_id int, month date, invoices int, total_cents bigint)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT p_dealer, date_trunc('month', p_date AT TIME ZONE 'UTC')::date, p_sign, p_sign * p_cents::bigint
  WHERE p_dealer IS NOT NULL AND p_status IN ('open', 'paid')
$$;
--> statement-breakpoint
-- Each change of an invoice that moves its contribution adds the difference to the kept rows, in the writing
-- transaction: the month it leaves (OLD, null on insert) and the one it enters (NEW, null on delete), in key
-- order. A change that moves nothing (open to paid, a payment, a PO) does not fire it, so it waits for no one.
CREATE FUNCTION invoice_dealer_months_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_dealer_months AS m (dealer_id, month, invoices, total_cents)
  SELECT k.dealer_id, k.month, sum(k.invoices)::int, sum(k.total_cents)::bigint
  FROM (
    SELECT * FROM invoice_dealer_month_keys(OLD.dealer_id, OLD.status, OLD.invoice_date, OLD.amount_due_cents, -1)
    UNION ALL
    SELECT * FROM invoice_dealer_month_keys(NEW.dealer_id, NEW.status, NEW.invoice_date, NEW.amount_due_cents, 1)
  ) k
  GROUP BY 1, 2 HAVING sum(k.invoices) <> 0 OR sum(k.total_cents) <> 0 ORDER BY 1, 2
  ON CONFLICT (dealer_id, month) DO UPDATE
    SET invoices = m.invoices + excluded.invoices, total_cents = m.total_cents + excluded.total_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_dealer_months_insert AFTER INSERT ON invoices FOR EACH ROW
  WHEN (NEW.dealer_id IS NOT NULL AND NEW.status IN ('open', 'paid'))
  EXECUTE FUNCTION invoice_dealer_months_count();
--> statement-breakpoint
CREATE TRIGGER invoice_dealer_months_update AFTER UPDATE ON invoices FOR EACH ROW
  WHEN (OLD.dealer_id IS DISTINCT FROM NEW.dealer_id OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.invoice_date IS DISTINCT FROM NEW.invoice_date OR OLD.amount_due_cents IS DISTINCT FROM NEW.amount_due_cents)
  EXECUTE FUNCTION invoice_dealer_months_count();
--> statement-breakpoint
CREATE TRIGGER invoice_dealer_months_delete AFTER DELETE ON invoices FOR EACH ROW
  WHEN (OLD.dealer_id IS NOT NULL AND OLD.status IN ('open', 'paid'))
  EXECUTE FUNCTION invoice_dealer_months_count();
--> statement-breakpoint
-- Today's invoices, in the migration's transaction with the triggers (no write falls between).
INSERT INTO invoice_dealer_months (dealer_id, month, invoices, total_cents)
SELECT k.dealer_id, k.month, sum(k.invoices)::int, sum(k.total_cents)::bigint
FROM invoices i, invoice_dealer_month_keys(i.dealer_id, i.status, i.invoice_date, i.amount_due_cents, 1) k
GROUP BY 1, 2 ORDER BY 1, 2;
