-- PostgreSQL fires the row triggers of one event in the order of their names. Creating an order
-- moves its order sum (the order's insert) and then its family sums (its lines' inserts); changing
-- an order's status fired the family sums' trigger first ("order_family_sums_order_update" sorts
-- before "order_sums_update"): two transactions could take the same sum rows in opposite orders
-- and deadlock (seen with 8 clients creating and submitting at once). Renamed, the status change
-- moves the order sum first, then the family sums, as creation does.
ALTER TRIGGER "order_family_sums_order_update" ON "purchase_orders" RENAME TO "order_sums_update_families";
