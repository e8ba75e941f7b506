/** The product's day rolls over at midnight Asia/Tokyo (JST has no daylight saving: UTC+9). */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The JST calendar day of an instant, as YYYY-MM-DD. The one place "today" is computed. */
export function jstDay(now: Date): string {
  return new Date(now.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant at which the JST day containing `now` started. */
export function jstDayStart(now: Date): Date {
  const day = jstDay(now);
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - JST_OFFSET_MS);
}

export const DAY_MS = 24 * 60 * 60 * 1000;
