import { recordId } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/orders";
import { ORDER_SERVICES, ORDER_STATUS_LABELS, ORDER_STATUSES } from "@vela/shared/orders";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { listOrders, orderDetails, orderReceipt, recentActivity } from "../../history/service";
import { binaryResponse, contractRoutes } from "../../http/contract";
import { ok, page } from "../../http/envelope";
import { currentAuth } from "../../plugins/auth";

const TAGS = ["history"];
const orderIdParams = z.object({ id: recordId });

const SERVICE_OPTIONS = Object.entries(ORDER_SERVICES).map(([id, name]) => ({ id, name }));
const STATUS_OPTIONS = ORDER_STATUSES.map((id) => ({ id, name: ORDER_STATUS_LABELS[id] }));

/**
 * Order history (spec §7 History): the user's orders 10 a page with the service and status
 * filters and their selects, one order's details, its receipt PDF, and the dashboard's recent
 * activity. Only the signed-in user's own orders: anyone else's answers 404.
 */
export async function historyRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = app.requireAuth();
  const serve = contractRoutes(app, { tags: TAGS, preValidation: signedIn });
  const userId = (request: FastifyRequest) => currentAuth(request).user.id;
  const deps = { db: app.db };

  serve(
    contract.getOrders,
    { summary: "The user's orders, newest first, 10 a page, by service and status" },
    async (request) => {
      const { rows, total } = await listOrders(deps, userId(request), request.query);
      return ok(page(rows, total, request.query.page, request.query.limit));
    },
  );

  serve(contract.getOrderServices, { summary: "The services the history can be filtered by" }, async () =>
    ok(SERVICE_OPTIONS),
  );

  serve(
    contract.getOrderStatuses,
    { summary: "The order statuses the history can be filtered by" },
    async () => ok(STATUS_OPTIONS),
  );

  serve(
    contract.getOrderDetails,
    { summary: "One order: the confirmation record, its status timeline, recipient and sender as placed" },
    async (request) => ok(await orderDetails(deps, userId(request), request.params.id)),
  );

  serve(
    contract.getRecentActivityOrder,
    { summary: "One order of the recent activity (the same answer as orders/{id}/details)" },
    async (request) => ok(await orderDetails(deps, userId(request), request.params.id)),
  );

  routes.get(
    "/orders/generate/:id",
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "The order's receipt as a PDF download (application/pdf)",
        params: orderIdParams,
        response: binaryResponse(
          "application/pdf",
          "The receipt PDF, sent with Content-Disposition: attachment",
        ),
      },
    },
    async (request, reply) => {
      const { ref, pdf } = await orderReceipt(deps, userId(request), request.params.id, request.ctx.language);
      // The ref is ours ("VL-…"), but only safe filename characters go into the header.
      const filename = `vela-receipt-${ref.replace(/[^A-Za-z0-9_-]/g, "")}.pdf`;
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `attachment; filename="${filename}"`)
        .header("Cache-Control", "private, no-store")
        .send(pdf);
    },
  );

  serve(contract.getRecentActivity, { summary: "The user's five latest orders" }, async (request) =>
    ok(await recentActivity(deps, userId(request))),
  );
}
