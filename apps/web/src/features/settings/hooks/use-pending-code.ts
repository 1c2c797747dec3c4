import { useState } from "react";

/**
 * The code a contact page waits for: one sent on this visit, or else a change started on an
 * earlier visit, which can be set aside to start a new one (that replaces it).
 */
export const usePendingCode = <Pending>() => {
  const [pending, setPending] = useState<Pending | null>(null);
  const [earlierSetAside, setEarlierSetAside] = useState(false);
  return {
    setPending,
    /** The code to ask for, given the change the server still holds from an earlier visit. */
    shownWith: (earlier: Pending | null): Pending | null => pending ?? (earlierSetAside ? null : earlier),
    cancel: pending ? () => setPending(null) : () => setEarlierSetAside(true),
  };
};
