import { Alert, Badge, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ADMIN_TEXT } from '@shunkan/config/admin';
import { PAID_PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, refundedNote } from '@shunkan/config/billing';
import { paymentStatusColor } from '../billing/billing-format';
import { trpc } from '../../lib/trpc';
import { LoadError, loadFailed, Loading, ResponsiveRows, Section, StatTile } from './common';
import { formatCount, formatDateTime, formatPriceAmount, formatYen } from './format';

/** Statuses of a paid payment (decision 096): past 'succeeded', the refunded and disputed ones. */
const PAID_STATUSES: ReadonlySet<string> = new Set(PAID_PAYMENT_STATUSES);

/**
 * Spec section 4: succeeded is shown as success, any other status raw as failed. A paid payment that was
 * refunded or disputed is no failure: it is named as the learner sees it (返金済み and so on).
 */
function PaymentStatus({ status }: { status: string }) {
  if (status === 'succeeded') return <Badge colorPalette="green">成功</Badge>;
  if (PAID_STATUSES.has(status)) {
    return (
      <Badge colorPalette={paymentStatusColor(status)} title={status}>
        {PAYMENT_STATUS_LABELS[status]}
      </Badge>
    );
  }
  return (
    <Badge colorPalette="red" title={status}>
      失敗（{status}）
    </Badge>
  );
}

type RecentPayment = { amount: number; currency: string; refundedAmount: number; netAmount: number };

/** The amount charged; under it, what went back to the card and what the payment still counts for. */
function PaymentAmount({ payment }: { payment: RecentPayment }) {
  return (
    <Stack gap="0" align="end">
      <Text whiteSpace="nowrap">{formatPriceAmount(payment.amount, payment.currency)}</Text>
      {payment.netAmount !== payment.amount ? (
        <Text whiteSpace="nowrap" fontSize="xs" color="fg.muted" data-testid="payment-net">
          {payment.refundedAmount > 0 ? `${refundedNote(payment.refundedAmount)}・` : ''}売上 {formatPriceAmount(payment.netAmount, payment.currency)}
        </Text>
      ) : null}
    </Stack>
  );
}

export function PaymentsTab() {
  const payments = trpc.admin.payments.useQuery();
  if (loadFailed(payments)) return <LoadError query={payments} />;
  if (!payments.data) return <Loading />;
  const p = payments.data;
  return (
    <Stack gap="6">
      <Alert.Root status={p.stripeConnected ? 'success' : p.mode === 'sandbox' ? 'info' : 'error'} data-testid="payments-connection">
        <Alert.Indicator aria-hidden />
        <Alert.Content>
          <Alert.Title>
            <HStack gap="2" flexWrap="wrap">
              <Text as="span">Stripe: {p.stripeConnected ? '接続済み' : ADMIN_TEXT.notConnected}</Text>
              {p.mode === 'sandbox' ? <Badge colorPalette="orange">サンドボックス決済</Badge> : null}
            </HStack>
          </Alert.Title>
          {p.error ? <Alert.Description data-testid="payments-error">{p.error}</Alert.Description> : null}
        </Alert.Content>
      </Alert.Root>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
        <StatTile label="総売上" value={formatYen(p.totalRevenue)} note="返金分を差し引いた額" testId="pay-revenue" />
        <StatTile label="月間経常収益（MRR）" value={formatYen(p.monthlyRecurringRevenue)} note="年間プランは12分の1で計上" testId="pay-mrr" />
        <StatTile label="有効なサブスクリプション" value={`${formatCount(p.activeSubscriptions)}件`} testId="pay-active" />
        <StatTile label="取引数" value={`${formatCount(p.totalTransactions)}件`} testId="pay-transactions" />
        <StatTile label="見込み収益（3か月）" value={formatYen(p.pendingRevenue)} note="MRR × 3" testId="pay-pending" />
        <StatTile label="年間予測" value={formatYen(p.annualForecast)} note="MRR × 12" testId="pay-forecast" />
      </SimpleGrid>
      <Section title="最近の決済（最新10件）">
        <ResponsiveRows
          rows={p.recentPayments}
          keyOf={(r) => r.id}
          title={(r) => r.description ?? r.id}
          testId="payment"
          empty="決済はまだありません。"
          columns={[
            { header: '日時', cell: (r) => formatDateTime(r.created) },
            { header: '内容', cell: (r) => r.description ?? '—' },
            { header: '顧客', cell: (r) => r.customerEmail ?? '—' },
            { header: '金額', cell: (r) => <PaymentAmount payment={r} />, textAlign: 'end' },
            { header: '状態', cell: (r) => <PaymentStatus status={r.status} /> },
          ]}
        />
      </Section>
    </Stack>
  );
}
