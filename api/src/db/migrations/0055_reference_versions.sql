-- Reference data (settings, currencies and rates, custom fields, companies, departments, circuits,
-- supplier file types, users and roles, suppliers) is kept per process while auth_versions row 2 holds
-- (api/src/db/reference-cache.ts); these triggers advance it on any change, by any process.
INSERT INTO `auth_versions` (`id`, `value`) VALUES (2, 0);
--> statement-breakpoint
CREATE TRIGGER `reference_settings_insert` AFTER INSERT ON `settings` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_settings_update` AFTER UPDATE ON `settings` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_settings_delete` AFTER DELETE ON `settings` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_currencies_insert` AFTER INSERT ON `currencies` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_currencies_update` AFTER UPDATE ON `currencies` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_currencies_delete` AFTER DELETE ON `currencies` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_currency_rates_insert` AFTER INSERT ON `currency_rates` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_currency_rates_update` AFTER UPDATE ON `currency_rates` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_currency_rates_delete` AFTER DELETE ON `currency_rates` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_custom_fields_insert` AFTER INSERT ON `custom_fields` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_custom_fields_update` AFTER UPDATE ON `custom_fields` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_custom_fields_delete` AFTER DELETE ON `custom_fields` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_companies_insert` AFTER INSERT ON `companies` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_companies_update` AFTER UPDATE ON `companies` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_companies_delete` AFTER DELETE ON `companies` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_departments_insert` AFTER INSERT ON `departments` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_departments_update` AFTER UPDATE ON `departments` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_departments_delete` AFTER DELETE ON `departments` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_circuit_rows_insert` AFTER INSERT ON `circuit_rows` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_circuit_rows_update` AFTER UPDATE ON `circuit_rows` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_circuit_rows_delete` AFTER DELETE ON `circuit_rows` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_supplier_file_types_insert` AFTER INSERT ON `supplier_file_types` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_supplier_file_types_update` AFTER UPDATE ON `supplier_file_types` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_supplier_file_types_delete` AFTER DELETE ON `supplier_file_types` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_users_insert` AFTER INSERT ON `users` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_users_update` AFTER UPDATE OF login, role_id, active ON `users` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_users_delete` AFTER DELETE ON `users` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_roles_insert` AFTER INSERT ON `roles` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_roles_update` AFTER UPDATE ON `roles` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_roles_delete` AFTER DELETE ON `roles` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_suppliers_insert` AFTER INSERT ON `suppliers` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_suppliers_update` AFTER UPDATE ON `suppliers` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
--> statement-breakpoint
CREATE TRIGGER `reference_suppliers_delete` AFTER DELETE ON `suppliers` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; END;
