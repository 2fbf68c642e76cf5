DROP INDEX "customers_owner_name_idx";--> statement-breakpoint
DROP INDEX "customers_dealer_idx";--> statement-breakpoint
CREATE INDEX "customers_owner_name_idx" ON "customers" USING btree ("owning_installer_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "customers_dealer_idx" ON "customers" USING btree ("dealer_id",lower("name"),"id");