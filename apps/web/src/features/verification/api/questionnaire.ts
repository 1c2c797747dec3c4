import { queryOptions } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/verification";
import { api } from "@/shared/api/api-client";
import { VERIFICATION_QUERY_KEY } from "./verification-status";

export type { QuestionList } from "@vela/shared/verification";

/** The source-of-funds and purpose questionnaire the enhanced level asks for. */
export const QUESTIONNAIRE_LIST_ID = 1;

/** GET /questions/lists/{id}: the questions, with the person's saved answers. */
export const getQuestionList = (id: number, signal?: AbortSignal) =>
  api.call(contract.getQuestionList, { params: { id } }, { signal });

export const questionListQueryOptions = (id: number, language: Language) =>
  queryOptions({
    queryKey: [...VERIFICATION_QUERY_KEY, "questions", id, language],
    queryFn: ({ signal }) => getQuestionList(id, signal),
    meta: { notifyOnError: false },
  });

/** POST /questions_answere/save (the spec's spelling): answers by question key; the list comes back. */
export const saveAnswers = (listId: number, answers: Record<string, string>) =>
  api.call(contract.saveAnswers, { body: { list_id: listId, answers } });
