CREATE TABLE "order_sums" (
	"month" text NOT NULL,
	"status" text NOT NULL,
	"billing_status" text NOT NULL,
	"supplier_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"orders" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"delivered" bigint NOT NULL,
	"billed" bigint NOT NULL,
	CONSTRAINT "order_sums_month_status_billing_status_supplier_id_department_id_currency_code_pk" PRIMARY KEY("month","status","billing_status","supplier_id","department_id","currency_code")
);
--> statement-breakpoint
INSERT INTO order_sums (month, status, billing_status, supplier_id, department_id, currency_code, orders, amount, delivered, billed)
SELECT coalesce(to_char(validated_at AT TIME ZONE 'UTC', 'YYYY-MM'), ''), status, billing_status, supplier_id, coalesce(department_id, 0), currency_code,
  count(*), sum(round(amount_exctax::numeric * 10000)::bigint),
  sum(round(delivered_amount_exctax::numeric * 10000)::bigint),
  sum(round(billed_amount_exctax::numeric * 10000)::bigint)
FROM purchase_orders GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE FUNCTION order_sums_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE order_sums SET orders = orders - 1, amount = amount - round(OLD.amount_exctax::numeric * 10000)::bigint,
      delivered = delivered - round(OLD.delivered_amount_exctax::numeric * 10000)::bigint, billed = billed - round(OLD.billed_amount_exctax::numeric * 10000)::bigint
    WHERE (month, status, billing_status, supplier_id, department_id, currency_code) = (coalesce(to_char(OLD.validated_at AT TIME ZONE 'UTC', 'YYYY-MM'), ''), OLD.status, OLD.billing_status, OLD.supplier_id, coalesce(OLD.department_id, 0), OLD.currency_code);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO order_sums (month, status, billing_status, supplier_id, department_id, currency_code, orders, amount, delivered, billed)
    VALUES (coalesce(to_char(NEW.validated_at AT TIME ZONE 'UTC', 'YYYY-MM'), ''), NEW.status, NEW.billing_status, NEW.supplier_id, coalesce(NEW.department_id, 0), NEW.currency_code, 1, round(NEW.amount_exctax::numeric * 10000)::bigint, round(NEW.delivered_amount_exctax::numeric * 10000)::bigint, round(NEW.billed_amount_exctax::numeric * 10000)::bigint)
    ON CONFLICT (month, status, billing_status, supplier_id, department_id, currency_code) DO UPDATE SET orders = order_sums.orders + 1, amount = order_sums.amount + excluded.amount,
      delivered = order_sums.delivered + excluded.delivered, billed = order_sums.billed + excluded.billed;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_sums_insert_delete AFTER INSERT OR DELETE ON purchase_orders FOR EACH ROW EXECUTE FUNCTION order_sums_move();
--> statement-breakpoint
CREATE TRIGGER order_sums_update AFTER UPDATE OF status, validated_at, billing_status, supplier_id, department_id, currency_code, amount_exctax, delivered_amount_exctax, billed_amount_exctax ON purchase_orders FOR EACH ROW EXECUTE FUNCTION order_sums_move();
