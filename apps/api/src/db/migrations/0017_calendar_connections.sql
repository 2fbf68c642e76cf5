CREATE TABLE "calendar_connections" (
	"installer_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'disconnected' NOT NULL,
	"refresh_token_ciphertext" text,
	"calendar_id" text,
	"calendars" jsonb,
	"state_nonce" text,
	"connected_by_user_id" integer,
	"connected_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"disconnected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_connections_provider_check" CHECK ("calendar_connections"."provider" in ('google','local')),
	CONSTRAINT "calendar_connections_status_check" CHECK ("calendar_connections"."status" in ('needs_selection','connected','expired','disconnected'))
);
--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_connected_by_user_id_users_id_fk" FOREIGN KEY ("connected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;