import { useEffect, useRef } from 'react';

/** Runs an async effect once, even under React StrictMode's double mount. */
export function useOnce(effect: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
  });
}

