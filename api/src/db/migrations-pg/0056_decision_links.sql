CREATE TABLE "decision_links" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"model_id" bigint NOT NULL,
	"decision" text NOT NULL,
	"user_id" bigint NOT NULL,
	"step" bigint NOT NULL,
	"version" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "decision_links" ADD CONSTRAINT "decision_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "decision_links_model_idx" ON "decision_links" USING btree ("model","model_id");--> statement-breakpoint
CREATE INDEX "decision_links_expires_idx" ON "decision_links" USING btree ("expires_at");