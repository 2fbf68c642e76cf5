-- Decision 028, item 4: a dealership's referral summary (its funnel and bonuses) reads counts the writing
-- transactions keep in request_list_counts (decision 016's per-company counts, folded by
-- compact_request_list_counts), not the dealership's whole referral history:
--   'referrals_dealer' / status          how many of its referrals are in each status;
--   'referral_bonus_dealer' / 'COMPLETE' the bonus cents of its COMPLETE referrals;
--   'referral_bonus_dealer' / 'UNPAID'   those of them not yet paid out.
CREATE FUNCTION referral_list_keys(p_dealer int, p_status text, p_bonus int, p_payout int, p_sign int)
  RETURNS TABLE (company_id int, branch text, state text, n int)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT p_dealer, 'referrals_dealer', p_status, p_sign
  UNION ALL
  SELECT p_dealer, 'referral_bonus_dealer', 'COMPLETE', p_sign * p_bonus WHERE p_status = 'COMPLETE'
  UNION ALL
  SELECT p_dealer, 'referral_bonus_dealer', 'UNPAID', p_sign * p_bonus
    WHERE p_status = 'COMPLETE' AND p_payout IS NULL
$$;
--> statement-breakpoint
-- Each statement on referrals appends its keys' deltas (a row leaving a key counts -1, entering +1), like
-- the requests' and offers' triggers: concurrent writers append, never update one row, so none waits.
CREATE FUNCTION request_list_count_referrals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO request_list_counts (company_id, branch, state, n)
    SELECT k.company_id, k.branch, k.state, sum(k.n)::int
    FROM new_rows r, referral_list_keys(r.dealer_id, r.status, r.bonus_cents, r.payout_id, 1) k
    GROUP BY 1, 2, 3 HAVING sum(k.n) <> 0 ORDER BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO request_list_counts (company_id, branch, state, n)
    SELECT k.company_id, k.branch, k.state, sum(k.n)::int
    FROM old_rows r, referral_list_keys(r.dealer_id, r.status, r.bonus_cents, r.payout_id, -1) k
    GROUP BY 1, 2, 3 HAVING sum(k.n) <> 0 ORDER BY 1, 2, 3;
  ELSE
    INSERT INTO request_list_counts (company_id, branch, state, n)
    SELECT k.company_id, k.branch, k.state, sum(k.n)::int
    FROM (
      SELECT k.* FROM old_rows r, referral_list_keys(r.dealer_id, r.status, r.bonus_cents, r.payout_id, -1) k
      UNION ALL
      SELECT k.* FROM new_rows r, referral_list_keys(r.dealer_id, r.status, r.bonus_cents, r.payout_id, 1) k
    ) k
    GROUP BY 1, 2, 3 HAVING sum(k.n) <> 0 ORDER BY 1, 2, 3;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Today's referrals, before the triggers exist.
INSERT INTO request_list_counts (company_id, branch, state, n)
SELECT k.company_id, k.branch, k.state, sum(k.n)::int
FROM referrals r, referral_list_keys(r.dealer_id, r.status, r.bonus_cents, r.payout_id, 1) k
GROUP BY 1, 2, 3 HAVING sum(k.n) <> 0 ORDER BY 1, 2, 3;
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
    EXECUTE format('CREATE TRIGGER list_counts_%1$s AFTER %1$s ON referrals REFERENCING %2$s FOR EACH STATEMENT EXECUTE FUNCTION request_list_count_referrals()', op, refs);
  END LOOP;
END $$;
