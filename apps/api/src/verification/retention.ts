import type { FastifyInstance } from "fastify";
import { deleteExpiredDocuments } from "../providers/verification/document-store";

/** The retention sweep: deletes uploaded documents past their retention, then runs again in an hour. */
export const RETENTION_JOB = "verification.documents.retention";
const EVERY_SECONDS = 3600;

export async function registerVerificationJobs(app: FastifyInstance) {
  app.addHook("onReady", async () => {
    await app.jobs.work(RETENTION_JOB, async () => {
      const deleted = await deleteExpiredDocuments(app.db);
      if (deleted > 0) app.log.info({ deleted }, "verification documents past retention deleted");
      await app.jobs.send(
        RETENTION_JOB,
        {},
        { startAfterSeconds: EVERY_SECONDS, singletonKey: "verification-retention" },
      );
    });
    await app.jobs.send(RETENTION_JOB, {}, { singletonKey: "verification-retention" });
  });
}
