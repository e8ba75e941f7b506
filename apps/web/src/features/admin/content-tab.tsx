import { Badge, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { LoadError, Loading, ResponsiveRows, Section } from './common';
import { formatCount, LEVEL_LABEL } from './format';

export function ContentTab() {
  const content = trpc.admin.content.useQuery();
  const [level, setLevel] = useState('');
  const [query, setQuery] = useState('');
  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (content.data ?? []).filter((c) => (!level || c.difficulty === level) && (!q || c.title.toLowerCase().includes(q)));
  }, [content.data, level, query]);
  if (content.error) return <LoadError error={content.error} />;
  if (!content.data) return <Loading />;
  const totals = Object.entries(LEVEL_LABEL).map(([key, label]) => ({
    key,
    label,
    count: content.data.filter((c) => c.difficulty === key).reduce((n, c) => n + c.questions, 0),
  }));
  return (
    <Stack gap="6">
      <Section title="問題バンク（レベル・文法項目別）">
        <Stack direction="row" gap="2" flexWrap="wrap" data-testid="content-level-totals">
          {totals.map((t) => (
            <Badge key={t.key} size="lg" colorPalette="blue" variant="subtle">
              {t.label} {formatCount(t.count)}問
            </Badge>
          ))}
        </Stack>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
          <NativeSelect.Root maxW={{ sm: '48' }}>
            <NativeSelect.Field value={level} onChange={(e) => setLevel(e.target.value)} aria-label="レベル" bg="white">
              <option value="">すべてのレベル</option>
              {Object.entries(LEVEL_LABEL).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Input value={query} onChange={(e) => setQuery(e.target.value)} placeholder="文法項目で検索" aria-label="文法項目で検索" bg="white" maxLength={100} />
        </Stack>
        <Text fontSize="sm" color="gray.600">
          {rows.length}項目
        </Text>
        <ResponsiveRows
          rows={rows}
          keyOf={(c) => c.id}
          title={(c) => c.title}
          testId="content"
          empty="該当する項目はありません。"
          columns={[
            { header: 'レベル', cell: (c) => LEVEL_LABEL[c.difficulty] ?? c.difficulty },
            { header: '文法項目', cell: (c) => c.title },
            { header: '問題数', cell: (c) => `${c.questions}問${c.activeQuestions < c.questions ? `（有効 ${c.activeQuestions}）` : ''}`, textAlign: 'end' },
            { header: '回答数', cell: (c) => formatCount(c.attempts), textAlign: 'end' },
          ]}
        />
      </Section>
    </Stack>
  );
}
