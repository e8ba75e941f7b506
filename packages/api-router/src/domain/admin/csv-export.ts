import { exportFileName } from '@shunkan/config/admin';
import { jstDay } from '@shunkan/config/time';
import type { Db } from '@shunkan/db';
import { streamSessionsForExport, streamUsersForExport } from '@shunkan/db/exports';

export const EXPORT_KINDS = ['users', 'sessions'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** UTF-8 byte order mark: Excel opens a CSV as UTF-8 (Japanese intact) only when it starts with one. */
export const BOM = '\uFEFF';

type Cell = string | number | boolean | Date | null | undefined;

/** Times as the admin reads them: JST, `YYYY-MM-DD HH:MM:SS` (Excel recognises it as a date). */
export function jstDateTime(date: Date): string {
  return new Date(date.getTime() + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Text a spreadsheet would read as a formula (OWASP "CSV injection"): learners write answers and
 * e-mail addresses, and `=HYPERLINK(...)` or `=cmd|...` must not run in the admin's Excel. Half- and
 * full-width signs both count (a Japanese Excel takes ＝ as =).
 */
const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;

/**
 * RFC 4180: a field with a comma, quote, CR or LF is quoted, quotes doubled; records end with CRLF.
 * Text that starts like a formula gets a leading apostrophe, so that it stays text.
 */
export function csvField(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? jstDateTime(value) : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRecord(values: readonly Cell[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

const USER_HEADER = ['ユーザーID', 'メールアドレス', '権限', 'メール認証', '登録日時', '最終利用日時', 'ステータス', 'プラン種別', 'プランID', 'トライアル開始', '現在の期間の終了', '回答数'];
const SESSION_HEADER = ['回答ID', '日時', 'メールアドレス', 'レベル', '問題ID', '問題（日本語）', '回答', '評価', '模範解答', 'フィードバック', '評価方式', '回答時間（ミリ秒）'];

/**
 * The export as a stream of CSV text chunks (BOM and header first, then one chunk per database batch),
 * so that an HTTP response can send it while later batches are still being read.
 */
export async function* exportCsv(db: Db, kind: ExportKind): AsyncGenerator<string> {
  if (kind === 'users') {
    yield BOM + csvRecord(USER_HEADER);
    for await (const batch of streamUsersForExport(db)) {
      yield batch
        .map((u) =>
          csvRecord([u.id, u.email, u.role, u.emailVerified, u.createdAt, u.lastSeenAt, u.status ?? 'none', u.type, u.planId, u.trialStart, u.currentPeriodEnd, u.totalAttempts]),
        )
        .join('');
    }
    return;
  }
  yield BOM + csvRecord(SESSION_HEADER);
  for await (const batch of streamSessionsForExport(db)) {
    yield batch
      .map((s) => csvRecord([s.id, s.createdAt, s.email, s.level, s.problemId, s.japanese, s.answer, s.rating, s.modelAnswer, s.feedback, s.provider, s.durationMs]))
      .join('');
  }
}

export function exportFileNameFor(kind: ExportKind, now: Date): string {
  return exportFileName(kind, jstDay(now));
}
