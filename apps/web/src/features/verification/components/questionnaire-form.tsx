import { Button, Group, NativeSelect, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { QuestionList } from "@vela/shared/verification";
import { useMemo } from "react";
import { useController, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { isApiError } from "@/shared/api/api-error";
import { notifySuccess } from "@/shared/api/notify";
import { formResolver } from "@/shared/forms/form-resolver";
import { FormStack } from "@/shared/forms/form-stack";
import { useLanguage } from "@/shared/i18n/use-language";
import { questionListQueryOptions, saveAnswers } from "../api/questionnaire";

type Question = QuestionList["questions"][number];
type Answers = Record<string, string>;

/** Most answers are free text of at most this many characters (the contract's bound). */
const ANSWER_MAX = 500;
/** A number answer is digits only, as the API checks it. */
const NUMBER = /^\d+$/;

/**
 * The form's name for a question: its id, not its key, since react-hook-form reads dots in a name
 * as a path and the keys are the server's to choose.
 */
const fieldOf = (question: Question) => `q${question.id}`;

/** A question's rule, as the API checks it: required, a number, one of its options. */
const answerSchema = (question: Question, messages: { number: string; invalid: string }) => {
  const base = question.required
    ? z.string().trim().min(1).max(ANSWER_MAX)
    : z.string().trim().max(ANSWER_MAX);
  if (question.kind === "number")
    return base.refine((value) => value === "" || NUMBER.test(value), { message: messages.number });
  if (question.kind === "select") {
    const values = (question.options ?? []).map((option) => option.value);
    return base.refine((value) => value === "" || values.includes(value), { message: messages.invalid });
  }
  return base;
};

/** Every required question of the list has a saved answer. */
export const isQuestionnaireComplete = (list: QuestionList) =>
  list.questions.every((question) => !question.required || (list.answers[question.key] ?? "") !== "");

const QuestionField = ({ question }: { question: Question }) => {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name: fieldOf(question) });
  const common = {
    label: question.text,
    required: question.required,
    error: fieldState.error?.message,
    name: field.name,
    value: typeof field.value === "string" ? field.value : "",
    onBlur: field.onBlur,
    ref: field.ref,
  };
  if (question.kind === "select")
    return (
      <NativeSelect
        {...common}
        data={[{ value: "", label: t("verification.questions.choose") }, ...(question.options ?? [])]}
        onChange={(event) => field.onChange(event.currentTarget.value)}
      />
    );
  return (
    <TextInput
      {...common}
      inputMode={question.kind === "number" ? "numeric" : undefined}
      onChange={(event) => field.onChange(event.currentTarget.value)}
    />
  );
};

/**
 * The enhanced level's questionnaire (source of funds, purpose): the API's list of select, text and
 * number questions, drawn as a form with its saved answers; a 422's messages go on their questions.
 */
export const QuestionnaireForm = ({ list }: { list: QuestionList }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const numberMessage = t("verification.questions.number");
  const invalidMessage = t("validation.invalid");
  const schema = useMemo(() => {
    const messages = { number: numberMessage, invalid: invalidMessage };
    return z.object(
      Object.fromEntries(
        list.questions.map((question) => [fieldOf(question), answerSchema(question, messages)]),
      ),
    );
  }, [list.questions, numberMessage, invalidMessage]);
  const defaults = (answers: Answers): Answers =>
    Object.fromEntries(list.questions.map((question) => [fieldOf(question), answers[question.key] ?? ""]));
  const methods = useForm<Answers, unknown, Answers>({
    resolver: formResolver(schema),
    defaultValues: defaults(list.answers),
  });

  const save = useMutation({
    mutationFn: (values: Answers) =>
      saveAnswers(
        list.id,
        Object.fromEntries(list.questions.map((question) => [question.key, values[fieldOf(question)] ?? ""])),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(questionListQueryOptions(list.id, language).queryKey, saved);
      methods.reset(defaults(saved.answers));
      notifySuccess(t("verification.questions.saved"));
    },
    onError: (error) => {
      if (!isApiError(error) || !error.errors) return;
      // The API names an answer `answers.<key>` (or just its key).
      for (const question of list.questions) {
        const messages = error.errors[`answers.${question.key}`] ?? error.errors[question.key];
        if (messages?.length)
          methods.setError(fieldOf(question), { type: "server", message: messages.join(" ") });
      }
    },
  });

  return (
    <FormStack
      methods={methods}
      onSubmit={methods.handleSubmit((values) => save.mutate(values))}
      aria-label={t("verification.questions.formLabel")}
    >
      {list.questions.map((question) => (
        <QuestionField key={question.id} question={question} />
      ))}
      <Group justify="flex-end">
        <Button type="submit" loading={save.isPending}>
          {t("verification.questions.save")}
        </Button>
      </Group>
    </FormStack>
  );
};
