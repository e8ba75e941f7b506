import { Alert } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';

/**
 * A form's outcome (an error, a sent mail). Its own module: the sign-in page shows one only after the
 * visitor has used the form, so Chakra's alert travels with the form's kit, not the page's first load.
 * `takeFocus`: the outcome replaces the form (「認証メールを送信しました」), whose button had focus;
 * focus moves to the outcome instead of falling to <body>, and a screen reader reads it.
 */
export function FormAlert({ status, title, children, takeFocus = false }: { status: 'error' | 'success' | 'info' | 'warning'; title: string; children?: React.ReactNode; takeFocus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <Alert.Root ref={ref} status={status} role={status === 'error' ? 'alert' : 'status'} tabIndex={takeFocus ? -1 : undefined}>
      <Alert.Indicator aria-hidden />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}
