CREATE TABLE `order_family_sums` (
	`month` text NOT NULL,
	`status` text NOT NULL,
	`family_id` integer NOT NULL,
	`currency_code` text NOT NULL,
	`amount` integer NOT NULL,
	PRIMARY KEY(`month`, `status`, `family_id`, `currency_code`)
);
--> statement-breakpoint
CREATE INDEX `purchase_order_lines_article_idx` ON `purchase_order_lines` (`article_id`);
--> statement-breakpoint
INSERT INTO order_family_sums (month, status, family_id, currency_code, amount)
SELECT coalesce(strftime('%Y-%m', o.validated_at / 1000, 'unixepoch'), ''), o.status, coalesce(a.product_family_id, 0), o.currency_code, sum(CAST(round(CAST(l.amount_exctax AS REAL) * 10000) AS INTEGER))
FROM purchase_order_lines l JOIN purchase_orders o ON o.id = l.purchase_order_id LEFT JOIN articles a ON a.id = l.article_id
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- A line moves its order's family sum; while its order is being deleted (the cascade), the order is gone and the order's trigger has moved it.
CREATE TRIGGER order_family_sums_line_insert AFTER INSERT ON purchase_order_lines BEGIN
  INSERT INTO order_family_sums (month, status, family_id, currency_code, amount)
  SELECT coalesce(strftime('%Y-%m', o.validated_at / 1000, 'unixepoch'), ''), o.status, coalesce((SELECT product_family_id FROM articles WHERE id = NEW.article_id), 0), o.currency_code, CAST(round(CAST(NEW.amount_exctax AS REAL) * 10000) AS INTEGER)
  FROM purchase_orders o WHERE o.id = NEW.purchase_order_id
  ON CONFLICT (month, status, family_id, currency_code) DO UPDATE SET amount = amount + excluded.amount;
END;
--> statement-breakpoint
CREATE TRIGGER order_family_sums_line_delete AFTER DELETE ON purchase_order_lines BEGIN
  UPDATE order_family_sums SET amount = amount - CAST(round(CAST(OLD.amount_exctax AS REAL) * 10000) AS INTEGER)
  WHERE family_id = coalesce((SELECT product_family_id FROM articles WHERE id = OLD.article_id), 0)
    AND (month, status, currency_code) = (SELECT coalesce(strftime('%Y-%m', o.validated_at / 1000, 'unixepoch'), ''), o.status, o.currency_code FROM purchase_orders o WHERE o.id = OLD.purchase_order_id);
END;
--> statement-breakpoint
CREATE TRIGGER order_family_sums_line_update AFTER UPDATE OF purchase_order_id, article_id, amount_exctax ON purchase_order_lines BEGIN
  UPDATE order_family_sums SET amount = amount - CAST(round(CAST(OLD.amount_exctax AS REAL) * 10000) AS INTEGER)
  WHERE family_id = coalesce((SELECT product_family_id FROM articles WHERE id = OLD.article_id), 0)
    AND (month, status, currency_code) = (SELECT coalesce(strftime('%Y-%m', o.validated_at / 1000, 'unixepoch'), ''), o.status, o.currency_code FROM purchase_orders o WHERE o.id = OLD.purchase_order_id);
  INSERT INTO order_family_sums (month, status, family_id, currency_code, amount)
  SELECT coalesce(strftime('%Y-%m', o.validated_at / 1000, 'unixepoch'), ''), o.status, coalesce((SELECT product_family_id FROM articles WHERE id = NEW.article_id), 0), o.currency_code, CAST(round(CAST(NEW.amount_exctax AS REAL) * 10000) AS INTEGER)
  FROM purchase_orders o WHERE o.id = NEW.purchase_order_id
  ON CONFLICT (month, status, family_id, currency_code) DO UPDATE SET amount = amount + excluded.amount;
END;
--> statement-breakpoint
CREATE TRIGGER order_family_sums_order_update AFTER UPDATE OF status, validated_at, currency_code ON purchase_orders BEGIN
  UPDATE order_family_sums SET amount = amount - coalesce((SELECT sum(CAST(round(CAST(l.amount_exctax AS REAL) * 10000) AS INTEGER)) FROM purchase_order_lines l
      WHERE l.purchase_order_id = OLD.id AND coalesce((SELECT product_family_id FROM articles WHERE id = l.article_id), 0) = order_family_sums.family_id), 0)
  WHERE month = coalesce(strftime('%Y-%m', OLD.validated_at / 1000, 'unixepoch'), '') AND status = OLD.status AND currency_code = OLD.currency_code;
  INSERT INTO order_family_sums (month, status, family_id, currency_code, amount)
  SELECT coalesce(strftime('%Y-%m', NEW.validated_at / 1000, 'unixepoch'), ''), NEW.status, coalesce((SELECT product_family_id FROM articles WHERE id = l.article_id), 0), NEW.currency_code, sum(CAST(round(CAST(l.amount_exctax AS REAL) * 10000) AS INTEGER))
  FROM purchase_order_lines l WHERE l.purchase_order_id = NEW.id GROUP BY 3
  ON CONFLICT (month, status, family_id, currency_code) DO UPDATE SET amount = amount + excluded.amount;
END;
--> statement-breakpoint
CREATE TRIGGER order_family_sums_order_delete BEFORE DELETE ON purchase_orders BEGIN
  UPDATE order_family_sums SET amount = amount - coalesce((SELECT sum(CAST(round(CAST(l.amount_exctax AS REAL) * 10000) AS INTEGER)) FROM purchase_order_lines l
      WHERE l.purchase_order_id = OLD.id AND coalesce((SELECT product_family_id FROM articles WHERE id = l.article_id), 0) = order_family_sums.family_id), 0)
  WHERE month = coalesce(strftime('%Y-%m', OLD.validated_at / 1000, 'unixepoch'), '') AND status = OLD.status AND currency_code = OLD.currency_code;
END;
--> statement-breakpoint
CREATE TRIGGER order_family_sums_article_update AFTER UPDATE OF product_family_id ON articles
WHEN coalesce(OLD.product_family_id, 0) <> coalesce(NEW.product_family_id, 0) BEGIN
  UPDATE order_family_sums SET amount = amount - coalesce((SELECT sum(CAST(round(CAST(l.amount_exctax AS REAL) * 10000) AS INTEGER)) FROM purchase_order_lines l JOIN purchase_orders o ON o.id = l.purchase_order_id
      WHERE l.article_id = OLD.id AND coalesce(strftime('%Y-%m', o.validated_at / 1000, 'unixepoch'), '') = order_family_sums.month AND o.status = order_family_sums.status AND o.currency_code = order_family_sums.currency_code), 0)
  WHERE family_id = coalesce(OLD.product_family_id, 0);
  INSERT INTO order_family_sums (month, status, family_id, currency_code, amount)
  SELECT coalesce(strftime('%Y-%m', o.validated_at / 1000, 'unixepoch'), ''), o.status, coalesce(NEW.product_family_id, 0), o.currency_code, sum(CAST(round(CAST(l.amount_exctax AS REAL) * 10000) AS INTEGER))
  FROM purchase_order_lines l JOIN purchase_orders o ON o.id = l.purchase_order_id WHERE l.article_id = NEW.id GROUP BY 1, 2, 4
  ON CONFLICT (month, status, family_id, currency_code) DO UPDATE SET amount = amount + excluded.amount;
END;
