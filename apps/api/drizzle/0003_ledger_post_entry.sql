-- The one way money moves: post_entry writes a balanced journal entry in one round trip.
-- It locks the touched accounts in id order (so concurrent entries never deadlock), checks that the
-- legs sum to zero per currency, updates the cached balances (the CHECK on ledger_accounts refuses a
-- customer wallet below zero), and inserts the entry and its postings. An idempotency key posts at
-- most once: a repeat returns the first entry's id and moves nothing.
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
BEGIN
  IF p_account_ids IS NULL OR p_amounts IS NULL
     OR cardinality(p_account_ids) <> cardinality(p_amounts) OR cardinality(p_account_ids) < 2 THEN
    RAISE EXCEPTION 'an entry needs at least two legs with one amount each' USING ERRCODE = 'VL001';
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_amounts) AS a(amount) WHERE amount IS NULL OR amount = 0) THEN
    RAISE EXCEPTION 'a leg of zero moves nothing' USING ERRCODE = 'VL001';
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

  PERFORM 1 FROM ledger_accounts WHERE id = ANY (p_account_ids) ORDER BY id FOR UPDATE;
  GET DIAGNOSTICS v_found = ROW_COUNT;
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

  UPDATE ledger_accounts a
  SET balance_minor = a.balance_minor + d.delta
  FROM (
    SELECT account_id, sum(amount) AS delta
    FROM unnest(p_account_ids, p_amounts) AS l(account_id, amount)
    GROUP BY account_id
  ) d
  WHERE a.id = d.account_id;

  INSERT INTO postings (entry_id, account_id, currency_id, amount_minor)
  SELECT v_entry_id, l.account_id, a.currency_id, l.amount
  FROM unnest(p_account_ids, p_amounts) WITH ORDINALITY AS l(account_id, amount, n)
  JOIN ledger_accounts a ON a.id = l.account_id
  ORDER BY l.n;

  RETURN v_entry_id;
END;
$$;
--> statement-breakpoint
-- Entries and postings are history: nothing may change or remove them.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger history is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'VL004';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
