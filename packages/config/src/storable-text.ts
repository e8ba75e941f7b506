/**
 * Text PostgreSQL cannot store, or would store altered: the NUL character (refused by `text` and
 * `jsonb`) and UTF-16 surrogates without their pair (no UTF-8 encoding: the driver would write U+FFFD,
 * so what is stored is not what was sent). No zod here: the browser's form rules use it too.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * Characters that show nothing on their own: white space, format characters (zero-width space and
 * joiners, direction marks and overrides, the soft hyphen, the BOM) and the blank Hangul fillers and
 * Braille pattern. `trim()` removes only the first kind, so a required field of these passed as filled.
 */
const INVISIBLE = /^[\s\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]*$/u;

/** Whether the text shows something: what a required field must hold (decision 098). */
export function hasVisibleText(value: string): boolean {
  return !INVISIBLE.test(value);
}
