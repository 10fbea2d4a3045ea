import { startTransition, useEffect, useState } from "react";

/** Loads go ahead after this long even if the browser reports no paint (a tab opened hidden). */
const FALLBACK_MS = 3_000;

let painted = false;

/**
 * Calls `callback` once the browser reports its first contentful paint (at once when it already
 * has), or after FALLBACK_MS when it reports none. Returns a function that cancels the call.
 */
function whenFirstContentfulPaint(callback: () => void): () => void {
  if (
    typeof PerformanceObserver === "undefined" ||
    !PerformanceObserver.supportedEntryTypes.includes("paint")
  ) {
    const timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  let settled = false;
  const settle = (call: boolean): void => {
    if (settled) return;
    settled = true;
    observer.disconnect();
    clearTimeout(fallback);
    if (call) callback();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length > 0) settle(true);
  });
  const fallback = setTimeout(() => settle(true), FALLBACK_MS);
  observer.observe({ type: "paint", buffered: true });
  return () => settle(false);
}

/**
 * False until the browser has painted the app's first content, then true for good. A part rendered
 * only when it is true (a lazy chunk) starts loading after that paint instead of before it: React
 * would otherwise request the chunk while it renders the first screen, and on a slow phone network
 * that request is one more round trip in front of the first paint (Lighthouse counts it there too).
 */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    return whenFirstContentfulPaint(() => {
      painted = true;
      // In a transition React renders what now appears in slices, not in one long task.
      startTransition(() => setDone(true));
    });
  }, [done]);
  return done;
}
