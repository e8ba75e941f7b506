import type { LevelKey } from '@shunkan/config/levels';
import { useAuth } from '../../lib/auth';
import { useSubscription } from '../billing/use-plans';
import { useMemberPracticeApi, type PracticeMode } from './practice-api';
import { PracticeScreen } from './practice-screen';

const PREMIUM_FEATURE: Record<Exclude<PracticeMode['kind'], 'practice'>, string> = { review: '復習機能', scenario: 'カスタムシナリオでの練習' };

/** The practice screen of a signed-in learner (plain practice, review, or a custom scenario). */
export function MemberPractice({ level, onBack, mode = { kind: 'practice' } }: { level: LevelKey; onBack: () => void; mode?: PracticeMode }) {
  const api = useMemberPracticeApi(mode);
  const subscription = useSubscription();
  // Review and scenarios are premium (and trial) features: a standard learner who follows a link to
  // them is told so at once, not after pressing 練習を始める (the server refuses them either way).
  const lockedFeature = mode.kind !== 'practice' && subscription.data && !subscription.data.isPremium ? PREMIUM_FEATURE[mode.kind] : null;
  // The open problem is kept per user, level and mode (a reload shows it again; open-problem.ts).
  const uid = useAuth().user?.uid;
  const modeKey = mode.kind === 'scenario' ? `scenario:${mode.scenarioId}` : mode.kind;
  const resumeKey = uid ? `${uid}:${level}:${modeKey}` : null;
  return <PracticeScreen level={level} onBack={onBack} api={api} mode={mode} lockedFeature={lockedFeature} resumeKey={resumeKey} />;
}
