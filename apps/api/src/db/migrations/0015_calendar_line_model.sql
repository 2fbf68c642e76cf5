-- Decision 022: one calendar model. Every job is laid out as one calendar row per service line and work day
-- (the lines following each other in (position, id) order, 10 tenths a day), as request creation already
-- wrote it; the lifecycle used to write one row per job and day. Rewrite the rows of every job that has
-- lines, per (request, installer), from its first day, keeping its status, location and event id.
WITH groups AS (
  SELECT request_id, installer_id, min(work_date) AS start_day,
    (array_agg(work_status ORDER BY work_date, id))[1] AS work_status,
    (array_agg(location_id ORDER BY work_date, id))[1] AS location_id,
    (array_agg(event_id ORDER BY work_date, id) FILTER (WHERE event_id IS NOT NULL))[1] AS event_id,
    min(created_at) AS created_at
  FROM calendar_days
  GROUP BY request_id, installer_id
  HAVING EXISTS (SELECT 1 FROM request_services s WHERE s.request_id = calendar_days.request_id)
),
lines AS (
  SELECT s.id, s.request_id, greatest(s.duration_tenths, 1) AS d,
    (sum(greatest(s.duration_tenths, 1)) OVER (PARTITION BY s.request_id ORDER BY s.position, s.id))::int
      - greatest(s.duration_tenths, 1) AS c0
  FROM request_services s
  WHERE s.request_id IN (SELECT request_id FROM groups)
),
planned AS (
  SELECT g.request_id, g.installer_id, g.location_id, g.work_status, g.event_id, g.created_at, l.id AS line_id,
    g.start_day + k AS work_date,
    least(l.c0 + l.d, (k + 1) * 10) - greatest(l.c0, k * 10) AS tenths
  FROM groups g
  JOIN lines l ON l.request_id = g.request_id
  CROSS JOIN LATERAL generate_series(l.c0 / 10, (l.c0 + l.d - 1) / 10) AS series(k)
),
removed AS (
  DELETE FROM calendar_days c USING groups g
  WHERE c.request_id = g.request_id AND c.installer_id = g.installer_id
)
INSERT INTO calendar_days (request_id, request_service_id, installer_id, location_id, work_date, work_status,
  daily_work_tenths, event_id, created_at, updated_at)
SELECT request_id, line_id, installer_id, location_id, work_date, work_status, tenths, event_id, created_at, now()
FROM planned;
