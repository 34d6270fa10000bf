-- Orders paid on receipt now expire when staff do not confirm them in time. Those placed before
-- that rule had no deadline and would hold their coins for ever: they get the default window
-- (ORDER_CONFIRM_TIMEOUT_MINUTES, three days), counted from this upgrade, not from when they were placed.
UPDATE "orders" SET "payment_due_at" = now() + interval '3 days' WHERE "status" = 'new' AND "payment_id" = 6 AND "payment_due_at" IS NULL;
