import { findLevel, LEVEL_KEYS, type LevelKey } from '@shunkan/config/levels';
import type { Db } from '@shunkan/db';
import {
  countServesOf,
  deleteScenario,
  findScenario,
  insertScenarioWithinLimit,
  insertScenarioProblems,
  listScenarioProblems,
  listScenarios,
  updateScenario,
  type ScenarioFields,
} from '@shunkan/db/scenarios';
import type { CustomScenarioRow } from '@shunkan/db/schema';
import type { Logger } from '../session.js';
import { allBankProblems } from '../services/problem-bank/index.js';
import type { TBankProblem } from '@shunkan/evaluator/bank';
import { isAiProviderError, normalizeJapaneseForDedupe, type AiProblemGenerator } from '../services/ai/types.js';
import { newAiProblemId } from '../services/ai/generate-problems.js';
import { serveNextProblem, type ServedProblem } from './practice.js';

export class ScenarioNotFoundError extends Error {}
export class ScenarioLimitError extends Error {}

/** Scenarios per learner. */
export const MAX_SCENARIOS = 50;

export type Scenario = {
  id: string;
  title: string;
  description: string;
  /** The level its problems come from (see `scenarioLevel`): where 練習する opens it. */
  level: LevelKey;
  createdAt: string;
  updatedAt: string;
};

/** The level practised when a scenario's text matches no bank problem (the level pool serves it). */
export const DEFAULT_SCENARIO_LEVEL: LevelKey = 'middle-school';

function toScenario(row: CustomScenarioRow): Scenario {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    level: scenarioLevel(row, allBankProblems()),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function getScenarios(options: { db: Db; userId: string }): Promise<Scenario[]> {
  return (await listScenarios(options.db, options.userId)).map(toScenario);
}

/** A create sent again with the same `requestId` answers the scenario stored the first time, also at the limit. */
export async function createScenario(options: { db: Db; userId: string; fields: ScenarioFields; requestId?: string; now: Date }): Promise<Scenario> {
  const row = await insertScenarioWithinLimit(options.db, options.userId, options.fields, options.now, MAX_SCENARIOS, options.requestId);
  if (!row) throw new ScenarioLimitError();
  return toScenario(row);
}

export async function editScenario(options: { db: Db; userId: string; id: string; fields: ScenarioFields; now: Date }): Promise<Scenario> {
  const row = await updateScenario(options.db, options.userId, options.id, options.fields, options.now);
  if (!row) throw new ScenarioNotFoundError();
  return toScenario(row);
}

export async function removeScenario(options: { db: Db; userId: string; id: string }): Promise<void> {
  if (!(await deleteScenario(options.db, options.userId, options.id))) throw new ScenarioNotFoundError();
}

/** Terms of a scenario: runs of kanji or katakana (2+ characters) and English words (3+ letters). */
const JAPANESE_TERM = /[\p{Script=Han}\p{Script=Katakana}ー]{2,}/gu;
const ENGLISH_WORD = /[a-z]{3,}/g;
const ENGLISH_STOPWORDS = new Set(['the', 'and', 'for', 'with', 'you', 'your', 'are', 'was', 'were', 'this', 'that', 'have', 'has', 'from', 'but', 'not']);

export function scenarioTerms(text: string): { japanese: string[]; english: string[] } {
  const japanese = [...new Set(text.match(JAPANESE_TERM) ?? [])];
  const english = [...new Set((text.toLowerCase().match(ENGLISH_WORD) ?? []).filter((w) => !ENGLISH_STOPWORDS.has(w)))];
  return { japanese, english };
}

export type ScenarioMatch = { problem: TBankProblem; score: number; grammarTerms: string[]; words: string[] };

/**
 * Scores bank problems against a scenario: terms of the scenario found in a problem's grammar point
 * weigh most (the learner asked for that grammar), then its words found in the Japanese sentence or
 * the accepted answers. Problems sharing nothing are left out.
 */
export function matchBankProblems(scenario: ScenarioFields, problems: readonly TBankProblem[]): ScenarioMatch[] {
  const terms = scenarioTerms(`${scenario.title}\n${scenario.description}`);
  const matches: ScenarioMatch[] = [];
  for (const problem of problems) {
    const grammar = problem.grammarPoint.toLowerCase();
    const answers = problem.answers.join(' ').toLowerCase();
    const answerWords = new Set(answers.match(ENGLISH_WORD) ?? []);
    const grammarTerms = [...terms.japanese.filter((t) => grammar.includes(t)), ...terms.english.filter((w) => grammar.includes(w))];
    const words = [...terms.japanese.filter((t) => problem.japanese.includes(t)), ...terms.english.filter((w) => answerWords.has(w))];
    const score = grammarTerms.length * 3 + words.reduce((sum, w) => sum + 1 + w.length / 4, 0);
    if (score > 0) matches.push({ problem, score, grammarTerms, words });
  }
  return matches.sort((a, b) => b.score - a.score || a.problem.id.localeCompare(b.problem.id));
}

/** Candidates served in turn (least served first), so a scenario is not one sentence on repeat. */
const CANDIDATES = 20;

/**
 * A scenario's own level: the level of its problems, i.e. the level whose bank problems match the
 * scenario best (summed score over the candidates served); the default level when nothing matches.
 * Practice opens there, and serving prefers matches of the level practised, so the problems shown
 * are of the level the screen names.
 */
export function scenarioLevel(scenario: ScenarioFields, problems: readonly TBankProblem[]): LevelKey {
  const scores = new Map<LevelKey, number>();
  for (const match of matchBankProblems(scenario, problems).slice(0, CANDIDATES)) {
    scores.set(match.problem.level, (scores.get(match.problem.level) ?? 0) + match.score);
  }
  let best: LevelKey = DEFAULT_SCENARIO_LEVEL;
  let bestScore = 0;
  for (const level of LEVEL_KEYS) {
    const score = scores.get(level) ?? 0;
    if (score > bestScore) [best, bestScore] = [level, score];
  }
  return best;
}

/** Problems asked of Gemini at a time for a scenario. */
const GENERATE_BATCH = 5;

export type ScenarioProblem = ServedProblem & { source: 'bank' | 'gemini' | 'level'; notice: string };

/**
 * The next problem of a scenario. With Gemini configured: a problem generated for it (more are
 * generated when the learner has seen them all); if Gemini fails, or without it, the bank problems
 * whose grammar point and vocabulary best match the scenario, and the learner is told so.
 */
export async function serveScenarioProblem(options: {
  db: Db;
  userId: string;
  scenarioId: string;
  /** The level practised; the scenario's own level when absent. */
  level?: LevelKey;
  requestId?: string;
  dailyLimit: number | null;
  now: Date;
  ai: AiProblemGenerator | null;
  log: Logger;
}): Promise<ScenarioProblem> {
  const { db, userId, now } = options;
  const scenario = await findScenario(db, userId, options.scenarioId);
  if (!scenario) throw new ScenarioNotFoundError();
  const level = options.level ?? scenarioLevel(scenario, allBankProblems());
  const serve = (problemId: string | undefined, servedLevel: LevelKey) =>
    serveNextProblem({ db, userId, level: servedLevel, problemId, requestId: options.requestId, dailyLimit: options.dailyLimit, now });

  if (options.ai) {
    try {
      const problemId = await nextGeneratedProblem({ db, userId, scenario, level, ai: options.ai });
      if (problemId) {
        return {
          ...(await serve(problemId.id, problemId.level)),
          source: 'gemini',
          notice: `シナリオ「${scenario.title}」に合わせてAIが作成した問題です。`,
        };
      }
    } catch (error) {
      if (!isAiProviderError(error)) throw error;
      options.log.warn({ err: error, reason: error.reason }, 'scenario generation failed; picking from the bank');
    }
  }

  // Matches of the level practised first (the screen names that level); others only when it has none.
  const all = matchBankProblems(scenario, allBankProblems());
  const ofLevel = all.filter((m) => m.problem.level === level);
  const matches = (ofLevel.length > 0 ? ofLevel : all).slice(0, CANDIDATES);
  if (matches.length === 0) {
    return {
      ...(await serve(undefined, level)),
      source: 'level',
      notice: `シナリオ「${scenario.title}」に合う問題が問題集に見つからなかったため、${findLevel(level).name}の問題から出題します。`,
    };
  }
  const served = await countServesOf(db, userId, matches.map((m) => m.problem.id));
  const pick = [...matches].sort((a, b) => (served.get(a.problem.id) ?? 0) - (served.get(b.problem.id) ?? 0) || b.score - a.score)[0] as ScenarioMatch;
  const reasons = [
    pick.grammarTerms.length > 0 ? `文法: ${pick.problem.grammarPoint}` : null,
    pick.words.length > 0 ? `共通の語: ${pick.words.join('、')}` : null,
  ].filter(Boolean);
  return {
    ...(await serve(pick.problem.id, pick.problem.level)),
    source: 'bank',
    notice: `シナリオ「${scenario.title}」に近い問題を問題集から選びました（${reasons.join(' / ')}）。`,
  };
}

/** A generated problem of the scenario the learner has not been served yet, generating more if none is left. */
async function nextGeneratedProblem(options: {
  db: Db;
  userId: string;
  scenario: CustomScenarioRow;
  level: LevelKey;
  ai: AiProblemGenerator;
}): Promise<{ id: string; level: LevelKey } | null> {
  const { db, userId, scenario, level, ai } = options;
  const existing = await listScenarioProblems(db, userId, scenario.id);
  const unseen = existing.find((p) => p.times === 0 && p.level === level);
  if (unseen) return { id: unseen.problemId, level: unseen.level as LevelKey };

  const drafts = await ai.generateProblems({
    level,
    count: GENERATE_BATCH,
    avoidJapanese: [],
    scenario: { title: scenario.title, description: scenario.description },
  });
  const seen = new Set<string>();
  const fresh = drafts
    .filter((d) => d.level === level)
    .filter((d) => {
      const key = normalizeJapaneseForDedupe(d.japanese);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((d) => ({ ...d, id: newAiProblemId(level).replace('-ai-', '-scenario-') }));
  const ids = await insertScenarioProblems(db, scenario.id, fresh);
  return ids[0] ? { id: ids[0], level } : null;
}
