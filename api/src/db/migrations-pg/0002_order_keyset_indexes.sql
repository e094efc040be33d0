DROP INDEX "purchase_orders_status_idx";--> statement-breakpoint
DROP INDEX "purchase_orders_created_idx";--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_idx" ON "purchase_orders" USING btree ("created_at","id");