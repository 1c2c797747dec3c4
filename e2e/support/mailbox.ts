import { expect } from "vitest";
import { type Session, screenshot, watchForErrors } from "./browser";

/**
 * The development mailbox of one journey file. Each code is handed out once, keyed by recipient
 * and code: two recipients may draw the same code, and a stale code must not be typed again.
 */
export function devMailbox() {
  const used = new Set<string>();

  /** Polls `read` ("" while there is none) until it yields a code not yet used for `to`. */
  async function freshCode(to: string, read: () => Promise<string>, interval = 500): Promise<string> {
    let code = "";
    await expect
      .poll(
        async () => {
          code = await read();
          return code !== "" && !used.has(`${to} ${code}`);
        },
        { timeout: 20_000, interval },
      )
      .toBe(true);
    used.add(`${to} ${code}`);
    return code;
  }

  /**
   * Reads the newest code sent to `to` on the development mailbox page, the way a person would:
   * a second tab of the same browser, filtered by recipient.
   */
  async function readCode(session: Session, to: string, shotName?: string): Promise<string> {
    const mailbox = await session.context.newPage();
    const problems = watchForErrors(mailbox, session.watch);
    await mailbox.goto(`${session.baseUrl}/dev/mailbox`, { waitUntil: "networkidle" });
    await mailbox.getByLabel("Recipient").fill(to);
    const newest = mailbox.getByTestId("outbox-message").first().getByTestId("outbox-code");
    const code = await freshCode(to, async () =>
      ((await newest.textContent({ timeout: 1000 }).catch(() => "")) ?? "").trim(),
    );
    if (shotName) await screenshot(mailbox, shotName);
    // Checked before closing: closing cancels the page's next refresh, which is no failure.
    expect(problems).toEqual([]);
    await mailbox.close();
    return code;
  }

  return { freshCode, readCode };
}
