import { Badge, Box, Button, Code, HStack, Input, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { NO_VALIDATE } from '../auth/form-parts';
import { LoadError, loadFailed, Loading, ResponsiveRows, Section } from './common';
import { formatDateTime, formatYen } from './format';
import { useSearchForm } from './search-form';

const NAVIGATION_TESTS = [
  { label: 'プラン選択', href: '/subscription-select' },
  { label: '決済（スタンダード）', href: '/checkout?plan=standard' },
  { label: '決済完了', href: '/payment-success?plan=standard' },
  { label: 'トライアル開始', href: '/payment-success?trial=true' },
  { label: '決済キャンセル', href: '/payment-cancelled' },
];

/** The characters a payment or checkout session id may hold (anything else is dropped). */
function paymentIdOf(text: string): string {
  return text.trim().replace(/[^A-Za-z0-9_\-.]/g, '');
}

/** The spec's payment debug page: return URLs, webhook, plan prices, a payment looked up by id. */
export function PaymentDebugTool({ sessionId }: { sessionId?: string }) {
  // A checkout return URL carries session_id (validated by the /admin route): the tool looks it up at once.
  const initial = sessionId ?? '';
  const [paymentId, setPaymentId] = useState(paymentIdOf(initial));
  const debug = trpc.admin.tools.paymentDebug.useQuery({ paymentId: paymentId || undefined });
  const searchForm = useSearchForm((query) => setPaymentId(paymentIdOf(query)), initial);

  if (loadFailed(debug)) return <LoadError query={debug} />;
  if (!debug.data) return <Loading />;
  const d = debug.data;
  return (
    <Section title="決済のデバッグ">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="2" fontSize="sm" data-testid="payment-debug">
        <Text>
          決済モード: <Badge colorPalette={d.mode === 'sandbox' ? 'orange' : 'blue'}>{d.mode === 'sandbox' ? 'サンドボックス' : 'Stripe'}</Badge>
        </Text>
        <Text overflowWrap="anywhere">公開URL: {d.publicOrigin ?? '未設定（相対パス）'}</Text>
        <Text overflowWrap="anywhere">
          Webhook: <Code>{d.webhookPath}</Code>
        </Text>
        <Text overflowWrap="anywhere">
          成功時: <Code>{d.successPath}</Code> ・ キャンセル時: <Code>{d.cancelPath}</Code>
        </Text>
        <Text overflowWrap="anywhere">現在のURL: {typeof window === 'undefined' ? '' : window.location.href}</Text>
      </SimpleGrid>
      <ResponsiveRows
        rows={d.plans}
        keyOf={(p) => p.planId}
        title={(p) => p.name}
        testId="debug-plan"
        empty="プランがありません。"
        columns={[
          { header: 'プラン', cell: (p) => `${p.name}（${p.planId}）` },
          { header: '価格', cell: (p) => formatYen(p.priceYen), textAlign: 'end' },
          { header: '価格ID', cell: (p) => <Code wordBreak="break-all">{p.priceId ?? '未設定'}</Code> },
        ]}
      />
      <Stack as="form" direction={{ base: 'column', sm: 'row' }} gap="2" onSubmit={searchForm.submit} {...NO_VALIDATE}>
        <Input {...searchForm.input} placeholder="決済ID または session_id" aria-label="決済ID" bg="white" maxLength={200} />
        <Button type="submit" flexShrink={0}>
          決済を調べる
        </Button>
      </Stack>
      {paymentId ? (
        d.payment ? (
          <Box borderWidth="1px" borderRadius="md" p="3" fontSize="sm" data-testid="debug-payment">
            <Text>
              <Code>{d.payment.id}</Code> {d.payment.status} ・ {formatYen(d.payment.amount)} ・ {formatDateTime(d.payment.created)}
            </Text>
            <Text>
              {d.payment.description ?? '—'} ・ {d.payment.customerEmail ?? '—'}
            </Text>
          </Box>
        ) : (
          <Text fontSize="sm" color="gray.600">
            この決済IDは見つかりません。
          </Text>
        )
      ) : null}
      <Box>
        <Text fontWeight="bold" fontSize="sm" mb="2">
          画面遷移のテスト（新しいタブで開きます）
        </Text>
        <HStack gap="2" flexWrap="wrap">
          {NAVIGATION_TESTS.map((t) => (
            <Button key={t.href} asChild size="xs" variant="outline">
              <ChakraLink href={t.href} target="_blank" rel="noopener">
                {t.label}
              </ChakraLink>
            </Button>
          ))}
        </HStack>
      </Box>
    </Section>
  );
}

/** Health and configuration check: database, auth, AI, payments, prices, which settings are present. */
export function HealthTool() {
  const health = trpc.admin.tools.health.useQuery();
  if (loadFailed(health)) return <LoadError query={health} />;
  if (!health.data) return <Loading />;
  const h = health.data;
  return (
    <Section
      title="稼働状況と設定の確認"
      actions={
        <Button size="sm" variant="outline" onClick={() => void health.refetch()} loading={health.isFetching}>
          再確認
        </Button>
      }
    >
      <Badge alignSelf="flex-start" size="lg" colorPalette={h.status === 'ok' ? 'green' : 'red'} data-testid="health-status">
        {h.status === 'ok' ? '正常' : '要確認'}
      </Badge>
      <ResponsiveRows
        rows={h.checks}
        keyOf={(c) => c.name}
        title={(c) => c.name}
        testId="health-check"
        empty="—"
        columns={[
          { header: '項目', cell: (c) => c.name },
          { header: '状態', cell: (c) => <Badge colorPalette={c.ok ? 'green' : 'red'}>{c.ok ? 'OK' : 'NG'}</Badge> },
          { header: '詳細', cell: (c) => c.detail },
        ]}
      />
      <Box>
        <Text fontWeight="bold" fontSize="sm" mb="2">
          環境変数（値は表示しません）
        </Text>
        <HStack gap="2" flexWrap="wrap">
          {Object.entries(h.settings).map(([name, present]) => (
            <Badge key={name} colorPalette={present ? 'green' : 'gray'} variant="subtle">
              {name}: {present ? '設定済み' : '未設定'}
            </Badge>
          ))}
        </HStack>
      </Box>
      {h.startupProblems.length > 0 ? (
        <Stack gap="1">
          <Text fontWeight="bold" fontSize="sm" color="red.600">
            起動時の確認で見つかった問題
          </Text>
          {h.startupProblems.map((p) => (
            <Text key={p} fontSize="sm">
              {p}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Section>
  );
}
