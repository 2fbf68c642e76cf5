DROP INDEX "referral_offers_installer_idx";--> statement-breakpoint
-- Every lead expires REFERRAL_VALID_DAYS (30) after it was added (decision 010); a lead without a date gets it.
UPDATE "referrals" SET "expiration_date" = "date_added" + interval '30 days' WHERE "expiration_date" IS NULL;--> statement-breakpoint
ALTER TABLE "referrals" ALTER COLUMN "expiration_date" SET NOT NULL;--> statement-breakpoint
-- An offer is made after its lead was added (the installer's claimable leads are read by offer date).
UPDATE "referral_offers" o SET "offered_at" = r."date_added" FROM "referrals" r
 WHERE r."id" = o."referral_id" AND o."offered_at" < r."date_added";--> statement-breakpoint
CREATE INDEX "dealers_created_by_installer_idx" ON "dealers" USING btree ("created_by_installer_id") WHERE "dealers"."created_by_installer_id" is not null;--> statement-breakpoint
CREATE INDEX "referral_offers_installer_offered_idx" ON "referral_offers" USING btree ("installer_id","offered_at");--> statement-breakpoint
CREATE INDEX "referrals_claimed_open_idx" ON "referrals" USING btree ("claimed_by_installer_id") WHERE "referrals"."status" = 'CLAIMED';--> statement-breakpoint
CREATE INDEX "service_requests_assigned_dealer_idx" ON "service_requests" USING btree ("assigned_installer_id","dealer_id","available_date","id") WHERE "service_requests"."dealer_id" is not null and "service_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "service_requests_requestor_installer_dealer_idx" ON "service_requests" USING btree ("requestor_installer_id","dealer_id","available_date","id") WHERE "service_requests"."dealer_id" is not null and "service_requests"."deleted_at" is null;