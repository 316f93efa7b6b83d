import { type RefObject, useEffect, useState } from 'react';

/** How close to the screen a lazy part starts loading: about a third of a phone's height ahead. */
export const NEAR_SCREEN = '300px 0px';

/**
 * Whether the element has come near the screen (once true, it stays): what lazy parts of a page
 * (an ad slot, the forecast) wait for before they ask the server anything. Without
 * IntersectionObserver, at once.
 */
export function useNearScreen(box: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, near]);
  return near;
}
