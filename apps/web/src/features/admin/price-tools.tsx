import { Badge, Box, Button, Code, Field, HStack, Input, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import type { RouterOutputs } from '@shunkan/api-router';
import { ADMIN_TEXT, checkPriceId, modeSwitchedMessage, plansUpdatedMessage, priceIdPinnedMessage } from '@shunkan/config/admin';
import { notify } from '@shunkan/ui/toaster';
import { zodResolver } from '@hookform/resolvers/zod';
import { priceCheckForm } from '@shunkan/config/forms';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage, trpc } from '../../lib/trpc';
import { NO_VALIDATE } from '../auth/form-parts';
import { LoadError, loadFailed, Loading, ResponsiveRows, Section } from './common';
import { formatPriceAmount, formatYen } from './format';

type Price = RouterOutputs['admin']['tools']['prices']['prices'][number];
type Configuration = RouterOutputs['admin']['tools']['priceConfiguration'];

const INTERVAL_LABEL: Record<string, string> = { month: '月額', year: '年額', week: '週', day: '日' };

export function SandboxNote({ billingMode }: { billingMode: 'sandbox' | 'stripe' }) {
  if (billingMode !== 'sandbox') return null;
  return (
    <Box borderWidth="1px" borderColor="orange.300" bg="orange.50" borderRadius="md" p="3" data-testid="tools-sandbox-note">
      <HStack gap="2" flexWrap="wrap">
        <Badge colorPalette="orange">サンドボックス</Badge>
        <Text fontSize="sm">Stripeが未接続のため、サンドボックスのカタログ（price_sandbox_…）で応答しています。</Text>
      </HStack>
    </Box>
  );
}

function PriceDetails({ price, source }: { price: Price; source: string }) {
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="white" data-testid="price-details">
      <HStack gap="2" flexWrap="wrap" mb="2">
        <Code wordBreak="break-all">{price.id}</Code>
        <Badge colorPalette={price.active ? 'green' : 'gray'}>{price.active ? '有効' : '無効'}</Badge>
        <Badge colorPalette={source === 'sandbox' ? 'orange' : 'blue'}>{source === 'sandbox' ? 'サンドボックス' : 'Stripe'}</Badge>
      </HStack>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="1" fontSize="sm">
        <Text>金額: {formatPriceAmount(price.unit_amount, price.currency)}</Text>
        <Text>通貨: {price.currency.toUpperCase()}</Text>
        <Text>種類: {price.type === 'recurring' ? '定期課金' : '一回払い'}</Text>
        <Text>請求間隔: {price.recurring ? INTERVAL_LABEL[price.recurring.interval] ?? price.recurring.interval : '—'}</Text>
        <Text overflowWrap="anywhere">商品: {price.product ?? '—'}</Text>
        {price.nickname ? <Text>名前: {price.nickname}</Text> : null}
      </SimpleGrid>
    </Box>
  );
}

/** The spec's price check page: trimmed id, price_ required, prod_ refused, then the provider's answer. */
export function PriceCheckTool({ configuration }: { configuration: Configuration }) {
  const form = useForm({ resolver: zodResolver(priceCheckForm), defaultValues: { priceId: '' } });
  const check = trpc.admin.tools.priceInfo.useMutation();
  const [result, setResult] = useState<{ price: Price; source: string } | null>(null);

  const onSubmit = form.handleSubmit(
    async ({ priceId }) => {
      setResult(null);
      try {
        const found = await check.mutateAsync({ priceId });
        setResult(found);
        notify({ type: 'success', title: ADMIN_TEXT.priceCheckDone, description: `${found.price.id}: ${formatPriceAmount(found.price.unit_amount, found.price.currency)}` });
      } catch (error) {
        notify({ type: 'error', title: ADMIN_TEXT.priceCheckFailedTitle, description: errorMessage(error, ADMIN_TEXT.priceCheckFailed) });
      }
    },
    (errors) => {
      setResult(null);
      notify({ type: 'error', title: ADMIN_TEXT.priceCheckFailedTitle, description: errors.priceId?.message });
    },
  );

  return (
    <Section title="価格IDの確認">
      <SandboxNote billingMode={configuration.billingMode} />
      <Stack as="form" direction={{ base: 'column', sm: 'row' }} gap="2" onSubmit={onSubmit} {...NO_VALIDATE}>
        <Input {...form.register('priceId')} placeholder="price_..." aria-label="価格ID" bg="white" maxLength={300} />
        <Button type="submit" colorPalette="blue" disabled={!form.watch('priceId').trim()} loading={check.isPending} flexShrink={0}>
          確認する
        </Button>
      </Stack>
      {result ? <PriceDetails price={result.price} source={result.source} /> : null}
      <Box>
        <Text fontWeight="bold" fontSize="sm" mb="2">
          推奨価格（プランごと）
        </Text>
        <ResponsiveRows
          rows={configuration.plans}
          keyOf={(p) => p.adminKey}
          title={(p) => p.name}
          testId="recommended"
          empty="プランがありません。"
          columns={[
            { header: 'プラン', cell: (p) => `${p.name}（${p.adminKey}）` },
            { header: '現在の価格', cell: (p) => formatYen(p.priceYen), textAlign: 'end' },
            { header: '推奨価格', cell: (p) => formatYen(p.recommendedPriceYen), textAlign: 'end' },
            { header: '価格ID', cell: (p) => <Code wordBreak="break-all">{p.priceId ?? '未設定'}</Code> },
          ]}
        />
      </Box>
    </Section>
  );
}

/** All prices of the account (Stripe) or of the sandbox catalogue. */
export function PriceListTool() {
  const prices = trpc.admin.tools.prices.useQuery(undefined, { enabled: false });
  async function load() {
    const result = await prices.refetch();
    if (result.error) notify({ type: 'error', title: 'エラー', description: errorMessage(result.error, ADMIN_TEXT.priceListFailed) });
    else if (result.data) notify({ type: 'success', title: ADMIN_TEXT.priceListDone, description: `${result.data.total_prices}件` });
  }
  const data = prices.data;
  return (
    <Section title="価格一覧" actions={<Button size="sm" onClick={() => void load()} loading={prices.isFetching}>価格一覧を取得</Button>}>
      {data ? (
        <Stack gap="3">
          <HStack gap="2" flexWrap="wrap">
            <Badge colorPalette={data.account_type === 'sandbox' ? 'orange' : data.account_type === 'live' ? 'red' : 'blue'} data-testid="price-list-account">
              {data.account_type === 'sandbox' ? 'サンドボックス' : data.account_type === 'live' ? '本番アカウント' : 'テストアカウント'}
            </Badge>
            <Text fontSize="sm">{data.total_prices}件</Text>
          </HStack>
          {data.message ? <Text fontSize="sm" color="gray.600">{data.message}</Text> : null}
          <ResponsiveRows
            rows={data.prices}
            keyOf={(p) => p.id}
            title={(p) => p.nickname ?? p.id}
            testId="price"
            empty="価格がありません。"
            columns={[
              { header: '価格ID', cell: (p) => <Code wordBreak="break-all">{p.id}</Code> },
              { header: '金額', cell: (p) => formatPriceAmount(p.unit_amount, p.currency), textAlign: 'end' },
              { header: '間隔', cell: (p) => (p.recurring ? INTERVAL_LABEL[p.recurring.interval] ?? p.recurring.interval : '一回') },
              { header: '状態', cell: (p) => (p.active ? '有効' : '無効') },
              {
                header: '操作',
                cell: (p) => (
                  <Button size="xs" variant="outline" onClick={() => void navigator.clipboard.writeText(p.id).then(() => notify({ type: 'success', title: ADMIN_TEXT.copied, description: p.id }))}>
                    コピー
                  </Button>
                ),
              },
            ]}
          />
        </Stack>
      ) : (
        <Text fontSize="sm" color="gray.600">
          「価格一覧を取得」で表示します。
        </Text>
      )}
    </Section>
  );
}

type Entry = { priceId: string; verified: boolean };
type Pin = Configuration['plans'][number]['pinnedBy'];

/** The form's starting ids: a plan fixed by a STRIPE_PRICE_* variable always shows (and keeps) that id. */
function startingIds(configuration: Configuration, stored: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(configuration.plans.map((p) => [p.adminKey, p.pinnedBy?.priceId ?? stored[p.adminKey] ?? '']));
}

/** One price id per plan with its verified state: checking verifies it, any edit resets it. */
function usePriceEntries(initial: Record<string, string>) {
  const [entries, setEntries] = useState<Record<string, Entry>>({});
  const key = JSON.stringify(initial);
  useEffect(() => {
    setEntries(Object.fromEntries(Object.entries(JSON.parse(key) as Record<string, string>).map(([k, v]) => [k, { priceId: v, verified: false }])));
  }, [key]);
  const check = trpc.admin.tools.priceInfo.useMutation();
  function edit(adminKey: string, priceId: string) {
    setEntries((e) => ({ ...e, [adminKey]: { priceId, verified: false } }));
  }
  async function verify(adminKey: string): Promise<Price | null> {
    const entry = entries[adminKey];
    const checked = checkPriceId(entry?.priceId ?? '');
    if (!checked.ok) {
      notify({ type: 'error', title: ADMIN_TEXT.priceCheckFailedTitle, description: checked.message });
      return null;
    }
    try {
      const found = await check.mutateAsync({ priceId: checked.priceId });
      setEntries((e) => ({ ...e, [adminKey]: { priceId: checked.priceId, verified: true } }));
      notify({ type: 'success', title: ADMIN_TEXT.priceCheckDone, description: `${found.price.id}: ${formatPriceAmount(found.price.unit_amount, found.price.currency)}` });
      return found.price;
    } catch (error) {
      notify({ type: 'error', title: ADMIN_TEXT.priceCheckFailedTitle, description: errorMessage(error, ADMIN_TEXT.priceCheckFailed) });
      return null;
    }
  }
  return { entries, edit, verify, isChecking: check.isPending };
}

function PriceIdField({ label, entry, pinned, onChange, onVerify, testId }: {
  label: string;
  entry: Entry | undefined;
  pinned: Pin;
  onChange: (v: string) => void;
  onVerify: () => void;
  testId: string;
}) {
  return (
    <Field.Root data-testid={testId} readOnly={Boolean(pinned)}>
      <Field.Label>
        <HStack gap="2">
          <Text as="span">{label}</Text>
          {entry?.priceId ? <Badge colorPalette={entry.verified ? 'green' : 'gray'}>{entry.verified ? '確認済み' : '未確認'}</Badge> : null}
        </HStack>
      </Field.Label>
      <HStack gap="2" w="full">
        <Input value={entry?.priceId ?? ''} onChange={(e) => onChange(e.target.value)} placeholder="price_..." bg={pinned ? 'gray.100' : 'white'} maxLength={300} aria-label={`${label}の価格ID`} />
        <Button size="sm" variant="outline" onClick={onVerify} disabled={!entry?.priceId.trim()} flexShrink={0}>
          確認
        </Button>
      </HStack>
      {pinned ? (
        <Field.HelperText color="orange.700" data-testid={`${testId}-pinned`}>
          {priceIdPinnedMessage(pinned.variable)}
        </Field.HelperText>
      ) : null}
    </Field.Root>
  );
}

/** Plan configuration: price id, name and amount per plan; only verified, entered ids are saved. */
export function PlanConfigurationTool({ configuration }: { configuration: Configuration }) {
  const utils = trpc.useUtils();
  const initial = startingIds(configuration, Object.fromEntries(configuration.plans.map((p) => [p.adminKey, p.priceId])));
  const { entries, edit, verify } = usePriceEntries(initial);
  const save = trpc.admin.tools.savePlanConfiguration.useMutation();
  const ready = configuration.plans.filter((p) => entries[p.adminKey]?.verified && entries[p.adminKey]?.priceId.trim());

  async function onSave() {
    try {
      const plans = Object.fromEntries(
        ready.map((p) => [
          p.adminKey,
          { priceId: entries[p.adminKey]?.priceId ?? '', name: p.name, displayPrice: formatYen(p.priceYen), stripeAmount: p.priceYen, currency: 'jpy' as const, period: p.interval },
        ]),
      );
      const result = await save.mutateAsync({ plans });
      notify({ type: 'success', title: ADMIN_TEXT.saveDone, description: plansUpdatedMessage(result.updated_count) });
      await utils.admin.tools.priceConfiguration.invalidate();
    } catch (error) {
      notify({ type: 'error', title: ADMIN_TEXT.saveErrorTitle, description: errorMessage(error, ADMIN_TEXT.saveFailed) });
    }
  }

  return (
    <Section title="プラン設定">
      <SandboxNote billingMode={configuration.billingMode} />
      <Text fontSize="sm" color="gray.600">
        価格IDを入力して「確認」すると保存できます。入力を変えると未確認に戻ります。価格（円）はプランの現在の価格です。
      </Text>
      <Stack gap="3">
        {configuration.plans.map((p) => (
          <PriceIdField
            key={p.adminKey}
            label={`${p.name}（${formatYen(p.priceYen)}/${p.interval === 'year' ? '年' : '月'}）`}
            entry={entries[p.adminKey]}
            pinned={p.pinnedBy}
            onChange={(v) => edit(p.adminKey, v)}
            onVerify={() => void verify(p.adminKey)}
            testId={`plan-config-${p.adminKey}`}
          />
        ))}
      </Stack>
      <Button colorPalette="blue" onClick={() => void onSave()} disabled={ready.length === 0} loading={save.isPending} alignSelf="flex-start">
        設定を保存（{ready.length}件）
      </Button>
    </Section>
  );
}

/** Price setup: test (¥0 test prices) or production (real prices), each mode with its own ids. */
export function PriceSetupTool({ configuration }: { configuration: Configuration }) {
  const utils = trpc.useUtils();
  const [mode, setMode] = useState(configuration.mode);
  useEffect(() => setMode(configuration.mode), [configuration.mode]);
  const { entries, edit, verify } = usePriceEntries(startingIds(configuration, configuration.priceIds[mode]));
  const save = trpc.admin.tools.savePriceConfiguration.useMutation();
  const entered = configuration.plans.filter((p) => entries[p.adminKey]?.priceId.trim());
  const allVerified = entered.every((p) => entries[p.adminKey]?.verified);

  async function switchMode(next: 'test' | 'production') {
    const stored = configuration.priceIds[next];
    if (Object.keys(stored).length === 0) {
      // Nothing saved for that mode yet: show its (empty) form; saving it makes it current.
      setMode(next);
      return;
    }
    try {
      await save.mutateAsync({ mode: next, priceIds: stored });
      notify({ type: 'success', title: modeSwitchedMessage(next) });
      await utils.admin.tools.priceConfiguration.invalidate();
    } catch (error) {
      notify({ type: 'error', title: ADMIN_TEXT.modeSwitchFailedTitle, description: errorMessage(error, ADMIN_TEXT.modeSwitchFailed) });
    }
  }

  async function onSave() {
    try {
      const priceIds = Object.fromEntries(entered.map((p) => [p.adminKey, entries[p.adminKey]?.priceId.trim() ?? '']));
      const result = await save.mutateAsync({ mode, priceIds });
      notify({ type: 'success', title: ADMIN_TEXT.saveDone, description: `${plansUpdatedMessage(result.updated_count)}（${result.message}）` });
      await utils.admin.tools.priceConfiguration.invalidate();
    } catch (error) {
      notify({ type: 'error', title: ADMIN_TEXT.saveErrorTitle, description: errorMessage(error, ADMIN_TEXT.saveFailed) });
    }
  }

  return (
    <Section title="価格設定（テスト / 本番）">
      <SandboxNote billingMode={configuration.billingMode} />
      <HStack gap="3" flexWrap="wrap">
        <Switch.Root checked={mode === 'production'} onCheckedChange={(e) => void switchMode(e.checked ? 'production' : 'test')} colorPalette="red" data-testid="price-mode-switch">
          <Switch.HiddenInput aria-label="本番モード" />
          <Switch.Control />
          <Switch.Label>{mode === 'production' ? '本番モード（実際の価格）' : 'テストモード（¥0のテスト価格）'}</Switch.Label>
        </Switch.Root>
        <Badge colorPalette={configuration.mode === 'production' ? 'red' : 'blue'}>現在: {configuration.mode === 'production' ? '本番' : 'テスト'}</Badge>
      </HStack>
      <Stack gap="3">
        {configuration.plans.map((p) => (
          <PriceIdField
            key={p.adminKey}
            label={`${p.name}（${p.adminKey}）`}
            entry={entries[p.adminKey]}
            pinned={p.pinnedBy}
            onChange={(v) => edit(p.adminKey, v)}
            onVerify={() => void verify(p.adminKey)}
            testId={`price-setup-${p.adminKey}`}
          />
        ))}
      </Stack>
      {!allVerified ? (
        <Text fontSize="sm" color="orange.700">
          未確認の価格IDがあります。保存の前に「確認」してください。
        </Text>
      ) : null}
      <Button colorPalette="blue" onClick={() => void onSave()} disabled={entered.length === 0 || !allVerified} loading={save.isPending} alignSelf="flex-start">
        {mode === 'production' ? '本番' : 'テスト'}モードで保存
      </Button>
    </Section>
  );
}

export function usePriceConfiguration() {
  return trpc.admin.tools.priceConfiguration.useQuery();
}

export function WithConfiguration({ children }: { children: (configuration: Configuration) => ReactNode }) {
  const configuration = usePriceConfiguration();
  if (loadFailed(configuration)) return <LoadError query={configuration} />;
  if (!configuration.data) return <Loading />;
  return <>{children(configuration.data)}</>;
}
