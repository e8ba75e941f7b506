import { Box, chakra, createRecipeContext, Text, type InputProps } from '@chakra-ui/react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

// Chakra's `Input` is Ark's `Field.Input` on the input recipe; outside an Ark field it adds nothing but
// costs Ark's field and runtime (~5 KB gzip). The same recipe on a plain input (the recipe plugin,
// build/chakra-recipes.ts, registers the recipe this names).
const { withContext } = createRecipeContext({ key: 'input' });
const Input = withContext<HTMLInputElement, InputProps>('input');

/**
 * A labelled input bound to a react-hook-form field; the helper gives way to the field's error.
 * `registration` may be just the name: before the sign-in page's form library has loaded
 * (features/auth/lazy-form.ts) the input is a plain one whose value the library adopts.
 *
 * The markup and styles of Chakra's `Field` (its recipe's root, label, helper and error text) without
 * its Ark machinery (~3 KB gzip more on every sign-in page's first load): the label names the input, the
 * input is `aria-invalid` with its error, and the helper or error describes it.
 */
export function TextField(props: {
  label: string;
  registration: Pick<UseFormRegisterReturn, 'name'> & Partial<UseFormRegisterReturn>;
  type?: 'email' | 'password' | 'text';
  error?: string;
  helper?: string;
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const invalid = Boolean(props.error);
  return (
    <Box role="group" display="flex" flexDirection="column" alignItems="flex-start" width="100%" position="relative" gap="1.5" data-invalid={invalid || undefined}>
      <chakra.label htmlFor={id} display="flex" alignItems="center" textAlign="start" textStyle="sm" fontWeight="medium" gap="1" userSelect="none">
        {props.label}
      </chakra.label>
      <Input
        {...props.registration}
        id={id}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        aria-invalid={invalid || undefined}
        aria-describedby={props.error || props.helper ? messageId : undefined}
        bg="white"
      />
      {props.error ? (
        <Text id={messageId} aria-live="polite" display="inline-flex" alignItems="center" fontWeight="medium" gap="1" color="fg.error" textStyle="xs">
          {props.error}
        </Text>
      ) : props.helper ? (
        <Text id={messageId} color="fg.muted" textStyle="xs">
          {props.helper}
        </Text>
      ) : null}
    </Box>
  );
}

/** Chakra's Stack-as-form does not type `noValidate`; our own messages replace the browser's. */
export const NO_VALIDATE = { noValidate: true } as Record<string, unknown>;
