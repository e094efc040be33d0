ALTER TABLE "companies" ADD COLUMN "siren" text;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "routing_code" text;--> statement-breakpoint
ALTER TABLE "pending_invoices" ADD COLUMN "company_id" bigint;--> statement-breakpoint
ALTER TABLE "pending_invoices" ADD COLUMN "department_id" bigint;--> statement-breakpoint
ALTER TABLE "pending_invoices" ADD CONSTRAINT "pending_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_invoices" ADD CONSTRAINT "pending_invoices_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;