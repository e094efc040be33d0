-- Mail templates join the reference data kept per process (api/src/db/reference-cache.ts): every
-- mail reads its template, and administrators rewrite them rarely.
CREATE TRIGGER `reference_mail_templates_insert` AFTER INSERT ON `mail_templates` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_mail_templates_update` AFTER UPDATE ON `mail_templates` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_mail_templates_delete` AFTER DELETE ON `mail_templates` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
