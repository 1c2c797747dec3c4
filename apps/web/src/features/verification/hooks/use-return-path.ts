import { useState } from "react";
import { useSearchParams } from "react-router";
import { safeReturnPath } from "@/shared/flow/verification-path";

/** Where the money flow that sent the person here is kept while they are on the provider's page. */
const RETURN_STORAGE_KEY = "verification_from";

const readStored = (): string | null => {
  try {
    return safeReturnPath(sessionStorage.getItem(RETURN_STORAGE_KEY));
  } catch {
    return null;
  }
};

const store = (path: string | null) => {
  try {
    if (path === null) sessionStorage.removeItem(RETURN_STORAGE_KEY);
    else sessionStorage.setItem(RETURN_STORAGE_KEY, path);
  } catch {
    // Without storage the way back is only lost after the provider's page, not before.
  }
};

/**
 * The money flow to go back to once verified: `?from=` when it is one of the account's own pages
 * (anything else is ignored), kept in this tab's session because the provider's SDK page sends the
 * person back to the bare `/account/verification?returned=1`. `forget` once they have gone back.
 */
export const useReturnPath = () => {
  const [searchParams] = useSearchParams();
  const from = searchParams.get("from");
  const [path, setPath] = useState(() => {
    if (from === null) return readStored();
    const safe = safeReturnPath(from);
    store(safe);
    return safe;
  });
  const forget = () => {
    store(null);
    setPath(null);
  };
  return { returnPath: path, forget };
};

/** The words of the way back, by the kind of flow it leads to. */
export const returnLabelKey = (path: string) => {
  if (path.startsWith("/account/send-money")) return "verification.returnTo.transfer" as const;
  if (path.startsWith("/account/wallets")) return "verification.returnTo.wallet" as const;
  if (/^\/account\/(reload-phones|gift-cards|pay-bills)(\/|$|\?)/.test(path))
    return "verification.returnTo.purchase" as const;
  return "verification.returnTo.other" as const;
};
