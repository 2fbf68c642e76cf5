CREATE TABLE "calendar_blocked_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"installer_id" integer NOT NULL,
	"work_date" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_blocked_days_reason_check" CHECK (length("calendar_blocked_days"."reason") <= 120)
);
--> statement-breakpoint
ALTER TABLE "calendar_blocked_days" ADD CONSTRAINT "calendar_blocked_days_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_blocked_days_installer_date_unique" ON "calendar_blocked_days" USING btree ("installer_id","work_date");