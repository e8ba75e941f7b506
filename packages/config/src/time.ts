/** The product's day rolls over at midnight Asia/Tokyo (JST has no daylight saving: UTC+9). */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The JST calendar day of an instant, as YYYY-MM-DD. The one place "today" is computed. */
export function jstDay(now: Date): string {
  return new Date(now.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant at which the JST day containing `now` started. */
export function jstDayStart(now: Date): Date {
  return startOfJstDay(jstDay(now));
}

/** The instant at which a JST day (YYYY-MM-DD) starts. */
export function startOfJstDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - JST_OFFSET_MS);
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The JST day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday starting the JST week of a YYYY-MM-DD day. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}
