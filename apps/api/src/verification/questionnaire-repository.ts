import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { questionAnswers, questionLists, questions } from "../db/schema/index";

export type QuestionRow = typeof questions.$inferSelect;
export type QuestionListRow = typeof questionLists.$inferSelect;

/** Questionnaires (seeded) and each person's answers to them. */
export function questionnaireRepository(db: Db) {
  return {
    async findList(listId: number): Promise<QuestionListRow | null> {
      const [row] = await db.select().from(questionLists).where(eq(questionLists.id, listId));
      return row ?? null;
    },

    listQuestions(listId: number): Promise<QuestionRow[]> {
      return db
        .select()
        .from(questions)
        .where(eq(questions.listId, listId))
        .orderBy(asc(questions.sortOrder));
    },

    /** The person's answers to a list, by question id: only theirs. */
    async answers(userId: number, listId: number): Promise<Map<number, string>> {
      const rows = await db
        .select({ questionId: questionAnswers.questionId, value: questionAnswers.value })
        .from(questionAnswers)
        .innerJoin(questions, eq(questions.id, questionAnswers.questionId))
        .where(and(eq(questionAnswers.userId, userId), eq(questions.listId, listId)));
      return new Map(rows.map((row) => [row.questionId, row.value]));
    },

    /**
     * Makes the person's answers to a list exactly `answers` (question id → value): those left out
     * are removed, the others written over, in one transaction.
     */
    async replaceAnswers(userId: number, listId: number, answers: Map<number, string>) {
      await db.transaction(async (tx) => {
        // Two saves of one person's answers at once apply one after the other, never interleaved.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('question-answers'), ${userId})`);
        const kept = [...answers.keys()];
        const listQuestionIds = tx
          .select({ id: questions.id })
          .from(questions)
          .where(eq(questions.listId, listId));
        await tx
          .delete(questionAnswers)
          .where(
            and(
              eq(questionAnswers.userId, userId),
              inArray(questionAnswers.questionId, listQuestionIds),
              kept.length > 0 ? notInArray(questionAnswers.questionId, kept) : undefined,
            ),
          );
        if (kept.length === 0) return;
        await tx
          .insert(questionAnswers)
          .values([...answers].map(([questionId, value]) => ({ userId, questionId, value })))
          .onConflictDoUpdate({
            target: [questionAnswers.userId, questionAnswers.questionId],
            set: { value: sql`excluded.value`, updatedAt: sql`now()` },
          });
      });
    },

    /** Whether every required question of the list has an answer from the person. */
    async requiredAnswered(userId: number, listId: number): Promise<boolean> {
      const [row] = await db
        .select({ missing: sql<number>`count(*)::int` })
        .from(questions)
        .leftJoin(
          questionAnswers,
          and(eq(questionAnswers.questionId, questions.id), eq(questionAnswers.userId, userId)),
        )
        .where(
          and(
            eq(questions.listId, listId),
            eq(questions.required, true),
            sql`${questionAnswers.userId} is null`,
          ),
        );
      return (row?.missing ?? 1) === 0;
    },
  };
}
