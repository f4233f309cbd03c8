-- Report counts kept as task statuses change (issue 16; decision 0015, "Counts kept"). The team and
-- task reports read these instead of every finished status of the event per request.
--   report_count_days: the day (and due-soon bound) the team counts' buckets were worked out for. A
--     missing row, or one for another day, means "rebuild on the next report" (server/modules/reports/
--     reportCounts.ts); edits that move statuses between buckets or change who sees a task delete it.
--   team_report_counts: per team, its finished statuses of tasks that apply to it, by status and by
--     the task's due bucket on that day (overdue, due soon, pending). Organiser teams are left out.
--   task_report_counts: per task, its complete and n/a statuses of non-organiser teams it applies to.
-- A statement-level trigger on task_statuses adds each statement's changes in the same transaction
-- (one grouped statement per insert, update or delete, so bulk writes cost one pass, not a call a row).
CREATE TABLE "report_count_days" (
	"event_id" uuid PRIMARY KEY NOT NULL REFERENCES "events"("id") ON DELETE cascade,
	"today" text NOT NULL,
	"due_soon_until" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_report_counts" (
	"team_id" uuid PRIMARY KEY NOT NULL REFERENCES "teams"("id") ON DELETE cascade,
	"event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE cascade,
	"complete" integer NOT NULL DEFAULT 0,
	"na" integer NOT NULL DEFAULT 0,
	"finished_o" integer NOT NULL DEFAULT 0,
	"finished_s" integer NOT NULL DEFAULT 0,
	"finished_p" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE INDEX "team_report_counts_event_idx" ON "team_report_counts" ("event_id");
--> statement-breakpoint
CREATE TABLE "task_report_counts" (
	"task_id" uuid PRIMARY KEY NOT NULL REFERENCES "tasks"("id") ON DELETE cascade,
	"event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE cascade,
	"complete" integer NOT NULL DEFAULT 0,
	"na" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE INDEX "task_report_counts_event_idx" ON "task_report_counts" ("event_id");
--> statement-breakpoint
CREATE FUNCTION "report_counts_on_statuses"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
	-- %1$I is the transition table, $1 the sign (+1 added rows, -1 removed rows). Only events whose
	-- counts are current (a report_count_days row) are kept; the others are rebuilt when read.
	delta constant text := $q$
		with d as (
			select c.event_id, c.team_id, c.task_id, c.progress_status,
				case when t.due_date < rd.today then 'o' when t.due_date <= rd.due_soon_until then 's' else 'p' end as bucket
			from %1$I c
			join report_count_days rd on rd.event_id = c.event_id
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
			on conflict (team_id) do update set
				complete = x.complete + excluded.complete, na = x.na + excluded.na,
				finished_o = x.finished_o + excluded.finished_o, finished_s = x.finished_s + excluded.finished_s,
				finished_p = x.finished_p + excluded.finished_p
		)
		insert into task_report_counts as x (task_id, event_id, complete, na)
		select task_id, event_id,
			$1 * count(*) filter (where progress_status = 'complete'),
			$1 * count(*) filter (where progress_status = 'n/a')
		from d group by task_id, event_id
		on conflict (task_id) do update set complete = x.complete + excluded.complete, na = x.na + excluded.na
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
CREATE TRIGGER "task_statuses_report_counts_insert" AFTER INSERT ON "task_statuses"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_counts_on_statuses"();
--> statement-breakpoint
CREATE TRIGGER "task_statuses_report_counts_update" AFTER UPDATE ON "task_statuses"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_counts_on_statuses"();
--> statement-breakpoint
CREATE TRIGGER "task_statuses_report_counts_delete" AFTER DELETE ON "task_statuses"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_counts_on_statuses"();
--> statement-breakpoint
-- A task's due date, archive state or visibility, a team's kind or organiser flag, or a deleted task or
-- team moves statuses between buckets, or in or out of the counts: the event's counts are rebuilt on
-- the next report (a handful of organiser edits a day; cheaper than working out each move).
CREATE FUNCTION "report_counts_stale"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	DELETE FROM report_count_days WHERE event_id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.event_id ELSE NEW.event_id END);
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "tasks_report_counts_stale" AFTER UPDATE OF "due_date", "is_archived", "team_type_ids", "show_to_child_teams" ON "tasks"
	FOR EACH ROW WHEN (OLD.due_date IS DISTINCT FROM NEW.due_date OR OLD.is_archived IS DISTINCT FROM NEW.is_archived
		OR OLD.team_type_ids IS DISTINCT FROM NEW.team_type_ids OR OLD.show_to_child_teams IS DISTINCT FROM NEW.show_to_child_teams)
	EXECUTE FUNCTION "report_counts_stale"();
--> statement-breakpoint
CREATE TRIGGER "tasks_report_counts_deleted" AFTER DELETE ON "tasks" FOR EACH ROW EXECUTE FUNCTION "report_counts_stale"();
--> statement-breakpoint
CREATE TRIGGER "teams_report_counts_stale" AFTER UPDATE OF "team_type_id", "stand_share_role", "is_organiser" ON "teams"
	FOR EACH ROW WHEN (OLD.team_type_id IS DISTINCT FROM NEW.team_type_id OR OLD.stand_share_role IS DISTINCT FROM NEW.stand_share_role
		OR OLD.is_organiser IS DISTINCT FROM NEW.is_organiser)
	EXECUTE FUNCTION "report_counts_stale"();
--> statement-breakpoint
CREATE TRIGGER "teams_report_counts_deleted" AFTER DELETE ON "teams" FOR EACH ROW EXECUTE FUNCTION "report_counts_stale"();
