import type { LevelKey } from '@shunkan/config/levels';
import { useMemberPracticeApi, type PracticeMode } from './practice-api';
import { PracticeScreen } from './practice-screen';

/** The practice screen of a signed-in learner (plain practice, review, or a custom scenario). */
export function MemberPractice({ level, onBack, mode = { kind: 'practice' } }: { level: LevelKey; onBack: () => void; mode?: PracticeMode }) {
  const api = useMemberPracticeApi(mode);
  return <PracticeScreen level={level} onBack={onBack} api={api} mode={mode} />;
}

