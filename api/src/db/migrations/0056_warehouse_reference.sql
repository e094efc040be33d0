-- Warehouses join the reference data kept per process (api/src/db/reference-cache.ts): every
-- catalogue call reads its warehouse, and warehouses change rarely.
CREATE TRIGGER `reference_warehouses_insert` AFTER INSERT ON `warehouses` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_warehouses_update` AFTER UPDATE ON `warehouses` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_warehouses_delete` AFTER DELETE ON `warehouses` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
