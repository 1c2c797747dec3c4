CREATE TABLE "verification_limits" (
	"level" text NOT NULL,
	"window" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_limits_level_window_pk" PRIMARY KEY("level","window"),
	CONSTRAINT "verification_limits_level_check" CHECK ("verification_limits"."level" in ('unverified', 'identity_verified', 'enhanced')),
	CONSTRAINT "verification_limits_window_check" CHECK ("verification_limits"."window" in ('24h', '30d', '180d')),
	CONSTRAINT "verification_limits_amount_check" CHECK ("verification_limits"."amount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "usd_equivalent_minor" bigint;