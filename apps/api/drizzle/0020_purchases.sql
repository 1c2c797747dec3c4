CREATE TABLE "sandbox_fulfilments" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"account" text NOT NULL,
	"product_id" integer,
	"provider_id" integer,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"cost_minor" bigint NOT NULL,
	"confirmation" text,
	"settle_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_codes" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"code_sealed" text NOT NULL,
	"pin_sealed" text,
	"shown_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_cost_minor" bigint;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "purchase" jsonb;--> statement-breakpoint
ALTER TABLE "gift_card_codes" ADD CONSTRAINT "gift_card_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_fulfilments_reference_unique" ON "sandbox_fulfilments" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "sandbox_fulfilments_account_idx" ON "sandbox_fulfilments" USING btree ("kind","provider_id","account");