import { Badge, Button, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { LEVEL_KEYS, type LevelKey } from '@shunkan/config/levels';
import { useMemo, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { LoadError, loadFailed, Loading, ResponsiveRows, Section } from './common';
import { formatCount, LEVEL_LABEL } from './format';
import { keepPageOf, Pager } from './pager';
import { ProblemEditor } from './problem-editor';
import { ProblemGenerator } from './problem-generator';
import { RatingValue } from '../icons/rating-value';
import { useSearchForm } from './search-form';

const PAGE_SIZE = 20;
/** Grammar points listed before "show all" (the bank has hundreds; a phone should not scroll through all). */
const GROUPS_SHOWN = 12;

export function ContentTab() {
  const content = trpc.admin.content.useQuery();
  const [level, setLevel] = useState<LevelKey | ''>('');
  const [grammarPoint, setGrammarPoint] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [showAllGroups, setShowAllGroups] = useState(false);
  const problems = trpc.admin.problems.list.useQuery({
    level: level || undefined,
    grammarPoint: grammarPoint || undefined,
    search: search || undefined,
    page,
    pageSize: PAGE_SIZE,
  }, { placeholderData: keepPageOf({ level: level || undefined, grammarPoint: grammarPoint || undefined, search: search || undefined }) });
  const groups = useMemo(() => (content.data ?? []).filter((c) => !level || c.difficulty === level), [content.data, level]);
  const pages = problems.data ? Math.max(1, Math.ceil(problems.data.total / PAGE_SIZE)) : 1;

  const searchForm = useSearchForm((query) => {
    setPage(1);
    setSearch(query);
  });

  if (loadFailed(content)) return <LoadError query={content} />;
  if (!content.data) return <Loading />;
  const totals = LEVEL_KEYS.map((key) => ({
    key,
    label: LEVEL_LABEL[key] ?? key,
    count: content.data.filter((c) => c.difficulty === key).reduce((n, c) => n + c.questions, 0),
  }));

  return (
    <Stack gap="6">
      <Section title="問題バンク" actions={<Button size="sm" colorPalette="blue" onClick={() => setEditing({ id: null })}>問題を追加</Button>}>
        <Stack direction="row" gap="2" flexWrap="wrap" data-testid="content-level-totals">
          {totals.map((t) => (
            <Badge key={t.key} size="lg" colorPalette="blue" variant="subtle">
              {t.label} {formatCount(t.count)}問
            </Badge>
          ))}
        </Stack>
        <Stack direction={{ base: 'column', md: 'row' }} gap="2">
          <NativeSelect.Root maxW={{ md: '44' }}>
            <NativeSelect.Field
              value={level}
              onChange={(e) => {
                setLevel(e.target.value as LevelKey | '');
                setGrammarPoint('');
                setPage(1);
              }}
              aria-label="レベルで絞り込み"
              bg="white"
            >
              <option value="">すべてのレベル</option>
              {LEVEL_KEYS.map((key) => (
                <option key={key} value={key}>
                  {LEVEL_LABEL[key]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator aria-hidden />
          </NativeSelect.Root>
          <NativeSelect.Root maxW={{ md: '60' }}>
            <NativeSelect.Field
              value={grammarPoint}
              onChange={(e) => {
                setGrammarPoint(e.target.value);
                setPage(1);
              }}
              aria-label="文法項目で絞り込み"
              bg="white"
            >
              <option value="">すべての文法項目（{groups.length}）</option>
              {[...new Set(groups.map((g) => g.title))].sort().map((title) => (
                <option key={title} value={title}>
                  {title}（{groups.filter((g) => g.title === title).reduce((n, g) => n + g.questions, 0)}問）
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator aria-hidden />
          </NativeSelect.Root>
          <HStack as="form" onSubmit={searchForm.submit} role="search" flex="1" gap="2">
            <Input {...searchForm.input} placeholder="日本語・英文・IDで検索" aria-label="問題を検索" bg="white" maxLength={200} />
            <Button type="submit" flexShrink={0}>
              検索
            </Button>
          </HStack>
        </Stack>
        {loadFailed(problems) ? <LoadError query={problems} /> : null}
        {!problems.data && !loadFailed(problems) ? <Loading /> : null}
        {problems.data ? (
          <>
            <Text fontSize="sm" color="gray.600" data-testid="problems-total">
              {problems.data.total}問
            </Text>
            <ResponsiveRows
              rows={problems.data.problems}
              keyOf={(p) => p.id}
              title={(p) => p.japanese}
              testId="problem"
              empty="該当する問題はありません。"
              columns={[
                { header: 'ID', cell: (p) => p.id },
                { header: '日本語', cell: (p) => p.japanese },
                { header: '文法項目', cell: (p) => p.grammarPoint },
                { header: '回答数', cell: (p) => formatCount(p.attempts), textAlign: 'end' },
                { header: '平均評価', cell: (p) => (p.averageRating === null ? '—' : <RatingValue value={p.averageRating.toFixed(1)} />), textAlign: 'end' },
                { header: '状態', cell: (p) => <Badge colorPalette={p.isActive ? 'green' : 'gray'}>{p.isActive ? '有効' : '無効'}</Badge> },
                {
                  header: '操作',
                  cell: (p) => (
                    <Button size="xs" variant="outline" onClick={() => setEditing({ id: p.id })}>
                      詳細・編集
                    </Button>
                  ),
                },
              ]}
            />
            <Pager label={`${page} / ${pages}`} hasPrevious={page > 1} hasNext={page < pages} onPrevious={() => setPage((p) => p - 1)} onNext={() => setPage((p) => p + 1)} />
          </>
        ) : null}
      </Section>
      <Section title="レベル・文法項目別の問題数">
        <ResponsiveRows
          rows={showAllGroups ? groups : groups.slice(0, GROUPS_SHOWN)}
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
        {groups.length > GROUPS_SHOWN ? (
          <Button size="sm" variant="ghost" alignSelf="center" onClick={() => setShowAllGroups((v) => !v)}>
            {showAllGroups ? '一部だけ表示' : `すべて表示（${groups.length}項目）`}
          </Button>
        ) : null}
      </Section>
      <ProblemGenerator />
      <ProblemEditor id={editing?.id ?? null} open={editing !== null} onClose={() => setEditing(null)} />
    </Stack>
  );
}
