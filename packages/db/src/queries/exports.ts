import { sql } from 'kysely';
import type { Db } from '../index.js';

/**
 * CSV exports read the tables in keyset-paginated batches, so an export of any size holds at most one
 * batch in memory, on PGlite and on a PostgreSQL server alike (no server-side cursor needed).
 */
export const EXPORT_BATCH_SIZE = 1000;

export type UserExportRow = {
  id: string;
  email: string | null;
  role: string;
  emailVerified: boolean;
  createdAt: Date;
  lastSeenAt: Date | null;
  status: string | null;
  type: string | null;
  planId: string | null;
  trialStart: Date | null;
  currentPeriodEnd: Date | null;
  totalAttempts: number;
};

export async function* streamUsersForExport(db: Db, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<UserExportRow[]> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const cursor: { createdAt: Date; id: string } | null = after;
    let query = db
      .selectFrom('users')
      .leftJoin('subscriptions', 'subscriptions.user_id', 'users.id')
      .select((eb) => [
        'users.id',
        'users.email',
        'users.role',
        'users.email_verified as emailVerified',
        'users.created_at as createdAt',
        'users.last_seen_at as lastSeenAt',
        'subscriptions.status',
        'subscriptions.type',
        'subscriptions.plan_id as planId',
        'subscriptions.trial_start as trialStart',
        'subscriptions.current_period_end as currentPeriodEnd',
        eb.selectFrom('attempts').whereRef('attempts.user_id', '=', 'users.id').select(sql<string>`count(*)`.as('n')).as('totalAttempts'),
      ])
      .orderBy('users.created_at')
      .orderBy('users.id')
      .limit(batchSize);
    if (cursor) query = query.where(sql<boolean>`(users.created_at, users.id) > (${cursor.createdAt}, ${cursor.id}::uuid)`);
    const rows = await query.execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({ ...r, totalAttempts: Number(r.totalAttempts ?? 0) }));
    const last = rows[rows.length - 1];
    if (!last || rows.length < batchSize) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

export type SessionExportRow = {
  id: string;
  createdAt: Date;
  email: string | null;
  level: string;
  problemId: string;
  japanese: string | null;
  answer: string;
  rating: number;
  modelAnswer: string;
  feedback: string;
  provider: string;
  durationMs: number | null;
};

export async function* streamSessionsForExport(db: Db, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<SessionExportRow[]> {
  let afterId: string | null = null;
  for (;;) {
    const cursor: string | null = afterId;
    let query = db
      .selectFrom('attempts')
      .leftJoin('users', 'users.id', 'attempts.user_id')
      .leftJoin('problems', 'problems.id', 'attempts.problem_id')
      .select([
        'attempts.id',
        'attempts.created_at as createdAt',
        'users.email',
        'attempts.level',
        'attempts.problem_id as problemId',
        'problems.japanese',
        'attempts.answer',
        'attempts.rating',
        'attempts.model_answer as modelAnswer',
        'attempts.feedback',
        'attempts.provider',
        'attempts.duration_ms as durationMs',
      ])
      .orderBy('attempts.id')
      .limit(batchSize);
    // bigserial ids arrive as text: compare as numbers, not strings.
    if (cursor) query = query.where(sql<boolean>`attempts.id > ${cursor}::bigint`);
    const rows = await query.execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({ ...r, id: String(r.id) }));
    const last = rows[rows.length - 1];
    if (!last || rows.length < batchSize) return;
    afterId = String(last.id);
  }
}
