export const LEVEL_KEYS = ['toeic', 'middle-school', 'high-school', 'basic-verbs'] as const;
export type LevelKey = (typeof LEVEL_KEYS)[number];

export type Level = {
  key: LevelKey;
  name: string;
  description: string;
  color: string;
  /** The level's icon: a lucide icon name (https://lucide.dev/icons/), drawn as SVG by the web app. */
  icon: LevelIconName;
};

export type LevelIconName = 'briefcase-business' | 'book-open' | 'graduation-cap' | 'footprints';

export const LEVELS: readonly Level[] = [
  { key: 'toeic', name: 'TOEIC', description: 'ビジネス英語・資格対策', color: 'purple', icon: 'briefcase-business' },
  { key: 'middle-school', name: '中学英語', description: '基本的な文法と語彙', color: 'blue', icon: 'book-open' },
  { key: 'high-school', name: '高校英語', description: '応用文法と表現', color: 'green', icon: 'graduation-cap' },
  { key: 'basic-verbs', name: '基本動詞', description: '日常でよく使う動詞', color: 'orange', icon: 'footprints' },
];

export function isLevelKey(value: unknown): value is LevelKey {
  return typeof value === 'string' && (LEVEL_KEYS as readonly string[]).includes(value);
}

export function findLevel(key: LevelKey): Level {
  const level = LEVELS.find((l) => l.key === key);
  if (!level) throw new Error(`unknown level ${key}`);
  return level;
}
