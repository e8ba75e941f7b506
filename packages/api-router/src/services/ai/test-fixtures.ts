import type { Kysely } from 'kysely';
import type { Database } from '@shunkan/db';
import { problemRow } from '@shunkan/db/problems';
import type { TEvaluation } from '@shunkan/evaluator/types';
import type { TBankProblem } from '@shunkan/evaluator/bank';

/** Shared data for the tests of this folder. */

export const SAMPLE_PROBLEM: TBankProblem = {
  id: 'middle-school-001',
  level: 'middle-school',
  japanese: '私はここに3年間住んでいます。',
  answers: ['I have lived here for three years.', 'I have been living here for three years.', "I've lived here for 3 years."],
  grammarPoint: '現在完了（継続）',
  explanation: '「ずっと〜している」は現在完了 have + 過去分詞 と for + 期間 で表します。',
  synonyms: { lived: ['stayed'] },
  similarPhrases: [
    { en: 'I have known him for ten years.', ja: '彼とは10年来の知り合いです。' },
    { en: 'She has worked here since 2020.', ja: '彼女は2020年からここで働いています。' },
  ],
};

/** What the AI says about "I live here for three years." */
export const AI_EVALUATION: TEvaluation = {
  rating: 3,
  modelAnswer: 'I have lived here for three years.',
  feedback:
    '「here」「for three years」の使い方は正しいです。「live」は現在形なので、「ずっと住んでいる」という継続を表すには「have lived」を使いましょう。現在完了（継続）は for や since と一緒によく使われます。',
  similarPhrases: ['I have known her since childhood.（彼女とは子どもの頃からの知り合いです。）'],
  errors: [
    {
      kind: 'tense',
      label: '時制',
      words: ['live'],
      expected: ['have', 'lived'],
      message: '「live」を「have lived」にして、現在まで続いていることを表しましょう。',
    },
  ],
  isAlternative: false,
  alternatives: ['I have been living here for three years.', "I've lived here for 3 years."],
  diff: [
    { op: 'equal', text: 'I', expected: 'I' },
    { op: 'replace', text: 'live', expected: 'have lived' },
    { op: 'equal', text: 'here for three years.', expected: 'here for three years.' },
  ],
};

/** The built-in verdict the test double returns for non-matching answers. */
export const BUILTIN_EVALUATION: TEvaluation = {
  rating: 2,
  modelAnswer: 'I have lived here for three years.',
  feedback: '時制を見直しましょう。',
  similarPhrases: [],
  errors: [],
  isAlternative: false,
  alternatives: [],
  diff: [],
};

export const BUILTIN_EXACT_MATCH: TEvaluation = { ...BUILTIN_EVALUATION, rating: 5, feedback: '完璧です！' };

/** The `problems` row the evaluation cache's foreign key needs. */
export async function insertProblemRow(db: Kysely<Database>, problem: TBankProblem, source = 'bank'): Promise<void> {
  await db
    .insertInto('problems')
    .values(problemRow(problem, source))
    .execute();
}
