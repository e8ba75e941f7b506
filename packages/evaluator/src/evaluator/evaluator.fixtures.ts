/**
 * Test problems for the evaluator: realistic items across levels, each with 3-5 accepted answers.
 * Used only by the tests in this folder.
 */
import type { TBankProblem } from '../bank/types';

type Fixture = Omit<TBankProblem, 'similarPhrases' | 'synonyms'> & Partial<Pick<TBankProblem, 'similarPhrases' | 'synonyms'>>;

function problem(p: Fixture): TBankProblem {
  return {
    synonyms: {},
    similarPhrases: [
      { en: 'I went shopping.', ja: '買い物に行きました。' },
      { en: 'I stayed home.', ja: '家にいました。' },
    ],
    ...p,
  };
}

export const PARK = problem({
  id: 'middle-school-001',
  level: 'middle-school',
  japanese: '私は昨日公園に行きました。',
  answers: ['I went to the park yesterday.', 'I visited the park yesterday.', 'I went to a park yesterday.'],
  grammarPoint: '過去形（不規則動詞）',
  explanation: 'go の過去形は went です。「〜へ行く」は go to 〜。yesterday は文末に置くのが基本です。',
  similarPhrases: [
    { en: 'I went to the library last week.', ja: '先週図書館に行きました。' },
    { en: 'I visited my grandmother yesterday.', ja: '昨日祖母を訪ねました。' },
  ],
});

export const WALK = problem({
  id: 'middle-school-002',
  level: 'middle-school',
  japanese: '彼女は毎日歩いて学校に行きます。',
  answers: ['She walks to school every day.', 'She goes to school on foot every day.', 'Every day she walks to school.'],
  grammarPoint: '三人称単数現在',
  explanation: '主語が she なので動詞に -s を付けます（walk → walks, go → goes）。',
});

export const TOKYO = problem({
  id: 'middle-school-003',
  level: 'middle-school',
  japanese: '私は東京に10年間住んでいます。',
  answers: ['I have lived in Tokyo for ten years.', "I've been living in Tokyo for ten years.", 'I have been living in Tokyo for 10 years.'],
  grammarPoint: '現在完了（継続）',
  explanation: '過去から今まで続いていることは have + 過去分詞で表します。期間は for を使います。',
});

export const WHAT = problem({
  id: 'middle-school-004',
  level: 'middle-school',
  japanese: 'これは何ですか。',
  answers: ['What is this?', "What's this?", 'What is this thing?'],
  grammarPoint: '疑問詞 what',
  explanation: '疑問詞 what を文の最初に置き、be動詞を主語の前に出します。',
});

export const DOG = problem({
  id: 'middle-school-005',
  level: 'middle-school',
  japanese: '私は大きな犬を飼っています。',
  answers: ['I have a big dog.', 'I own a big dog.', 'I keep a big dog.'],
  grammarPoint: '冠詞 a',
  explanation: '数えられる名詞が1つのときは a を付けます。「飼っている」は have で表せます。',
  synonyms: { big: ['large'] },
});

export const BOOKS = problem({
  id: 'middle-school-006',
  level: 'middle-school',
  japanese: '私はたくさんの本を持っています。',
  answers: ['I have a lot of books.', 'I have many books.', 'I have lots of books.'],
  grammarPoint: '名詞の複数形',
  explanation: '「たくさんの」は a lot of / many。数えられる名詞は複数形（books）にします。',
});

export const CAR = problem({
  id: 'basic-verbs-001',
  level: 'basic-verbs',
  japanese: '私は新しい車を買いました。',
  answers: ['I bought a new car.', 'I purchased a new car.', 'I got a new car.'],
  grammarPoint: '過去形（buy → bought）',
  explanation: 'buy は不規則動詞で、過去形は bought です。',
});

export const RAIN = problem({
  id: 'high-school-001',
  level: 'high-school',
  japanese: 'もし明日雨が降ったら、家にいます。',
  answers: [
    'If it rains tomorrow, I will stay home.',
    'I will stay home if it rains tomorrow.',
    "If it rains tomorrow, I'll stay at home.",
    "I'll stay home if it rains tomorrow.",
  ],
  grammarPoint: '時・条件の副詞節',
  explanation: 'if の中では未来のことでも現在形（rains）を使います。主節は will を使います。',
});

export const DOCTOR = problem({
  id: 'high-school-002',
  level: 'high-school',
  japanese: '彼は医者になりたいと思っています。',
  answers: ['He wants to be a doctor.', 'He wants to become a doctor.', 'He would like to be a doctor.'],
  grammarPoint: 'want to + 動詞の原形',
  explanation: '「〜したい」は want to + 動詞の原形。主語が he なので wants になります。',
});

export const DOCUMENTS = problem({
  id: 'toeic-001',
  level: 'toeic',
  japanese: '明日の午後3時までに書類を送っていただけますか。',
  answers: [
    'Could you send me the documents by 3 p.m. tomorrow?',
    'Could you send the documents by three o’clock tomorrow afternoon?',
    'Would you send me the documents by 3 p.m. tomorrow?',
    'Can you send me the documents by 3 pm tomorrow?',
  ],
  grammarPoint: '依頼表現 Could you 〜?',
  explanation: '丁寧な依頼は Could you + 動詞の原形。「〜までに」（期限）は by を使います（until は継続）。',
  synonyms: { documents: ['papers', 'files'] },
});

export const MEETING = problem({
  id: 'toeic-002',
  level: 'toeic',
  japanese: '会議は来週の月曜日まで延期されました。',
  answers: [
    'The meeting has been postponed until next Monday.',
    'The meeting was postponed until next Monday.',
    'The meeting has been put off until next Monday.',
  ],
  grammarPoint: '受動態（現在完了）',
  explanation: '「延期された」は受け身 be + 過去分詞。postpone = put off。',
  synonyms: { postponed: ['delayed'] },
});

export const TENNIS = problem({
  id: 'middle-school-007',
  level: 'middle-school',
  japanese: '私の兄はテニスがとても上手です。',
  answers: ['My brother is very good at tennis.', 'My brother plays tennis very well.', 'My brother is a very good tennis player.'],
  grammarPoint: 'be good at 〜',
  explanation: '「〜が上手だ」は be good at 〜。前置詞は at です。',
});

export const WAKE = problem({
  id: 'basic-verbs-002',
  level: 'basic-verbs',
  japanese: '私は毎朝7時に起きます。',
  answers: ['I get up at seven every morning.', 'I wake up at 7 every morning.', 'Every morning I get up at seven.', "I get up at 7 o'clock every morning."],
  grammarPoint: '現在形（習慣）',
  explanation: '毎日の習慣は現在形で表します。時刻の前には at を使います。',
});

export const CHILDREN = problem({
  id: 'high-school-003',
  level: 'high-school',
  japanese: '子供たちは公園で遊んでいます。',
  answers: ['The children are playing in the park.', 'The kids are playing in the park.', 'Children are playing in the park.'],
  grammarPoint: '現在進行形',
  explanation: '今していることは be動詞 + -ing。child の複数形は children です。',
});

export const LOOKING = problem({
  id: 'middle-school-008',
  level: 'middle-school',
  japanese: '彼女に会うのを楽しみにしています。',
  answers: ["I'm looking forward to seeing her.", 'I am looking forward to meeting her.', 'I look forward to seeing her.'],
  grammarPoint: 'look forward to -ing',
  explanation: 'look forward to の to は前置詞なので、後ろは動名詞（-ing）にします。',
});

export const INFO = problem({
  id: 'toeic-003',
  level: 'toeic',
  japanese: '情報をありがとうございます。',
  answers: ['Thank you for the information.', 'Thanks for the information.', 'Thank you for your information.'],
  grammarPoint: 'Thank you for 〜',
  explanation: '「〜をありがとう」は Thank you for 〜。information は数えられない名詞です。',
});

export const ALL_PROBLEMS: readonly TBankProblem[] = [PARK, WALK, TOKYO, WHAT, DOG, BOOKS, CAR, RAIN, DOCTOR, DOCUMENTS, MEETING, TENNIS, WAKE, CHILDREN, LOOKING, INFO];
