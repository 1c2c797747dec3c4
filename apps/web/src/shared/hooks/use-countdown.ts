import { useEffect, useState } from "react";

const secondsLeft = (untilMs: number | null, nowMs: number) =>
  untilMs === null ? 0 : Math.max(0, Math.ceil((untilMs - nowMs) / 1000));

/**
 * Whole seconds left until `untilMs` (0 once it has passed, or when there is nothing to wait for),
 * re-rendering every second while it runs. Counting against a point in time rather than
 * decrementing keeps it right when the tab sleeps in the background.
 */
export const useCountdown = (untilMs: number | null): number => {
  const [nowMs, setNowMs] = useState(() => Date.now());
  const remaining = secondsLeft(untilMs, nowMs);
  useEffect(() => {
    setNowMs(Date.now());
    if (untilMs === null) return;
    const timer = window.setInterval(() => {
      const now = Date.now();
      setNowMs(now);
      if (now >= untilMs) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [untilMs]);
  return remaining;
};

/** "1:05" for 65 seconds. */
export const formatCountdown = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** A point in time `seconds` from now, as the countdown wants it. */
export const secondsFromNow = (seconds: number | null | undefined): number | null =>
  seconds && seconds > 0 ? Date.now() + seconds * 1000 : null;
