import { ZText } from '@shunkan/config/schemas';

/** PostgreSQL's bigint maximum: attempt and appeal ids are `bigint` (bigserial) columns. */
const BIGINT_MAX = 9_223_372_036_854_775_807n;

/** A bigint row id as text: digits, within bigint range (a larger one was a database error, a 500). */
export function isRowId(value: string): boolean {
  return /^\d{1,19}$/.test(value) && BigInt(value) <= BIGINT_MAX;
}

/** An attempt or appeal id as the client sends it (decision 026). */
export const ZRowId = ZText.max(20).refine(isRowId, { error: 'IDの形式が正しくありません' });
