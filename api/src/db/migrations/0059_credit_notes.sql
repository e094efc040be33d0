ALTER TABLE `supplier_invoices` ADD `corrects_invoice_id` integer REFERENCES supplier_invoices(id);--> statement-breakpoint
-- An invoice captured with a negative total was a credit note: it is one now.
UPDATE `supplier_invoices` SET `kind` = 'credit_note' WHERE `kind` = 'invoice' AND `amount_exctax` LIKE '-%';
