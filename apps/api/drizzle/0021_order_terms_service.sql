-- Each order's copy of its terms names its service, the key its type is told apart by
-- (packages/shared/src/order-terms.ts): orders placed before it take their own row's service.
UPDATE "orders" SET "terms" = jsonb_build_object('service', "service") || "terms" WHERE NOT ("terms" ? 'service');
