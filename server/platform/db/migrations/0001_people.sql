CREATE TABLE "custom_fields" (
	"event_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"placeholder" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"show_field" boolean DEFAULT true NOT NULL,
	"show_to_child_teams" boolean DEFAULT false NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_types" (
	"event_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"event_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"team_type_id" uuid,
	"is_organiser" boolean DEFAULT false NOT NULL,
	"stand_share_role" text DEFAULT 'none' NOT NULL,
	"parent_team_id" uuid,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "team_role" text;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_types" ADD CONSTRAINT "team_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_team_type_id_team_types_id_fk" FOREIGN KEY ("team_type_id") REFERENCES "public"."team_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_parent_team_fk" FOREIGN KEY ("parent_team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_fields_event_label_idx" ON "custom_fields" USING btree ("event_id","label");--> statement-breakpoint
CREATE INDEX "custom_fields_event_position_idx" ON "custom_fields" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "team_types_event_name_idx" ON "team_types" USING btree ("event_id","name");--> statement-breakpoint
CREATE INDEX "teams_event_name_idx" ON "teams" USING btree ("event_id","name");--> statement-breakpoint
CREATE INDEX "teams_event_type_name_idx" ON "teams" USING btree ("event_id","team_type_id","name");--> statement-breakpoint
CREATE INDEX "teams_event_parent_idx" ON "teams" USING btree ("event_id","parent_team_id");--> statement-breakpoint
CREATE INDEX "teams_event_owner_idx" ON "teams" USING btree ("event_id","owner_id");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_event_team_idx" ON "memberships" USING btree ("event_id","team_id");