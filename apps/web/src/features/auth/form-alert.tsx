import { Alert } from '@chakra-ui/react';

/**
 * A form's outcome (an error, a sent mail). Its own module: the sign-in page shows one only after the
 * visitor has used the form, so Chakra's alert travels with the form's kit, not the page's first load.
 */
export function FormAlert({ status, title, children }: { status: 'error' | 'success' | 'info' | 'warning'; title: string; children?: React.ReactNode }) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}
