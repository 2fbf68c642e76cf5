CREATE TABLE "referral_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"referral_id" integer NOT NULL,
	"status" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"changed_by_user_id" integer,
	"request_id" integer
);
--> statement-breakpoint
CREATE TABLE "referral_offers" (
	"referral_id" integer NOT NULL,
	"installer_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"distance_score" double precision,
	"token_hash" text NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_offers_referral_id_installer_id_pk" PRIMARY KEY("referral_id","installer_id")
);
--> statement-breakpoint
CREATE TABLE "referral_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"period" text NOT NULL,
	"total_cents" integer NOT NULL,
	"referral_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_payouts_period_check" CHECK ("referral_payouts"."period" ~ '^[0-9]{4}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "request_claim_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"claimed_installer_id" integer
);
--> statement-breakpoint
DROP INDEX "referrals_claim_token_unique";--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "benefits_token_hash" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "payout_id" integer;--> statement-breakpoint
ALTER TABLE "referral_history" ADD CONSTRAINT "referral_history_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_history" ADD CONSTRAINT "referral_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_history" ADD CONSTRAINT "referral_history_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_offers" ADD CONSTRAINT "referral_offers_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_offers" ADD CONSTRAINT "referral_offers_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_claim_invites" ADD CONSTRAINT "request_claim_invites_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_claim_invites" ADD CONSTRAINT "request_claim_invites_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_claim_invites" ADD CONSTRAINT "request_claim_invites_claimed_installer_id_installers_id_fk" FOREIGN KEY ("claimed_installer_id") REFERENCES "public"."installers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_history_referral_idx" ON "referral_history" USING btree ("referral_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_offers_token_unique" ON "referral_offers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "referral_offers_installer_idx" ON "referral_offers" USING btree ("installer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_payouts_dealer_period_unique" ON "referral_payouts" USING btree ("dealer_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "request_claim_invites_token_unique" ON "request_claim_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "request_claim_invites_request_idx" ON "request_claim_invites" USING btree ("request_id");--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_payout_id_referral_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."referral_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_benefits_token_unique" ON "referrals" USING btree ("benefits_token_hash");--> statement-breakpoint
CREATE INDEX "referrals_payable_idx" ON "referrals" USING btree ("dealer_id","completed_at");--> statement-breakpoint
ALTER TABLE "referrals" DROP COLUMN "claim_token_hash";--> statement-breakpoint
-- Backfill (decision 010): a referral already COMPLETE became payable when it was last changed; each existing
-- referral's history starts with the status it has.
UPDATE "referrals" SET "completed_at" = "updated_at" WHERE "status" = 'COMPLETE' AND "completed_at" IS NULL;--> statement-breakpoint
INSERT INTO "referral_history" ("referral_id", "status", "changed_at", "actor")
SELECT "id", "status", "updated_at", 'system' FROM "referrals";
