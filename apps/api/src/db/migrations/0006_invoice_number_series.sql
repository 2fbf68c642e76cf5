CREATE TABLE "invoice_number_series" (
	"installer_id" integer PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_number_series_prefix_check" CHECK ("invoice_number_series"."prefix" ~ '^[A-Z0-9]{1,16}$'),
	CONSTRAINT "invoice_number_series_last_number_check" CHECK ("invoice_number_series"."last_number" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_number_series" ADD CONSTRAINT "invoice_number_series_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_number_series_prefix_unique" ON "invoice_number_series" USING btree ("prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_installer_number_unique" ON "invoices" USING btree ("installer_id","number");--> statement-breakpoint
-- Backfill (decision 009): an installer whose invoices already carry a series PREFIX-n (the demo's EAF-1040,
-- EAFN-1041, CVT-1043 …; the old runtime INV-100012 is not a series) continues it: its prefix is the one of
-- its latest such invoice, its last number the highest n with that prefix. A prefix claimed by two installers
-- stays with the lower id; the other, like every installer without a series, gets a new prefix derived from
-- its name at its next invoice. Existing rows keep their numbers. (ON CONFLICT: an installer that has a series
-- keeps it, so the statement can run again.)
WITH numbered AS (
  SELECT i.installer_id, i.id, regexp_match(n.value, '^([A-Z0-9]{1,16})-([0-9]{1,9})$') AS m
  FROM invoices i CROSS JOIN LATERAL unnest(ARRAY[i.customer_facing_number, i.number]) AS n(value)
), series AS (
  SELECT installer_id, id, m[1] AS prefix, m[2]::integer AS seq
  FROM numbered
  WHERE m IS NOT NULL AND m[1] <> 'INV'
), latest AS (
  SELECT DISTINCT ON (installer_id) installer_id, prefix FROM series ORDER BY installer_id, id DESC
), claimed AS (
  SELECT l.installer_id, l.prefix,
    (SELECT max(s.seq) FROM series s WHERE s.installer_id = l.installer_id AND s.prefix = l.prefix) AS last_number,
    row_number() OVER (PARTITION BY l.prefix ORDER BY l.installer_id) AS claim
  FROM latest l
)
INSERT INTO invoice_number_series (installer_id, prefix, last_number)
SELECT installer_id, prefix, last_number FROM claimed WHERE claim = 1
ON CONFLICT DO NOTHING;
