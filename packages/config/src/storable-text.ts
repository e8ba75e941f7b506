/**
 * Text PostgreSQL cannot store, or would store altered: the NUL character (refused by `text` and
 * `jsonb`) and UTF-16 surrogates without their pair (no UTF-8 encoding: the driver would write U+FFFD,
 * so what is stored is not what was sent). No zod here: the browser's form rules use it too.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}
