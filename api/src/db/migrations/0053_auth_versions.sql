CREATE TABLE `auth_versions` (
	`id` integer PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `auth_versions` (`id`, `value`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `auth_users_update` AFTER UPDATE OF login, label, email, language, currency_code, role_id, active, buyer, can_view_other_po, price_display_inctax ON `users` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_users_delete` AFTER DELETE ON `users` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_roles_update` AFTER UPDATE ON `roles` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_roles_delete` AFTER DELETE ON `roles` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_permissions_update` AFTER UPDATE ON `permissions` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_permissions_delete` AFTER DELETE ON `permissions` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_role_permissions_insert` AFTER INSERT ON `role_permissions` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_role_permissions_update` AFTER UPDATE ON `role_permissions` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_role_permissions_delete` AFTER DELETE ON `role_permissions` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_user_permissions_insert` AFTER INSERT ON `user_permissions` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_user_permissions_update` AFTER UPDATE ON `user_permissions` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_user_permissions_delete` AFTER DELETE ON `user_permissions` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_supplier_contacts_insert` AFTER INSERT ON `supplier_contacts` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_supplier_contacts_update` AFTER UPDATE ON `supplier_contacts` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_supplier_contacts_delete` AFTER DELETE ON `supplier_contacts` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_sessions_update` AFTER UPDATE ON `sessions` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_sessions_delete` AFTER DELETE ON `sessions` BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_settings_insert` AFTER INSERT ON `settings` FOR EACH ROW WHEN NEW.`key` = 'maintenance' BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_settings_update` AFTER UPDATE ON `settings` FOR EACH ROW WHEN NEW.`key` = 'maintenance' OR OLD.`key` = 'maintenance' BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_settings_delete` AFTER DELETE ON `settings` FOR EACH ROW WHEN OLD.`key` = 'maintenance' BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; END;
