import { describe, expect, it } from 'vitest';
import {
  annualForecast,
  averageAccuracy,
  averageSessionsPerUser,
  correctRate,
  jstMonthStart,
  lastJstMonths,
  learningHours,
  learningMinutes,
  monthlyRecurringRevenue,
  pendingRevenue,
} from './metrics.js';

describe('admin formulas (spec section 9)', () => {
  it('MRR counts yearly plans at a twelfth, rounded to the yen', () => {
    expect(monthlyRecurringRevenue([])).toBe(0);
    expect(monthlyRecurringRevenue([{ amount: 780, interval: 'month' }, { amount: 7800, interval: 'year' }])).toBe(780 + 650);
    expect(monthlyRecurringRevenue([{ amount: 10_000, interval: 'year' }])).toBe(833);
  });

  it('pending revenue is 3 × MRR and the annual forecast 12 × MRR', () => {
    expect(pendingRevenue(1680)).toBe(5040);
    expect(annualForecast(1680)).toBe(20_160);
  });

  it('hours are minutes / 60 rounded; minutes are whole', () => {
    expect(learningHours(29)).toBe(0);
    expect(learningHours(30)).toBe(1);
    expect(learningHours(95)).toBe(2);
    expect(learningMinutes(89_999)).toBe(1);
    expect(learningMinutes(90_000)).toBe(2);
  });

  it('average accuracy is the rounded mean of the category rates', () => {
    expect(correctRate(3, 4)).toBe(75);
    expect(correctRate(0, 0)).toBe(0);
    expect(correctRate(2, 3)).toBe(67);
    expect(averageAccuracy([75, 0])).toBe(38);
    expect(averageAccuracy([67, 50, 90])).toBe(69);
    expect(averageAccuracy([])).toBe(0);
  });

  it('sessions per learner with one decimal', () => {
    expect(averageSessionsPerUser(5, 3)).toBe(1.7);
    expect(averageSessionsPerUser(5, 0)).toBe(0);
  });

  it('JST months: the year boundary and the month start in UTC', () => {
    expect(lastJstMonths(new Date('2026-01-31T16:00:00Z'), 3)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(lastJstMonths(new Date('2026-01-31T14:00:00Z'), 2)).toEqual(['2025-12', '2026-01']);
    expect(jstMonthStart('2026-11').toISOString()).toBe('2026-10-31T15:00:00.000Z');
  });
});
