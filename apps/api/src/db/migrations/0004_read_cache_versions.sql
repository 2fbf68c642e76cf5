CREATE SEQUENCE "public"."read_cache_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "read_cache_flushes" (
	"id" bigserial PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "read_cache_versions" (
	"scope" text NOT NULL,
	"id" integer NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "read_cache_versions_scope_id_pk" PRIMARY KEY("scope","id")
);
--> statement-breakpoint
-- Read-cache versions (docs/decisions/005-read-cache.md). Scope keys are 'd:<dealer>', 'i:<installer>',
-- 'r:<request>' and 'g:0'. A write notes the keys it touches in the transaction-local setting
-- app.read_cache_keys; the first note of a transaction inserts a row in read_cache_flushes, whose deferred
-- trigger gives every noted key a new version at commit, in one (scope, id) order.
CREATE FUNCTION read_cache_note(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  pending text := coalesce(current_setting('app.read_cache_keys', true), '');
  merged text;
BEGIN
  IF keys IS NULL OR cardinality(keys) = 0 THEN
    RETURN;
  END IF;
  SELECT string_agg(k, ',' ORDER BY k) INTO merged
  FROM (SELECT DISTINCT k FROM unnest(keys || string_to_array(nullif(pending, ''), ',')) AS k WHERE k IS NOT NULL) u;
  IF merged IS NULL OR merged = pending THEN
    RETURN;
  END IF;
  IF pending = '' THEN
    INSERT INTO read_cache_flushes DEFAULT VALUES;
  END IF;
  PERFORM set_config('app.read_cache_keys', merged, true);
END $$;
--> statement-breakpoint
CREATE FUNCTION read_cache_flush() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending text := coalesce(current_setting('app.read_cache_keys', true), '');
BEGIN
  DELETE FROM read_cache_flushes WHERE id = NEW.id;
  IF pending = '' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('app.read_cache_keys', '', true);
  -- Every committing transaction takes its version rows in the same (scope, id) order, after all its own
  -- statements: two commits never wait on each other in a cycle.
  INSERT INTO read_cache_versions AS v (scope, id, version)
  SELECT s.scope, s.id, nextval('read_cache_version_seq')
  FROM (
    SELECT split_part(x, ':', 1) AS scope, split_part(x, ':', 2)::int AS id
    FROM unnest(string_to_array(pending, ',')) AS x
    ORDER BY 1, 2
  ) s
  ON CONFLICT (scope, id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER read_cache_flush AFTER INSERT ON read_cache_flushes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_cache_flush();
--> statement-breakpoint
-- The keys of requests as they are now: the request, its dealerships, its installers and every installer
-- with an offer on it.
CREATE FUNCTION read_cache_request_keys(ids int[]) RETURNS text[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  keys text[];
  one int;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN '{}';
  END IF;
  IF cardinality(ids) = 1 THEN
    -- The usual case (one request per statement): two primary-key lookups with cached plans.
    one := ids[1];
    SELECT ARRAY['r:' || one, 'd:' || sr.requestor_dealer_id, 'd:' || sr.dealer_id,
                 'i:' || sr.requestor_installer_id, 'i:' || sr.assigned_installer_id]
      INTO keys FROM service_requests sr WHERE sr.id = one;
    keys := coalesce(keys, ARRAY['r:' || one]);
    SELECT keys || coalesce(array_agg('i:' || o.installer_id), '{}') INTO keys
      FROM request_offers o WHERE o.request_id = one;
    RETURN keys;
  END IF;
  SELECT coalesce(array_agg(k), '{}') INTO keys FROM (
    SELECT 'r:' || x AS k FROM unnest(ids) AS x
    UNION ALL
    SELECT unnest(ARRAY['d:' || sr.requestor_dealer_id, 'd:' || sr.dealer_id,
                        'i:' || sr.requestor_installer_id, 'i:' || sr.assigned_installer_id])
    FROM service_requests sr WHERE sr.id = ANY (ids)
    UNION ALL
    SELECT 'i:' || o.installer_id FROM request_offers o WHERE o.request_id = ANY (ids)
  ) u;
  RETURN keys;
END $$;
--> statement-breakpoint
CREATE FUNCTION read_cache_touch_requests() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys text[] := '{}';
  ids int[];
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT array_agg(id) INTO ids FROM new_rows;
    keys := read_cache_request_keys(ids);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- What the rows were: a request moved to another installer leaves the first one's lists too.
    SELECT keys || coalesce(array_agg(k), '{}') INTO keys
    FROM old_rows o, unnest(ARRAY['r:' || o.id, 'd:' || o.requestor_dealer_id, 'd:' || o.dealer_id,
                                  'i:' || o.requestor_installer_id, 'i:' || o.assigned_installer_id]) AS k;
  END IF;
  PERFORM read_cache_note(keys);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Tables with a request_id column that a list row or a full request reads.
CREATE FUNCTION read_cache_touch_request_parts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids int[] := '{}';
  keys text[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT ids || coalesce(array_agg(DISTINCT request_id), '{}') INTO ids FROM new_rows;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT ids || coalesce(array_agg(DISTINCT request_id), '{}') INTO ids FROM old_rows;
  END IF;
  IF TG_TABLE_NAME = 'request_offers' THEN
    -- An offer withdrawn or deleted leaves its installer's lists.
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      SELECT keys || coalesce(array_agg('i:' || installer_id), '{}') INTO keys FROM new_rows;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      SELECT keys || coalesce(array_agg('i:' || installer_id), '{}') INTO keys FROM old_rows;
    END IF;
  END IF;
  PERFORM read_cache_note(keys || read_cache_request_keys(ids));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Names, contacts and capacities that rows of many requests show: a change invalidates every cached read.
CREATE FUNCTION read_cache_touch_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM read_cache_note(ARRAY['g:0']);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
  op text;
BEGIN
  FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
    EXECUTE format(
      'CREATE TRIGGER read_cache_%1$s AFTER %1$s ON service_requests REFERENCING %2$s FOR EACH STATEMENT EXECUTE FUNCTION read_cache_touch_requests()',
      op,
      CASE op WHEN 'insert' THEN 'NEW TABLE AS new_rows' WHEN 'update' THEN 'OLD TABLE AS old_rows NEW TABLE AS new_rows' ELSE 'OLD TABLE AS old_rows' END);
    FOREACH t IN ARRAY ARRAY['request_offers', 'request_services', 'request_notes', 'request_schedules',
                             'calendar_days', 'contracts', 'payments', 'referrals'] LOOP
      EXECUTE format(
        'CREATE TRIGGER read_cache_%1$s AFTER %1$s ON %2$I REFERENCING %3$s FOR EACH STATEMENT EXECUTE FUNCTION read_cache_touch_request_parts()',
        op, t,
        CASE op WHEN 'insert' THEN 'NEW TABLE AS new_rows' WHEN 'update' THEN 'OLD TABLE AS old_rows NEW TABLE AS new_rows' ELSE 'OLD TABLE AS old_rows' END);
    END LOOP;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER read_cache_update AFTER UPDATE ON dealers FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.phone IS DISTINCT FROM NEW.phone OR OLD.customer_contract IS DISTINCT FROM NEW.customer_contract)
  EXECUTE FUNCTION read_cache_touch_all();
--> statement-breakpoint
CREATE TRIGGER read_cache_update AFTER UPDATE ON installers FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.phone IS DISTINCT FROM NEW.phone OR OLD.capacity IS DISTINCT FROM NEW.capacity)
  EXECUTE FUNCTION read_cache_touch_all();
--> statement-breakpoint
CREATE TRIGGER read_cache_update AFTER UPDATE ON customers FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email OR OLD.phone IS DISTINCT FROM NEW.phone)
  EXECUTE FUNCTION read_cache_touch_all();
--> statement-breakpoint
CREATE TRIGGER read_cache_update AFTER UPDATE ON installer_locations FOR EACH ROW
  WHEN (OLD.capacity IS DISTINCT FROM NEW.capacity)
  EXECUTE FUNCTION read_cache_touch_all();
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['dealers', 'installers', 'customers', 'installer_locations'] LOOP
    EXECUTE format('CREATE TRIGGER read_cache_delete AFTER DELETE ON %I FOR EACH ROW EXECUTE FUNCTION read_cache_touch_all()', t);
  END LOOP;
END $$;
