ALTER TABLE "need_lines" ADD COLUMN "article_id" bigint;--> statement-breakpoint
ALTER TABLE "need_lines" ADD COLUMN "supplier_id" bigint;