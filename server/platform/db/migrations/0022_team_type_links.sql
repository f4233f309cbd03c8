-- Team type lists in join tables, not uuid[] columns (issue 11; decision 0065).
--   * One join table per list, (event_id, <owner>_id, team_type_id, position): primary key (event_id, owner,
--     team type); foreign keys (event_id, owner) -> owner and (event_id, team_type_id) -> team_types, both
--     ON DELETE CASCADE, so deleting a team type needs no list of places (the registry goes). The owners
--     and team_types get a unique (event_id, id) for those keys to point at (their primary key stays id).
--   * The arrays are copied over in their order (position), without repeats or ids of no team type of the
--     row's event (no foreign key held them), and then dropped.
--   * The report counts (0015, 0020): the status trigger reads a task's team types from task_team_types; a
--     task's list changing marks the event's counts stale as the array's update did (when the task has
--     statuses: a new task's list changes no count).
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_event_id_key" UNIQUE("event_id","id");
--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_event_id_key" UNIQUE("event_id","id");
--> statement-breakpoint
ALTER TABLE "team_types" ADD CONSTRAINT "team_types_event_id_key" UNIQUE("event_id","id");
--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_event_id_key" UNIQUE("event_id","id");
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_event_id_key" UNIQUE("event_id","id");
--> statement-breakpoint
CREATE TABLE "content_page_team_types" (
	"event_id" uuid NOT NULL,
	"page_id" uuid NOT NULL,
	"team_type_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_page_team_types_pk" PRIMARY KEY("event_id","page_id","team_type_id")
);
--> statement-breakpoint
CREATE TABLE "download_hide_team_types" (
	"event_id" uuid NOT NULL,
	"download_id" uuid NOT NULL,
	"team_type_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "download_hide_team_types_pk" PRIMARY KEY("event_id","download_id","team_type_id")
);
--> statement-breakpoint
CREATE TABLE "download_show_team_types" (
	"event_id" uuid NOT NULL,
	"download_id" uuid NOT NULL,
	"team_type_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "download_show_team_types_pk" PRIMARY KEY("event_id","download_id","team_type_id")
);
--> statement-breakpoint
CREATE TABLE "notification_team_types" (
	"event_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"team_type_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_team_types_pk" PRIMARY KEY("event_id","notification_id","team_type_id")
);
--> statement-breakpoint
CREATE TABLE "supplier_hide_team_types" (
	"event_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"team_type_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "supplier_hide_team_types_pk" PRIMARY KEY("event_id","supplier_id","team_type_id")
);
--> statement-breakpoint
CREATE TABLE "supplier_show_team_types" (
	"event_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"team_type_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "supplier_show_team_types_pk" PRIMARY KEY("event_id","supplier_id","team_type_id")
);
--> statement-breakpoint
CREATE TABLE "task_team_types" (
	"event_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"team_type_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_team_types_pk" PRIMARY KEY("event_id","task_id","team_type_id")
);
--> statement-breakpoint
CREATE TABLE "timetable_session_team_types" (
	"event_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"team_type_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "timetable_session_team_types_pk" PRIMARY KEY("event_id","session_id","team_type_id")
);
--> statement-breakpoint
ALTER TABLE "content_page_team_types" ADD CONSTRAINT "content_page_team_types_owner_fk" FOREIGN KEY ("event_id","page_id") REFERENCES "public"."content_pages"("event_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "content_page_team_types" ADD CONSTRAINT "content_page_team_types_team_type_fk" FOREIGN KEY ("event_id","team_type_id") REFERENCES "public"."team_types"("event_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "download_hide_team_types" ADD CONSTRAINT "download_hide_team_types_owner_fk" FOREIGN KEY ("event_id","download_id") REFERENCES "public"."downloads"("event_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "download_hide_team_types" ADD CONSTRAINT "download_hide_team_types_team_type_fk" FOREIGN KEY ("event_id","team_type_id") REFERENCES "public"."team_types"("event_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "download_show_team_types" ADD CONSTRAINT "download_show_team_types_owner_fk" FOREIGN KEY ("event_id","download_id") REFERENCES "public"."downloads"("event_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "download_show_team_types" ADD CONSTRAINT "download_show_team_types_team_type_fk" FOREIGN KEY ("event_id","team_type_id") REFERENCES "public"."team_types"("event_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notification_team_types" ADD CONSTRAINT "notification_team_types_owner_fk" FOREIGN KEY ("event_id","notification_id") REFERENCES "public"."notifications"("event_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notification_team_types" ADD CONSTRAINT "notification_team_types_team_type_fk" FOREIGN KEY ("event_id","team_type_id") REFERENCES "public"."team_types"("event_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "supplier_hide_team_types" ADD CONSTRAINT "supplier_hide_team_types_owner_fk" FOREIGN KEY ("event_id","supplier_id") REFERENCES "public"."suppliers"("event_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "supplier_hide_team_types" ADD CONSTRAINT "supplier_hide_team_types_team_type_fk" FOREIGN KEY ("event_id","team_type_id") REFERENCES "public"."team_types"("event_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "supplier_show_team_types" ADD CONSTRAINT "supplier_show_team_types_owner_fk" FOREIGN KEY ("event_id","supplier_id") REFERENCES "public"."suppliers"("event_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "supplier_show_team_types" ADD CONSTRAINT "supplier_show_team_types_team_type_fk" FOREIGN KEY ("event_id","team_type_id") REFERENCES "public"."team_types"("event_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_team_types" ADD CONSTRAINT "task_team_types_owner_fk" FOREIGN KEY ("event_id","task_id") REFERENCES "public"."tasks"("event_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_team_types" ADD CONSTRAINT "task_team_types_team_type_fk" FOREIGN KEY ("event_id","team_type_id") REFERENCES "public"."team_types"("event_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "timetable_session_team_types" ADD CONSTRAINT "timetable_session_team_types_owner_fk" FOREIGN KEY ("event_id","session_id") REFERENCES "public"."timetable_sessions"("event_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "timetable_session_team_types" ADD CONSTRAINT "timetable_session_team_types_team_type_fk" FOREIGN KEY ("event_id","team_type_id") REFERENCES "public"."team_types"("event_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "content_page_team_types_event_team_type_idx" ON "content_page_team_types" USING btree ("event_id","team_type_id");
--> statement-breakpoint
CREATE INDEX "download_hide_team_types_event_team_type_idx" ON "download_hide_team_types" USING btree ("event_id","team_type_id");
--> statement-breakpoint
CREATE INDEX "download_show_team_types_event_team_type_idx" ON "download_show_team_types" USING btree ("event_id","team_type_id");
--> statement-breakpoint
CREATE INDEX "notification_team_types_event_team_type_idx" ON "notification_team_types" USING btree ("event_id","team_type_id");
--> statement-breakpoint
CREATE INDEX "supplier_hide_team_types_event_team_type_idx" ON "supplier_hide_team_types" USING btree ("event_id","team_type_id");
--> statement-breakpoint
CREATE INDEX "supplier_show_team_types_event_team_type_idx" ON "supplier_show_team_types" USING btree ("event_id","team_type_id");
--> statement-breakpoint
CREATE INDEX "task_team_types_event_team_type_idx" ON "task_team_types" USING btree ("event_id","team_type_id");
--> statement-breakpoint
CREATE INDEX "timetable_session_team_types_event_team_type_idx" ON "timetable_session_team_types" USING btree ("event_id","team_type_id");
--> statement-breakpoint
INSERT INTO "content_page_team_types" ("event_id", "page_id", "team_type_id", "position")
SELECT o."event_id", o."id", x.team_type_id, min(x.n)::integer - 1
FROM "content_pages" o CROSS JOIN LATERAL unnest(o."allowed_team_type_ids") WITH ORDINALITY AS x(team_type_id, n)
JOIN "team_types" tt ON tt."event_id" = o."event_id" AND tt."id" = x.team_type_id
GROUP BY o."event_id", o."id", x.team_type_id;
--> statement-breakpoint
INSERT INTO "download_show_team_types" ("event_id", "download_id", "team_type_id", "position")
SELECT o."event_id", o."id", x.team_type_id, min(x.n)::integer - 1
FROM "downloads" o CROSS JOIN LATERAL unnest(o."show_to_team_type_ids") WITH ORDINALITY AS x(team_type_id, n)
JOIN "team_types" tt ON tt."event_id" = o."event_id" AND tt."id" = x.team_type_id
GROUP BY o."event_id", o."id", x.team_type_id;
--> statement-breakpoint
INSERT INTO "download_hide_team_types" ("event_id", "download_id", "team_type_id", "position")
SELECT o."event_id", o."id", x.team_type_id, min(x.n)::integer - 1
FROM "downloads" o CROSS JOIN LATERAL unnest(o."hide_from_team_type_ids") WITH ORDINALITY AS x(team_type_id, n)
JOIN "team_types" tt ON tt."event_id" = o."event_id" AND tt."id" = x.team_type_id
GROUP BY o."event_id", o."id", x.team_type_id;
--> statement-breakpoint
INSERT INTO "notification_team_types" ("event_id", "notification_id", "team_type_id", "position")
SELECT o."event_id", o."id", x.team_type_id, min(x.n)::integer - 1
FROM "notifications" o CROSS JOIN LATERAL unnest(o."team_type_ids") WITH ORDINALITY AS x(team_type_id, n)
JOIN "team_types" tt ON tt."event_id" = o."event_id" AND tt."id" = x.team_type_id
GROUP BY o."event_id", o."id", x.team_type_id;
--> statement-breakpoint
INSERT INTO "supplier_show_team_types" ("event_id", "supplier_id", "team_type_id", "position")
SELECT o."event_id", o."id", x.team_type_id, min(x.n)::integer - 1
FROM "suppliers" o CROSS JOIN LATERAL unnest(o."show_to_team_type_ids") WITH ORDINALITY AS x(team_type_id, n)
JOIN "team_types" tt ON tt."event_id" = o."event_id" AND tt."id" = x.team_type_id
GROUP BY o."event_id", o."id", x.team_type_id;
--> statement-breakpoint
INSERT INTO "supplier_hide_team_types" ("event_id", "supplier_id", "team_type_id", "position")
SELECT o."event_id", o."id", x.team_type_id, min(x.n)::integer - 1
FROM "suppliers" o CROSS JOIN LATERAL unnest(o."hide_from_team_type_ids") WITH ORDINALITY AS x(team_type_id, n)
JOIN "team_types" tt ON tt."event_id" = o."event_id" AND tt."id" = x.team_type_id
GROUP BY o."event_id", o."id", x.team_type_id;
--> statement-breakpoint
INSERT INTO "task_team_types" ("event_id", "task_id", "team_type_id", "position")
SELECT o."event_id", o."id", x.team_type_id, min(x.n)::integer - 1
FROM "tasks" o CROSS JOIN LATERAL unnest(o."team_type_ids") WITH ORDINALITY AS x(team_type_id, n)
JOIN "team_types" tt ON tt."event_id" = o."event_id" AND tt."id" = x.team_type_id
GROUP BY o."event_id", o."id", x.team_type_id;
--> statement-breakpoint
INSERT INTO "timetable_session_team_types" ("event_id", "session_id", "team_type_id", "position")
SELECT o."event_id", o."id", x.team_type_id, min(x.n)::integer - 1
FROM "timetable_sessions" o CROSS JOIN LATERAL unnest(o."team_type_ids") WITH ORDINALITY AS x(team_type_id, n)
JOIN "team_types" tt ON tt."event_id" = o."event_id" AND tt."id" = x.team_type_id
GROUP BY o."event_id", o."id", x.team_type_id;
--> statement-breakpoint
DROP TRIGGER "tasks_report_counts_stale" ON "tasks";
--> statement-breakpoint
ALTER TABLE "content_pages" DROP COLUMN "allowed_team_type_ids";
--> statement-breakpoint
ALTER TABLE "downloads" DROP COLUMN "show_to_team_type_ids";
--> statement-breakpoint
ALTER TABLE "downloads" DROP COLUMN "hide_from_team_type_ids";
--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "team_type_ids";
--> statement-breakpoint
ALTER TABLE "suppliers" DROP COLUMN "show_to_team_type_ids";
--> statement-breakpoint
ALTER TABLE "suppliers" DROP COLUMN "hide_from_team_type_ids";
--> statement-breakpoint
ALTER TABLE "tasks" DROP COLUMN "team_type_ids";
--> statement-breakpoint
ALTER TABLE "timetable_sessions" DROP COLUMN "team_type_ids";
--> statement-breakpoint
CREATE TRIGGER "tasks_report_counts_stale" AFTER UPDATE OF "due_date", "is_archived", "show_to_child_teams" ON "tasks"
	FOR EACH ROW WHEN (OLD.due_date IS DISTINCT FROM NEW.due_date OR OLD.is_archived IS DISTINCT FROM NEW.is_archived
		OR OLD.show_to_child_teams IS DISTINCT FROM NEW.show_to_child_teams)
	EXECUTE FUNCTION "report_counts_stale"();
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
				and (not exists (select 1 from task_team_types l where l.event_id = t.event_id and l.task_id = t.id)
					or exists (select 1 from task_team_types l
						where l.event_id = t.event_id and l.task_id = t.id and l.team_type_id = tm.team_type_id))
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
-- A task's team types added or removed (its list saved, a team type deleted): the event's counts are
-- rebuilt, when the task has statuses to count.
CREATE FUNCTION "report_counts_task_team_types"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE report_count_days SET today = '' WHERE event_id IN (
			SELECT l.event_id FROM new_rows l
			WHERE EXISTS (SELECT 1 FROM task_statuses s WHERE s.event_id = l.event_id AND s.task_id = l.task_id));
	ELSE
		UPDATE report_count_days SET today = '' WHERE event_id IN (
			SELECT l.event_id FROM old_rows l
			WHERE EXISTS (SELECT 1 FROM task_statuses s WHERE s.event_id = l.event_id AND s.task_id = l.task_id));
	END IF;
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "task_team_types_report_counts_insert" AFTER INSERT ON "task_team_types"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_counts_task_team_types"();
--> statement-breakpoint
CREATE TRIGGER "task_team_types_report_counts_delete" AFTER DELETE ON "task_team_types"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_counts_task_team_types"();
