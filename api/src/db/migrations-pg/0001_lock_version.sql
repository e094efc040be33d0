ALTER TABLE "needs" ADD COLUMN "lock_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "lock_version" bigint DEFAULT 0 NOT NULL;