-- Balances move from one row per account to LEDGER_BALANCE_SHARDS (8) rows per account, so that
-- concurrent entries on a busy account take different rows instead of queueing behind one lock
-- (bench/ledger.mjs: 10 hot accounts went from about 0.45x to about 1x the 50-account rate).
-- post_entry keeps its contract (migration 0003); what changes is how it updates balances.
CREATE TABLE "ledger_balance_shards" (
	"account_id" bigint NOT NULL,
	"shard" smallint NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"floor_zero" boolean NOT NULL,
	CONSTRAINT "ledger_balance_shards_account_id_shard_pk" PRIMARY KEY("account_id","shard"),
	CONSTRAINT "ledger_balance_shards_not_negative" CHECK (not "ledger_balance_shards"."floor_zero" or "ledger_balance_shards"."balance_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_wallet_not_negative";--> statement-breakpoint
ALTER TABLE "postings" DROP CONSTRAINT "postings_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_balance_shards" ADD CONSTRAINT "ledger_balance_shards_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Existing balances go into shard 0 of their account; the other shards start at zero.
INSERT INTO "ledger_balance_shards" ("account_id", "shard", "balance_minor", "floor_zero")
SELECT a."id", s.shard, CASE WHEN s.shard = 0 THEN a."balance_minor" ELSE 0 END, a."kind" = 'customer_wallet'
FROM "ledger_accounts" a CROSS JOIN generate_series(0, 7) AS s(shard);--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP COLUMN "balance_minor";--> statement-breakpoint
-- Every new account gets its shards. A customer wallet's are floored at zero.
CREATE OR REPLACE FUNCTION ledger_account_add_shards() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_balance_shards (account_id, shard, floor_zero)
  SELECT NEW.id, s.shard, NEW.kind = 'customer_wallet' FROM generate_series(0, 7) AS s(shard);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_accounts_add_shards AFTER INSERT ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_add_shards();--> statement-breakpoint
-- Postings no longer have a foreign key to their account (see the schema), so accounts must stay.
CREATE TRIGGER ledger_accounts_never_deleted BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
-- A credit, or any movement on an account with no floor: the fullest shard no one holds takes it
-- (so a wallet's money gathers in one shard while it is quiet); when every shard is held, wait
-- for a random one.
CREATE OR REPLACE FUNCTION ledger_add_to_account(p_account_id bigint, p_amount bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_shard smallint;
BEGIN
  SELECT shard INTO v_shard FROM ledger_balance_shards WHERE account_id = p_account_id
  ORDER BY balance_minor DESC LIMIT 1
  FOR NO KEY UPDATE SKIP LOCKED;
  IF NOT FOUND THEN
    SELECT shard INTO v_shard FROM ledger_balance_shards WHERE account_id = p_account_id
    ORDER BY random() LIMIT 1
    FOR NO KEY UPDATE;
  END IF;
  UPDATE ledger_balance_shards SET balance_minor = balance_minor + p_amount
  WHERE account_id = p_account_id AND shard = v_shard;
END;
$$;--> statement-breakpoint
-- A debit on a customer wallet: a free shard that covers it alone pays it. Otherwise every shard is
-- locked in shard order, the sum must cover the debit (else check_violation, which the API reads as
-- insufficient funds), and what is left is spread evenly, so the next debits find a shard that
-- covers them.
CREATE OR REPLACE FUNCTION ledger_draw_from_wallet(p_account_id bigint, p_amount bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_shard smallint;
  v_total bigint;
  v_count integer;
  v_rest bigint;
BEGIN
  SELECT shard INTO v_shard FROM ledger_balance_shards
  WHERE account_id = p_account_id AND balance_minor >= p_amount
  ORDER BY balance_minor DESC LIMIT 1
  FOR NO KEY UPDATE SKIP LOCKED;
  IF FOUND THEN
    UPDATE ledger_balance_shards SET balance_minor = balance_minor - p_amount
    WHERE account_id = p_account_id AND shard = v_shard;
    RETURN;
  END IF;
  SELECT coalesce(sum(balance_minor), 0), count(*) INTO v_total, v_count
  FROM (
    SELECT balance_minor FROM ledger_balance_shards WHERE account_id = p_account_id
    ORDER BY shard FOR NO KEY UPDATE
  ) AS held;
  IF v_total < p_amount THEN
    RAISE EXCEPTION 'insufficient funds in ledger account %', p_account_id USING ERRCODE = 'check_violation';
  END IF;
  v_rest := v_total - p_amount;
  UPDATE ledger_balance_shards
  SET balance_minor = v_rest / v_count + CASE WHEN shard = 0 THEN v_rest % v_count ELSE 0 END
  WHERE account_id = p_account_id;
END;
$$;--> statement-breakpoint
-- post_entry, same contract as in 0003. Everything that needs no lock comes first: the checks (an
-- account's kind and currency never change, so plain reads do), the entry and its postings. Then
-- the balances, account by account in id order: shards are only ever waited for in account order
-- (within an account, a full lock takes them in shard order), so concurrent entries cannot deadlock.
CREATE OR REPLACE FUNCTION post_entry(
  p_kind text,
  p_reference text,
  p_idempotency_key text,
  p_reverses_entry_id bigint,
  p_metadata jsonb,
  p_account_ids bigint[],
  p_amounts bigint[]
) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_entry_id bigint;
  v_unbalanced record;
  v_found integer;
  v_leg record;
BEGIN
  IF p_account_ids IS NULL OR p_amounts IS NULL
     OR cardinality(p_account_ids) <> cardinality(p_amounts) OR cardinality(p_account_ids) < 2 THEN
    RAISE EXCEPTION 'an entry needs at least two legs with one amount each' USING ERRCODE = 'VL001';
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_amounts) AS a(amount) WHERE amount IS NULL OR amount = 0) THEN
    RAISE EXCEPTION 'a leg of zero moves nothing' USING ERRCODE = 'VL001';
  END IF;
  -- Checked on its own: count(DISTINCT …) below would not count a NULL, so it would pass.
  IF EXISTS (SELECT 1 FROM unnest(p_account_ids) AS u(x) WHERE x IS NULL) THEN
    RAISE EXCEPTION 'unknown ledger account' USING ERRCODE = 'VL002';
  END IF;

  SELECT count(*) INTO v_found FROM ledger_accounts WHERE id = ANY (p_account_ids);
  IF v_found <> (SELECT count(DISTINCT x) FROM unnest(p_account_ids) AS u(x)) THEN
    RAISE EXCEPTION 'unknown ledger account' USING ERRCODE = 'VL002';
  END IF;

  SELECT a.currency_id, sum(l.amount) AS total INTO v_unbalanced
  FROM unnest(p_account_ids, p_amounts) AS l(account_id, amount)
  JOIN ledger_accounts a ON a.id = l.account_id
  GROUP BY a.currency_id
  HAVING sum(l.amount) <> 0
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'entry does not balance in currency %: off by %', v_unbalanced.currency_id, v_unbalanced.total
      USING ERRCODE = 'VL003';
  END IF;

  INSERT INTO journal_entries (kind, reference, idempotency_key, reverses_entry_id, metadata)
  VALUES (p_kind, p_reference, p_idempotency_key, p_reverses_entry_id, coalesce(p_metadata, '{}'::jsonb))
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_entry_id;
  IF v_entry_id IS NULL THEN
    -- Posted before under this key (or by a concurrent call that committed first).
    SELECT id INTO v_entry_id FROM journal_entries WHERE idempotency_key = p_idempotency_key;
    RETURN v_entry_id;
  END IF;

  INSERT INTO postings (entry_id, account_id, currency_id, amount_minor)
  SELECT v_entry_id, l.account_id, a.currency_id, l.amount
  FROM unnest(p_account_ids, p_amounts) WITH ORDINALITY AS l(account_id, amount, n)
  JOIN ledger_accounts a ON a.id = l.account_id
  ORDER BY l.n;

  FOR v_leg IN
    SELECT l.account_id, sum(l.amount)::bigint AS delta, bool_or(a.kind = 'customer_wallet') AS floor_zero
    FROM unnest(p_account_ids, p_amounts) AS l(account_id, amount)
    JOIN ledger_accounts a ON a.id = l.account_id
    GROUP BY l.account_id
    ORDER BY l.account_id
  LOOP
    CONTINUE WHEN v_leg.delta = 0;
    IF v_leg.floor_zero AND v_leg.delta < 0 THEN
      PERFORM ledger_draw_from_wallet(v_leg.account_id, -v_leg.delta);
    ELSE
      PERFORM ledger_add_to_account(v_leg.account_id, v_leg.delta);
    END IF;
  END LOOP;

  RETURN v_entry_id;
END;
$$;