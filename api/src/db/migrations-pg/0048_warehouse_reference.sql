-- The same as SQLite's 0056: warehouses join the reference data kept per process.
CREATE TRIGGER "reference_warehouses" AFTER INSERT OR UPDATE OR DELETE ON "warehouses" FOR EACH STATEMENT EXECUTE FUNCTION "procura_reference_changed"();
