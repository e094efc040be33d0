-- The same as SQLite's 0055: auth_versions row 2 advances on any change to reference data.
INSERT INTO "auth_versions" ("id", "value") VALUES (2, 0);
--> statement-breakpoint
CREATE FUNCTION "procura_reference_changed"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE auth_versions SET value = value + 1 WHERE id = 2; RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER "reference_settings" AFTER INSERT OR UPDATE OR DELETE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "procura_reference_changed"();
--> statement-breakpoint
CREATE TRIGGER "reference_currencies" AFTER INSERT OR UPDATE OR DELETE ON "currencies" FOR EACH STATEMENT EXECUTE FUNCTION "procura_reference_changed"();
--> statement-breakpoint
CREATE TRIGGER "reference_currency_rates" AFTER INSERT OR UPDATE OR DELETE ON "currency_rates" FOR EACH STATEMENT EXECUTE FUNCTION "procura_reference_changed"();
--> statement-breakpoint
CREATE TRIGGER "reference_custom_fields" AFTER INSERT OR UPDATE OR DELETE ON "custom_fields" FOR EACH STATEMENT EXECUTE FUNCTION "procura_reference_changed"();
--> statement-breakpoint
CREATE TRIGGER "reference_companies" AFTER INSERT OR UPDATE OR DELETE ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION "procura_reference_changed"();
--> statement-breakpoint
CREATE TRIGGER "reference_departments" AFTER INSERT OR UPDATE OR DELETE ON "departments" FOR EACH STATEMENT EXECUTE FUNCTION "procura_reference_changed"();
--> statement-breakpoint
CREATE TRIGGER "reference_circuit_rows" AFTER INSERT OR UPDATE OR DELETE ON "circuit_rows" FOR EACH STATEMENT EXECUTE FUNCTION "procura_reference_changed"();
--> statement-breakpoint
CREATE TRIGGER "reference_supplier_file_types" AFTER INSERT OR UPDATE OR DELETE ON "supplier_file_types" FOR EACH STATEMENT EXECUTE FUNCTION "procura_reference_changed"();
--> statement-breakpoint
CREATE TRIGGER "reference_users" AFTER INSERT OR UPDATE OF login, role_id, active OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "procura_reference_changed"();
--> statement-breakpoint
CREATE TRIGGER "reference_roles" AFTER INSERT OR UPDATE OR DELETE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "procura_reference_changed"();
--> statement-breakpoint
CREATE TRIGGER "reference_suppliers" AFTER INSERT OR UPDATE OR DELETE ON "suppliers" FOR EACH STATEMENT EXECUTE FUNCTION "procura_reference_changed"();
