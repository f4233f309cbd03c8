CREATE TABLE "calendar_feeds" (
	"event_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "calendar_feeds_pk" PRIMARY KEY("event_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "timetable_sessions" (
	"event_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" text NOT NULL,
	"ends_at" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"track_id" uuid,
	"team_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"show_to_child_teams" boolean DEFAULT true NOT NULL,
	"link_kind" text,
	"link_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "timetable_sessions_pk" PRIMARY KEY("event_id","id")
);
--> statement-breakpoint
CREATE TABLE "timetable_tracks" (
	"event_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "timetable_tracks_pk" PRIMARY KEY("event_id","id")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_sessions" ADD CONSTRAINT "timetable_sessions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_sessions" ADD CONSTRAINT "timetable_sessions_track_fk" FOREIGN KEY ("event_id","track_id") REFERENCES "public"."timetable_tracks"("event_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_tracks" ADD CONSTRAINT "timetable_tracks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_event_token_idx" ON "calendar_feeds" USING btree ("event_id","token_hash");--> statement-breakpoint
CREATE INDEX "timetable_sessions_event_starts_idx" ON "timetable_sessions" USING btree ("event_id","starts_at");--> statement-breakpoint
CREATE INDEX "timetable_sessions_event_track_idx" ON "timetable_sessions" USING btree ("event_id","track_id");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_tracks_event_name_idx" ON "timetable_tracks" USING btree ("event_id",lower("name"));