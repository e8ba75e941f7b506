import type { LevelKey } from '@shunkan/config/levels';
import DataProvider from '../../lib/data-provider';
import { useDemoPracticeApi } from './practice-api';
import { PracticeScreen } from './practice-screen';

function DemoPracticeScreen({ level, onBack }: { level: LevelKey; onBack: () => void }) {
  const api = useDemoPracticeApi();
  return <PracticeScreen level={level} onBack={onBack} api={api} isDemo />;
}

/**
 * /demo's practice: loaded when the guest picks a level (or points at the cards), with the data layer it
 * calls the API through. /demo's first screen, the level cards, needs neither (decision 039).
 */
export default function DemoPractice(props: { level: LevelKey; onBack: () => void }) {
  return (
    <DataProvider>
      <DemoPracticeScreen {...props} />
    </DataProvider>
  );
}
