import type { Db } from '../index.js';
import type { ReviewCardRow } from '../schema.js';

export type ReviewCardFields = {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
};

export function toCardFields(row: ReviewCardRow): ReviewCardFields {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsedDays: row.elapsed_days,
    scheduledDays: row.scheduled_days,
    learningSteps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    lastReview: row.last_review,
  };
}

export async function findReviewCard(db: Db, userId: string, problemId: string): Promise<ReviewCardRow | undefined> {
  return db.selectFrom('review_cards').selectAll().where('user_id', '=', userId).where('problem_id', '=', problemId).executeTakeFirst();
}

/** The scheduler's card as review_cards columns (shared by the upsert, the insert-if-absent and insertAttempt). */
export function cardColumns(card: ReviewCardFields) {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsedDays,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.lastReview,
  };
}

/** Creates or replaces the learner's card for a problem. */
export async function saveReviewCard(
  db: Db,
  input: { userId: string; problemId: string; reason: 'weak' | 'bookmark'; card: ReviewCardFields; now: Date },
): Promise<void> {
  const values = { ...cardColumns(input.card), updated_at: input.now };
  await db
    .insertInto('review_cards')
    .values({ user_id: input.userId, problem_id: input.problemId, reason: input.reason, created_at: input.now, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'problem_id']).doUpdateSet(values))
    .execute();
}

/** Adds a card only when the learner has none for the problem (a bookmark never resets a schedule). */
export async function insertReviewCardIfAbsent(
  db: Db,
  input: { userId: string; problemId: string; reason: 'weak' | 'bookmark'; card: ReviewCardFields; now: Date },
): Promise<void> {
  await db
    .insertInto('review_cards')
    .values({
      user_id: input.userId,
      problem_id: input.problemId,
      reason: input.reason,
      ...cardColumns(input.card),
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'problem_id']).doNothing())
    .execute();
}

/** Cards due by an instant (review_cards_user_due_idx). */
export async function countDueReviewCards(db: Db, userId: string, dueBy: Date): Promise<number> {
  const row = await db
    .selectFrom('review_cards')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('due', '<=', dueBy)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The earliest-due card by an instant, with its problem's level. */
export async function findNextDueReviewCard(db: Db, userId: string, dueBy: Date): Promise<{ problemId: string; level: string; due: Date } | undefined> {
  return db
    .selectFrom('review_cards as c')
    .innerJoin('problems as p', 'p.id', 'c.problem_id')
    .select(['c.problem_id as problemId', 'p.level as level', 'c.due as due'])
    .where('c.user_id', '=', userId)
    .where('c.due', '<=', dueBy)
    .orderBy('c.due', 'asc')
    .limit(1)
    .executeTakeFirst();
}
