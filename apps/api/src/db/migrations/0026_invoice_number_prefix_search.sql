DROP INDEX "invoices_number_lower_idx";--> statement-breakpoint
CREATE INDEX "invoices_installer_number_idx" ON "invoices" USING btree ("installer_id",lower("number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "invoices_dealer_number_idx" ON "invoices" USING btree ("dealer_id",lower("number") text_pattern_ops) WHERE "invoices"."dealer_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_installer_sequence_idx" ON "invoices" USING btree ("installer_id",(substring("number" from '[0-9]+$')) text_pattern_ops);