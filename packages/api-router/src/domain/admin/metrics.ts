/**
 * The admin dashboard's formulas (spec section 9), as pure functions so they are tested on fixed data.
 * Money is integer yen throughout.
 */

/** Monthly recurring revenue: monthly plans at their amount, yearly plans at a twelfth, rounded. */
export function monthlyRecurringRevenue(subscriptions: ReadonlyArray<{ amount: number; interval: string }>): number {
  const total = subscriptions.reduce((sum, s) => sum + (s.interval === 'year' ? s.amount / 12 : s.amount), 0);
  return Math.round(total);
}

/** Spec: pending revenue is three times monthly recurring revenue. */
export function pendingRevenue(mrr: number): number {
  return 3 * mrr;
}

/** Spec: the annual forecast is twelve times monthly recurring revenue. */
export function annualForecast(mrr: number): number {
  return 12 * mrr;
}

/** Spec: learning time in hours is minutes divided by 60, rounded. */
export function learningHours(minutes: number): number {
  return Math.round(minutes / 60);
}

/** Whole minutes of summed answer time. */
export function learningMinutes(totalDurationMs: number): number {
  return Math.round(totalDurationMs / 60_000);
}

/** A category's correct rate in whole percent (0 without attempts). */
export function correctRate(correct: number, total: number): number {
  return total === 0 ? 0 : Math.round((correct / total) * 100);
}

/** Spec: average accuracy is the rounded mean of the category rates (0 without categories). */
export function averageAccuracy(rates: readonly number[]): number {
  return rates.length === 0 ? 0 : Math.round(rates.reduce((a, b) => a + b, 0) / rates.length);
}

/** Sessions per learner, one decimal (0 without learners). */
export function averageSessionsPerUser(totalSessions: number, totalUsers: number): number {
  return totalUsers === 0 ? 0 : Math.round((totalSessions / totalUsers) * 10) / 10;
}

/** The JST calendar months ending with the one containing `now`, oldest first (YYYY-MM). */
export function lastJstMonths(now: Date, count: number): string[] {
  const jst = new Date(now.getTime() + 9 * 3_600_000);
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i -= 1) {
    const d = new Date(Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth() - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}

/** The instant the JST month `YYYY-MM` starts. */
export function jstMonthStart(month: string): Date {
  return new Date(Date.parse(`${month}-01T00:00:00.000Z`) - 9 * 3_600_000);
}
