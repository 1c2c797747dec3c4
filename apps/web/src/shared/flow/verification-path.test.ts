import { describe, expect, it } from "vitest";
import { safeReturnPath, verificationPathFrom } from "./verification-path";

// The way back from the verification area is built from an address the page was given: only the
// account area's own pages pass, so the link can never send a person to another site.
describe("the verification area's way back", () => {
  it.each([
    ["/account/send-money/amount", "/account/send-money/amount"],
    ["/account/wallets/send/amount?wallet_id=VW-1", "/account/wallets/send/amount?wallet_id=VW-1"],
    ["/account/reload-phones/amount#top", "/account/reload-phones/amount#top"],
  ])("keeps %s", (from, kept) => {
    expect(safeReturnPath(from)).toBe(kept);
  });

  it.each([
    null,
    "",
    "/account",
    "/help",
    "account/send-money",
    "https://evil.example/account/x",
    "//evil.example/account/x",
    "/\\evil.example",
    "/account/\\..\\..\\evil",
    "/account/../logout",
    "/account/\n/x",
    "/account/verification?from=/account/x",
    "javascript:alert(1)",
  ])("refuses %s", (from) => {
    expect(safeReturnPath(from)).toBeNull();
  });

  it("carries a safe way back in the area's address, and drops an unsafe one", () => {
    expect(verificationPathFrom("/account/send-money/amount")).toBe(
      "/account/verification?from=%2Faccount%2Fsend-money%2Famount",
    );
    expect(verificationPathFrom("https://evil.example")).toBe("/account/verification");
  });
});
