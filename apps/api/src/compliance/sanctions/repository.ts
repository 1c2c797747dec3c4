import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  type ScreeningSubjectKind,
  sanctionsEntries,
  sanctionsListVersions,
  sanctionsNameKeys,
  sanctionsNames,
  screeningClearances,
  screeningHits,
} from "../../db/schema/index";
import { nameTokens, surnameTokens } from "./normalize";
import { tokenKeys } from "./score";
import type { SdnEntry } from "./sdn-format";

export type ImportReport = { versionId: number; entries: number; names: number; keys: number };

const BATCH = 1000;

function* chunks<T>(items: readonly T[], size = BATCH): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/**
 * Replaces the list in one transaction: the new version is written beside the old one, made the
 * active one, and the old one's rows deleted, all or nothing. Until it commits every screening reads
 * the old list; two imports at once take turns (an advisory lock).
 */
export async function replaceList(
  db: Db,
  source: string,
  entries: readonly SdnEntry[],
): Promise<ImportReport> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sanctions:import'))`);
    await tx
      .update(sanctionsListVersions)
      .set({ status: "replaced" })
      .where(eq(sanctionsListVersions.status, "active"));
    const [version] = await tx
      .insert(sanctionsListVersions)
      .values({ source, status: "active", entries: 0, names: 0 })
      .returning({ id: sanctionsListVersions.id });
    const versionId = version!.id;
    let names = 0;
    let keys = 0;
    for (const batch of chunks(entries)) {
      const inserted = await tx
        .insert(sanctionsEntries)
        .values(
          batch.map((entry) => ({
            versionId,
            uid: entry.uid,
            name: entry.name,
            type: entry.type,
            programs: entry.programs,
            remarks: entry.remarks,
            addresses: entry.addresses,
          })),
        )
        .returning({ id: sanctionsEntries.id, uid: sanctionsEntries.uid });
      const idOf = new Map(inserted.map((row) => [row.uid, row.id]));
      const nameRows = batch.flatMap((entry) => {
        const individual = entry.type === "individual";
        return [{ kind: "primary", name: entry.name }, ...entry.aliases].map((alias) => {
          const tokens = nameTokens(alias.name, { ofacIndividual: individual });
          return {
            versionId,
            entryId: idOf.get(entry.uid)!,
            kind: alias.kind,
            name: alias.name,
            normalized: tokens.join(" "),
            surnames: individual ? surnameTokens(alias.name).join(" ") : "",
          };
        });
      });
      for (const nameBatch of chunks(nameRows)) {
        const insertedNames = await tx
          .insert(sanctionsNames)
          .values(nameBatch)
          .returning({ id: sanctionsNames.id, normalized: sanctionsNames.normalized });
        names += insertedNames.length;
        const keyRows = insertedNames.flatMap((row) =>
          row.normalized
            .split(" ")
            .flatMap((token, index) =>
              tokenKeys(token).map((key) => ({ versionId, nameId: row.id, key, token: index })),
            ),
        );
        for (const keyBatch of chunks(keyRows)) await tx.insert(sanctionsNameKeys).values(keyBatch);
        keys += keyRows.length;
      }
    }
    await tx
      .update(sanctionsListVersions)
      .set({ entries: entries.length, names })
      .where(eq(sanctionsListVersions.id, versionId));
    // The old list goes with its rows (cascade); hits keep the names they were raised on.
    await tx.delete(sanctionsListVersions).where(ne(sanctionsListVersions.id, versionId));
    return { versionId, entries: entries.length, names, keys };
  });
}

export async function activeVersionId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: sanctionsListVersions.id })
    .from(sanctionsListVersions)
    .where(eq(sanctionsListVersions.status, "active"));
  return row?.id ?? null;
}

export type Candidate = {
  nameId: number;
  name: string;
  normalized: string;
  surnames: string;
  entryUid: number;
  entryName: string;
};

/**
 * The listed names sharing lookup keys with at least `minTokens` of the screened tokens: an index
 * lookup per key, never a scan of the list.
 */
export async function candidateNames(
  db: Db,
  versionId: number,
  tokens: readonly string[],
  minTokens: number,
): Promise<Candidate[]> {
  const keys: string[] = [];
  const positions: number[] = [];
  for (const [index, token] of tokens.entries()) {
    for (const key of tokenKeys(token)) {
      keys.push(key);
      positions.push(index);
    }
  }
  if (keys.length === 0) return [];
  const matched = db
    .select({ nameId: sanctionsNameKeys.nameId })
    .from(sanctionsNameKeys)
    .innerJoin(
      sql`unnest(${sql.param(keys)}::text[], ${sql.param(positions)}::int[]) as asked(key, position)`,
      sql`asked.key = ${sanctionsNameKeys.key}`,
    )
    .where(eq(sanctionsNameKeys.versionId, versionId))
    .groupBy(sanctionsNameKeys.nameId)
    .having(sql`count(distinct asked.position) >= ${minTokens}`)
    .limit(500)
    .as("matched");
  return db
    .select({
      nameId: sanctionsNames.id,
      name: sanctionsNames.name,
      normalized: sanctionsNames.normalized,
      surnames: sanctionsNames.surnames,
      entryUid: sanctionsEntries.uid,
      entryName: sanctionsEntries.name,
    })
    .from(matched)
    .innerJoin(sanctionsNames, eq(sanctionsNames.id, matched.nameId))
    .innerJoin(sanctionsEntries, eq(sanctionsEntries.id, sanctionsNames.entryId));
}

export type Subject = { kind: ScreeningSubjectKind; id: number };

/** The entries this subject was cleared of under this (normalised) name. */
export async function clearedEntries(db: Db, subject: Subject, normalized: string): Promise<Set<number>> {
  const rows = await db
    .select({ uid: screeningClearances.entryUid })
    .from(screeningClearances)
    .where(
      and(
        eq(screeningClearances.subjectKind, subject.kind),
        eq(screeningClearances.subjectId, subject.id),
        eq(screeningClearances.screenedNormalized, normalized),
      ),
    );
  return new Set(rows.map((row) => row.uid));
}

export type NewHit = typeof screeningHits.$inferInsert;
export type HitRow = typeof screeningHits.$inferSelect;

/** Adds a hit to the queue unless the same one is already open (then nothing changes). */
export async function openHit(db: Db, hit: NewHit): Promise<void> {
  await db.insert(screeningHits).values(hit).onConflictDoNothing();
}

export async function openHitsOfOrder(db: Db, orderId: number): Promise<HitRow[]> {
  return db
    .select()
    .from(screeningHits)
    .where(and(eq(screeningHits.orderId, orderId), eq(screeningHits.status, "open")));
}

export async function hitsOfOrder(db: Db, orderId: number): Promise<HitRow[]> {
  return db.select().from(screeningHits).where(eq(screeningHits.orderId, orderId));
}

/** The review queue, newest first: by status, and by the order a transfer raised them on. */
export async function listHits(
  db: Db,
  filter: { status?: HitRow["status"] | undefined; orderId?: number | undefined } = {},
  limit = 100,
): Promise<HitRow[]> {
  return db
    .select()
    .from(screeningHits)
    .where(
      and(
        filter.status ? eq(screeningHits.status, filter.status) : undefined,
        filter.orderId !== undefined ? eq(screeningHits.orderId, filter.orderId) : undefined,
      ),
    )
    .orderBy(desc(screeningHits.id))
    .limit(limit);
}

/** A hit, locked for a decision: a second reviewer waits here and then sees it decided. */
export async function lockHit(tx: Db, id: number): Promise<HitRow | null> {
  const [row] = await tx.select().from(screeningHits).where(eq(screeningHits.id, id)).for("update");
  return row ?? null;
}

/** The other open hits of the same subject, entry and name (raised at creation or by other orders). */
export async function lockSiblingHits(tx: Db, hit: HitRow): Promise<HitRow[]> {
  return tx
    .select()
    .from(screeningHits)
    .where(
      and(
        eq(screeningHits.subjectKind, hit.subjectKind),
        eq(screeningHits.subjectId, hit.subjectId),
        eq(screeningHits.entryUid, hit.entryUid),
        eq(screeningHits.screenedNormalized, hit.screenedNormalized),
        eq(screeningHits.status, "open"),
      ),
    )
    .orderBy(screeningHits.id)
    .for("update");
}

export async function decideHits(
  tx: Db,
  ids: readonly number[],
  decision: { status: "cleared" | "confirmed"; reviewer: string; note: string | null },
): Promise<HitRow[]> {
  if (ids.length === 0) return [];
  return tx
    .update(screeningHits)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(inArray(screeningHits.id, [...ids]))
    .returning();
}

export async function rememberClearance(tx: Db, hit: HitRow): Promise<void> {
  await tx
    .insert(screeningClearances)
    .values({
      subjectKind: hit.subjectKind,
      subjectId: hit.subjectId,
      entryUid: hit.entryUid,
      screenedNormalized: hit.screenedNormalized,
      hitId: hit.id,
    })
    .onConflictDoNothing();
}
