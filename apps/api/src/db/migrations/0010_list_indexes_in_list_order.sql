DROP INDEX "service_requests_requestor_dealer_list_idx";--> statement-breakpoint
DROP INDEX "service_requests_requestor_installer_list_idx";--> statement-breakpoint
DROP INDEX "service_requests_assigned_list_idx";--> statement-breakpoint
CREATE INDEX "service_requests_requestor_dealer_list_idx" ON "service_requests" USING btree ("requestor_dealer_id","current_state","available_date","id");--> statement-breakpoint
CREATE INDEX "service_requests_requestor_installer_list_idx" ON "service_requests" USING btree ("requestor_installer_id","request_type","current_state","available_date","id");--> statement-breakpoint
CREATE INDEX "service_requests_assigned_list_idx" ON "service_requests" USING btree ("assigned_installer_id","current_state","request_type","available_date","id");