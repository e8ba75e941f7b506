import { isLevelKey } from '@shunkan/config/levels';
import { useNavigate } from '@tanstack/react-router';
import { type PracticeMode } from '../features/practice/practice-api';
import { NotFoundPage } from '../features/layout/fallbacks';
import { MemberPractice } from '../features/practice/member-practice';
import type { PracticeSearch } from '../lib/search';

/** `/chat/{level}` and `/practice/{level}`. */
export function PracticeRoutePage({ difficulty, search }: { difficulty: string; search: PracticeSearch }) {
  const navigate = useNavigate();
  const mode: PracticeMode = search.scenario
    ? { kind: 'scenario', scenarioId: search.scenario }
    : search.mode === 'review'
      ? { kind: 'review' }
      : { kind: 'practice' };
  if (!isLevelKey(difficulty)) return <NotFoundPage />;
  return <MemberPractice key={`${difficulty}-${JSON.stringify(mode)}`} level={difficulty} mode={mode} onBack={() => void navigate({ to: '/' })} />;
}
