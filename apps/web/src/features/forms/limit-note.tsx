import { Field } from '@chakra-ui/react';

/**
 * Inside a Chakra `Field.Root` whose input stops at `max` characters (`maxLength`): once the value
 * reaches it, says so as the field's helper text (so the input is described by it), announced politely,
 * as the answer box does at 500 characters (decision 039).
 */
export function LimitNote({ value, max, message }: { value: string | undefined; max: number; message: string }) {
  if ((value ?? '').length < max) return null;
  return (
    <Field.HelperText color="red.600" role="status" data-testid="limit-note">
      {message}
    </Field.HelperText>
  );
}
