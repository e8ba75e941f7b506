import type { LevelIconName } from '@shunkan/config/levels';
import { BookOpen, BriefcaseBusiness, Footprints, GraduationCap, type LucideIcon, type LucideProps } from 'lucide-react';

const LEVEL_ICONS: Record<LevelIconName, LucideIcon> = {
  'briefcase-business': BriefcaseBusiness,
  'book-open': BookOpen,
  'graduation-cap': GraduationCap,
  footprints: Footprints,
};

/** A level's icon (packages/config/levels.ts names it). Decorative: the level's name is always shown beside it. */
export function LevelIcon({ name, ...props }: { name: LevelIconName } & LucideProps) {
  const Icon = LEVEL_ICONS[name];
  return <Icon aria-hidden {...props} />;
}
