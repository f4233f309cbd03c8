ALTER TABLE "email_responses" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "email_responses" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "tracking_token" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "tracked_links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_tracking_token_idx" ON "outbox_emails" USING btree ("tracking_token");