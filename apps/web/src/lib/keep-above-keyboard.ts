import { useEffect, type RefObject } from 'react';

/** Space kept between what is kept in view and the top of the on-screen keyboard. */
const GAP_PX = 8;

/** An area that keeps itself above the keyboard (useKeepAboveKeyboard): the page-wide rule leaves it alone. */
export const KEEP_ABOVE_KEYBOARD_ATTRIBUTE = 'data-keep-above-keyboard';

type Span = { top: number; bottom: number };

/**
 * Scrolls the page just enough for the span's bottom to show above the on-screen keyboard (the bottom
 * of the visual viewport), never so far that the span's top leaves the visible part.
 */
function reveal(span: Span): void {
  const viewport = window.visualViewport;
  const visibleTop = viewport?.offsetTop ?? 0;
  const visibleBottom = visibleTop + (viewport?.height ?? window.innerHeight);
  const hidden = span.bottom + GAP_PX - visibleBottom;
  if (hidden <= 0) return;
  const by = Math.min(hidden, Math.max(0, span.top - visibleTop));
  if (by > 0) window.scrollBy({ top: by, behavior: 'instant' });
}

/** Runs `check` after the browser's own scrolling of the focused box, in the frame of the new layout. */
function onKeyboardChange(target: EventTarget, check: () => void): () => void {
  let frame = 0;
  const schedule = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(check);
  };
  const viewport = window.visualViewport;
  viewport?.addEventListener('resize', schedule);
  target.addEventListener('focusin', schedule);
  return () => {
    cancelAnimationFrame(frame);
    viewport?.removeEventListener('resize', schedule);
    target.removeEventListener('focusin', schedule);
  };
}

/**
 * Keeps an input area (the answer box and its 回答する) inside the visible part of the page while the
 * phone's on-screen keyboard is up. The browser scrolls the focused box into view, but not what is
 * below it: on a 320×568 phone a 250 px keyboard left 回答する (and the box's last line) under the
 * keyboard (decision 080). When the visual viewport shrinks (the keyboard opens) or focus enters the
 * area, the page scrolls just enough for the area's bottom to show, never so far that its top leaves
 * the visible part. The area carries KEEP_ABOVE_KEYBOARD_ATTRIBUTE.
 */
export function useKeepAboveKeyboard(areaRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    return onKeyboardChange(area, () => {
      if (!area.contains(document.activeElement)) return;
      reveal(area.getBoundingClientRect());
    });
  }, [areaRef]);
}

/** Inputs a phone types into with its on-screen keyboard. */
const NO_KEYBOARD = new Set(['button', 'checkbox', 'color', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit']);
function typedInto(element: Element | null): element is HTMLInputElement | HTMLTextAreaElement {
  if (element instanceof HTMLTextAreaElement) return !element.readOnly;
  return element instanceof HTMLInputElement && !element.readOnly && !NO_KEYBOARD.has(element.type);
}

/**
 * What a phone user typing into `field` needs to see: the field, its label, its message (the
 * validation error or hint it is described by) and the form's submit button when it comes after it.
 */
function fieldSpan(field: HTMLInputElement | HTMLTextAreaElement): Span {
  const parts: Element[] = [field, ...Array.from(field.labels ?? [])];
  for (const id of (field.getAttribute('aria-describedby') ?? '').split(/\s+/)) {
    const message = id ? document.getElementById(id) : null;
    if (message) parts.push(message);
  }
  const own = field.getBoundingClientRect();
  const submit = field.form?.querySelector('button[type=submit]');
  if (submit && submit.getBoundingClientRect().top >= own.bottom) parts.push(submit);
  const boxes = parts.map((part) => part.getBoundingClientRect()).filter((box) => box.height > 0);
  return { top: Math.min(...boxes.map((box) => box.top)), bottom: Math.max(...boxes.map((box) => box.bottom)) };
}

/**
 * The same for every field of the app (decision 087): on a touch screen, when the keyboard opens or
 * focus moves to another field, the page scrolls so that the field's label, its validation message
 * and the form's submit button show above the keyboard, as far as they fit with the label in view.
 * Before, on a 320×568 phone, the keyboard covered ログイン under the password, the password's message
 * and パスワードを更新 under its confirmation, and my page's and the admin's 保存 / 作成する.
 * Dialogs are left to the browser (their content does not move with the page), and so are areas that
 * keep themselves in view (useKeepAboveKeyboard).
 */
export function keepFieldsAboveKeyboard(): () => void {
  return onKeyboardChange(document, () => {
    const field = document.activeElement;
    if (!typedInto(field)) return;
    if (field.closest(`[${KEEP_ABOVE_KEYBOARD_ATTRIBUTE}], [role=dialog], [role=alertdialog]`)) return;
    reveal(fieldSpan(field));
  });
}
