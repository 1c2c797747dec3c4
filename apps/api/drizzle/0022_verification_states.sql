CREATE TABLE "user_verification_states" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"level" text DEFAULT 'unverified' NOT NULL,
	"money_moving_blocked_at" timestamp with time zone,
	"blocked_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_verification_states_level_check" CHECK ("user_verification_states"."level" in ('unverified', 'identity_verified', 'enhanced'))
);
--> statement-breakpoint
ALTER TABLE "user_verification_states" ADD CONSTRAINT "user_verification_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;