CREATE TABLE "form_notification_sends" (
	"event_id" uuid NOT NULL,
	"submission_event_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"emails" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_notification_sends_submission_event_id_notification_id_pk" PRIMARY KEY("submission_event_id","notification_id")
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "form_notification_sends" ADD CONSTRAINT "form_notification_sends_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_notification_sends" ADD CONSTRAINT "form_notification_sends_notification_id_form_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."form_notifications"("id") ON DELETE cascade ON UPDATE no action;