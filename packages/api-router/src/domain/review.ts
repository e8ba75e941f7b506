import type { Db } from '@shunkan/db';
import { countDueReviewCards, findNextDueReviewCard, findReviewCard, insertReviewCardIfAbsent, saveReviewCard, toCardFields, type ReviewCardFields } from '@shunkan/db/reviews';
import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';

/**
 * Spaced review (DECISIONS: a queue of weak answers and bookmarks). FSRS with its default parameters;
 * no fuzz, so the same answers always give the same schedule.
 */
const scheduler = fsrs({ enable_fuzz: false });

/** Answers rated this or lower enter the review queue. */
export const WEAK_RATING = 3;

/**
 * Cards due within this window count as due now, like Anki's learn-ahead limit: a weak answer is first
 * scheduled a minute ahead (FSRS's first learning step), and should come back in the same session.
 */
export const LEARN_AHEAD_MS = 20 * 60 * 1000;

/** Stars to an FSRS grade: 1-2 forgotten, 3 recalled with effort, 4 recalled, 5 recalled with ease. */
export function gradeOf(rating: number): Grade {
  if (rating <= 2) return Rating.Again;
  if (rating === 3) return Rating.Hard;
  if (rating === 4) return Rating.Good;
  return Rating.Easy;
}

function toFields(card: Card): ReviewCardFields {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

function toCard(fields: ReviewCardFields): Card {
  return {
    due: fields.due,
    stability: fields.stability,
    difficulty: fields.difficulty,
    elapsed_days: fields.elapsedDays,
    scheduled_days: fields.scheduledDays,
    learning_steps: fields.learningSteps,
    reps: fields.reps,
    lapses: fields.lapses,
    state: fields.state,
    last_review: fields.lastReview ?? undefined,
  };
}

/** The next schedule of a card (or a new one) after an answer with these stars. */
export function scheduleAfterAnswer(current: ReviewCardFields | null, rating: number, now: Date): ReviewCardFields {
  const card = current ? toCard(current) : createEmptyCard(now);
  return toFields(scheduler.next(card, now, gradeOf(rating)).card);
}

/**
 * After every graded answer: a problem with a card is reviewed (its card moves by the stars); a
 * problem without one enters the queue when the answer was weak.
 */
export async function recordReviewAnswer(options: { db: Db; userId: string; problemId: string; rating: number; now: Date }): Promise<void> {
  const { db, userId, problemId, rating, now } = options;
  const existing = await findReviewCard(db, userId, problemId);
  const next = reviewCardAfterAnswer(existing ? { reason: existing.reason, card: toCardFields(existing) } : null, rating, now);
  if (next) await saveReviewCard(db, { userId, problemId, ...next, now });
}

/**
 * recordReviewAnswer's decision without the database: the card to store after an answer with these
 * stars (the existing card moved, or a new 'weak' card), or null when nothing is to be stored.
 */
export function reviewCardAfterAnswer(
  existing: { reason: string; card: ReviewCardFields } | null,
  rating: number,
  now: Date,
): { reason: 'weak' | 'bookmark'; card: ReviewCardFields } | null {
  if (!existing && rating > WEAK_RATING) return null;
  return {
    reason: existing ? (existing.reason as 'weak' | 'bookmark') : 'weak',
    card: scheduleAfterAnswer(existing ? existing.card : null, rating, now),
  };
}

/** A bookmarked problem enters the queue, due at once; an existing schedule is kept. */
export async function addBookmarkToReview(options: { db: Db; userId: string; problemId: string; now: Date }): Promise<void> {
  await insertReviewCardIfAbsent(options.db, { ...options, reason: 'bookmark', card: toFields(createEmptyCard(options.now)) });
}

export async function countDueReviews(options: { db: Db; userId: string; now: Date }): Promise<number> {
  return countDueReviewCards(options.db, options.userId, new Date(options.now.getTime() + LEARN_AHEAD_MS));
}

export async function findNextDueReview(options: { db: Db; userId: string; now: Date }) {
  return findNextDueReviewCard(options.db, options.userId, new Date(options.now.getTime() + LEARN_AHEAD_MS));
}
