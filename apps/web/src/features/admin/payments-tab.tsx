import { Alert, Badge, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ADMIN_TEXT } from '@shunkan/config/admin';
import { trpc } from '../../lib/trpc';
import { LoadError, loadFailed, Loading, ResponsiveRows, Section, StatTile } from './common';
import { formatCount, formatDateTime, formatPriceAmount, formatYen } from './format';

/** Spec section 4: succeeded is shown as success, any other status raw as failed. */
function PaymentStatus({ status }: { status: string }) {
  return status === 'succeeded' ? (
    <Badge colorPalette="green">成功</Badge>
  ) : (
    <Badge colorPalette="red" title={status}>
      失敗（{status}）
    </Badge>
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
        <StatTile label="総売上" value={formatYen(p.totalRevenue)} testId="pay-revenue" />
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
            { header: '金額', cell: (r) => formatPriceAmount(r.amount, r.currency), textAlign: 'end' },
            { header: '状態', cell: (r) => <PaymentStatus status={r.status} /> },
          ]}
        />
      </Section>
    </Stack>
  );
}
