-- The same as SQLite's 0067: mail templates join the reference data kept per process.
CREATE TRIGGER "reference_mail_templates" AFTER INSERT OR UPDATE OR DELETE ON "mail_templates" FOR EACH STATEMENT EXECUTE FUNCTION "procura_reference_changed"();
