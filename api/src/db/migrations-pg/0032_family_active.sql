ALTER TABLE "product_families" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product_family_types" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product_subfamilies" ADD COLUMN "active" boolean DEFAULT true NOT NULL;