ALTER TABLE "e_invoice_outbox" ADD COLUMN "attempts" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "e_invoice_outbox" ADD COLUMN "next_attempt_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "e_invoice_outbox" ADD COLUMN "last_error" text;