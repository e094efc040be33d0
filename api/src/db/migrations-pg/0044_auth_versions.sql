CREATE TABLE "auth_versions" (
	"id" bigint PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "auth_versions" ("id", "value") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "procura_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 1; RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER "auth_users" AFTER UPDATE OF login, label, email, language, currency_code, role_id, active, buyer, can_view_other_po, price_display_inctax OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "procura_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "auth_roles" AFTER UPDATE OR DELETE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "procura_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "auth_permissions" AFTER UPDATE OR DELETE ON "permissions" FOR EACH STATEMENT EXECUTE FUNCTION "procura_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "auth_role_permissions" AFTER INSERT OR UPDATE OR DELETE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "procura_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "auth_user_permissions" AFTER INSERT OR UPDATE OR DELETE ON "user_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "procura_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "auth_supplier_contacts" AFTER INSERT OR UPDATE OR DELETE ON "supplier_contacts" FOR EACH STATEMENT EXECUTE FUNCTION "procura_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "auth_sessions" AFTER UPDATE OR DELETE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "procura_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "auth_settings_write" AFTER INSERT OR UPDATE ON "settings" FOR EACH ROW WHEN (NEW."key" = 'maintenance') EXECUTE FUNCTION "procura_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "auth_settings_delete" AFTER DELETE ON "settings" FOR EACH ROW WHEN (OLD."key" = 'maintenance') EXECUTE FUNCTION "procura_auth_changed"();
