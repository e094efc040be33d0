CREATE TABLE "currency_rates" (
	"currency_code" text NOT NULL,
	"valid_from" text NOT NULL,
	"rate" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "currency_rates_currency_code_valid_from_pk" PRIMARY KEY("currency_code","valid_from")
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"key" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "mail_templates_key_language_pk" PRIMARY KEY("key","language")
);
--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "exchange_rate" text DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD COLUMN "exchange_rate" text DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE purchase_orders SET exchange_rate = coalesce((SELECT rate FROM currencies WHERE currencies.code = purchase_orders.currency_code), '1');--> statement-breakpoint
UPDATE supplier_invoices SET exchange_rate = coalesce((SELECT rate FROM currencies WHERE currencies.code = supplier_invoices.currency_code), '1');
