import { useEffect, useState } from 'react';

/**
 * The current time, known only once the page is interactive (null while the server renders and during
 * hydration, so the served HTML never depends on the minute it was rendered), then refreshed every minute.
 */
export function useNow(intervalMs = 60_000): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
