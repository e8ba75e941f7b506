import { Box, chakra } from '@chakra-ui/react';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import type * as ToasterImpl from './toaster-impl';

export type { NotifyInput } from './toaster-impl';

// The toast machinery (~18 KB gzip) loads with the first notification, not with the page.
type Impl = typeof ToasterImpl;
let impl: Impl | null = null;
let loading: Promise<Impl> | null = null;
// A failed load is forgotten, so that the next notification asks again (the server may be back).
const load = () =>
  (loading ??= import('./toaster-impl').then(
    (module) => (impl = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
let mountToaster: (() => void) | null = null;
let showPlain: ((input: ToasterImpl.NotifyInput | null) => void) | null = null;
let wanted = false;

/** Shows a notification (spec section 9: one at a time, 5 s by default). */
export function notify(input: ToasterImpl.NotifyInput): void {
  wanted = true;
  mountToaster?.();
  if (impl) impl.notify(input);
  else
    void load().then(
      (module) => module.notify(input),
      // The machinery could not be fetched (the server or the network is down, which is often what the
      // notification is about): the message is shown plainly instead of being lost (decision 061).
      () => showPlain?.(input),
    );
}

/**
 * Closes the notification on screen and drops any waiting to replace it: a failure's toast must not
 * outlive what it was about (a declined card's error stayed on 決済完了 after a second card went through).
 * `remove()` without an id also empties the queue, where a toast created while the previous one is
 * still closing waits (`max: 1`); `dismiss()` would leave it to appear on the next page.
 */
export function dismissNotifications(): void {
  impl?.toaster.remove();
  showPlain?.(null);
}

const PLAIN_BG = { success: 'green.700', error: 'red.700', warning: 'orange.700', info: 'gray.800', loading: 'gray.800' } as const;

/** A notification without the toast machinery: same place, colours and close button, no animation. */
function PlainToast({ input, onClose }: { input: ToasterImpl.NotifyInput; onClose: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, input.duration ?? 5000);
    return () => clearTimeout(timer);
  }, [input, onClose]);
  return (
    <Box
      role={input.type === 'error' || input.type === 'warning' ? 'alert' : 'status'}
      data-testid="toast"
      position="fixed"
      top="4"
      insetInlineEnd="4"
      insetInlineStart={{ base: '4', md: 'auto' }}
      width={{ md: 'sm' }}
      zIndex="toast"
      display="flex"
      alignItems="flex-start"
      gap="3"
      padding="4"
      borderRadius="l2"
      boxShadow="lg"
      color="white"
      bg={PLAIN_BG[input.type ?? 'info']}
      textStyle="sm"
    >
      <Box flex="1">
        <Box fontWeight="semibold">{input.title}</Box>
        {input.description ? <Box>{input.description}</Box> : null}
      </Box>
      <chakra.button
        type="button"
        aria-label="通知を閉じる"
        onClick={onClose}
        minWidth="11"
        minHeight="11"
        marginBlock="-2"
        marginInlineEnd="-2"
        borderRadius="l1"
        cursor="pointer"
        fontSize="lg"
        lineHeight="1"
        _focusVisible={{ outline: '2px solid white', outlineOffset: '-2px' }}
      >
        ×
      </chakra.button>
    </Box>
  );
}

/** The notification region; mounted once the first notification is asked for. */
export function Toaster() {
  const [Region, setRegion] = useState<ComponentType | null>(() => impl?.Toaster ?? null);
  const [plain, setPlain] = useState<ToasterImpl.NotifyInput | null>(null);
  useEffect(() => {
    const mount = () => {
      void load().then(
        (module) => setRegion(() => module.Toaster),
        () => {},
      );
    };
    mountToaster = mount;
    showPlain = setPlain;
    if (wanted) mount();
    return () => {
      mountToaster = null;
      showPlain = null;
    };
  }, []);
  const close = useCallback(() => setPlain(null), []);
  return (
    <>
      {Region ? <Region /> : null}
      {plain ? <PlainToast input={plain} onClose={close} /> : null}
    </>
  );
}
