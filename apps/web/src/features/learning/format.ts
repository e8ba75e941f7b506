const dateTime = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** An instant as the learner's (Japanese) local date and time, e.g. 4/1 09:05. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** YYYY-MM-DD as M/D. */
export function formatDay(day: string): string {
  const [, month, date] = day.split('-');
  return `${Number(month)}/${Number(date)}`;
}

export function formatRating(rating: number | null): string {
  return rating === null ? '—' : rating.toFixed(1);
}

export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}秒`;
}
