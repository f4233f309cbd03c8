CREATE TABLE "email_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outbox_id" uuid NOT NULL,
	"event_id" uuid,
	"message_id" text NOT NULL,
	"type" text NOT NULL,
	"recipient" text NOT NULL,
	"template_id" text NOT NULL,
	"team_id" uuid,
	"user_id" uuid,
	"details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_responses" ADD CONSTRAINT "email_responses_outbox_id_outbox_emails_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_responses" ADD CONSTRAINT "email_responses_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_responses_event_user_idx" ON "email_responses" USING btree ("event_id","user_id","created_at");