import type { Language } from "@vela/shared/api";
import {
  REMINDER_KINDS,
  REMINDERS_MAX,
  type Reminder,
  type ReminderKind,
  type ReminderKindOption,
  type reminderRequest,
} from "@vela/shared/auth";
import { asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { userReminders, users } from "../db/schema/index";
import { InvalidDataError } from "../http/errors";

type ReminderRow = typeof userReminders.$inferSelect;

const KIND_LABELS: Record<ReminderKind, Record<Language, string>> = {
  sendmoney: { en: "Send money", es: "Enviar dinero" },
  paybill: { en: "Pay a bill", es: "Pagar una factura" },
  recharge: { en: "Phone recharge", es: "Recarga de teléfono" },
  giftcard: { en: "Gift card", es: "Tarjeta de regalo" },
};

export const reminderKindOptions = (language: Language): ReminderKindOption[] =>
  REMINDER_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind][language] }));

const isReminderKind = (value: string): value is ReminderKind =>
  (REMINDER_KINDS as readonly string[]).includes(value);

function toReminder(row: ReminderRow): Reminder {
  // Only this module writes the table, through the request schema; another kind is a bug.
  if (!isReminderKind(row.kind)) throw new Error(`Reminder ${row.id} has an unknown kind "${row.kind}"`);
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    note: row.note,
    day_of_month: row.dayOfMonth,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

/** The user's reminders in the order they come round in a month. */
export async function listReminders(db: Db, userId: number): Promise<Reminder[]> {
  const rows = await db
    .select()
    .from(userReminders)
    .where(eq(userReminders.userId, userId))
    .orderBy(asc(userReminders.dayOfMonth), asc(userReminders.id));
  return rows.map(toReminder);
}

/**
 * Adds a reminder unless the user already keeps the most allowed. The user's row is locked while
 * counting, so requests arriving together cannot pass the limit between them.
 */
export async function createReminder(
  db: Db,
  userId: number,
  input: z.infer<typeof reminderRequest>,
): Promise<Reminder> {
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [kept] = await tx
      .select({ total: count() })
      .from(userReminders)
      .where(eq(userReminders.userId, userId));
    if ((kept?.total ?? 0) >= REMINDERS_MAX) {
      throw new InvalidDataError({ reminders: [`You can keep at most ${REMINDERS_MAX} reminders.`] });
    }
    const [inserted] = await tx
      .insert(userReminders)
      .values({
        userId,
        kind: input.kind,
        title: input.title,
        note: input.note || null,
        dayOfMonth: input.day_of_month,
      })
      .returning();
    return inserted;
  });
  if (!row) throw new Error("The reminder insert returned no row");
  return toReminder(row);
}
