const STORAGE_KEY = "vela.recipient-invitation";
let taken: string | null | undefined;

/**
 * The link's token, read once from the address's fragment and then removed from the address bar
 * (history.replaceState), so it is neither left on screen nor kept in the browser's history. It is
 * kept for this tab only (sessionStorage), so reloading the page keeps working.
 */
export const takeLinkToken = (): string | null => {
  const fromHash = decodeURIComponent(window.location.hash.replace(/^#/, "")).trim();
  if (fromHash) {
    window.history.replaceState(
      window.history.state,
      "",
      `${window.location.pathname}${window.location.search}`,
    );
    try {
      window.sessionStorage.setItem(STORAGE_KEY, fromHash);
    } catch {
      // Storage refused (private mode): the token lives in memory until the page is left.
    }
    taken = fromHash;
    return taken;
  }
  if (taken !== undefined) return taken;
  try {
    taken = window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    taken = null;
  }
  return taken;
};

/** Forgets the token once the link is used up or dead. */
export const forgetLinkToken = () => {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
};

/** Tests start each page from its own address. */
export const resetLinkTokenForTests = () => {
  taken = undefined;
};
