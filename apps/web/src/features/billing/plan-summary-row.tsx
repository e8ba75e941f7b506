import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { dailyLimitLabel, formatPrice } from './billing-format';
import type { CatalogPlan } from './plan-catalogue';

/**
 * One plan on one line: name, badges, price and daily limit, and its button. Plan selection's premium
 * list and the premium plan modal show the same row; the modal also marks the popular plan (人気).
 */
export function PlanSummaryRow(props: {
  plan: CatalogPlan;
  testId: string;
  actionLabel: string;
  onSelect: () => void;
  showPopular?: boolean;
  disabled?: boolean;
  loading?: boolean;
  colorPalette?: 'blue' | 'purple';
  /** Focus its button as it appears (the premium plan modal's 戻る brings the list back). */
  autoFocus?: boolean;
}) {
  const { plan } = props;
  const isHighlighted = Boolean(props.showPopular && plan.isPopular);
  // Each row's button reads 「このプランを選択」: described by the row's plan and price (see PlanCard).
  const nameId = useId();
  const priceId = useId();
  return (
    <HStack
      justify="space-between"
      gap="3"
      wrap="wrap"
      bg="white"
      borderWidth={isHighlighted ? '2px' : '1px'}
      borderColor={isHighlighted ? 'blue.400' : 'gray.200'}
      borderRadius="lg"
      p="3"
      data-testid={props.testId}
    >
      <Stack gap="0.5">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="bold" id={nameId}>
            {plan.name}
          </Text>
          {isHighlighted ? <Badge colorPalette="blue">人気</Badge> : null}
          {plan.discountLabel ? <Badge colorPalette="green">{plan.discountLabel}</Badge> : null}
        </HStack>
        <Text fontSize="sm" color="gray.600" id={priceId}>
          {formatPrice(plan.priceYen, plan.interval)}・{dailyLimitLabel(plan.dailyLimit)}
        </Text>
      </Stack>
      <Button size="sm" colorPalette={props.colorPalette ?? 'blue'} variant={props.colorPalette === 'purple' ? 'outline' : 'solid'} onClick={props.onSelect} loading={props.loading} disabled={props.disabled} aria-describedby={`${nameId} ${priceId}`} autoFocus={props.autoFocus}>
        {props.actionLabel}
      </Button>
    </HStack>
  );
}
