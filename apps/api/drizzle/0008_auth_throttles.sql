CREATE TABLE "auth_throttles" (
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"failures" smallint DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_throttles_kind_subject_pk" PRIMARY KEY("kind","subject")
);
--> statement-breakpoint
ALTER TABLE "retired_refresh_tokens" ADD COLUMN "successor_enc" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_changed_at" timestamp with time zone;--> statement-breakpoint
-- The per-account login lock moved to auth_throttles, keyed by the address, so that an address
-- without an account locks exactly like one with.
ALTER TABLE "users" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";
