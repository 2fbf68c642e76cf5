CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"billing_email" text,
	"dealer_type" text,
	"stripe_customer_id" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zip" text,
	"latitude" double precision,
	"longitude" double precision,
	"customer_contract" text DEFAULT 'N' NOT NULL,
	"installer_categories" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"vendor_visibility_mode" text DEFAULT 'all' NOT NULL,
	"created_by_installer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealers_customer_contract_check" CHECK ("dealers"."customer_contract" in ('Y','N')),
	CONSTRAINT "dealers_vendor_visibility_check" CHECK ("dealers"."vendor_visibility_mode" in ('all','preferred'))
);
--> statement-breakpoint
CREATE TABLE "installer_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installer_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"installer_id" integer NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"card_reader_id" text,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"category" text,
	"offers_retail" boolean DEFAULT true NOT NULL,
	"offers_wholesale" boolean DEFAULT true NOT NULL,
	"capacity" integer DEFAULT 8 NOT NULL,
	"tax_rate_bps" integer DEFAULT 0 NOT NULL,
	"stripe_tax_rate" text,
	"stripe_account_id" text,
	"onboarding_complete" boolean DEFAULT false NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"trial_jobs_completed" integer DEFAULT 0 NOT NULL,
	"subscription" text DEFAULT 'ASSIST' NOT NULL,
	"calendar_id" text,
	"calendar_authenticated" boolean DEFAULT false NOT NULL,
	"customer_contract" text DEFAULT 'N' NOT NULL,
	"installer_group_id" integer,
	"address_line1" text,
	"city" text,
	"state" text,
	"zip" text,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installers_capacity_check" CHECK ("installers"."capacity" > 0),
	CONSTRAINT "installers_tax_rate_check" CHECK ("installers"."tax_rate_bps" >= 0 and "installers"."tax_rate_bps" <= 10000),
	CONSTRAINT "installers_customer_contract_check" CHECK ("installers"."customer_contract" in ('Y','N')),
	CONSTRAINT "installers_subscription_check" CHECK ("installers"."subscription" in ('ASSIST','DIRECT','STANDARD','ADMIN'))
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"hit_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_company_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"dealer_id" integer,
	"installer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_company_access_unique" UNIQUE NULLS NOT DISTINCT("user_id","dealer_id","installer_id"),
	CONSTRAINT "user_company_access_one_company" CHECK (("user_company_access"."dealer_id" is null) <> ("user_company_access"."installer_id" is null))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"user_type" text NOT NULL,
	"access" text DEFAULT 'STANDARD' NOT NULL,
	"dealer_id" integer,
	"installer_id" integer,
	"password_hash" text,
	"status" text DEFAULT 'active' NOT NULL,
	"login_enabled" boolean DEFAULT true NOT NULL,
	"contact_role" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_type_check" CHECK ("users"."user_type" in ('dealer','installer')),
	CONSTRAINT "users_access_check" CHECK ("users"."access" in ('ASSIST','DIRECT','STANDARD','ADMIN')),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active','pending','disabled','contact')),
	CONSTRAINT "users_company_check" CHECK (("users"."user_type" = 'dealer' and "users"."dealer_id" is not null and "users"."installer_id" is null) or ("users"."user_type" = 'installer' and "users"."installer_id" is not null and "users"."dealer_id" is null))
);
--> statement-breakpoint
CREATE TABLE "local_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"outbox_id" bigint,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_messages_channel_check" CHECK ("local_messages"."channel" in ('email','sms'))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 12 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"request_id" integer,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" in ('email','sms','calendar','referral','webhook')),
	CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending','sending','sent','failed','dead'))
);
--> statement-breakpoint
CREATE TABLE "vehicle_makes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"make_id" integer NOT NULL,
	"name" text NOT NULL,
	"size" text DEFAULT 'M' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_models_size_check" CHECK ("vehicle_models"."size" in ('S','M','L'))
);
--> statement-breakpoint
CREATE TABLE "vehicle_trims" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"name" text NOT NULL,
	"body_style" text DEFAULT 'Sedan' NOT NULL,
	"size" text DEFAULT 'M' NOT NULL,
	"start_production_year" integer NOT NULL,
	"end_production_year" integer,
	"created_by_installer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_trims_size_check" CHECK ("vehicle_trims"."size" in ('S','M','L')),
	CONSTRAINT "vehicle_trims_body_style_check" CHECK ("vehicle_trims"."body_style" in ('Sedan','Coupe','SUV','Wagon','Convertible','Hatchback','Truck','Crossover')),
	CONSTRAINT "vehicle_trims_years_check" CHECK ("vehicle_trims"."start_production_year" >= 1900 and ("vehicle_trims"."end_production_year" is null or "vehicle_trims"."end_production_year" >= "vehicle_trims"."start_production_year"))
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"vin" text NOT NULL,
	"year" integer NOT NULL,
	"make_id" integer,
	"model_id" integer,
	"trim_id" integer,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"trim" text,
	"body_style" text,
	"color" text,
	"series" text,
	"stock_number" text,
	"size" text DEFAULT 'M' NOT NULL,
	"img_url" text,
	"dealer_id" integer,
	"installer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_size_check" CHECK ("vehicles"."size" in ('S','M','L')),
	CONSTRAINT "vehicles_body_style_check" CHECK ("vehicles"."body_style" is null or "vehicles"."body_style" in ('Sedan','Coupe','SUV','Wagon','Convertible','Hatchback','Truck','Crossover')),
	CONSTRAINT "vehicles_year_check" CHECK ("vehicles"."year" >= 1900 and "vehicles"."year" <= 2200)
);
--> statement-breakpoint
CREATE TABLE "catalog_template_dealers" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"installer_id" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_template_services" (
	"template_id" integer NOT NULL,
	"master_service_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_template_services_template_id_master_service_id_pk" PRIMARY KEY("template_id","master_service_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"installer_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_templates_id_installer_unique" UNIQUE("id","installer_id")
);
--> statement-breakpoint
CREATE TABLE "master_service_inclusions" (
	"master_service_id" integer NOT NULL,
	"included_master_service_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "master_service_inclusions_master_service_id_included_master_service_id_pk" PRIMARY KEY("master_service_id","included_master_service_id"),
	CONSTRAINT "master_service_inclusions_not_self_check" CHECK ("master_service_inclusions"."master_service_id" <> "master_service_inclusions"."included_master_service_id")
);
--> statement-breakpoint
CREATE TABLE "master_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"installer_id" integer NOT NULL,
	"service_category" text NOT NULL,
	"description" text NOT NULL,
	"duration_tenths" integer DEFAULT 10 NOT NULL,
	"installer_category" text DEFAULT 'Paint' NOT NULL,
	"data_collect" text DEFAULT 'N' NOT NULL,
	"market_size" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "master_services_duration_check" CHECK ("master_services"."duration_tenths" >= 1),
	CONSTRAINT "master_services_data_collect_check" CHECK ("master_services"."data_collect" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "service_trim_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"trim_id" integer NOT NULL,
	"installer_id" integer NOT NULL,
	"override_price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_trim_overrides_price_check" CHECK ("service_trim_overrides"."override_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"master_service_id" integer NOT NULL,
	"installer_id" integer NOT NULL,
	"catalog" text NOT NULL,
	"vehicle_size" text NOT NULL,
	"price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_catalog_check" CHECK ("services"."catalog" in ('RETAIL','WHOLE')),
	CONSTRAINT "services_vehicle_size_check" CHECK ("services"."vehicle_size" in ('S','M','L')),
	CONSTRAINT "services_price_check" CHECK ("services"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"owning_installer_id" integer,
	"dealer_id" integer,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"address" text,
	"customer_type" text DEFAULT 'Prospect' NOT NULL,
	"stripe_customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_preferred_installers" (
	"dealer_id" integer NOT NULL,
	"installer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_preferred_installers_dealer_id_installer_id_pk" PRIMARY KEY("dealer_id","installer_id")
);
--> statement-breakpoint
CREATE TABLE "dealer_vendor_preferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"category_name" text NOT NULL,
	"vendor_visibility_mode" text DEFAULT 'all' NOT NULL,
	"default_installer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_vendor_preferences_visibility_check" CHECK ("dealer_vendor_preferences"."vendor_visibility_mode" in ('all','preferred'))
);
--> statement-breakpoint
CREATE TABLE "installer_dealers" (
	"installer_id" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installer_dealers_installer_id_dealer_id_pk" PRIMARY KEY("installer_id","dealer_id")
);
--> statement-breakpoint
CREATE TABLE "request_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"note_text" text NOT NULL,
	"note_date" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_notes_user_type_check" CHECK ("request_notes"."user_type" is null or "request_notes"."user_type" in ('dealer','installer'))
);
--> statement-breakpoint
CREATE TABLE "request_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"installer_id" integer NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"current_status" text DEFAULT 'offered' NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_offers_current_status_check" CHECK ("request_offers"."current_status" in ('offered','accepted','scheduled','rejected','deleted','new','answered','received','started','finished','collected','reviewed')),
	CONSTRAINT "request_offers_dates_check" CHECK ("request_offers"."end_date" is null or "request_offers"."start_date" is null or "request_offers"."end_date" >= "request_offers"."start_date")
);
--> statement-breakpoint
CREATE TABLE "request_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"service_id" integer,
	"master_service_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"service_category" text NOT NULL,
	"description" text NOT NULL,
	"custom_description" text,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"retail_price_cents" integer,
	"duration_tenths" integer DEFAULT 10 NOT NULL,
	"service_state" text DEFAULT 'new' NOT NULL,
	"service_date" timestamp with time zone,
	"materials" text,
	"template" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_services_service_state_check" CHECK ("request_services"."service_state" in ('new','started','finished')),
	CONSTRAINT "request_services_amounts_check" CHECK ("request_services"."amount_cents" >= 0 and "request_services"."discount_cents" >= 0 and "request_services"."fee_cents" >= 0 and "request_services"."discount_cents" <= "request_services"."amount_cents" and ("request_services"."retail_price_cents" is null or "request_services"."retail_price_cents" >= 0)),
	CONSTRAINT "request_services_duration_check" CHECK ("request_services"."duration_tenths" >= 0)
);
--> statement-breakpoint
CREATE TABLE "request_state_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"state_date" timestamp with time zone DEFAULT now() NOT NULL,
	"request_status" text NOT NULL,
	"request_service_id" integer,
	"changed_by_user_id" integer,
	"changed_by_user_type" text,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_state_history_user_type_check" CHECK ("request_state_history"."changed_by_user_type" is null or "request_state_history"."changed_by_user_type" in ('dealer','installer','system','public'))
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_type" text NOT NULL,
	"requestor_dealer_id" integer,
	"requestor_installer_id" integer,
	"created_by_user_id" integer,
	"assigned_installer_id" integer,
	"dealer_id" integer,
	"customer_id" integer,
	"vehicle_id" integer,
	"vehicle_year" integer,
	"vehicle_make" text,
	"vehicle_model" text,
	"vehicle_trim" text,
	"vin" text,
	"vehicle_size" text DEFAULT 'M' NOT NULL,
	"service_requested" text DEFAULT '' NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"taxes_cents" integer DEFAULT 0 NOT NULL,
	"duration_tenths" integer DEFAULT 10 NOT NULL,
	"available_date" timestamp with time zone NOT NULL,
	"due_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"current_state" text DEFAULT 'new' NOT NULL,
	"offer_state" text,
	"stock_number" varchar(50),
	"deal_number" varchar(50),
	"latitude" double precision,
	"longitude" double precision,
	"deposit_amount_cents" integer DEFAULT 0 NOT NULL,
	"review_score" smallint,
	"invoice_number" text,
	"customer_facing_invoice" text,
	"contract_url" text,
	"installer_catalog" text,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_request_type_check" CHECK ("service_requests"."request_type" in ('dealer','installer')),
	CONSTRAINT "service_requests_current_state_check" CHECK ("service_requests"."current_state" in ('new','answered','scheduled','received','started','finished','collected','reviewed','deleted')),
	CONSTRAINT "service_requests_offer_state_check" CHECK ("service_requests"."offer_state" is null or "service_requests"."offer_state" in ('offered','accepted','scheduled','rejected','deleted','new','answered','received','started','finished','collected','reviewed')),
	CONSTRAINT "service_requests_requestor_check" CHECK (("service_requests"."request_type" = 'dealer' and "service_requests"."requestor_dealer_id" is not null and "service_requests"."requestor_installer_id" is null) or ("service_requests"."request_type" = 'installer' and "service_requests"."requestor_installer_id" is not null and "service_requests"."requestor_dealer_id" is null and "service_requests"."assigned_installer_id" is not null)),
	CONSTRAINT "service_requests_vehicle_size_check" CHECK ("service_requests"."vehicle_size" in ('S','M','L')),
	CONSTRAINT "service_requests_installer_catalog_check" CHECK ("service_requests"."installer_catalog" is null or "service_requests"."installer_catalog" in ('RETAIL','WHOLE')),
	CONSTRAINT "service_requests_amounts_check" CHECK ("service_requests"."total_cents" >= 0 and "service_requests"."discount_cents" >= 0 and "service_requests"."fee_cents" >= 0 and "service_requests"."taxes_cents" >= 0 and "service_requests"."deposit_amount_cents" >= 0 and "service_requests"."discount_cents" <= "service_requests"."total_cents"),
	CONSTRAINT "service_requests_duration_check" CHECK ("service_requests"."duration_tenths" >= 0),
	CONSTRAINT "service_requests_review_score_check" CHECK ("service_requests"."review_score" is null or ("service_requests"."review_score" >= 1 and "service_requests"."review_score" <= 5)),
	CONSTRAINT "service_requests_deleted_check" CHECK (("service_requests"."current_state" = 'deleted') = ("service_requests"."deleted_at" is not null)),
	CONSTRAINT "service_requests_version_check" CHECK ("service_requests"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "calendar_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"request_service_id" integer,
	"installer_id" integer NOT NULL,
	"location_id" integer,
	"work_date" date NOT NULL,
	"work_status" text DEFAULT 'draft' NOT NULL,
	"daily_work_tenths" integer DEFAULT 10 NOT NULL,
	"event_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_days_work_status_check" CHECK ("calendar_days"."work_status" in ('draft','pending','booked','started','finished')),
	CONSTRAINT "calendar_days_daily_work_check" CHECK ("calendar_days"."daily_work_tenths" >= 0)
);
--> statement-breakpoint
CREATE TABLE "request_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"installer_id" integer NOT NULL,
	"installer_capacity" integer,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_schedules_capacity_check" CHECK ("request_schedules"."installer_capacity" is null or "request_schedules"."installer_capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "card_payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"installer_id" integer NOT NULL,
	"location_id" integer,
	"reader_id" text,
	"provider_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_payment_attempts_status_check" CHECK ("card_payment_attempts"."status" in ('created','sent_to_reader','processing','succeeded','payment_failed','canceled')),
	CONSTRAINT "card_payment_attempts_amount_check" CHECK ("card_payment_attempts"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"installer_id" integer NOT NULL,
	"dealer_id" integer,
	"customer_id" integer,
	"invoice_type" text DEFAULT 'final' NOT NULL,
	"number" text,
	"customer_facing_number" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"amount_due_cents" integer NOT NULL,
	"amount_remaining_cents" integer NOT NULL,
	"amount_paid_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"hosted_invoice_url" text,
	"customer_name" text,
	"customer_email" text,
	"po_number" text,
	"description" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"provider_invoice_id" text,
	"invoice_date" timestamp with time zone DEFAULT now() NOT NULL,
	"finalized_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_invoice_type_check" CHECK ("invoices"."invoice_type" in ('deposit','final')),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft','open','paid','void')),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."amount_due_cents" >= 0 and "invoices"."amount_remaining_cents" >= 0 and "invoices"."amount_paid_cents" >= 0 and "invoices"."tax_cents" >= 0 and "invoices"."amount_paid_cents" <= "invoices"."amount_due_cents" and "invoices"."amount_remaining_cents" <= "invoices"."amount_due_cents")
);
--> statement-breakpoint
CREATE TABLE "payment_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer,
	"failure_type" text NOT NULL,
	"failure_stage" text,
	"error_message" text,
	"user_id" integer,
	"user_type" text,
	"provider_object_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"invoice_id" integer,
	"installer_id" integer NOT NULL,
	"payment_type" text DEFAULT 'final' NOT NULL,
	"payment_state" text DEFAULT 'invoiced' NOT NULL,
	"amount_cents" integer NOT NULL,
	"platform_fee_cents" integer DEFAULT 0 NOT NULL,
	"provider_payment_id" text,
	"method" text,
	"check_number" text,
	"card_last4" varchar(4),
	"card_type" text,
	"payout_id" text,
	"payment_date" timestamp with time zone,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_payment_state_check" CHECK ("payments"."payment_state" in ('invoiced','pending','paid','settled','covered')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" is null or "payments"."method" in ('card','online','check','cash','settle')),
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."amount_cents" >= 0 and "payments"."platform_fee_cents" >= 0),
	CONSTRAINT "payments_card_last4_check" CHECK ("payments"."card_last4" is null or "payments"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"user_id" integer,
	"referring_email" text,
	"customer_id" integer,
	"vehicle_id" integer,
	"vin" text,
	"vehicle_year" integer,
	"vehicle_make" text,
	"vehicle_model" text,
	"status" text DEFAULT 'NEW' NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"expiration_date" timestamp with time zone,
	"specialist_action" text DEFAULT 'available' NOT NULL,
	"claim_token_hash" text,
	"claimed_by_installer_id" integer,
	"claimed_at" timestamp with time zone,
	"claimed_specialist_name" text,
	"claimed_specialist_phone" text,
	"claimed_specialist_email" text,
	"claimed_specialist_business" text,
	"zip_code" text,
	"requested_service" text,
	"request_id" integer,
	"bonus_cents" integer DEFAULT 2500 NOT NULL,
	"paid_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('NEW','CONTACT','VIEWED','OFFERED','CLAIMED','ESTIMATE_CREATED','BOOKED','SCHEDULED','RECEIVED','STARTED','FINISHED','COMPLETE')),
	CONSTRAINT "referrals_specialist_action_check" CHECK ("referrals"."specialist_action" in ('available','owned')),
	CONSTRAINT "referrals_bonus_check" CHECK ("referrals"."bonus_cents" >= 0),
	CONSTRAINT "referrals_claim_check" CHECK (("referrals"."specialist_action" = 'owned') = ("referrals"."claimed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"dealer_id" integer,
	"customer_id" integer,
	"signature_method" text NOT NULL,
	"signed_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"file_path" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_signature_method_check" CHECK ("contracts"."signature_method" in ('electronic','manual')),
	CONSTRAINT "contracts_electronic_signed_check" CHECK ("contracts"."signature_method" <> 'electronic' or "contracts"."signed_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"user_id" integer,
	"company_id" integer,
	"company_type" text,
	"path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_views_company_type_check" CHECK ("page_views"."company_type" is null or "page_views"."company_type" in ('dealer','installer'))
);
--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_created_by_installer_id_installers_id_fk" FOREIGN KEY ("created_by_installer_id") REFERENCES "public"."installers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installer_locations" ADD CONSTRAINT "installer_locations_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installers" ADD CONSTRAINT "installers_installer_group_id_installer_groups_id_fk" FOREIGN KEY ("installer_group_id") REFERENCES "public"."installer_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_company_access" ADD CONSTRAINT "user_company_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_company_access" ADD CONSTRAINT "user_company_access_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_company_access" ADD CONSTRAINT "user_company_access_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_messages" ADD CONSTRAINT "local_messages_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_models" ADD CONSTRAINT "vehicle_models_make_id_vehicle_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."vehicle_makes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_trims" ADD CONSTRAINT "vehicle_trims_model_id_vehicle_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."vehicle_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_trims" ADD CONSTRAINT "vehicle_trims_created_by_installer_id_installers_id_fk" FOREIGN KEY ("created_by_installer_id") REFERENCES "public"."installers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_make_id_vehicle_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."vehicle_makes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_model_id_vehicle_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."vehicle_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_trim_id_vehicle_trims_id_fk" FOREIGN KEY ("trim_id") REFERENCES "public"."vehicle_trims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_template_dealers" ADD CONSTRAINT "catalog_template_dealers_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_template_dealers" ADD CONSTRAINT "catalog_template_dealers_template_fk" FOREIGN KEY ("template_id","installer_id") REFERENCES "public"."catalog_templates"("id","installer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_template_services" ADD CONSTRAINT "catalog_template_services_template_id_catalog_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."catalog_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_template_services" ADD CONSTRAINT "catalog_template_services_master_service_id_master_services_id_fk" FOREIGN KEY ("master_service_id") REFERENCES "public"."master_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_templates" ADD CONSTRAINT "catalog_templates_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_service_inclusions" ADD CONSTRAINT "master_service_inclusions_master_service_id_master_services_id_fk" FOREIGN KEY ("master_service_id") REFERENCES "public"."master_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_service_inclusions" ADD CONSTRAINT "master_service_inclusions_included_master_service_id_master_services_id_fk" FOREIGN KEY ("included_master_service_id") REFERENCES "public"."master_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_services" ADD CONSTRAINT "master_services_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_trim_overrides" ADD CONSTRAINT "service_trim_overrides_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_trim_overrides" ADD CONSTRAINT "service_trim_overrides_trim_id_vehicle_trims_id_fk" FOREIGN KEY ("trim_id") REFERENCES "public"."vehicle_trims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_trim_overrides" ADD CONSTRAINT "service_trim_overrides_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_master_service_id_master_services_id_fk" FOREIGN KEY ("master_service_id") REFERENCES "public"."master_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_owning_installer_id_installers_id_fk" FOREIGN KEY ("owning_installer_id") REFERENCES "public"."installers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_preferred_installers" ADD CONSTRAINT "dealer_preferred_installers_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_preferred_installers" ADD CONSTRAINT "dealer_preferred_installers_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_vendor_preferences" ADD CONSTRAINT "dealer_vendor_preferences_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_vendor_preferences" ADD CONSTRAINT "dealer_vendor_preferences_default_installer_id_installers_id_fk" FOREIGN KEY ("default_installer_id") REFERENCES "public"."installers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installer_dealers" ADD CONSTRAINT "installer_dealers_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installer_dealers" ADD CONSTRAINT "installer_dealers_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_notes" ADD CONSTRAINT "request_notes_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_notes" ADD CONSTRAINT "request_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_offers" ADD CONSTRAINT "request_offers_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_offers" ADD CONSTRAINT "request_offers_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_services" ADD CONSTRAINT "request_services_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_services" ADD CONSTRAINT "request_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_services" ADD CONSTRAINT "request_services_master_service_id_master_services_id_fk" FOREIGN KEY ("master_service_id") REFERENCES "public"."master_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_state_history" ADD CONSTRAINT "request_state_history_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_state_history" ADD CONSTRAINT "request_state_history_request_service_id_request_services_id_fk" FOREIGN KEY ("request_service_id") REFERENCES "public"."request_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_state_history" ADD CONSTRAINT "request_state_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_requestor_dealer_id_dealers_id_fk" FOREIGN KEY ("requestor_dealer_id") REFERENCES "public"."dealers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_requestor_installer_id_installers_id_fk" FOREIGN KEY ("requestor_installer_id") REFERENCES "public"."installers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_assigned_installer_id_installers_id_fk" FOREIGN KEY ("assigned_installer_id") REFERENCES "public"."installers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_days" ADD CONSTRAINT "calendar_days_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_days" ADD CONSTRAINT "calendar_days_request_service_id_request_services_id_fk" FOREIGN KEY ("request_service_id") REFERENCES "public"."request_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_days" ADD CONSTRAINT "calendar_days_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_days" ADD CONSTRAINT "calendar_days_location_id_installer_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."installer_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_schedules" ADD CONSTRAINT "request_schedules_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_schedules" ADD CONSTRAINT "request_schedules_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_attempts" ADD CONSTRAINT "card_payment_attempts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_attempts" ADD CONSTRAINT "card_payment_attempts_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_attempts" ADD CONSTRAINT "card_payment_attempts_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_attempts" ADD CONSTRAINT "card_payment_attempts_location_id_installer_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."installer_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_failures" ADD CONSTRAINT "payment_failures_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_failures" ADD CONSTRAINT "payment_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_claimed_by_installer_id_installers_id_fk" FOREIGN KEY ("claimed_by_installer_id") REFERENCES "public"."installers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealers_name_idx" ON "dealers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "installer_locations_installer_idx" ON "installer_locations" USING btree ("installer_id");--> statement-breakpoint
CREATE INDEX "installers_group_idx" ON "installers" USING btree ("installer_group_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_bucket_idx" ON "rate_limit_hits" USING btree ("bucket","hit_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_login_unique" ON "users" USING btree (lower("email")) WHERE "users"."login_enabled";--> statement-breakpoint
CREATE INDEX "users_dealer_idx" ON "users" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "users_installer_idx" ON "users" USING btree ("installer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "local_messages_outbox_unique" ON "local_messages" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "local_messages_to_idx" ON "local_messages" USING btree ("to");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" in ('pending','failed');--> statement-breakpoint
CREATE INDEX "outbox_request_idx" ON "outbox" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "outbox_lease_idx" ON "outbox" USING btree ("locked_until") WHERE "outbox"."status" = 'sending';--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_unique" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_makes_name_unique" ON "vehicle_makes" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_models_make_name_unique" ON "vehicle_models" USING btree ("make_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_trims_model_name_unique" ON "vehicle_trims" USING btree ("model_id",lower("name"));--> statement-breakpoint
CREATE INDEX "vehicles_vin_idx" ON "vehicles" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "vehicles_trim_idx" ON "vehicles" USING btree ("trim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_template_dealers_installer_dealer_unique" ON "catalog_template_dealers" USING btree ("installer_id","dealer_id");--> statement-breakpoint
CREATE INDEX "catalog_template_dealers_template_idx" ON "catalog_template_dealers" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "catalog_template_dealers_dealer_idx" ON "catalog_template_dealers" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "catalog_template_services_master_idx" ON "catalog_template_services" USING btree ("master_service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_templates_installer_name_unique" ON "catalog_templates" USING btree ("installer_id",lower("name"));--> statement-breakpoint
CREATE INDEX "master_service_inclusions_included_idx" ON "master_service_inclusions" USING btree ("included_master_service_id");--> statement-breakpoint
CREATE INDEX "master_services_installer_category_idx" ON "master_services" USING btree ("installer_id","service_category");--> statement-breakpoint
CREATE UNIQUE INDEX "master_services_installer_description_unique" ON "master_services" USING btree ("installer_id","service_category",lower("description"));--> statement-breakpoint
CREATE UNIQUE INDEX "service_trim_overrides_service_trim_unique" ON "service_trim_overrides" USING btree ("service_id","trim_id");--> statement-breakpoint
CREATE INDEX "service_trim_overrides_installer_trim_idx" ON "service_trim_overrides" USING btree ("installer_id","trim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "services_master_catalog_size_unique" ON "services" USING btree ("master_service_id","catalog","vehicle_size");--> statement-breakpoint
CREATE INDEX "services_installer_catalog_size_idx" ON "services" USING btree ("installer_id","catalog","vehicle_size");--> statement-breakpoint
CREATE INDEX "customers_owner_name_idx" ON "customers" USING btree ("owning_installer_id",lower("name"));--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "customers_dealer_idx" ON "customers" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "dealer_preferred_installers_installer_idx" ON "dealer_preferred_installers" USING btree ("installer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_vendor_preferences_dealer_category_unique" ON "dealer_vendor_preferences" USING btree ("dealer_id","category_name");--> statement-breakpoint
CREATE INDEX "installer_dealers_dealer_idx" ON "installer_dealers" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "request_notes_request_idx" ON "request_notes" USING btree ("request_id","note_date");--> statement-breakpoint
CREATE UNIQUE INDEX "request_offers_request_installer_unique" ON "request_offers" USING btree ("request_id","installer_id");--> statement-breakpoint
CREATE INDEX "request_offers_installer_status_idx" ON "request_offers" USING btree ("installer_id","current_status");--> statement-breakpoint
CREATE INDEX "request_services_request_idx" ON "request_services" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "request_state_history_request_idx" ON "request_state_history" USING btree ("request_id","state_date");--> statement-breakpoint
CREATE UNIQUE INDEX "request_state_history_client_key_unique" ON "request_state_history" USING btree ("request_id","client_key");--> statement-breakpoint
CREATE INDEX "service_requests_requestor_dealer_list_idx" ON "service_requests" USING btree ("requestor_dealer_id","current_state","available_date");--> statement-breakpoint
CREATE INDEX "service_requests_dealer_list_idx" ON "service_requests" USING btree ("dealer_id","current_state","available_date");--> statement-breakpoint
CREATE INDEX "service_requests_requestor_installer_list_idx" ON "service_requests" USING btree ("requestor_installer_id","request_type","current_state","available_date");--> statement-breakpoint
CREATE INDEX "service_requests_assigned_list_idx" ON "service_requests" USING btree ("assigned_installer_id","current_state","available_date");--> statement-breakpoint
CREATE INDEX "service_requests_open_idx" ON "service_requests" USING btree ("current_state","available_date") WHERE "service_requests"."assigned_installer_id" is null and "service_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "service_requests_customer_idx" ON "service_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "service_requests_vehicle_idx" ON "service_requests" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "service_requests_vin_idx" ON "service_requests" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "calendar_days_installer_date_idx" ON "calendar_days" USING btree ("installer_id","work_date");--> statement-breakpoint
CREATE INDEX "calendar_days_request_idx" ON "calendar_days" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "calendar_days_service_idx" ON "calendar_days" USING btree ("request_service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "request_schedules_request_unique" ON "request_schedules" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "request_schedules_installer_start_idx" ON "request_schedules" USING btree ("installer_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payment_attempts_intent_unique" ON "card_payment_attempts" USING btree ("provider_intent_id");--> statement-breakpoint
CREATE INDEX "card_payment_attempts_invoice_idx" ON "card_payment_attempts" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_idempotency_key_unique" ON "invoices" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_invoice_id_unique" ON "invoices" USING btree ("provider_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_request_idx" ON "invoices" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "invoices_installer_date_idx" ON "invoices" USING btree ("installer_id","invoice_date");--> statement-breakpoint
CREATE INDEX "invoices_dealer_date_idx" ON "invoices" USING btree ("dealer_id","invoice_date");--> statement-breakpoint
CREATE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "payment_failures_request_idx" ON "payment_failures" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key_unique" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_request_idx" ON "payments" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_installer_date_idx" ON "payments" USING btree ("installer_id","payment_date");--> statement-breakpoint
CREATE INDEX "referrals_dealer_status_idx" ON "referrals" USING btree ("dealer_id","status","date_added");--> statement-breakpoint
CREATE INDEX "referrals_status_idx" ON "referrals" USING btree ("status","date_added");--> statement-breakpoint
CREATE INDEX "referrals_claimed_by_idx" ON "referrals" USING btree ("claimed_by_installer_id");--> statement-breakpoint
CREATE INDEX "referrals_request_idx" ON "referrals" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_claim_token_unique" ON "referrals" USING btree ("claim_token_hash");--> statement-breakpoint
CREATE INDEX "contracts_request_idx" ON "contracts" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "contracts_customer_idx" ON "contracts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "page_views_label_created_idx" ON "page_views" USING btree ("label","created_at");--> statement-breakpoint
CREATE INDEX "page_views_user_created_idx" ON "page_views" USING btree ("user_id","created_at");