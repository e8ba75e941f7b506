import { Button, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { LEVEL_KEYS, type LevelKey } from '@shunkan/config/levels';
import { notify } from '@shunkan/ui/toaster';
import { useState } from 'react';
import { getPublicConfig } from '../../lib/public-config';
import { errorMessage, trpc } from '../../lib/trpc';
import { Section } from './common';
import { LEVEL_LABEL } from './format';

/** More problems from Gemini, validated and deduplicated on the server; only when Gemini is configured. */
export function ProblemGenerator() {
  const config = getPublicConfig();
  const utils = trpc.useUtils();
  const generate = trpc.admin.generateProblems.useMutation();
  const [level, setLevel] = useState<LevelKey>('middle-school');
  const [count, setCount] = useState(5);
  const isGemini = config?.aiMode === 'gemini';

  async function run() {
    try {
      const result = await generate.mutateAsync({ difficultyLevel: level, count });
      notify({ type: 'success', title: '問題を生成しました', description: `${result.created.length}問を追加しました（重複・不備のあるものは除外）` });
      await Promise.all([utils.admin.problems.list.invalidate(), utils.admin.content.invalidate()]);
    } catch (error) {
      notify({ type: 'error', title: 'エラー', description: errorMessage(error, '問題の生成に失敗しました。') });
    }
  }

  return (
    <Section title="AIで問題を追加（Gemini）">
      {isGemini ? null : (
        <Text fontSize="sm" color="gray.600" data-testid="generator-disabled">
          Geminiが設定されていないため利用できません（GEMINI_API_KEY を設定すると使えます）。
        </Text>
      )}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
        <NativeSelect.Root maxW={{ sm: '48' }} disabled={!isGemini}>
          <NativeSelect.Field value={level} onChange={(e) => setLevel(e.target.value as LevelKey)} aria-label="生成するレベル" bg="white">
            {LEVEL_KEYS.map((key) => (
              <option key={key} value={key}>
                {LEVEL_LABEL[key]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator aria-hidden />
        </NativeSelect.Root>
        <NativeSelect.Root maxW={{ sm: '32' }} disabled={!isGemini}>
          <NativeSelect.Field value={String(count)} onChange={(e) => setCount(Number(e.target.value))} aria-label="生成する数" bg="white">
            {[1, 3, 5, 10, 20].map((n) => (
              <option key={n} value={n}>
                {n}問
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator aria-hidden />
        </NativeSelect.Root>
        <Button onClick={() => void run()} loading={generate.isPending} disabled={!isGemini} flexShrink={0}>
          生成する
        </Button>
      </Stack>
    </Section>
  );
}
