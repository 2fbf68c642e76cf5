CREATE TABLE "request_list_counts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch" text NOT NULL,
	"state" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_offers" ADD COLUMN "request_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "request_offers" ADD COLUMN "request_available_date" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "request_list_counts_key_idx" ON "request_list_counts" USING btree ("company_id","branch","state","n");--> statement-breakpoint
CREATE INDEX "request_offers_open_offered_idx" ON "request_offers" USING btree ("installer_id","request_available_date","request_id") WHERE "request_offers"."current_status" = 'offered' and "request_offers"."request_open";--> statement-breakpoint
-- Decision 016: list counts kept by the writing transaction, and the open-offer copies of request_offers.
-- The keys a request counts under (reviewed and deleted requests are in no list, so they count nowhere).
CREATE FUNCTION request_list_keys(p_type text, p_dealer int, p_requestor_installer int, p_assigned int,
    p_state text, p_sign int)
  RETURNS TABLE (company_id int, branch text, state text, n int)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT p_dealer, 'dealer', p_state, p_sign
    WHERE p_type = 'dealer' AND p_dealer IS NOT NULL AND p_state NOT IN ('reviewed', 'deleted')
  UNION ALL
  SELECT p_requestor_installer, 'estimate', p_state, p_sign
    WHERE p_type = 'installer' AND p_requestor_installer IS NOT NULL AND p_state NOT IN ('reviewed', 'deleted')
  UNION ALL
  SELECT p_assigned, 'assigned_' || p_type, p_state, p_sign
    WHERE p_assigned IS NOT NULL AND p_state NOT IN ('reviewed', 'deleted')
$$;
--> statement-breakpoint
-- An offer counts in its installer's 'offered' branch while it is 'offered' on an open dealer request.
CREATE FUNCTION request_offer_list_keys(p_installer int, p_status text, p_open boolean, p_sign int)
  RETURNS TABLE (company_id int, branch text, state text, n int)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT p_installer, 'offered', 'new', p_sign WHERE p_status = 'offered' AND p_open
$$;
--> statement-breakpoint
-- Statement triggers: the statement's net change per key, appended in key order (no row is ever updated,
-- so two transactions never wait for each other here).
CREATE FUNCTION request_list_count_requests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO request_list_counts (company_id, branch, state, n)
    SELECT k.company_id, k.branch, k.state, sum(k.n)::int
    FROM new_rows r, request_list_keys(r.request_type, r.requestor_dealer_id, r.requestor_installer_id,
                                       r.assigned_installer_id, r.current_state, 1) k
    GROUP BY 1, 2, 3 HAVING sum(k.n) <> 0 ORDER BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO request_list_counts (company_id, branch, state, n)
    SELECT k.company_id, k.branch, k.state, sum(k.n)::int
    FROM old_rows r, request_list_keys(r.request_type, r.requestor_dealer_id, r.requestor_installer_id,
                                       r.assigned_installer_id, r.current_state, -1) k
    GROUP BY 1, 2, 3 HAVING sum(k.n) <> 0 ORDER BY 1, 2, 3;
  ELSE
    INSERT INTO request_list_counts (company_id, branch, state, n)
    SELECT k.company_id, k.branch, k.state, sum(k.n)::int
    FROM (
      SELECT k.* FROM old_rows r, request_list_keys(r.request_type, r.requestor_dealer_id,
        r.requestor_installer_id, r.assigned_installer_id, r.current_state, -1) k
      UNION ALL
      SELECT k.* FROM new_rows r, request_list_keys(r.request_type, r.requestor_dealer_id,
        r.requestor_installer_id, r.assigned_installer_id, r.current_state, 1) k
    ) k
    GROUP BY 1, 2, 3 HAVING sum(k.n) <> 0 ORDER BY 1, 2, 3;
    -- Keep the offers' copies of the request (which fires their own count trigger).
    UPDATE request_offers o
    SET request_open = (n.request_type = 'dealer' AND n.current_state = 'new'),
        request_available_date = n.available_date
    FROM new_rows n
    WHERE o.request_id = n.id
      AND (o.request_open IS DISTINCT FROM (n.request_type = 'dealer' AND n.current_state = 'new')
           OR o.request_available_date IS DISTINCT FROM n.available_date);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION request_list_count_offers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO request_list_counts (company_id, branch, state, n)
    SELECT k.company_id, k.branch, k.state, sum(k.n)::int
    FROM new_rows r, request_offer_list_keys(r.installer_id, r.current_status, r.request_open, 1) k
    GROUP BY 1, 2, 3 HAVING sum(k.n) <> 0 ORDER BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO request_list_counts (company_id, branch, state, n)
    SELECT k.company_id, k.branch, k.state, sum(k.n)::int
    FROM old_rows r, request_offer_list_keys(r.installer_id, r.current_status, r.request_open, -1) k
    GROUP BY 1, 2, 3 HAVING sum(k.n) <> 0 ORDER BY 1, 2, 3;
  ELSE
    INSERT INTO request_list_counts (company_id, branch, state, n)
    SELECT k.company_id, k.branch, k.state, sum(k.n)::int
    FROM (
      SELECT k.* FROM old_rows r, request_offer_list_keys(r.installer_id, r.current_status, r.request_open, -1) k
      UNION ALL
      SELECT k.* FROM new_rows r, request_offer_list_keys(r.installer_id, r.current_status, r.request_open, 1) k
    ) k
    GROUP BY 1, 2, 3 HAVING sum(k.n) <> 0 ORDER BY 1, 2, 3;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A new offer copies its request.
CREATE FUNCTION request_offer_copy_request() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT sr.request_type = 'dealer' AND sr.current_state = 'new', sr.available_date
    INTO NEW.request_open, NEW.request_available_date
  FROM service_requests sr WHERE sr.id = NEW.request_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Folds each key's deltas into one row (zero sums disappear); any process may run it at any time.
CREATE FUNCTION compact_request_list_counts(max_keys int DEFAULT 10000) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  folded int;
BEGIN
  WITH keys AS (
    SELECT company_id, branch, state FROM request_list_counts
    GROUP BY 1, 2, 3 HAVING count(*) > 1 OR sum(n) = 0 LIMIT max_keys
  ), gone AS (
    DELETE FROM request_list_counts c USING keys k
    WHERE c.company_id = k.company_id AND c.branch = k.branch AND c.state = k.state
    RETURNING c.company_id, c.branch, c.state, c.n
  ), kept AS (
    INSERT INTO request_list_counts (company_id, branch, state, n)
    SELECT company_id, branch, state, sum(n)::int FROM gone GROUP BY 1, 2, 3 HAVING sum(n) <> 0
    ORDER BY 1, 2, 3
    RETURNING 1
  )
  SELECT count(*)::int INTO folded FROM gone;
  RETURN folded;
END $$;
--> statement-breakpoint
-- Today's rows: the offers' copies, then the counts, before the triggers exist.
UPDATE request_offers o
SET request_open = (sr.request_type = 'dealer' AND sr.current_state = 'new'), request_available_date = sr.available_date
FROM service_requests sr WHERE sr.id = o.request_id;
--> statement-breakpoint
INSERT INTO request_list_counts (company_id, branch, state, n)
SELECT company_id, branch, state, sum(n)::int FROM (
  SELECT k.* FROM service_requests r, request_list_keys(r.request_type, r.requestor_dealer_id,
    r.requestor_installer_id, r.assigned_installer_id, r.current_state, 1) k
  UNION ALL
  SELECT k.* FROM request_offers o, request_offer_list_keys(o.installer_id, o.current_status, o.request_open, 1) k
) k GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER request_offer_copy_request BEFORE INSERT ON request_offers FOR EACH ROW
  EXECUTE FUNCTION request_offer_copy_request();
--> statement-breakpoint
DO $$
DECLARE
  op text;
  refs text;
BEGIN
  FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
    refs := CASE op WHEN 'insert' THEN 'NEW TABLE AS new_rows'
                    WHEN 'update' THEN 'OLD TABLE AS old_rows NEW TABLE AS new_rows'
                    ELSE 'OLD TABLE AS old_rows' END;
    EXECUTE format('CREATE TRIGGER list_counts_%1$s AFTER %1$s ON service_requests REFERENCING %2$s FOR EACH STATEMENT EXECUTE FUNCTION request_list_count_requests()', op, refs);
    EXECUTE format('CREATE TRIGGER list_counts_%1$s AFTER %1$s ON request_offers REFERENCING %2$s FOR EACH STATEMENT EXECUTE FUNCTION request_list_count_offers()', op, refs);
  END LOOP;
END $$;
