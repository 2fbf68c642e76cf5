CREATE TABLE "auth_throttles" (
	"bucket" text PRIMARY KEY NOT NULL,
	"account" text,
	"hits" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "auth_throttles_account_idx" ON "auth_throttles" USING btree ("account");--> statement-breakpoint
CREATE INDEX "auth_throttles_window_idx" ON "auth_throttles" USING btree ("window_start");