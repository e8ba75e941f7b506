import { Badge, Box, Button, Card, Heading, HStack, Icon, List, Stack, Text } from '@chakra-ui/react';
import { formatYen } from '@shunkan/config/plans';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { dailyLimitLabel, intervalLabel } from './billing-format';
import type { CatalogPlan } from './plan-catalogue';

/** Feature lines that restate the daily limit are left out: the limit has its own line. */
function featureLines(plan: CatalogPlan): string[] {
  return plan.features.filter((feature) => !/^1日\d+問/.test(feature));
}

export function PlanFeatures({ plan }: { plan: CatalogPlan }) {
  return (
    <List.Root gap="1.5" listStyle="none" ps="0">
      {featureLines(plan).map((feature) => (
        <List.Item key={feature} display="flex" gap="2" alignItems="center">
          <Icon color="green.600" boxSize="4" flexShrink={0}>
            <Check aria-hidden />
          </Icon>
          {feature}
        </List.Item>
      ))}
      <List.Item display="flex" gap="2" alignItems="center" fontWeight="bold">
        <Icon color="green.600" boxSize="4" flexShrink={0}>
          <Check aria-hidden />
        </Icon>
        {dailyLimitLabel(plan.dailyLimit)}
      </List.Item>
    </List.Root>
  );
}

/** A plan with its price, badges and benefits, and one action button. */
export function PlanCard(props: {
  plan: CatalogPlan;
  actionLabel: string;
  onSelect: () => void;
  disabled?: boolean;
  loading?: boolean;
  isCurrent?: boolean;
}) {
  const { plan } = props;
  // Four buttons read 「このプランを選択」: each is described by its plan's name and price, so that a
  // screen reader going from button to button hears which plan it chooses.
  const nameId = useId();
  const priceId = useId();
  return (
    <Card.Root
      data-testid={`plan-card-${plan.id}`}
      borderWidth={plan.isPopular ? '2px' : '1px'}
      borderColor={plan.isPopular ? 'blue.500' : 'gray.200'}
      position="relative"
      h="full"
    >
      <Card.Body gap="4">
        {/* An empty badge row keeps side-by-side cards aligned; in one column (phone) it is only a gap. */}
        <HStack gap="2" wrap="wrap" minH="6" hideBelow={plan.isPopular || plan.discountLabel || props.isCurrent ? undefined : 'md'}>
          {plan.isPopular ? <Badge colorPalette="blue">人気</Badge> : null}
          {plan.discountLabel ? <Badge colorPalette="green">{plan.discountLabel}</Badge> : null}
          {props.isCurrent ? <Badge colorPalette="purple">ご利用中</Badge> : null}
        </HStack>
        <Heading as="h2" size="lg" id={nameId}>
          {plan.name}
        </Heading>
        <Box id={priceId}>
          <Text as="span" fontSize="3xl" fontWeight="bold">
            {formatYen(plan.priceYen)}
          </Text>
          <Text as="span" color="gray.600">
            {' '}
            / {intervalLabel(plan.interval)}（税込）
          </Text>
          {plan.interval === 'year' ? (
            <Text fontSize="sm" color="gray.600">
              月あたり約{formatYen(Math.round(plan.priceYen / 12))}
            </Text>
          ) : null}
        </Box>
        <PlanFeatures plan={plan} />
        <Stack mt="auto">
          <Button
            colorPalette="blue"
            variant={plan.isPopular ? 'solid' : 'outline'}
            onClick={props.onSelect}
            disabled={props.disabled}
            loading={props.loading}
            aria-describedby={`${nameId} ${priceId}`}
          >
            {props.actionLabel}
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
