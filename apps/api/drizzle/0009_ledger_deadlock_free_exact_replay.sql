-- Issue 7, points 10 and 11.
--
-- 1. ledger_draw_from_wallet could deadlock (13 in a bank test of 40 connections over 6 hot wallets).
-- Its fast path, `SELECT … WHERE balance_minor >= amount … FOR NO KEY UPDATE SKIP LOCKED`, can lock a
-- shard and then not return it: when a concurrent debit committed after the statement's snapshot,
-- PostgreSQL re-checks the newest version of the row it just locked, finds it no longer covers the
-- amount, and skips it, but the row lock stays. The fallback then waited for the wallet's shards in
-- shard order while still holding that stray lock, and two such debits waited for each other.
--
-- The rule that makes a deadlock impossible: a transaction only ever *waits* for a lock that comes
-- after every lock it holds, in the one order (account id, then shard). post_entry takes accounts in
-- id order; within an account, a wait is either for one shard while holding none of that account's
-- (a credit when every shard is busy) or for all of them in shard order (the fallback). SKIP LOCKED
-- never waits, so it may take any shard, as long as what it takes is released before the
-- transaction waits for a lower one. The fast path therefore runs in a subtransaction (a PL/pgSQL
-- block with an EXCEPTION clause): when it finds no shard that covers the debit, it raises VL006,
-- which rolls the subtransaction back and with it every row lock the attempt took, before the
-- fallback waits in shard order. When it succeeds, the block ends normally and its one lock is kept.
CREATE OR REPLACE FUNCTION ledger_draw_from_wallet(p_account_id bigint, p_amount bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_total bigint;
  v_count integer;
  v_rest bigint;
BEGIN
  BEGIN
    -- One statement: the sub-select locks the shard, the UPDATE (which then waits for nothing) pays.
    UPDATE ledger_balance_shards SET balance_minor = balance_minor - p_amount
    WHERE account_id = p_account_id AND shard = (
      SELECT shard FROM ledger_balance_shards
      WHERE account_id = p_account_id AND balance_minor >= p_amount
      ORDER BY balance_minor DESC LIMIT 1
      FOR NO KEY UPDATE SKIP LOCKED
    );
    IF FOUND THEN
      RETURN;
    END IF;
    RAISE EXCEPTION 'no free shard covers the debit' USING ERRCODE = 'VL006';
  EXCEPTION WHEN SQLSTATE 'VL006' THEN
    -- The subtransaction is rolled back: no shard of this account is held any more.
    NULL;
  END;
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
-- 2. A replay is exact: post_entry called again with a used idempotency key answers the first entry
-- only when it asks for the same entry (kind, reversed entry and the same legs, in any order);
-- anything else under that key is refused with VL005, which the API reads as a conflict.
-- Everything else is as in 0006.
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
  v_first record;
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
    -- Posted before under this key (or by a concurrent call that committed first): the same entry
    -- answers its id, a different one is refused. The legs compare as multisets (EXCEPT ALL both ways).
    SELECT id, kind, reverses_entry_id INTO v_first FROM journal_entries WHERE idempotency_key = p_idempotency_key;
    IF v_first.kind IS DISTINCT FROM p_kind
       OR v_first.reverses_entry_id IS DISTINCT FROM p_reverses_entry_id
       OR EXISTS (
         (SELECT account_id, amount_minor FROM postings WHERE entry_id = v_first.id
          EXCEPT ALL
          SELECT l.account_id, l.amount FROM unnest(p_account_ids, p_amounts) AS l(account_id, amount))
         UNION ALL
         (SELECT l.account_id, l.amount FROM unnest(p_account_ids, p_amounts) AS l(account_id, amount)
          EXCEPT ALL
          SELECT account_id, amount_minor FROM postings WHERE entry_id = v_first.id)
       ) THEN
      RAISE EXCEPTION 'this idempotency key already posted a different entry (entry %)', v_first.id
        USING ERRCODE = 'VL005';
    END IF;
    RETURN v_first.id;
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
$$;--> statement-breakpoint
-- 3. Idempotency records are now claimed inside the transaction of the work they protect, so a
-- committed row always holds its answer. Rows the old design left "in progress" (a crash between
-- the claim and the answer) would block their key for a day: they go.
DELETE FROM idempotency_keys WHERE status_code IS NULL;
