import { describe, expect, it } from 'vitest';
import { decodeCursor } from './domain/learning.js';
import { isRowId, ZRowId } from './ids.js';

describe('row ids (bigint columns)', () => {
  it('takes digits within bigint range and nothing else', () => {
    for (const id of ['0', '1', '42', '9223372036854775807']) expect(isRowId(id), id).toBe(true);
    for (const id of ['9223372036854775808', '99999999999999999999', '', '-1', '1.5', '1e3', ' 1', '０１', '0x10']) expect(isRowId(id), id).toBe(false);
    expect(ZRowId.safeParse('99999999999999999999').success).toBe(false);
    expect(ZRowId.safeParse('12').success).toBe(true);
  });

  it('refuses a history cursor whose id is past bigint range (was a database error)', () => {
    expect(decodeCursor('2026-11-24T10:00:00.000Z_9223372036854775807')).toEqual({ createdAt: new Date('2026-11-24T10:00:00.000Z'), id: '9223372036854775807' });
    expect(decodeCursor('2026-11-24T10:00:00.000Z_9999999999999999999')).toBeNull();
  });

  it('refuses a history cursor whose time encodeCursor could not have written (year 0000 was a 500 on PGlite)', () => {
    for (const cursor of ['0000-01-01T00:00:00.000Z_1', '1969-12-31T23:59:59.999Z_1', '2024-02-30T00:00:00.000Z_1', '2024-01-01T24:00:00.000Z_1', '2024-13-01T00:00:00.000Z_1']) {
      expect(decodeCursor(cursor), cursor).toBeNull();
    }
    expect(decodeCursor('9999-12-31T23:59:59.999Z_1')).toEqual({ createdAt: new Date('9999-12-31T23:59:59.999Z'), id: '1' });
    expect(decodeCursor('2024-02-29T00:00:00.000Z_1')).not.toBeNull();
  });
});
