import { Alert, Field, Input } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';

export function TextField(props: {
  label: string;
  type?: 'email' | 'password' | 'text';
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  helper?: string;
  autoComplete?: string;
  name?: string;
}) {
  return (
    <Field.Root invalid={Boolean(props.error)}>
      <Field.Label>{props.label}</Field.Label>
      <Input
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        onChange={(e: ChangeEvent<HTMLInputElement>) => props.onChange(e.target.value)}
        bg="white"
      />
      {props.helper && !props.error ? <Field.HelperText>{props.helper}</Field.HelperText> : null}
      {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

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

/** Chakra's Stack-as-form does not type `noValidate`; our own messages replace the browser's. */
export const NO_VALIDATE = { noValidate: true } as Record<string, unknown>;
