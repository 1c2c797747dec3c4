ALTER TABLE "quotations" ADD COLUMN "payment_type_id" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "payment_method_slug" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "payment_profile_id" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_payment_profile_id_payment_profiles_id_fk" FOREIGN KEY ("payment_profile_id") REFERENCES "public"."payment_profiles"("id") ON DELETE no action ON UPDATE no action;