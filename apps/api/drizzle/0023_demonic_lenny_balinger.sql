ALTER TABLE "senders" ADD COLUMN "customer_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_sender_created_idx" ON "orders" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "senders_customer_keys_idx" ON "senders" USING gin ("customer_keys");