// An organisation's review-queue panel: its own installation's backlog, read by the same query as
// `clearance queue`. Mounted inside the organisation router (administrators of the installation only).
import { Router, type Response } from "express";
import { reportQueue } from "../github/queue/report-queue.js";
import type { Database } from "../storage/open-database.js";
import type { OrganisationContext } from "./organisation-routes.js";
import { queuePage } from "./pages/queue-page.js";
import { pageUser, send } from "./respond.js";

export function createQueueRoutes(deps: { db: Database; now: () => Date }): Router {
  const router = Router({ caseSensitive: true });
  router.get("/:installationId/queue", async (_req, res: Response) => {
    const c = res.locals.organisation as OrganisationContext;
    const [queue] = await reportQueue(deps.db.prisma, deps.now(), { installationId: c.installationId });
    send(res, queuePage({ user: pageUser(c.session), nav: c.nav, queue }));
  });
  return router;
}
