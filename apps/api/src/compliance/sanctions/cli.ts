import { parseArgs } from "node:util";
import type { Config } from "../../config";
import type { Database, Db } from "../../db/client";
import { startPgBossQueue } from "../../jobs/pg-boss";
import type { JobQueue } from "../../jobs/queue";
import { decideHit } from "./decide";
import { importSanctionsList } from "./import";
import { listHits } from "./repository";

/** `sanctions:import [--url <base url>] [--dir <folder>]`: the configured source unless told. */
export async function importSanctions(db: Db, config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { url: { type: "string" }, dir: { type: "string" } } });
  const url = values.url ?? (values.dir ? undefined : config.SANCTIONS_LIST_URL);
  const dir = values.dir ?? (url ? undefined : config.SANCTIONS_LIST_DIR);
  const report = await importSanctionsList(db, { url, dir });
  console.log(`Sanctions list imported from ${report.source} (version ${report.versionId}).`);
  console.log(
    `  ${report.entries} entries, ${report.names} names (primary and aliases), ${report.keys} lookup keys`,
  );
  return 0;
}

/** `sanctions:review list | clear <id> | confirm <id> [--reviewer <name>] [--note <text>]`. */
export async function reviewSanctions(
  database: Database,
  config: Config,
  args: string[],
  /** orders/jobs.ts `resumeHeldOrder`: how a decided held order is looked at again. */
  resumeHeldOrder: (jobs: JobQueue) => (tx: Db, orderId: number) => Promise<void>,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { reviewer: { type: "string" }, note: { type: "string" }, all: { type: "boolean" } },
  });
  const [action, id] = positionals;
  if (action === "list") {
    const hits = await listHits(database.db, { status: values.all ? undefined : "open" });
    if (hits.length === 0) console.log(values.all ? "No screening hits." : "No open screening hits.");
    for (const hit of hits) {
      const order = hit.orderId === null ? "" : ` order ${hit.orderId}`;
      console.log(
        `#${hit.id} ${hit.status} ${hit.subjectKind} ${hit.subjectId} "${hit.screenedName}" ~ "${hit.matchedName}" (entry ${hit.entryUid} ${hit.entryName}) score ${hit.score}${order}`,
      );
    }
    return 0;
  }
  if ((action !== "clear" && action !== "confirm") || !id || !/^\d+$/.test(id)) {
    console.error(
      "Usage: sanctions:review -- list [--all] | clear <id> | confirm <id> [--reviewer <name>] [--note <text>]",
    );
    return 2;
  }
  // The decision enqueues the held orders' next step; a running server's workers take it.
  const jobs = await startPgBossQueue({
    database,
    pollingSeconds: config.JOBS_POLLING_SECONDS,
    log: console,
  });
  try {
    const decided = await decideHit(
      { db: database.db, resumeOrder: resumeHeldOrder(jobs) },
      {
        hitId: Number(id),
        decision: action,
        reviewer: values.reviewer ?? process.env.USER ?? "cli",
        note: values.note ?? null,
      },
    );
    for (const hit of decided) {
      console.log(`#${hit.id} ${hit.status}${hit.orderId === null ? "" : ` (order ${hit.orderId})`}`);
    }
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await jobs.stop();
  }
}
