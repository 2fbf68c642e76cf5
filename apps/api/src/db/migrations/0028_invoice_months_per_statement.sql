-- Decision 029, statement months: the kept (dealership, month) rows were written once per invoice by row
-- triggers, so a statement writing many invoices of one dealership and month (an import, the bench's seed)
-- updated the same row once per invoice, each update walking the versions the previous ones left in its
-- transaction: 650,000 invoices took 11 minutes. Statement triggers sum a statement's invoices per key
-- first (its transition tables) and write each key once, in key order, as the referrals' counts do (0024).
-- A statement that moves nothing (open to paid, a payment, a PO) still writes nothing, so it waits for no one.
DROP TRIGGER invoice_dealer_months_insert ON invoices;
--> statement-breakpoint
DROP TRIGGER invoice_dealer_months_update ON invoices;
--> statement-breakpoint
DROP TRIGGER invoice_dealer_months_delete ON invoices;
--> statement-breakpoint
DROP FUNCTION invoice_dealer_months_count();
--> statement-breakpoint
CREATE FUNCTION invoice_dealer_months_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_dealer_months AS m (dealer_id, month, invoices, total_cents)
    SELECT k.dealer_id, k.month, sum(k.invoices)::int, sum(k.total_cents)::bigint
    FROM new_rows r, invoice_dealer_month_keys(r.dealer_id, r.status, r.invoice_date, r.amount_due_cents, 1) k
    GROUP BY 1, 2 HAVING sum(k.invoices) <> 0 OR sum(k.total_cents) <> 0 ORDER BY 1, 2
    ON CONFLICT (dealer_id, month) DO UPDATE
      SET invoices = m.invoices + excluded.invoices, total_cents = m.total_cents + excluded.total_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO invoice_dealer_months AS m (dealer_id, month, invoices, total_cents)
    SELECT k.dealer_id, k.month, sum(k.invoices)::int, sum(k.total_cents)::bigint
    FROM old_rows r, invoice_dealer_month_keys(r.dealer_id, r.status, r.invoice_date, r.amount_due_cents, -1) k
    GROUP BY 1, 2 HAVING sum(k.invoices) <> 0 OR sum(k.total_cents) <> 0 ORDER BY 1, 2
    ON CONFLICT (dealer_id, month) DO UPDATE
      SET invoices = m.invoices + excluded.invoices, total_cents = m.total_cents + excluded.total_cents;
  ELSE
    INSERT INTO invoice_dealer_months AS m (dealer_id, month, invoices, total_cents)
    SELECT k.dealer_id, k.month, sum(k.invoices)::int, sum(k.total_cents)::bigint
    FROM (
      SELECT k.* FROM old_rows r,
        invoice_dealer_month_keys(r.dealer_id, r.status, r.invoice_date, r.amount_due_cents, -1) k
      UNION ALL
      SELECT k.* FROM new_rows r,
        invoice_dealer_month_keys(r.dealer_id, r.status, r.invoice_date, r.amount_due_cents, 1) k
    ) k
    GROUP BY 1, 2 HAVING sum(k.invoices) <> 0 OR sum(k.total_cents) <> 0 ORDER BY 1, 2
    ON CONFLICT (dealer_id, month) DO UPDATE
      SET invoices = m.invoices + excluded.invoices, total_cents = m.total_cents + excluded.total_cents;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_dealer_months_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_dealer_months_count();
--> statement-breakpoint
CREATE TRIGGER invoice_dealer_months_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_dealer_months_count();
--> statement-breakpoint
CREATE TRIGGER invoice_dealer_months_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_dealer_months_count();
