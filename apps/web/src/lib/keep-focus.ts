import { useLayoutEffect, useRef } from 'react';

/**
 * Gives focus back to the control that started a piece of work once the work is over, if focus was
 * lost meanwhile. Chakra's `loading` button is disabled while it works, and a disabled button drops
 * focus to <body>: after a failed login (「メールアドレスまたはパスワードが正しくありません。」) a
 * keyboard user was at the top of the page and a screen reader's next Tab started from the
 * beginning. Focus that moved elsewhere on purpose (an invalid field, a dialog) is left where it is.
 */
export function useKeepFocus(isBusy: boolean) {
  const origin = useRef<HTMLElement | null>(null);
  // Captured when the work starts, before the render that disables the control.
  const remember = (element?: Element | null) => {
    const candidate = element ?? document.activeElement;
    if (candidate instanceof HTMLElement && candidate !== document.body) origin.current = candidate;
  };
  useLayoutEffect(() => {
    if (isBusy) return;
    const element = origin.current;
    origin.current = null;
    if (!element?.isConnected) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    element.focus({ preventScroll: true });
  }, [isBusy]);
  return remember;
}
