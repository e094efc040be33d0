CREATE TABLE `order_sums` (
	`month` text NOT NULL,
	`status` text NOT NULL,
	`billing_status` text NOT NULL,
	`supplier_id` integer NOT NULL,
	`department_id` integer NOT NULL,
	`currency_code` text NOT NULL,
	`orders` integer NOT NULL,
	`amount` integer NOT NULL,
	`delivered` integer NOT NULL,
	`billed` integer NOT NULL,
	PRIMARY KEY(`month`, `status`, `billing_status`, `supplier_id`, `department_id`, `currency_code`)
);
--> statement-breakpoint
INSERT INTO order_sums (month, status, billing_status, supplier_id, department_id, currency_code, orders, amount, delivered, billed)
SELECT coalesce(strftime('%Y-%m', validated_at / 1000, 'unixepoch'), ''), status, billing_status, supplier_id, coalesce(department_id, 0), currency_code,
  count(*), sum(CAST(round(CAST(amount_exctax AS REAL) * 10000) AS INTEGER)),
  sum(CAST(round(CAST(delivered_amount_exctax AS REAL) * 10000) AS INTEGER)),
  sum(CAST(round(CAST(billed_amount_exctax AS REAL) * 10000) AS INTEGER))
FROM purchase_orders GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE TRIGGER order_sums_insert AFTER INSERT ON purchase_orders BEGIN
  INSERT INTO order_sums (month, status, billing_status, supplier_id, department_id, currency_code, orders, amount, delivered, billed)
  VALUES (coalesce(strftime('%Y-%m', NEW.validated_at / 1000, 'unixepoch'), ''), NEW.status, NEW.billing_status, NEW.supplier_id, coalesce(NEW.department_id, 0), NEW.currency_code, 1, CAST(round(CAST(NEW.amount_exctax AS REAL) * 10000) AS INTEGER), CAST(round(CAST(NEW.delivered_amount_exctax AS REAL) * 10000) AS INTEGER), CAST(round(CAST(NEW.billed_amount_exctax AS REAL) * 10000) AS INTEGER))
  ON CONFLICT (month, status, billing_status, supplier_id, department_id, currency_code) DO UPDATE SET orders = orders + 1, amount = amount + excluded.amount,
    delivered = delivered + excluded.delivered, billed = billed + excluded.billed;
END;
--> statement-breakpoint
CREATE TRIGGER order_sums_delete AFTER DELETE ON purchase_orders BEGIN
  UPDATE order_sums SET orders = orders - 1, amount = amount - CAST(round(CAST(OLD.amount_exctax AS REAL) * 10000) AS INTEGER),
    delivered = delivered - CAST(round(CAST(OLD.delivered_amount_exctax AS REAL) * 10000) AS INTEGER), billed = billed - CAST(round(CAST(OLD.billed_amount_exctax AS REAL) * 10000) AS INTEGER)
  WHERE month = coalesce(strftime('%Y-%m', OLD.validated_at / 1000, 'unixepoch'), '') AND status = OLD.status AND billing_status = OLD.billing_status AND supplier_id = OLD.supplier_id AND department_id = coalesce(OLD.department_id, 0) AND currency_code = OLD.currency_code;
END;
--> statement-breakpoint
CREATE TRIGGER order_sums_update AFTER UPDATE OF status, validated_at, billing_status, supplier_id, department_id, currency_code, amount_exctax, delivered_amount_exctax, billed_amount_exctax ON purchase_orders BEGIN
  UPDATE order_sums SET orders = orders - 1, amount = amount - CAST(round(CAST(OLD.amount_exctax AS REAL) * 10000) AS INTEGER),
    delivered = delivered - CAST(round(CAST(OLD.delivered_amount_exctax AS REAL) * 10000) AS INTEGER), billed = billed - CAST(round(CAST(OLD.billed_amount_exctax AS REAL) * 10000) AS INTEGER)
  WHERE month = coalesce(strftime('%Y-%m', OLD.validated_at / 1000, 'unixepoch'), '') AND status = OLD.status AND billing_status = OLD.billing_status AND supplier_id = OLD.supplier_id AND department_id = coalesce(OLD.department_id, 0) AND currency_code = OLD.currency_code;
  INSERT INTO order_sums (month, status, billing_status, supplier_id, department_id, currency_code, orders, amount, delivered, billed)
  VALUES (coalesce(strftime('%Y-%m', NEW.validated_at / 1000, 'unixepoch'), ''), NEW.status, NEW.billing_status, NEW.supplier_id, coalesce(NEW.department_id, 0), NEW.currency_code, 1, CAST(round(CAST(NEW.amount_exctax AS REAL) * 10000) AS INTEGER), CAST(round(CAST(NEW.delivered_amount_exctax AS REAL) * 10000) AS INTEGER), CAST(round(CAST(NEW.billed_amount_exctax AS REAL) * 10000) AS INTEGER))
  ON CONFLICT (month, status, billing_status, supplier_id, department_id, currency_code) DO UPDATE SET orders = orders + 1, amount = amount + excluded.amount,
    delivered = delivered + excluded.delivered, billed = billed + excluded.billed;
END;
