CREATE TABLE "order_family_sums" (
	"month" text NOT NULL,
	"status" text NOT NULL,
	"family_id" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "order_family_sums_month_status_family_id_currency_code_pk" PRIMARY KEY("month","status","family_id","currency_code")
);
--> statement-breakpoint
CREATE INDEX "purchase_order_lines_article_idx" ON "purchase_order_lines" USING btree ("article_id");
--> statement-breakpoint
INSERT INTO order_family_sums (month, status, family_id, currency_code, amount)
SELECT coalesce(to_char(o.validated_at AT TIME ZONE 'UTC', 'YYYY-MM'), ''), o.status, coalesce(a.product_family_id, 0), o.currency_code, sum(round(l.amount_exctax::numeric * 10000)::bigint)
FROM purchase_order_lines l JOIN purchase_orders o ON o.id = l.purchase_order_id LEFT JOIN articles a ON a.id = l.article_id
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- A line moves its order's family sum; while its order is being deleted (the cascade), the order is gone and the order's trigger has moved it.
CREATE FUNCTION order_family_sums_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE order_family_sums SET amount = amount - round(OLD.amount_exctax::numeric * 10000)::bigint
    WHERE family_id = coalesce((SELECT product_family_id FROM articles WHERE id = OLD.article_id), 0)
      AND (month, status, currency_code) = (SELECT coalesce(to_char(o.validated_at AT TIME ZONE 'UTC', 'YYYY-MM'), ''), o.status, o.currency_code FROM purchase_orders o WHERE o.id = OLD.purchase_order_id);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO order_family_sums (month, status, family_id, currency_code, amount)
    SELECT coalesce(to_char(o.validated_at AT TIME ZONE 'UTC', 'YYYY-MM'), ''), o.status, coalesce((SELECT product_family_id FROM articles WHERE id = NEW.article_id), 0), o.currency_code, round(NEW.amount_exctax::numeric * 10000)::bigint
    FROM purchase_orders o WHERE o.id = NEW.purchase_order_id
    ON CONFLICT (month, status, family_id, currency_code) DO UPDATE SET amount = order_family_sums.amount + excluded.amount;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_family_sums_line_insert_delete AFTER INSERT OR DELETE ON purchase_order_lines FOR EACH ROW EXECUTE FUNCTION order_family_sums_line();
--> statement-breakpoint
CREATE TRIGGER order_family_sums_line_update AFTER UPDATE OF purchase_order_id, article_id, amount_exctax ON purchase_order_lines FOR EACH ROW EXECUTE FUNCTION order_family_sums_line();
--> statement-breakpoint
CREATE FUNCTION order_family_sums_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE order_family_sums s SET amount = s.amount - coalesce((SELECT sum(round(l.amount_exctax::numeric * 10000)::bigint) FROM purchase_order_lines l
        WHERE l.purchase_order_id = OLD.id AND coalesce((SELECT product_family_id FROM articles WHERE id = l.article_id), 0) = s.family_id), 0)
    WHERE s.month = coalesce(to_char(OLD.validated_at AT TIME ZONE 'UTC', 'YYYY-MM'), '') AND s.status = OLD.status AND s.currency_code = OLD.currency_code;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO order_family_sums (month, status, family_id, currency_code, amount)
    SELECT coalesce(to_char(NEW.validated_at AT TIME ZONE 'UTC', 'YYYY-MM'), ''), NEW.status, coalesce((SELECT product_family_id FROM articles WHERE id = l.article_id), 0), NEW.currency_code, sum(round(l.amount_exctax::numeric * 10000)::bigint)
    FROM purchase_order_lines l WHERE l.purchase_order_id = NEW.id GROUP BY 3
    ON CONFLICT (month, status, family_id, currency_code) DO UPDATE SET amount = order_family_sums.amount + excluded.amount;
    RETURN NULL;
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_family_sums_order_update AFTER UPDATE OF status, validated_at, currency_code ON purchase_orders FOR EACH ROW EXECUTE FUNCTION order_family_sums_order();
--> statement-breakpoint
CREATE TRIGGER order_family_sums_order_delete BEFORE DELETE ON purchase_orders FOR EACH ROW EXECUTE FUNCTION order_family_sums_order();
--> statement-breakpoint
CREATE FUNCTION order_family_sums_article() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_family_sums s SET amount = s.amount - coalesce((SELECT sum(round(l.amount_exctax::numeric * 10000)::bigint) FROM purchase_order_lines l JOIN purchase_orders o ON o.id = l.purchase_order_id
      WHERE l.article_id = OLD.id AND coalesce(to_char(o.validated_at AT TIME ZONE 'UTC', 'YYYY-MM'), '') = s.month AND o.status = s.status AND o.currency_code = s.currency_code), 0)
  WHERE s.family_id = coalesce(OLD.product_family_id, 0);
  INSERT INTO order_family_sums (month, status, family_id, currency_code, amount)
  SELECT coalesce(to_char(o.validated_at AT TIME ZONE 'UTC', 'YYYY-MM'), ''), o.status, coalesce(NEW.product_family_id, 0), o.currency_code, sum(round(l.amount_exctax::numeric * 10000)::bigint)
  FROM purchase_order_lines l JOIN purchase_orders o ON o.id = l.purchase_order_id WHERE l.article_id = NEW.id GROUP BY 1, 2, 4
  ON CONFLICT (month, status, family_id, currency_code) DO UPDATE SET amount = order_family_sums.amount + excluded.amount;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_family_sums_article_update AFTER UPDATE OF product_family_id ON articles FOR EACH ROW
WHEN (coalesce(OLD.product_family_id, 0) <> coalesce(NEW.product_family_id, 0)) EXECUTE FUNCTION order_family_sums_article();
