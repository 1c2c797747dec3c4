import { cleanNotifications, notificationsStore } from "@mantine/notifications";
import { UNEXPECTED_ERROR_MESSAGE } from "@vela/shared/api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changeLanguage } from "@/shared/i18n/i18n";
import { ApiError } from "./api-error";
import { NOTICE_AUTO_CLOSE_MS, NOTIFICATION_AUTO_CLOSE_MS, notice, notifyApiError } from "./notify";

/** Everything shown or waiting to be shown (Mantine queues what is over its on-screen limit). */
const shown = () => {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map(({ title, message, autoClose, color }) => ({
    title,
    message,
    autoClose,
    color,
  }));
};

describe("notifyApiError (spec §8)", () => {
  beforeEach(() => cleanNotifications());
  afterEach(async () => {
    cleanNotifications();
    await changeLanguage("en");
  });

  it("shows nothing for a request refused because the session ended: the session-expired modal speaks", () => {
    // Issue 7, point 18: an "Error – Unauthenticated." toast showed above the modal.
    const error = new ApiError({
      status: 401,
      message: "Unauthenticated.",
      errors: null,
      isSessionExpired: true,
    });

    expect(notifyApiError(error)).toEqual([]);
    expect(shown()).toEqual([]);
  });

  it("shows one 'Error' notification per errors entry, '{field}: {message}', for 8 seconds", () => {
    const error = new ApiError({
      status: 422,
      message: "The data is invalid.",
      errors: { email: ["The email is required."], phone: ["The phone is too short."] },
    });

    notifyApiError(error);

    expect(shown()).toEqual([
      { title: "Error", message: "email: The email is required.", autoClose: 8000, color: "red" },
      { title: "Error", message: "phone: The phone is too short.", autoClose: 8000, color: "red" },
    ]);
  });

  it("joins several messages of one field into its single notification", () => {
    notifyApiError(
      new ApiError({ status: 422, message: null, errors: { email: ["Is required.", "Must be an e-mail."] } }),
    );
    notifyApiError(
      new ApiError({ status: 422, message: null, errors: { amount: ["too small", "not a number"] } }),
    );

    expect(shown().map((item) => item.message)).toEqual([
      "email: Is required. Must be an e-mail.",
      "amount: too small, not a number",
    ]);
  });

  it("shows the server message when there is no errors object", () => {
    notifyApiError(
      new ApiError({ status: 409, message: "Recipient already exists", errors: null }),
      "ignored",
    );

    expect(shown()).toEqual([
      { title: "Error", message: "Recipient already exists", autoClose: 8000, color: "red" },
    ]);
  });

  it("falls back to the caller's text when the failure carries neither", () => {
    notifyApiError(new ApiError({ status: 0, message: null, errors: null }), "Errors gettings cards");

    expect(shown().map((item) => item.message)).toEqual(["Errors gettings cards"]);
  });

  it("falls back to 'Unexpected error, try again.' by default", () => {
    notifyApiError(new ApiError({ status: 500, message: null, errors: null }));

    expect(shown().map((item) => item.message)).toEqual([UNEXPECTED_ERROR_MESSAGE]);
    expect(UNEXPECTED_ERROR_MESSAGE).toBe("Unexpected error, try again.");
  });

  it("does not show a programming error's own message to the user", () => {
    notifyApiError(new TypeError("Cannot read properties of undefined"));

    expect(shown().map((item) => item.message)).toEqual([UNEXPECTED_ERROR_MESSAGE]);
  });

  it("reads a plain error envelope the same way as an ApiError", () => {
    notifyApiError({ success: false, message: "Bad", errors: { code: "Expired" } });
    notifyApiError({ success: false, message: "Only a message", errors: {} });

    expect(shown().map((item) => item.message)).toEqual(["code: Expired", "Only a message"]);
  });

  it("says the default fallback in Spanish when the page is in Spanish", async () => {
    await changeLanguage("es");

    notifyApiError(new ApiError({ status: 500, message: null, errors: null }));

    expect(shown()).toEqual([
      { title: "Error", message: "Error inesperado, inténtalo de nuevo.", autoClose: 8000, color: "red" },
    ]);
  });

  it("keeps the short notice on screen for 1.5 seconds", () => {
    notice("Copied");

    expect(shown()).toEqual([{ title: undefined, message: "Copied", autoClose: 1500, color: "vela" }]);
    expect([NOTIFICATION_AUTO_CLOSE_MS, NOTICE_AUTO_CLOSE_MS]).toEqual([8000, 1500]);
  });

  it("names every close button for screen readers, in the page's language", async () => {
    notice("Copied");
    await changeLanguage("es");
    notifyApiError(new ApiError({ status: 500, message: null, errors: null }));

    const { notifications, queue } = notificationsStore.getState();
    expect([...notifications, ...queue].map((item) => item.closeButtonProps?.["aria-label"])).toEqual([
      "Close notification",
      "Cerrar notificación",
    ]);
  });
});
