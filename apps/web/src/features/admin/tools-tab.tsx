import { NativeSelect, Stack } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { AdminAccountTools } from './account-tools';
import { HealthTool, PaymentDebugTool } from './diagnostic-tools';
import { PlanConfigurationTool, PriceCheckTool, PriceListTool, PriceSetupTool, WithConfiguration } from './price-tools';

/** The admin tools that replace the spec's developer pages; `tool=` (from a legacy path) opens one. */
export const ADMIN_TOOLS = [
  { value: 'price-check', label: '価格IDの確認' },
  { value: 'price-list', label: '価格一覧' },
  { value: 'plan-configuration', label: 'プラン設定' },
  { value: 'price-setup', label: '価格設定（テスト / 本番）' },
  { value: 'payment-debug', label: '決済のデバッグ' },
  { value: 'health', label: '稼働状況と設定の確認' },
  { value: 'admin-setup', label: '管理者アカウント・パスワード再設定' },
] as const;
type ToolName = (typeof ADMIN_TOOLS)[number]['value'];

/** Legacy names that open another tool (the spec's checkout test page is part of payment debug). */
const ALIASES: Record<string, ToolName> = { 'checkout-test': 'payment-debug' };

export function toolOf(value: string | undefined): ToolName {
  const name = value ? (ALIASES[value] ?? value) : undefined;
  return ADMIN_TOOLS.find((t) => t.value === name)?.value ?? 'price-check';
}

export function ToolsTab({ tool, sessionId }: { tool?: string; sessionId?: string }) {
  const navigate = useNavigate();
  const current = toolOf(tool);
  return (
    <Stack gap="4">
      <NativeSelect.Root maxW={{ sm: 'sm' }}>
        <NativeSelect.Field
          value={current}
          onChange={(e) => void navigate({ to: '/admin', search: { tab: 'tools', tool: e.target.value } })}
          aria-label="ツール"
          bg="white"
          data-testid="tool-select"
        >
          {ADMIN_TOOLS.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator aria-hidden />
      </NativeSelect.Root>
      {current === 'price-check' ? <WithConfiguration>{(c) => <PriceCheckTool configuration={c} />}</WithConfiguration> : null}
      {current === 'price-list' ? <PriceListTool /> : null}
      {current === 'plan-configuration' ? <WithConfiguration>{(c) => <PlanConfigurationTool configuration={c} />}</WithConfiguration> : null}
      {current === 'price-setup' ? <WithConfiguration>{(c) => <PriceSetupTool configuration={c} />}</WithConfiguration> : null}
      {current === 'payment-debug' ? <PaymentDebugTool sessionId={sessionId} /> : null}
      {current === 'health' ? <HealthTool /> : null}
      {current === 'admin-setup' ? <AdminAccountTools /> : null}
    </Stack>
  );
}
