import { type NotificationData, notifications } from "@mantine/notifications";
import { i18n } from "@/shared/i18n/i18n";
import { ApiError, type FieldErrors } from "./api-error";

/** Product notifications stay 8 seconds (spec §9). */
export const NOTIFICATION_AUTO_CLOSE_MS = 8000;
/** The separate short notice stays 1.5 seconds (spec §9). */
export const NOTICE_AUTO_CLOSE_MS = 1500;

/** The title of every failure notification (spec §8). */
export const ERROR_TITLE = "Error";

type Failure = { message: string | null; errors: FieldErrors | null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What a failure carries. An `ApiError` carries the server's answer; a plain error envelope
 * (`{ success: false, message, errors }`) is read the same way. Any other thrown value (a bug, a
 * TypeError) carries nothing the user should read, so the caller's fallback is shown.
 */
const readFailure = (error: unknown): Failure => {
  if (error instanceof ApiError) return { message: error.serverMessage, errors: error.errors };
  if (isRecord(error) && !(error instanceof Error)) {
    const message = typeof error.message === "string" && error.message ? error.message : null;
    const errors: FieldErrors = {};
    if (isRecord(error.errors)) {
      for (const [field, value] of Object.entries(error.errors)) {
        const list = (Array.isArray(value) ? value : [value]).filter(
          (item): item is string => typeof item === "string" && item.length > 0,
        );
        if (list.length > 0) errors[field] = list;
      }
    }
    return { message, errors: Object.keys(errors).length > 0 ? errors : null };
  }
  return { message: null, errors: null };
};

/**
 * Several messages for one field read as one text. Messages that already end a sentence are
 * separated by a space ("Is required. Must be an e-mail."), bare phrases by a comma.
 */
const joinMessages = (messages: string[]): string =>
  messages.every((message) => /[.!?]$/.test(message.trim())) ? messages.join(" ") : messages.join(", ");

/** Every notification goes out here, so each close button has a name a screen reader can say. */
const show = (options: NotificationData): string =>
  notifications.show({ ...options, closeButtonProps: { "aria-label": i18n.t("common.closeNotification") } });

const showError = (message: string) =>
  show({ title: ERROR_TITLE, message, color: "red", autoClose: NOTIFICATION_AUTO_CLOSE_MS });

/**
 * The shared failure display of spec §8:
 * 1. the failure carries an `errors` object: one 'Error' notification per entry, '{field}: {message}';
 * 2. otherwise it carries a message: one 'Error' notification with it;
 * 3. otherwise one 'Error' notification with the caller's fallback, by default
 *    'Unexpected error, try again.' (in Spanish when the page is in Spanish).
 * A request refused because the session ended shows nothing: the session-expired modal speaks.
 * Returns the texts shown, which tests and callers may use.
 */
export const notifyApiError = (error: unknown, fallback?: string): string[] => {
  // The session-expired modal already says what happened; an "Unauthenticated." toast over it
  // would only alarm.
  if (error instanceof ApiError && error.isSessionExpired) return [];
  const failure = readFailure(error);
  let texts: string[];
  if (failure.errors) {
    texts = Object.entries(failure.errors).map(([field, messages]) => `${field}: ${joinMessages(messages)}`);
  } else if (failure.message) {
    texts = [failure.message];
  } else {
    texts = [fallback ?? i18n.t("errors.unexpected")];
  }
  for (const text of texts) showError(text);
  return texts;
};

/** A short, neutral notice (spec §9: 1.5 seconds by default). */
export const notice = (
  message: string,
  options: { title?: string; color?: string; autoCloseMs?: number } = {},
): string =>
  show({
    message,
    title: options.title,
    color: options.color ?? "vela",
    autoClose: options.autoCloseMs ?? NOTICE_AUTO_CLOSE_MS,
  });

/** A success notification with the server's message (for example after saving a recipient). */
export const notifySuccess = (message: string, title?: string): string =>
  show({ message, title, color: "teal", autoClose: NOTIFICATION_AUTO_CLOSE_MS });
