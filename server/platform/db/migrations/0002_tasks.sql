CREATE TABLE "task_groups" (
	"event_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_statuses" (
	"event_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"progress_status" text DEFAULT 'incomplete' NOT NULL,
	"approval_status" text DEFAULT 'none' NOT NULL,
	"approval_review" text DEFAULT '' NOT NULL,
	"approval_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assigned_to" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "task_statuses_event_id_task_id_team_id_pk" PRIMARY KEY("event_id","task_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"event_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"due_date" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'task' NOT NULL,
	"external_link" text DEFAULT '' NOT NULL,
	"is_time_sensitive" boolean DEFAULT false NOT NULL,
	"is_approval_needed" boolean DEFAULT false NOT NULL,
	"disclaimer" text DEFAULT '' NOT NULL,
	"show_to_child_teams" boolean DEFAULT false NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"team_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"group_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_groups" ADD CONSTRAINT "task_groups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_statuses" ADD CONSTRAINT "task_statuses_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_statuses" ADD CONSTRAINT "task_statuses_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_statuses" ADD CONSTRAINT "task_statuses_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_group_id_task_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."task_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_groups_event_archived_title_idx" ON "task_groups" USING btree ("event_id","is_archived","title");--> statement-breakpoint
CREATE INDEX "task_statuses_event_team_idx" ON "task_statuses" USING btree ("event_id","team_id");--> statement-breakpoint
CREATE INDEX "tasks_event_archived_due_idx" ON "tasks" USING btree ("event_id","is_archived","due_date");--> statement-breakpoint
CREATE INDEX "tasks_event_group_position_idx" ON "tasks" USING btree ("event_id","group_id","position");