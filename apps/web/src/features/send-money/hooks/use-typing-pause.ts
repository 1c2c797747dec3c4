import { useEffect, useState } from "react";

/**
 * A value that waits for typing to pause: while keystrokes keep coming (`keystroke()` on each), it
 * holds what it was before they started; `wait` ms after the last one, or at once on `settle()`,
 * it is the current value again. Anything else that changes the value shows at once. The value
 * itself lives with the caller; this only holds the one from before the typing.
 */
export const useTypingPause = <T>(current: T, wait: number) => {
  // A new object per keystroke, so each one restarts the wait.
  const [held, setHeld] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (held === null) return;
    // A timer is outside React: the pause ends when it fires.
    const timer = setTimeout(() => setHeld(null), wait);
    return () => clearTimeout(timer);
  }, [held, wait]);
  return {
    value: held ? held.value : current,
    isTyping: held !== null,
    keystroke: () => setHeld((before) => ({ value: before ? before.value : current })),
    settle: () => setHeld(null),
  };
};
