import { Alert, Field, Input } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A labelled input bound to a react-hook-form field; the helper gives way to the field's error. */
export function TextField(props: {
  label: string;
  registration: UseFormRegisterReturn;
  type?: 'email' | 'password' | 'text';
  error?: string;
  helper?: string;
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
}) {
  return (
    <Field.Root invalid={Boolean(props.error)}>
      <Field.Label>{props.label}</Field.Label>
      <Input
        {...props.registration}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
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
