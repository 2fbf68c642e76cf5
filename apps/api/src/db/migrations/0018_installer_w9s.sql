CREATE TABLE "installer_w9s" (
	"installer_id" integer PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by_user_id" integer,
	CONSTRAINT "installer_w9s_content_type_check" CHECK ("installer_w9s"."content_type" in ('application/pdf','image/jpeg','image/png')),
	CONSTRAINT "installer_w9s_size_check" CHECK ("installer_w9s"."size_bytes" > 0 and "installer_w9s"."size_bytes" <= 10485760)
);
--> statement-breakpoint
ALTER TABLE "installer_w9s" ADD CONSTRAINT "installer_w9s_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installer_w9s" ADD CONSTRAINT "installer_w9s_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;