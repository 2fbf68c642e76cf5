DROP INDEX "referrals_claimed_by_idx";--> statement-breakpoint
CREATE INDEX "referrals_dealer_list_idx" ON "referrals" USING btree ("dealer_id","date_added","id");--> statement-breakpoint
CREATE INDEX "referrals_claimed_list_idx" ON "referrals" USING btree ("claimed_by_installer_id","date_added","id");--> statement-breakpoint
CREATE INDEX "referrals_offered_open_idx" ON "referrals" USING btree ("expiration_date") WHERE "referrals"."status" = 'OFFERED';