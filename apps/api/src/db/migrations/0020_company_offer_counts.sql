ALTER TABLE "request_offers" ADD COLUMN "request_deleted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "request_offers" ADD COLUMN "awaiting_dealer_id" integer;--> statement-breakpoint
-- Decision 016, 6: GET /requestOffered/{typeId} reads an exact total kept like the lists' (was: counted up
-- to 1,000 per call). Two more copies of the request on its offers (today's rows first, while the old
-- triggers see no key change in them), the two new keys' counts, then the triggers that keep them.
UPDATE request_offers o
SET request_deleted = (sr.deleted_at IS NOT NULL),
    awaiting_dealer_id = CASE WHEN sr.request_type = 'dealer' AND sr.current_state = 'answered'
                              AND sr.deleted_at IS NULL THEN sr.requestor_dealer_id END
FROM service_requests sr
WHERE sr.id = o.request_id
  AND (sr.deleted_at IS NOT NULL OR (sr.request_type = 'dealer' AND sr.current_state = 'answered'));
--> statement-breakpoint
DROP FUNCTION request_offer_list_keys(int, text, boolean, int);
--> statement-breakpoint
-- An offer counts in its installer's 'offered' branch while it is 'offered' on an open dealer request; in
-- its installer's offers ('company_offers_installer', 'live') while neither it nor its request is deleted;
-- in the dealership's offers ('company_offers_dealer', 'accepted') while it is the accepted quote on a
-- request awaiting that dealership's choice.
CREATE FUNCTION request_offer_list_keys(p_installer int, p_status text, p_open boolean,
    p_request_deleted boolean, p_awaiting_dealer int, p_sign int)
  RETURNS TABLE (company_id int, branch text, state text, n int)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT p_installer, 'offered', 'new', p_sign WHERE p_status = 'offered' AND p_open
  UNION ALL
  SELECT p_installer, 'company_offers_installer', 'live', p_sign
    WHERE p_status <> 'deleted' AND NOT p_request_deleted
  UNION ALL
  SELECT p_awaiting_dealer, 'company_offers_dealer', 'accepted', p_sign
    WHERE p_status = 'accepted' AND p_awaiting_dealer IS NOT NULL
$$;
--> statement-breakpoint
INSERT INTO request_list_counts (company_id, branch, state, n)
SELECT k.company_id, k.branch, k.state, sum(k.n)::int
FROM request_offers o, request_offer_list_keys(o.installer_id, o.current_status, o.request_open,
                                               o.request_deleted, o.awaiting_dealer_id, 1) k
WHERE k.branch LIKE 'company_offers_%'
GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_list_count_offers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO request_list_counts (company_id, branch, state, n)
    SELECT k.company_id, k.branch, k.state, sum(k.n)::int
    FROM new_rows r, request_offer_list_keys(r.installer_id, r.current_status, r.request_open,
                                             r.request_deleted, r.awaiting_dealer_id, 1) k
    GROUP BY 1, 2, 3 HAVING sum(k.n) <> 0 ORDER BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO request_list_counts (company_id, branch, state, n)
    SELECT k.company_id, k.branch, k.state, sum(k.n)::int
    FROM old_rows r, request_offer_list_keys(r.installer_id, r.current_status, r.request_open,
                                             r.request_deleted, r.awaiting_dealer_id, -1) k
    GROUP BY 1, 2, 3 HAVING sum(k.n) <> 0 ORDER BY 1, 2, 3;
  ELSE
    INSERT INTO request_list_counts (company_id, branch, state, n)
    SELECT k.company_id, k.branch, k.state, sum(k.n)::int
    FROM (
      SELECT k.* FROM old_rows r, request_offer_list_keys(r.installer_id, r.current_status, r.request_open,
                                                          r.request_deleted, r.awaiting_dealer_id, -1) k
      UNION ALL
      SELECT k.* FROM new_rows r, request_offer_list_keys(r.installer_id, r.current_status, r.request_open,
                                                          r.request_deleted, r.awaiting_dealer_id, 1) k
    ) k
    GROUP BY 1, 2, 3 HAVING sum(k.n) <> 0 ORDER BY 1, 2, 3;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The copies a request's offers keep: whether it is an open dealer request, its available date, whether
-- it is deleted and the dealership whose choice it awaits.
CREATE FUNCTION request_offer_copies(p_type text, p_state text, p_dealer int, p_deleted_at timestamptz)
  RETURNS TABLE (open boolean, deleted boolean, awaiting_dealer_id int)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT p_type = 'dealer' AND p_state = 'new', p_deleted_at IS NOT NULL,
    CASE WHEN p_type = 'dealer' AND p_state = 'answered' AND p_deleted_at IS NULL THEN p_dealer END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_offer_copy_request() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.open, sr.available_date, c.deleted, c.awaiting_dealer_id
    INTO NEW.request_open, NEW.request_available_date, NEW.request_deleted, NEW.awaiting_dealer_id
  FROM service_requests sr,
       request_offer_copies(sr.request_type, sr.current_state, sr.requestor_dealer_id, sr.deleted_at) c
  WHERE sr.id = NEW.request_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_list_count_requests() RETURNS trigger LANGUAGE plpgsql AS $$
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
    SET request_open = c.open, request_available_date = n.available_date,
        request_deleted = c.deleted, awaiting_dealer_id = c.awaiting_dealer_id
    FROM new_rows n,
         request_offer_copies(n.request_type, n.current_state, n.requestor_dealer_id, n.deleted_at) c
    WHERE o.request_id = n.id
      AND (o.request_open IS DISTINCT FROM c.open
           OR o.request_available_date IS DISTINCT FROM n.available_date
           OR o.request_deleted IS DISTINCT FROM c.deleted
           OR o.awaiting_dealer_id IS DISTINCT FROM c.awaiting_dealer_id);
  END IF;
  RETURN NULL;
END $$;
