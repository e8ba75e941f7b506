/** Japanese texts of honest uncertainty and the appeal loop (issue 12). */
export const APPEAL_TEXT = {
  /** Shown with a fluent answer the accepted answers do not cover. */
  uncertaintyNote: '登録されている解答と表現が異なるため、自動採点の確度が低い可能性があります',
  button: 'この答えも正しいはず',
  sent: '再確認しました。管理者が確認します。',
  status: {
    pending: '確認待ち',
    accepted: '正解として登録されました',
    rejected: '確認の結果、登録されませんでした',
  },
  /** The grade the learner appealed, kept beside the regraded one (result card, history, admin queue). */
  original: '申し立て前の採点',
  regraded: '再採点',
  /** An appeal accepted before the appealed grade was kept: only its stars are known. */
  originalNotRecorded: '申し立て前のフィードバックは記録されていません。',
  attemptNotFound: '解答が見つかりません。',
  appealNotFound: '申し立てが見つかりません。',
  alreadyDecided: 'この申し立てはすでに判定済みです。',
} as const;

export type AppealStatusKey = keyof typeof APPEAL_TEXT.status;
