import { Box, Button, Heading, List, Stack, Text } from '@chakra-ui/react';
import { DEFAULT_DAILY_LIMITS } from '@shunkan/config/plans';
import { Link } from '@tanstack/react-router';
import { CircleX } from 'lucide-react';
import { findCatalogPlan, getPlanCatalogue } from '../features/billing/plan-catalogue';
import { ResultCard } from '../features/billing/result-card';


const CANCEL_REASONS = [
  'お支払い情報の入力が完了しなかった',
  '決済ページを閉じた、またはブラウザの「戻る」ボタンを押した',
  '通信エラーが発生した',
  'その他の技術的な問題が発生した',
];

/** /payment-cancelled and /cancel. */
export function PaymentCancelledPage() {
  const premiumLimit = findCatalogPlan(getPlanCatalogue(), 'premium')?.dailyLimit;
  // The observed product promised "unlimited" questions; the catalogue's real limit is stated instead.
  const practiceBenefit =
    premiumLimit === null ? '練習問題が無制限' : `練習問題をたっぷり（1日${premiumLimit ?? DEFAULT_DAILY_LIMITS.premium}問まで）`;
  const benefits = ['7日間の無料トライアル', practiceBenefit, 'カスタムシナリオの作成', '詳しい学習分析', '間違えた問題の復習機能'];
  return (
    <ResultCard icon={<CircleX aria-hidden />}>
      <Heading as="h1" size="2xl" textAlign="center">
        決済がキャンセルされました
      </Heading>
      <Text textAlign="center" color="gray.700">
        お支払いは完了していません。料金は請求されていませんので、ご安心ください。
      </Text>
      <Box borderWidth="1px" borderRadius="lg" p="4" bg="gray.50" data-testid="cancel-reasons">
        <Heading as="h2" size="sm" mb="2">
          考えられる理由
        </Heading>
        <List.Root gap="1.5" ps="5" fontSize="sm">
          {CANCEL_REASONS.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List.Root>
      </Box>
      <Box borderWidth="1px" borderColor="purple.200" borderRadius="lg" p="4" bg="purple.50" data-testid="premium-benefits">
        <Heading as="h2" size="sm" mb="2">
          プレミアムプランの特典
        </Heading>
        <List.Root gap="1.5" ps="5" fontSize="sm">
          {benefits.map((benefit) => (
            <List.Item key={benefit}>{benefit}</List.Item>
          ))}
        </List.Root>
      </Box>
      <Stack gap="3">
        <Button asChild colorPalette="blue" size="lg">
          <Link to="/subscription/select">もう一度決済する</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">ホームに戻る</Link>
        </Button>
      </Stack>
    </ResultCard>
  );
}
