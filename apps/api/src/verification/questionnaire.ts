import type { Language } from "@vela/shared/api";
import type { QuestionList } from "@vela/shared/verification";
import type { Db } from "../db/client";
import { type FieldErrors, InvalidDataError, NotFoundError } from "../http/errors";
import { type QuestionListRow, type QuestionRow, questionnaireRepository } from "./questionnaire-repository";

/**
 * Questionnaires (spec §7 `questions/lists/{id}` and `questions_answere/save`): list 1 asks where
 * the person's money comes from and what they send it for, which the enhanced level needs. Answers
 * are checked against the list (its questions, their options, the required ones) and a save
 * replaces the person's previous answers to that list.
 */

export type QuestionnaireDeps = { db: Db };

/** The source-of-funds and purpose list (db/seed/verification-reference-data.ts). */
export const SOURCE_OF_FUNDS_LIST_ID = 1;

export const QUESTION_LIST_NOT_FOUND = "Question list not found.";
export const NOT_ON_LIST = "This question is not on this list.";

function view(
  list: QuestionListRow,
  rows: QuestionRow[],
  answers: Map<number, string>,
  language: Language,
): QuestionList {
  const es = language === "es";
  return {
    id: list.id,
    slug: list.slug,
    title: es ? list.titleEs : list.title,
    questions: rows.map((row) => ({
      id: row.id,
      key: row.key,
      text: es ? row.textEs : row.text,
      kind: row.kind,
      required: row.required,
      options:
        row.options?.map((option) => ({ value: option.value, label: es ? option.label_es : option.label })) ??
        null,
    })),
    answers: Object.fromEntries(
      rows.flatMap((row) => {
        const value = answers.get(row.id);
        return value === undefined ? [] : [[row.key, value]];
      }),
    ),
  };
}

async function loadList(deps: QuestionnaireDeps, listId: number) {
  const repository = questionnaireRepository(deps.db);
  const list = await repository.findList(listId);
  if (!list) throw new NotFoundError(QUESTION_LIST_NOT_FOUND);
  return { repository, list, rows: await repository.listQuestions(listId) };
}

/** A list's questions in the caller's language, with the person's own saved answers. */
export async function questionList(
  deps: QuestionnaireDeps,
  command: { userId: number; listId: number; language: Language },
): Promise<QuestionList> {
  const { repository, list, rows } = await loadList(deps, command.listId);
  return view(list, rows, await repository.answers(command.userId, list.id), command.language);
}

/** Why an answer is refused, or null. An empty answer counts as none. */
function answerProblem(question: QuestionRow, value: string | undefined): string | null {
  if (value === undefined || value === "") return question.required ? "This field is required." : null;
  if (question.kind === "select" && !question.options?.some((option) => option.value === value))
    return "Must be one of the listed values.";
  if (question.kind === "number" && !/^\d+$/.test(value)) return "Must contain digits only.";
  return null;
}

/**
 * Saves a person's answers to a list, replacing those saved before: every error is reported at once
 * on its `answers.<key>`; an unknown list is a 422 on `list_id` (the id came in the body).
 */
export async function saveAnswers(
  deps: QuestionnaireDeps,
  command: { userId: number; listId: number; answers: Record<string, string>; language: Language },
): Promise<QuestionList> {
  const repository = questionnaireRepository(deps.db);
  const list = await repository.findList(command.listId);
  if (!list) throw new InvalidDataError({ list_id: [QUESTION_LIST_NOT_FOUND] });
  const rows = await repository.listQuestions(list.id);

  const errors: FieldErrors = {};
  const byKey = new Map(rows.map((row) => [row.key, row]));
  for (const key of Object.keys(command.answers))
    if (!byKey.has(key)) errors[`answers.${key}`] = [NOT_ON_LIST];
  const answers = new Map<number, string>();
  for (const row of rows) {
    const value = command.answers[row.key];
    const problem = answerProblem(row, value);
    if (problem) errors[`answers.${row.key}`] = [problem];
    else if (value !== undefined && value !== "") answers.set(row.id, value);
  }
  if (Object.keys(errors).length > 0) throw new InvalidDataError(errors);

  await repository.replaceAnswers(command.userId, list.id, answers);
  return view(list, rows, answers, command.language);
}

/** Whether the person has answered every required question of the source-of-funds list (gates the enhanced level). */
export async function questionnaireComplete(db: Db, userId: number): Promise<boolean> {
  const repository = questionnaireRepository(db);
  if (!(await repository.findList(SOURCE_OF_FUNDS_LIST_ID))) return false;
  return repository.requiredAnswered(userId, SOURCE_OF_FUNDS_LIST_ID);
}
