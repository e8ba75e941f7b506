import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@shunkan/ui/theme';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlanSummaryRow } from './plan-summary-row';
import type { CatalogPlan } from './plan-catalogue';

const standardYearly = {
  id: 'standard-yearly',
  name: 'スタンダード年間',
  priceYen: 7800,
  interval: 'year',
  dailyLimit: 50,
  isPopular: true,
  discountLabel: '2ヶ月分お得（16%OFF）',
  features: [],
  priceId: null,
} as unknown as CatalogPlan;

function render(props: Partial<Parameters<typeof PlanSummaryRow>[0]>): string {
  const row = createElement(PlanSummaryRow, { plan: standardYearly, testId: 'row', actionLabel: '選択する', onSelect: () => {}, ...props });
  return renderToStaticMarkup(createElement(ChakraProvider, { value: system, children: row }));
}

// Plan selection's premium list and the premium plan modal render this one row (they used to carry a
// copy each that differed only by the 人気 badge).
describe('PlanSummaryRow', () => {
  it('shows the name, the discount, the price with its period and the daily limit, and the action', () => {
    const html = render({});
    for (const text of ['スタンダード年間', '2ヶ月分お得（16%OFF）', '¥7,800 / 年・1日50問まで', '選択する', 'data-testid="row"']) expect(html).toContain(text);
  });

  it('marks the popular plan only where asked (the modal)', () => {
    expect(render({ showPopular: true })).toContain('人気');
    expect(render({})).not.toContain('人気');
    expect(render({ showPopular: true, plan: { ...standardYearly, isPopular: false } })).not.toContain('人気');
  });

  it('describes its button by the plan and its price (every row reads the same 「このプランを選択」)', () => {
    const html = render({ actionLabel: 'このプランを選択' });
    const described = /<button[^>]*aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(described).toBeDefined();
    const texts = (described ?? '').split(' ').map((id) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]);
    expect(texts).toEqual(['スタンダード年間', '¥7,800 / 年・1日50問まで']);
  });
});
