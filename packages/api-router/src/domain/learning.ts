import { isRowId } from '../ids.js';
import { LEVEL_KEYS, type LevelKey } from '@shunkan/config/levels';
import { addDays, jstDay, startOfJstDay, weekStart } from '@shunkan/config/time';
import type { Db } from '@shunkan/db';
import { listAttempts, summarizeGrammarPoints, type AttemptCursor, type AttemptListItem } from '@shunkan/db/attempts';
import { findLearnerSettings, findPracticeRuns, listLearningDays, summarizeLevels, type LearningDay, type PracticeRuns } from '@shunkan/db/learning';

/** Stars rounded to one decimal; null when there is nothing to average. */
function average(ratingSum: number, attempts: number): number | null {
  return attempts === 0 ? null : Math.round((ratingSum / attempts) * 10) / 10;
}

function sum(rows: LearningDay[]): { attempts: number; ratingSum: number } {
  let attempts = 0;
  let ratingSum = 0;
  for (const row of rows) {
    attempts += row.attempts;
    ratingSum += row.ratingSum;
  }
  return { attempts, ratingSum };
}

export type MonthlyStats = { month: string; totalProblems: number; averageRating: number | null; activeDays: number };

/** This JST month's answered problems and average stars. */
export async function getMonthlyStats(options: { db: Db; userId: string; now: Date }): Promise<MonthlyStats> {
  const month = jstDay(options.now).slice(0, 7);
  const rows = await listLearningDays(options.db, options.userId, { fromDay: `${month}-01` });
  const inMonth = rows.filter((row) => row.day.startsWith(month));
  const total = sum(inMonth);
  return {
    month,
    totalProblems: total.attempts,
    averageRating: average(total.ratingSum, total.attempts),
    activeDays: new Set(inMonth.map((row) => row.day)).size,
  };
}

export type Streak = { currentStreak: number; isTodayDone: boolean; longestStreak: number; lastPracticeDay: string | null };

/**
 * Consecutive JST days with at least one answer, from the learner's latest run of days. Today not
 * practised yet does not break the streak (it counts up to yesterday, with isTodayDone false); a
 * whole missed day does.
 */
export function streakFromRuns(runs: PracticeRuns, today: string): Streak {
  const isTodayDone = runs.lastRunEnd === today;
  const isAlive = isTodayDone || runs.lastRunEnd === addDays(today, -1);
  return { currentStreak: isAlive ? runs.lastRunLength : 0, isTodayDone, longestStreak: runs.longest, lastPracticeDay: runs.lastRunEnd };
}

export async function getStreak(options: { db: Db; userId: string; now: Date }): Promise<Streak> {
  return streakFromRuns(await findPracticeRuns(options.db, options.userId), jstDay(options.now));
}

export type Trend = 'up' | 'down' | 'flat';
export type LevelStats = {
  difficultyLevel: LevelKey;
  attempts: number;
  averageRating: number | null;
  /** Average of the last 7 JST days (today included) and of the 7 days before. */
  recentAverage: number | null;
  previousAverage: number | null;
  trend: Trend | null;
};
export type DailyRating = { day: string; attempts: number; averageRating: number | null };
export type DifficultyStats = { levels: LevelStats[]; daily: DailyRating[] };

/** Within ±0.2 stars a change is noise, not a trend. */
const TREND_THRESHOLD = 0.2;
/** Days shown in the chart of stars over time. */
export const CHART_DAYS = 30;

export async function getDifficultyStats(options: { db: Db; userId: string; now: Date }): Promise<DifficultyStats> {
  const today = jstDay(options.now);
  // Totals per level in the database; day rows only for the chart's 30 days (which cover the trend's 14).
  const [totals, rows] = await Promise.all([
    summarizeLevels(options.db, options.userId),
    listLearningDays(options.db, options.userId, { fromDay: addDays(today, -(CHART_DAYS - 1)) }),
  ]);
  const recentFrom = addDays(today, -6);
  const previousFrom = addDays(today, -13);
  const levels = LEVEL_KEYS.map((level): LevelStats => {
    const ofLevel = rows.filter((row) => row.level === level);
    const all = totals.find((row) => row.level === level) ?? { attempts: 0, ratingSum: 0 };
    const recent = sum(ofLevel.filter((row) => row.day >= recentFrom));
    const previous = sum(ofLevel.filter((row) => row.day >= previousFrom && row.day < recentFrom));
    const recentAverage = average(recent.ratingSum, recent.attempts);
    const previousAverage = average(previous.ratingSum, previous.attempts);
    let trend: Trend | null = null;
    if (recentAverage !== null && previousAverage !== null) {
      const change = recentAverage - previousAverage;
      trend = change > TREND_THRESHOLD ? 'up' : change < -TREND_THRESHOLD ? 'down' : 'flat';
    }
    return { difficultyLevel: level, attempts: all.attempts, averageRating: average(all.ratingSum, all.attempts), recentAverage, previousAverage, trend };
  });
  const daily: DailyRating[] = [];
  for (let i = CHART_DAYS - 1; i >= 0; i -= 1) {
    const day = addDays(today, -i);
    const total = sum(rows.filter((row) => row.day === day));
    daily.push({ day, attempts: total.attempts, averageRating: average(total.ratingSum, total.attempts) });
  }
  return { levels, daily };
}

export type SessionItem = {
  id: string;
  problemId: string;
  japaneseSentence: string;
  difficultyLevel: string;
  userTranslation: string;
  rating: number;
  modelAnswer: string;
  feedback: string;
  isBookmarked: boolean;
  durationMs: number | null;
  timeLimitMs: number | null;
  isLate: boolean;
  mode: string;
  createdAt: string;
};
export type SessionPage = { items: SessionItem[]; nextCursor: string | null };

export function encodeCursor(item: { createdAt: Date; id: string }): string {
  return `${item.createdAt.toISOString()}_${item.id}`;
}

/**
 * Parses a cursor from the client; null when malformed (the caller refuses it with a 400). Only a cursor
 * `encodeCursor` could have written is taken: the time must read back as written (no 2024-02-30, which
 * Date rolls over) and lie in years the database stores. Year 0000 parsed as a Date, and PGlite refused
 * it in the query: a 500 for a hand-written cursor (decision 051).
 */
export function decodeCursor(cursor: string): AttemptCursor | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_(\d{1,19})$/.exec(cursor);
  if (!match?.[1] || !match[2]) return null;
  const createdAt = new Date(match[1]);
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== match[1] || createdAt.getUTCFullYear() < 1970) return null;
  return isRowId(match[2]) ? { createdAt, id: match[2] } : null;
}

function toSessionItem(row: AttemptListItem): SessionItem {
  return {
    id: row.id,
    problemId: row.problemId,
    japaneseSentence: row.japanese,
    difficultyLevel: row.level,
    userTranslation: row.answer,
    rating: row.rating,
    modelAnswer: row.modelAnswer,
    feedback: row.feedback,
    isBookmarked: row.isBookmarked,
    durationMs: row.durationMs,
    timeLimitMs: row.timeLimitMs,
    isLate: row.isLate,
    mode: row.mode,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSessions(options: { db: Db; userId: string; limit: number; cursor?: AttemptCursor; isBookmarked?: boolean }): Promise<SessionPage> {
  // One more than asked tells whether another page exists without a count over the whole history.
  const rows = await listAttempts(options.db, { ...options, limit: options.limit + 1 });
  const page = rows.slice(0, options.limit);
  const last = page[page.length - 1];
  return { items: page.map(toSessionItem), nextCursor: rows.length > options.limit && last ? encodeCursor(last) : null };
}

export type ProgressReport = {
  weeks: { weekStart: string; attempts: number; averageRating: number | null }[];
  grammarPoints: { grammarPoint: string; attempts: number; averageRating: number | null }[];
};

/** Weeks (Monday to Sunday, JST) and the grammar points of the last 12 weeks. */
export const REPORT_WEEKS = 12;

export async function getProgressReport(options: { db: Db; userId: string; now: Date }): Promise<ProgressReport> {
  const today = jstDay(options.now);
  const firstWeek = addDays(weekStart(today), -7 * (REPORT_WEEKS - 1));
  const [rows, points] = await Promise.all([
    listLearningDays(options.db, options.userId, { fromDay: firstWeek }),
    summarizeGrammarPoints(options.db, options.userId, startOfJstDay(firstWeek)),
  ]);
  const weeks = [];
  for (let i = 0; i < REPORT_WEEKS; i += 1) {
    const start = addDays(firstWeek, 7 * i);
    const end = addDays(start, 7);
    const total = sum(rows.filter((row) => row.day >= start && row.day < end));
    weeks.push({ weekStart: start, attempts: total.attempts, averageRating: average(total.ratingSum, total.attempts) });
  }
  const grammarPoints = points
    .map((p) => ({ grammarPoint: p.grammarPoint, attempts: p.attempts, averageRating: average(p.ratingSum, p.attempts) }))
    // Weakest first: what to practise next.
    .sort((a, b) => (a.averageRating ?? 0) - (b.averageRating ?? 0) || b.attempts - a.attempts || a.grammarPoint.localeCompare(b.grammarPoint));
  return { weeks, grammarPoints };
}

export type DailyGoal = { dailyGoal: number | null; answeredToday: number };

export async function getDailyGoal(options: { db: Db; userId: string; now: Date }): Promise<DailyGoal> {
  const today = jstDay(options.now);
  const [settings, rows] = await Promise.all([
    findLearnerSettings(options.db, options.userId),
    listLearningDays(options.db, options.userId, { fromDay: today }),
  ]);
  return { dailyGoal: settings.dailyGoal, answeredToday: sum(rows).attempts };
}
