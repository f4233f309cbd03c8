CREATE TABLE "notification_emails" (
	"event_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"outbox_id" uuid NOT NULL,
	CONSTRAINT "notification_emails_event_id_notification_id_account_id_pk" PRIMARY KEY("event_id","notification_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"event_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_event_id_account_id_notification_id_pk" PRIMARY KEY("event_id","account_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"event_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"target_kind" text DEFAULT 'none' NOT NULL,
	"target_id" uuid,
	"link_url" text DEFAULT '' NOT NULL,
	"audience" text DEFAULT 'everyone' NOT NULL,
	"team_id" uuid,
	"team_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"send_email" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"provider_response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "notifications_event_id_id_pk" PRIMARY KEY("event_id","id")
);
--> statement-breakpoint
ALTER TABLE "notification_emails" ADD CONSTRAINT "notification_emails_outbox_id_outbox_emails_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_emails" ADD CONSTRAINT "notification_emails_notification_fk" FOREIGN KEY ("event_id","notification_id") REFERENCES "public"."notifications"("event_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_fk" FOREIGN KEY ("event_id","notification_id") REFERENCES "public"."notifications"("event_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_emails_event_outbox_idx" ON "notification_emails" USING btree ("event_id","outbox_id");--> statement-breakpoint
CREATE INDEX "notifications_event_updated_idx" ON "notifications" USING btree ("event_id","updated_at");--> statement-breakpoint
CREATE INDEX "notifications_event_status_scheduled_idx" ON "notifications" USING btree ("event_id","status","scheduled_at");