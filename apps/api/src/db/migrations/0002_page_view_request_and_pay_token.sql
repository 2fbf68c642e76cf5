ALTER TABLE "page_views" ADD COLUMN "request_id" integer;--> statement-breakpoint
CREATE INDEX "page_views_request_idx" ON "page_views" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_pay_token_unique" ON "invoices" USING btree (("metadata"->>'pay_token'));