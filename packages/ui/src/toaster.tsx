import { lazy, Suspense, useEffect, useState } from 'react';
import type * as ToasterImpl from './toaster-impl';

export type { NotifyInput } from './toaster-impl';

// The toast machinery (~18 KB gzip) loads with the first notification, not with the page.
type Impl = typeof ToasterImpl;
let impl: Impl | null = null;
let loading: Promise<Impl> | null = null;
const load = () => (loading ??= import('./toaster-impl').then((module) => (impl = module)));
let mountToaster: (() => void) | null = null;
let wanted = false;

/** Shows a notification (spec section 9: one at a time, 5 s by default). */
export function notify(input: ToasterImpl.NotifyInput): void {
  wanted = true;
  mountToaster?.();
  if (impl) impl.notify(input);
  else void load().then((module) => module.notify(input));
}

/**
 * Closes the notification on screen and drops any waiting to replace it: a failure's toast must not
 * outlive what it was about (a declined card's error stayed on 決済完了 after a second card went through).
 * `remove()` without an id also empties the queue, where a toast created while the previous one is
 * still closing waits (`max: 1`); `dismiss()` would leave it to appear on the next page.
 */
export function dismissNotifications(): void {
  impl?.toaster.remove();
}

const LazyToaster = lazy(() => load().then((module) => ({ default: module.Toaster })));

/** The notification region; mounted once the first notification is asked for. */
export function Toaster() {
  const [mounted, setMounted] = useState(wanted);
  useEffect(() => {
    mountToaster = () => setMounted(true);
    if (wanted) setMounted(true);
    return () => {
      mountToaster = null;
    };
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}
