import { useEffect, type RefObject } from 'react';

/** Space kept between the area's bottom and the top of the on-screen keyboard. */
const GAP_PX = 8;

/**
 * Keeps an input area (the answer box and its 回答する) inside the visible part of the page while the
 * phone's on-screen keyboard is up. The browser scrolls the focused box into view, but not what is
 * below it: on a 320×568 phone a 250 px keyboard left 回答する (and the box's last line) under the
 * keyboard (decision 080). When the visual viewport shrinks (the keyboard opens) or focus enters the
 * area, the page scrolls just enough for the area's bottom to show, never so far that its top leaves
 * the visible part.
 */
export function useKeepAboveKeyboard(areaRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    const viewport = window.visualViewport;
    let frame = 0;
    const reveal = () => {
      cancelAnimationFrame(frame);
      // After the browser's own scrolling of the focused box, in the same frame as the new layout.
      frame = requestAnimationFrame(() => {
        if (!area.contains(document.activeElement)) return;
        const visibleTop = viewport?.offsetTop ?? 0;
        const visibleBottom = visibleTop + (viewport?.height ?? window.innerHeight);
        const box = area.getBoundingClientRect();
        const hidden = box.bottom + GAP_PX - visibleBottom;
        if (hidden <= 0) return;
        const by = Math.min(hidden, Math.max(0, box.top - visibleTop));
        if (by > 0) window.scrollBy({ top: by, behavior: 'instant' });
      });
    };
    viewport?.addEventListener('resize', reveal);
    area.addEventListener('focusin', reveal);
    return () => {
      cancelAnimationFrame(frame);
      viewport?.removeEventListener('resize', reveal);
      area.removeEventListener('focusin', reveal);
    };
  }, [areaRef]);
}
