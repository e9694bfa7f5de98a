import { useEffect, useState } from 'react';

/**
 * Whether `value` changed a moment ago: true for `ms` after it takes a new value (never for the first one, which the
 * page was rendered with). A stat card pulses, and a feed's new newest item is highlighted, with it.
 */
export function useFlash(value: string | null, ms: number): boolean {
  const [last, setLast] = useState(value);
  const [flashing, setFlashing] = useState<string | null>(null);
  if (value !== last) {
    // A new value, seen while rendering (React's pattern for state that follows a prop): it flashes from now.
    setLast(value);
    setFlashing(value);
  }
  useEffect(() => {
    if (flashing === null) return;
    const timer = setTimeout(() => setFlashing(null), ms);
    return () => clearTimeout(timer);
  }, [flashing, ms]);
  return flashing !== null && flashing === value;
}
