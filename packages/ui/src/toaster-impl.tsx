import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';

/**
 * Spec section 9: one toast visible at a time (a new one replaces the older), 5 s by default,
 * swipe right to dismiss, F8 focuses the notification region.
 */
export const toaster = createToaster({
  placement: 'top-end',
  max: 1,
  duration: 5000,
  pauseOnPageIdle: true,
  hotkey: ['F8'],
});

export type NotifyInput = {
  title: string;
  description?: string;
  type?: 'success' | 'error' | 'info' | 'warning' | 'loading';
  duration?: number;
};

export function notify(input: NotifyInput): void {
  toaster.dismiss();
  toaster.create({ ...input, type: input.type ?? 'info' });
}

/**
 * Chakra's solid toasts put white text on green.600 / orange.600 (3.3:1 and 3.6:1) and fade the
 * description to 80% (2.6:1 on green): axe's serious colour-contrast. One shade darker and the
 * description at full strength reach 4.5:1 (decision 039).
 */
const TOAST_CONTRAST = {
  '&[data-type=success]': { bg: 'green.700' },
  '&[data-type=warning]': { bg: 'orange.700' },
  '&[data-type=error]': { bg: 'red.700' },
  '& [data-part=description]': { opacity: 1 },
} as const;

export function Toaster() {
  return (
    <Portal>
      {/* Japanese names for the region (F8 focuses it) and the close button: the library's are English. */}
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label="通知（F8）">
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast" css={TOAST_CONTRAST}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            <Toast.CloseTrigger aria-label="通知を閉じる" />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
