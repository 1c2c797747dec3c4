/**
 * The verification area (issue 20), and the way back from it to the money flow that sent the person
 * there. Shared because three places lead into it (the rules modal, the AMOUNT steps' refusals and
 * the area itself) and must agree on which return addresses are safe.
 */

export const VERIFICATION_PATH = "/account/verification";

/** Only the account area's own pages may be returned to: no other origin, no protocol tricks. */
const RETURN_PREFIX = "/account/";

const isControl = (character: string) => {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

/**
 * `from` when it is a path of this site's account area (`/account/send-money/amount?x=1`), else
 * null. Anything that would leave the site (`//evil.example`, `https://…`, `/\evil`, `javascript:`)
 * or land elsewhere on it is refused, so the link built from it is never an open redirect.
 */
export const safeReturnPath = (from: string | null | undefined): string | null => {
  if (!from?.startsWith(RETURN_PREFIX)) return null;
  // Browsers read a backslash as "/" and drop tabs and newlines, which would change where it leads.
  if (from.includes("\\") || [...from].some(isControl)) return null;
  const base = "https://vela.invalid";
  let url: URL;
  try {
    url = new URL(from, base);
  } catch {
    return null;
  }
  if (url.origin !== base || !url.pathname.startsWith(RETURN_PREFIX)) return null;
  if (url.pathname.startsWith(VERIFICATION_PATH)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};

/** The verification area's address, carrying where to come back to when that place is safe. */
export const verificationPathFrom = (from: string | null | undefined): string => {
  const safe = safeReturnPath(from);
  return safe ? `${VERIFICATION_PATH}?${new URLSearchParams({ from: safe })}` : VERIFICATION_PATH;
};

/**
 * A verification provider's hosted SDK page (the `sdk_url` of an access token) as an absolute
 * http(s) address to send the browser to, or null for anything else (a `javascript:` URL).
 */
export const sdkAddress = (sdkUrl: string): string | null => {
  try {
    const url = new URL(sdkUrl, window.location.origin);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
};
