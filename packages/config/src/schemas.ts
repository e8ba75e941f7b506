import { z } from 'zod';
import { hasVisibleText, isStorableText } from './storable-text';
import { TEXT } from './texts';

// zod's own messages (field errors without a message of ours) in Japanese, like everything a user reads.
z.config(z.locales.ja());

export { hasVisibleText, isStorableText };

/**
 * The one string schema for every input (procedures and the REST paths over them): anything else a
 * string may hold is the field's own business (`ZText.trim().min(1).max(500)`), but this check always
 * runs first and stops there, so such input is a 400 with a Japanese message, never a database error.
 */
export const ZText = z.string(TEXT.invalidInput).refine(isStorableText, { error: TEXT.unstorableText, abort: true });

/**
 * Every input schema's string nodes must be built on ZText (or be a format such as uuid or email,
 * whose alphabet is ASCII): `hasTextCheck` tells them apart for the test that walks the router.
 */
export function hasTextCheck(schema: z.ZodType): boolean {
  const checks = (schema as unknown as { _zod: { def: { checks?: unknown[] } } })._zod.def.checks ?? [];
  const ours = (ZText as unknown as { _zod: { def: { checks: unknown[] } } })._zod.def.checks[0];
  return checks.includes(ours);
}
