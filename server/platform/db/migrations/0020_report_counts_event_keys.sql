-- Report counts keyed by event first (issue 16; decisions 0015 "Counts kept" and 0033 "Citus readiness").
--   * team_report_counts and task_report_counts: primary keys (event_id, team_id) and (event_id, task_id),
--     so Citus can distribute them by event. Their foreign keys to teams and tasks (by id alone) go:
--     the counts are derived data that the triggers below keep; a deleted team or task removes its own
--     count row and marks the event stale. The event_id indexes are the primary keys' leading column now.
--   * A stale edit now marks the event's day row stale (today = '') instead of deleting it, so the
--     background rebuild (server/modules/reports/countsJob.ts) still sees the event's counts in use
--     and rebuilds them before the next report would. The status trigger skips stale events as it
--     skipped events without a row.
ALTER TABLE "team_report_counts" DROP CONSTRAINT "team_report_counts_team_id_fkey";
--> statement-breakpoint
ALTER TABLE "team_report_counts" DROP CONSTRAINT "team_report_counts_pkey";
--> statement-breakpoint
ALTER TABLE "team_report_counts" ADD PRIMARY KEY ("event_id", "team_id");
--> statement-breakpoint
DROP INDEX "team_report_counts_event_idx";
--> statement-breakpoint
ALTER TABLE "task_report_counts" DROP CONSTRAINT "task_report_counts_task_id_fkey";
--> statement-breakpoint
ALTER TABLE "task_report_counts" DROP CONSTRAINT "task_report_counts_pkey";
--> statement-breakpoint
ALTER TABLE "task_report_counts" ADD PRIMARY KEY ("event_id", "task_id");
--> statement-breakpoint
DROP INDEX "task_report_counts_event_idx";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_counts_on_statuses"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
	-- %1$I is the transition table, $1 the sign (+1 added rows, -1 removed rows). Only events whose
	-- counts are current (a report_count_days row not marked stale) are kept; the others are rebuilt.
	delta constant text := $q$
		with d as (
			select c.event_id, c.team_id, c.task_id, c.progress_status,
				case when t.due_date < rd.today then 'o' when t.due_date <= rd.due_soon_until then 's' else 'p' end as bucket
			from %1$I c
			join report_count_days rd on rd.event_id = c.event_id and rd.today <> ''
			join tasks t on t.id = c.task_id and not t.is_archived
			join teams tm on tm.id = c.team_id and not tm.is_organiser
			where c.progress_status <> 'incomplete'
				and (cardinality(t.team_type_ids) = 0 or tm.team_type_id = any(t.team_type_ids))
				and (tm.stand_share_role <> 'child' or t.show_to_child_teams)
		),
		teams_delta as (
			insert into team_report_counts as x (team_id, event_id, complete, na, finished_o, finished_s, finished_p)
			select team_id, event_id,
				$1 * count(*) filter (where progress_status = 'complete'),
				$1 * count(*) filter (where progress_status = 'n/a'),
				$1 * count(*) filter (where bucket = 'o'),
				$1 * count(*) filter (where bucket = 's'),
				$1 * count(*) filter (where bucket = 'p')
			from d group by team_id, event_id
			on conflict (event_id, team_id) do update set
				complete = x.complete + excluded.complete, na = x.na + excluded.na,
				finished_o = x.finished_o + excluded.finished_o, finished_s = x.finished_s + excluded.finished_s,
				finished_p = x.finished_p + excluded.finished_p
		)
		insert into task_report_counts as x (task_id, event_id, complete, na)
		select task_id, event_id,
			$1 * count(*) filter (where progress_status = 'complete'),
			$1 * count(*) filter (where progress_status = 'n/a')
		from d group by task_id, event_id
		on conflict (event_id, task_id) do update set complete = x.complete + excluded.complete, na = x.na + excluded.na
	$q$;
BEGIN
	-- Wait for a rebuild in progress (it holds its day row FOR UPDATE), and make one that starts now
	-- wait for this transaction, so a rebuild never misses nor double-counts these changes.
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM 1 FROM report_count_days WHERE event_id IN (SELECT DISTINCT event_id FROM new_rows) ORDER BY event_id FOR SHARE;
	ELSE
		PERFORM 1 FROM report_count_days WHERE event_id IN (SELECT DISTINCT event_id FROM old_rows) ORDER BY event_id FOR SHARE;
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN EXECUTE format(delta, 'old_rows') USING -1; END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN EXECUTE format(delta, 'new_rows') USING 1; END IF;
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- Marks the event's counts stale (rebuilt by the background job or the next report, whichever comes
-- first); a deleted team or task also takes its own count row with it, as the foreign key did.
CREATE OR REPLACE FUNCTION "report_counts_stale"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	IF TG_OP = 'DELETE' THEN
		UPDATE report_count_days SET today = '' WHERE event_id = OLD.event_id;
		IF TG_TABLE_NAME = 'teams' THEN
			DELETE FROM team_report_counts WHERE event_id = OLD.event_id AND team_id = OLD.id;
		ELSE
			DELETE FROM task_report_counts WHERE event_id = OLD.event_id AND task_id = OLD.id;
		END IF;
	ELSE
		UPDATE report_count_days SET today = '' WHERE event_id = NEW.event_id;
	END IF;
	RETURN NULL;
END
$fn$;
