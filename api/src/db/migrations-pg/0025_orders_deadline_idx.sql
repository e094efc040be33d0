-- The dashboard's late deliveries: open orders by status and the deadline of their delivery address.
CREATE INDEX "purchase_orders_deadline_idx" ON "purchase_orders" USING btree ("status", ("delivery_address" ->> 'deadline'));
