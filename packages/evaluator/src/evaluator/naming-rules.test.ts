/**
 * How a one-slip answer is named (docs/decisions/016-naming-one-slip-answers.md): each rule on
 * sentences of its own, not from the bank nor the frozen set. Every slip keeps 3-4 stars.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { allBankProblems } from '../bank/index';
import type { TBankProblem } from '../bank/types';
import { learnerVariants } from '../../eval/learner-variants';
import { createEvaluator, type Evaluator } from './index';
import { testProblems } from './test-problems';
import { normalizeAnswer } from './normalize';
import type { ErrorKind } from './types';

const problem = testProblems(900, '命名規則のテスト用の問題です。');

const VISIT = problem('彼女は先週私を訪ねてきた。', ['She visited me last week.', 'She came to see me last week.', 'She came to visit me last week.']);
const AIRPORT = problem('私は正午に空港に着いた。', ['I arrived at the airport at noon.', 'I got to the airport at noon.', 'I reached the airport at noon.']);
const MUSIC = problem('私は音楽を聞いた。', ['I listened to music.', 'I listened to some music.', 'I was listening to music.']);
const TALLER = problem('姉は私より背が高い。', ['My sister is taller than me.', 'My sister is taller than I am.', 'My older sister is taller than me.']);
const COUSINS = problem('いとこたちはサッカーをします。', ['My cousins play soccer.', 'My cousins play football.', 'My cousins are soccer players.']);
const FISH = problem('彼らは魚が好きですか。', ['Do they like fish?', 'Are they fond of fish?', 'Do they enjoy fish?']);
const BOXES = problem('その箱は重い。', ['The boxes are heavy.', 'Those boxes are heavy.', 'These boxes are heavy.']);
const EATEN = problem('両親はもう食べました。', ['My parents have already eaten.', 'My parents have eaten already.', 'My parents already ate.']);
const BIKE = problem('彼は自転車を持っている。', ['He has a bike.', 'He has a bicycle.', 'He owns a bike.']);
const CALLED = problem('友達から電話がありましたか。', ['Did your friend call you?', 'Did your friend phone you?', 'Did your friend give you a call?']);
const REPAIRED = problem('自転車を修理してもらった。', ['I had my bike repaired.', 'I got my bike repaired.', 'I had my bike fixed.']);
const DOG = problem('お姉さんは犬を飼っていますか。', ['Does your sister have a dog?', 'Does your sister own a dog?', 'Has your sister got a dog?']);
const CROSS = problem('彼が通りを渡るのを見た。', ['I saw him cross the street.', 'I watched him cross the street.', 'I saw him crossing the street.']);
const PRINTED = problem('印刷された資料を読んでください。', ['Please read the printed material.', 'Please read the printed materials.', 'Read the printed material, please.']);
const READING = problem('彼女は本を読んでいる。', ['She is reading a book.', "She's reading a book.", 'She is reading a novel.']);
const LEAVE = problem('私たちはもう出なければならない。', ['We have to leave now.', 'We must leave now.', 'We need to leave now.']);

const PRICES = problem('物価が上がった。', ['Prices went up.', 'Prices have gone up.', 'Prices rose.']);
const WINDOW = problem('窓を開けていただけますか。', ['Would you mind opening the window?', 'Could you open the window?', 'Would you open the window?']);
const DANCE = problem('パーティーで踊って楽しんだ。', ['I enjoyed dancing at the party.', 'I had fun dancing at the party.', 'I enjoyed the dancing at the party.']);
const WOMEN = problem('女性たちが話している。', ['The women are talking.', 'The women are chatting.', 'The ladies are talking.']);
const LEARNED = problem('私はたくさん学んだ。', ['I learned a lot.', 'I have learned a lot.', 'I learnt a lot.']);
const BOOK = problem('この本を借りてもいいですか。', ['Can I borrow this book?', 'May I borrow this book?', 'Could I borrow this book?']);
const BUS = problem('そのバスは8時に出ます。', ['The bus leaves at eight.', 'The bus departs at eight.', 'The buses leave at eight.']);
const WALLET = problem('財布を見つけた。', ['I found my wallet.', 'I have found my wallet.', 'I found my purse.']);
const KIND = problem('ここに住んでいる男性は親切です。', ['The man who lives here is kind.', 'The man living here is kind.', 'The man who lives here is nice.']);
const VASE = problem('花瓶は猫に割られた。', ['The vase was broken by the cat.', 'The cat broke the vase.', 'The vase was smashed by the cat.'], { broke: ['smashed'], broken: ['smashed'] });
const SEEING = problem('彼に会うのが楽しみだ。', ['I look forward to seeing him.', "I can't wait to see him.", 'I am looking forward to seeing him.']);
const CAME = problem('英語を学ぶために日本に来た。', ['I came to Japan to learn English.', 'I came to Japan in order to learn English.', 'I came to Japan so that I could learn English.']);
const LETTER = problem('手紙が届いたら教えて。', ['Tell me when the letter arrives.', 'Let me know when the letter arrives.', 'Tell me when the letters arrive.']);
const SLEEPING = problem('彼は寝ているのかもしれない。', ['He may be sleeping.', 'He might be asleep.', 'Maybe he is sleeping.']);
const LIVED = problem('私はここに10年間住んでいる。', ['I have been living here for ten years.', "I've lived here for ten years.", 'I have lived here for ten years.']);
const UMBRELLA = problem('この傘は私のです。', ['This umbrella is mine.', 'This is my umbrella.', 'This umbrella belongs to me.']);
const MOUNTAIN = problem('私はこんなに高い山に登ったことがない。', ['I have never climbed such a high mountain.', 'I have never climbed a mountain this high.', 'This is the highest mountain I have ever climbed.']);
const SITTING = problem('彼女は目を閉じたまま座っていた。', ['She was sitting with her eyes closed.', 'She sat with her eyes closed.', 'She was sitting with her eyes shut.']);
const PHONE = problem('座ったとたんに電話が鳴った。', ['No sooner had I sat down than the phone rang.', 'Hardly had I sat down when the phone rang.', 'As soon as I sat down, the phone rang.']);

// Decision 030 (probe set 5): each rule on sentences of its own.
const SHOP = problem('その店は開いていない。', ['The shop is not open.', "The shop isn't open.", 'The store is not open.']);
const WAY = problem('こうやってケーキを作ります。', ['This is how I make the cake.', 'This is the way I make the cake.', 'That is how I make the cake.']);
const STUDENTS = problem('生徒は全員その質問に答えた。', ['All the students answered the question.', 'All of the students answered the question.', 'Every student answered the question.']);
const SWIM = problem('私も妹も泳げない。', ['Neither my sister nor I can swim.', 'My sister and I cannot swim.', 'Neither I nor my sister can swim.']);
const CAR = problem('この車はあの車より速い。', ['This car is faster than that one.', 'This car is faster than that car.', 'This car goes faster than that one.']);
const DOOR = problem('ドアを閉めてください。', ['Please close the door.', 'Close the door, please.', 'Shut the door, please.']);
const TRUTH = problem('その時初めて真実を知った。', ['Only then did I learn the truth.', 'It was only then that I learned the truth.', 'Only then did I find out the truth.']);
const BAKED = problem('これは彼女が焼いたケーキです。', ['This is the cake she baked.', 'This is the cake that she baked.', 'This is the cake which she baked.']);
const WHOSE = problem('これは誰の傘ですか。', ['Whose umbrella is this?', 'Who does this umbrella belong to?', 'Whose is this umbrella?']);
const WASH = problem('弟に車を洗わせた。', ['I had my brother wash the car.', 'I got my brother to wash the car.', 'I made my brother wash the car.']);
const HOURS = problem('彼は3時間ずっと勉強している。', ['He has been studying for three hours.', "He's been studying for three hours.", 'He has studied for three hours.']);
const ABOVE = problem('上から見ると、その町は小さく見える。', ['Seen from above, the town looks small.', 'Viewed from above, the town looks small.', 'When seen from above, the town looks small.']);
const PICTURES = problem('私の趣味は写真を撮ることです。', ['My hobby is taking pictures.', 'My hobby is taking photos.', 'My hobby is to take pictures.']);
const LONDON = problem('私は来週ロンドンに引っ越します。', ['I am moving to London next week.', "I'm moving to London next week.", 'I will move to London next week.']);
const EAT_OUT = problem('食べに出かけよう。', ["Let's go out to eat.", "Let's eat out.", "Let's go out for a meal."]);
const REASON = problem('彼が怒った理由を知っていますか。', ['Do you know the reason why he got angry?', 'Do you know why he got angry?', 'Do you know the reason he got angry?']);
const WALKS = problem('健は毎日犬を散歩させる。', ['Ken walks his dog every day.', 'Ken walks the dog every day.', 'Every day Ken walks his dog.']);
const SALT = problem('塩を取ってもらえますか。', ['Could you pass me the salt?', 'Could you pass the salt?', 'Would you pass me the salt?']);
const HARDER = problem('もっと一生懸命勉強すべきだった。', ['I should have studied harder.', "I should've studied harder.", 'I ought to have studied harder.']);

const UMBRELLA_RAIN = problem('雨が降っていたので傘を持っていった。', ['I took an umbrella because it was raining.', 'Because it was raining, I took an umbrella.', 'I took an umbrella since it was raining.']);
const FIX_PC = problem('兄にパソコンを直してもらいます。', ['I will have my brother fix my computer.', "I'll have my brother fix my computer.", 'I will get my brother to fix my computer.']);
const PRAISED = problem('私は先生にほめられた。', ['I was praised by my teacher.', 'My teacher praised me.', 'I was praised by the teacher.']);
const WE_DANCED = problem('私たちは一晩中踊った。', ['We danced all night.', 'We danced all night long.', 'We were dancing all night.']);
const CAT_DOG = problem('猫が犬を追いかけた。', ['The cat chased the dog.', 'The dog was chased by the cat.', 'The cat ran after the dog.']);
const DOOR_SHUT = problem('ドアを閉めてください。', ['Please shut the door.', 'Shut the door, please.', 'Please close the door.']);
const SWIMMING = problem('彼は泳いでいた。', ['He was swimming.', 'He was swimming then.', 'He was having a swim.']);
const WEEKEND = problem('週末は家で過ごした。', ['I spent the weekend at home.', 'I stayed home on the weekend.', 'I spent the weekend at my house.']);
const RULE = problem('大事なのは規則を守る人だ。', ['It is the person that follows rules who counts.', 'The person who follows rules is the one that counts.', 'What counts is the person who follows rules.']);

// Decision 034 (probe set 7): each rule on sentences of its own.
const MONDAY = problem('月曜日か火曜日に行きます。', ['I will go on either Monday or Tuesday.', 'I will go on Monday or Tuesday.', "I'll go on either Monday or Tuesday."]);
const HOMEWORK = problem('出かける前に宿題をした。', ['I did my homework before I went out.', 'I did my homework before going out.', 'Before I went out, I did my homework.']);
const HELPED = problem('先生が私を手伝ってくれた。', ['My teacher helped me.', 'My teacher gave me a hand.', 'My teacher assisted me.']);
const TRY_WINDOW = problem('窓を開けてみて。', ['Try opening the window.', 'Just try opening the window.', 'Try to open the window.']);
const SHOULD_COME = problem('万一彼が来たら知らせてください。', ['If he should come, please let me know.', 'If he comes, please let me know.', 'Should he come, please let me know.']);
const LIVE_HERE = problem('ここにどのくらい住んでいますか。', ['How long have you lived here?', 'How long have you been living here?', 'How many years have you lived here?']);
const SILENT = problem('彼女は黙っていた。', ['She kept silent.', 'She stayed silent.', 'She remained silent.']);
const CLEAR = problem('彼が正しいのは明らかだ。', ['It is clear that he is right.', 'It is obvious that he is right.', 'Clearly, he is right.']);
const CAR_WISH = problem('車を持っていたらいいのに。', ['I wish I had a car.', 'I wish that I had a car.', 'If only I had a car.']);
const ATTACHED = problem('添付の書類を読んでください。', ['Please read the attached document.', 'Please read the document attached.', 'Read the attached document, please.']);
const GO_ONCE = problem('一度そこへ行ってみたい。', ['I want to go there once.', 'I would like to go there once.', "I'd like to go there once."]);
const MY_SCHOOL = problem('私の学校は駅の近くにある。', ['My school is near the station.', 'My school is close to the station.', 'My school is by the station.']);
const APPOINTED = problem('彼女は課長に任命された。', ['She was appointed section chief.', 'She was made section chief.', 'She has been appointed section chief.']);
const REPORT = problem('明日までに報告書が必要です。', ['We need the report by tomorrow.', 'We need the report before tomorrow.', 'We must have the report by tomorrow.']);
const OSAKA = problem('来週大阪へ発ちます。', ["I'm leaving for Osaka next week.", 'I leave for Osaka next week.', "I'll leave for Osaka next week."]);
const JOG = problem('父は毎朝走ります。', ['My father runs every morning.', 'My father goes running every morning.', 'Every morning my father runs.']);
const NAME = problem('お名前を書いてください。', ['Please write your name.', 'Write your name, please.', 'Please write down your name.']);
const MET_DAY = problem('彼と会った日を忘れない。', ['I will never forget the day I met him.', 'I will never forget the day when I met him.', "I'll never forget the day I met him."]);
const GOING = problem('私は明日泳ぎに行くつもりです。', ['I am going to go swimming tomorrow.', "I'm going to go swimming tomorrow.", 'I will go swimming tomorrow.']);
const CHOSEN = problem('彼女は部長に選ばれた。', ['She was chosen as manager.', 'She was selected as manager.', 'She has been chosen as manager.']);

// Decision 034, second round (grade8): general gaps probe set 7 left open, on sentences of their own.
const EXAM_EASY = problem('その試験は簡単だった。', ['The exam was easy.', 'The exam was not difficult.', 'The test was easy.']);
const KOALA = problem('コアラを見たことがありますか。', ['Have you ever seen a koala?', 'Have you seen a koala before?', 'Have you ever seen koalas?']);
const LESSONS = problem('毎週日曜日にギターのレッスンを受けている。', ['I take guitar lessons every Sunday.', 'I have guitar lessons every Sunday.', 'I take a guitar lesson every Sunday.']);
const STUDENTS_CLASS = problem('あなたのクラスには生徒が何人いますか。', ['How many students are there in your class?', 'How many students does your class have?', 'How many students are in your class?']);
const STATION = problem('駅がどこにあるのか分かりません。', ["I don't know where the station is.", 'I do not know where the station is.', 'I have no idea where the station is.']);
const SET_TABLE = problem('夕食のテーブルの用意をしてくれる？', ['Will you set the table for dinner?', 'Can you set the table for dinner?', 'Could you set the table for dinner?']);
const RESTED = problem('午後はずっとソファに横になっていた。', ['I lay on the sofa all afternoon.', 'I was lying on the sofa all afternoon.', 'I lay down on the sofa all afternoon.']);
const PLAN = problem('彼女はもっと良い計画を思いついた。', ['She came up with a better plan.', 'She thought of a better plan.', 'She thought up a better plan.']);
const TIRED_TODAY = problem('今日は疲れている。', ['I am tired today.', "I'm tired today.", 'I feel tired today.']);
const LIKE_SONG = problem('私はこの歌が好きです。', ['I like this song.', 'I love this song.', 'This song is my favorite.']);
const MISS_TRAIN = problem('万一電車に乗り遅れたら、彼女は電話してくる。', ['If she should miss the train, she will call us.', 'Should she miss the train, she will call us.', 'If she misses the train, she will call us.']);
const SPEAK_SLOWLY = problem('ゆっくり話してください。', ['Please speak slowly.', 'Speak slowly, please.', 'Could you speak slowly?']);

// Decision 040 (probe set 9): frames, near-synonyms and folds, each on sentences of its own.
const COLD_SWIM = problem('寒かったが、私たちは泳ぎに行った。', ['Although it was cold, we went swimming.', 'Despite the cold, we went swimming.', 'In spite of the cold, we went swimming.']);
const SEND_FILE = problem('そのファイルを送っていただけますか。', ['Could you send me the file?', 'Can you send me the file?', 'Would you send me the file?']);
const CLEAN_WEEK = problem('私たちは毎週事務所を掃除します。', ['We clean the office every week.', 'We clean the office once a week.', 'Every week we clean the office.']);
const ACTOR = problem('彼は昔有名な俳優だったらしい。', ['Apparently, he was a famous actor.', 'It seems that he was a famous actor.', 'He seems to have been a famous actor.']);
const TENNIS = problem('放課後テニスをしましょう。', ["Let's play tennis after school.", 'Why not play tennis after school?', "Let's play some tennis after school."]);
const WIN_GAME = problem('誰が試合に勝つと思いますか。', ['Who do you think will win the game?', 'Who do you think is going to win the game?', 'Who do you think will win the match?']);
const PACKAGE = problem('家に帰ると小包が届いていた。', ['When I got home, I found a package.', 'I got home and found a package.', 'I found a package when I got home.']);
const NEWS_CRY = problem('その知らせを聞いて、彼女は泣き出した。', ['Hearing the news, she started to cry.', 'On hearing the news, she started to cry.', 'She started to cry on hearing the news.']);
const AT_HOME = problem('彼は今家にいるはずです。', ['He should be at home now.', 'He ought to be at home now.', 'He is supposed to be at home now.']);
const BRIDGE = problem('来週、その橋は修理されます。', ['Next week, the bridge will be repaired.', 'The bridge will be repaired next week.', 'The bridge is going to be repaired next week.']);
const COME_TOMORROW = problem('彼女は明日来ますか。', ['Will she come tomorrow?', 'Is she coming tomorrow?', 'Is she going to come tomorrow?']);
const CUP = problem('落ちたときにカップが割れた。', ['The cup broke when it fell.', 'The cup broke when it dropped.', 'When it fell, the cup broke.']);
const RED_CAR = problem('彼は赤い車を買った。', ['He bought a red car.', 'He purchased a red car.', 'He got a red car.']);
const PARKED = problem('ここに車をとめた。', ['I parked my car here.', 'I parked the car here.', 'I left my car here.']);
const TRUE_OR_NOT = problem('それが本当かどうかわからない。', ["I don't know whether it is true or not.", "I don't know if it is true or not.", "I don't know whether or not it is true."]);
const RADIO_ON = problem('彼はラジオをつけっぱなしにした。', ['He left the radio on.', 'He kept the radio on.', 'He left the radio turned on.']);
const HONEST = problem('彼は正直だと思う。', ['I think he is honest.', 'I think that he is honest.', 'I believe he is honest.']);
const GUITAR = problem('兄はギターを弾く。', ['My brother plays the guitar.', 'My brother plays guitar.', 'My older brother plays the guitar.']);
const APRIL = problem('来年の4月で、ここに2年住んだことになる。', ['By next April, I will have lived here for two years.', 'I will have lived here for two years by next April.', 'Next April, I will have lived here for two years.']);
const EASIER = problem('その試験は思ったより簡単だった。', ['The exam was easier than expected.', 'The exam was easier than I expected.', 'The test was easier than expected.']);
const WINDOW_OPEN = problem('窓を開けたままにしておいてください。', ['Please leave the window open.', 'Please keep the window open.', 'Leave the window open, please.']);
const MET_STATION = problem('今日の午後、駅で彼に会った。', ['I met him at the station this afternoon.', 'This afternoon I met him at the station.', 'I saw him at the station this afternoon.']);
const OFFICE_NOW = problem('彼女は今事務所にいます。', ['She is in the office now.', 'She is at the office now.', "She's in the office now."]);
const THAT_MAN = problem('あの男の人は誰ですか。', ['Who is that man?', 'Who is the man over there?', 'Who is that gentleman?']);
const TOOK_UMBRELLA = problem('誰かが私の傘を持っていった。', ['Someone took my umbrella.', 'Somebody took my umbrella.', 'My umbrella was taken.']);
const FINISH_FIVE = problem('5時までに仕事を終えているでしょう。', ['I will have finished the work by five.', "I'll have finished the work by five.", 'I will have finished the job by five.']);
const WOKE_SEVEN = problem('7時に目が覚めた。', ['I woke up at seven.', 'I woke at seven.', 'I woke up at seven o\'clock.']);
const ARRIVE_SOON = problem('彼女はもうすぐ着きます。', ['She will arrive soon.', 'She will be here soon.', "She'll arrive soon."]);
const STUDIES = problem('彼は毎日英語を勉強する。', ['He studies English every day.', 'He learns English every day.', 'Every day he studies English.']);

// Decision 038 (probe set 8 and the open gaps): sentences of their own.
const CAKE = problem('私たちは昨夜ケーキを作った。', ['We made a cake last night.', 'We baked a cake last night.']);
const HOMEWORK_NIGHT = problem('彼は毎晩宿題をする。', ['He does his homework every night.']);
const LAUNDRY = problem('彼は日曜日に洗濯をする。', ['He does the laundry on Sundays.']);
const BRING_UMBRELLA = problem('傘を持ってきてください。', ['Please bring your umbrella.']);
const BONUS = problem('彼は毎年ボーナスをもらう。', ['He gets a bonus every year.']);
const RULES = problem('規則を守りなさい。', ['Follow the rules.', 'Obey the rules.']);
const COAT = problem('コートを脱いでください。', ['Please take off your coat.']);
const HELPS = problem('彼女はみんなを助ける。', ['She helps everyone.']);
const LUNCH_YET = problem('もう昼ご飯を食べましたか。', ['Have you eaten lunch yet?']);
const LEAVE_WHEN = problem('いつ出発しますか。', ['When will you leave?']);
const PLAYING = problem('子どもたちは公園で遊んでいる。', ['The children are playing in the park.']);
const TREATED = problem('その医者が彼女を治療した。', ['The doctor treated her.']);
const EARLY_RISER = problem('彼は早起きに慣れている。', ['He is used to getting up early.']);
const LIVED_HERE = problem('彼は以前ここに住んでいた。', ['He used to live here.']);
const LOCK = problem('鍵をかけるのを忘れないで。', ["Don't forget to lock the door."]);
const CAT_ROOM = problem('部屋に猫がいる。', ['There is a cat in the room.']);
const LEAVE_EARLY = problem('私は明日早く出なければならない。', ['I have to leave early tomorrow.', 'I must leave early tomorrow.']);
const SHOP_WORK = problem('ここは私が働いている店です。', ['This is the shop where I work.']);
const TABLE_LAST_NIGHT = problem('昨夜彼は食卓の準備をした。', ['He set the table last night.']);
const SLEEP_LAST_NIGHT = problem('昨夜はよく眠れなかった。', ['I did not sleep well last night.', 'I did not get good sleep last night.']);

const EXERCISE = problem('運動は体によい。', ['Exercise is good for your health.', 'Exercise is good for you.']);
const SURPRISING = problem('彼が遅れたのは意外だ。', ['It is surprising that he was late.']);
const COME_HOME = problem('いつ家に戻ってきますか。', ['When are you coming back home?', 'When will you return home?']);

const BORN_HERE = problem('ここが私の生まれたところです。', ['This is where I was born.']);

const LENT_BOOK = problem('彼は私に本を貸してくれた。', ['He lent me a book.']);

function named(evaluator: Evaluator, p: TBankProblem, answer: string, kind: ErrorKind): void {
  const result = evaluator.evaluate(p, answer);
  const summary = `${answer} → ${result.rating}★ ${result.errors.map((e) => `${e.kind}(${e.words.join(' ')}→${e.expected.join(' ')})`).join(', ')}`;
  expect(result.rating, summary).toBeGreaterThanOrEqual(3);
  expect(result.rating, summary).toBeLessThanOrEqual(4);
  expect(result.errors.map((e) => e.kind), summary).toContain(kind);
}

describe('naming one-slip answers', () => {
  let evaluator: Evaluator;
  beforeAll(async () => {
    evaluator = await createEvaluator();
  });

  describe('function words: insertion, substitution, deletion', () => {
    it('names an inserted preposition an extra word', () => {
      named(evaluator, VISIT, 'She visited to me last week.', 'extra-word');
      named(evaluator, AIRPORT, 'I reached to the airport at noon.', 'extra-word');
    });
    it('names a preposition in place of the infinitive\'s to a preposition error', () => {
      named(evaluator, CAME, 'I came to Japan for learn English.', 'preposition');
    });
    it('names a preposition in place of another, or a missing one, a preposition error', () => {
      named(evaluator, AIRPORT, 'I arrived to the airport at noon.', 'preposition');
      named(evaluator, MUSIC, 'I listened music.', 'preposition');
    });
    it('names a missing than a missing word, not a preposition', () => {
      named(evaluator, TALLER, 'My sister is taller me.', 'missing-word');
    });
    it('names "have ... go" without its to a missing word, not a causative meaning error', () => {
      named(evaluator, LEAVE, 'We have leave now.', 'missing-word');
    });
    it('names a missing be before a right participle a missing word', () => {
      named(evaluator, READING, 'She reading a book.', 'missing-word');
    });
  });

  describe('agreement', () => {
    it('names the -s of a verb or of do, missing or added, 三単現', () => {
      named(evaluator, COUSINS, 'My cousins plays soccer.', 'agreement');
      named(evaluator, FISH, 'Does they like fish?', 'agreement');
      named(evaluator, BIKE, 'He have a bike.', 'agreement');
    });
    it('names be and the perfect have 主語と動詞の一致', () => {
      named(evaluator, BOXES, 'The boxes is heavy.', 'subject-verb');
      named(evaluator, EATEN, 'My parents has already eaten.', 'subject-verb');
    });
  });

  describe('verb form versus tense', () => {
    it('names a finite form after do across the subject a verb-form error', () => {
      named(evaluator, CALLED, 'Did your friend called you?', 'verb-form');
      named(evaluator, DOG, 'Does your sister has a dog?', 'verb-form');
    });
    it('names the verb after have / see + object a verb-form error', () => {
      named(evaluator, REPAIRED, 'I had my bike repair.', 'verb-form');
      named(evaluator, CROSS, 'I saw him crossed the street.', 'verb-form');
    });
    it('names a participle before a noun a verb-form error', () => {
      named(evaluator, PRINTED, 'Please read the print material.', 'verb-form');
    });
    it('keeps the learner\'s word and names its form rather than dropping it as extra', () => {
      named(evaluator, PRICES, 'Prices have went up.', 'verb-form');
      named(evaluator, WINDOW, 'Would you mind open the window?', 'verb-form');
    });
    it('folds an added to into the verb-form error of the verb after it', () => {
      named(evaluator, DANCE, 'I enjoyed to dance at the party.', 'verb-form');
    });
    it('names the progressive for the perfect progressive one tense slip', () => {
      named(evaluator, LIVED, 'I am living here for ten years.', 'tense');
    });
    it('keeps a real change of time a tense error', () => {
      named(evaluator, AIRPORT, 'I arrive at the airport at noon.', 'tense');
    });
  });

  describe('number and spelling', () => {
    it('names an irregular plural given an -s a plural slip', () => {
      named(evaluator, WOMEN, 'The womens are talking.', 'plural');
    });
    it('names a regular past form mistyped a spelling slip, not a verb form', () => {
      named(evaluator, LEARNED, 'I learnned a lot.', 'spelling');
    });
    it('names a demonstrative of the other number a plural slip', () => {
      named(evaluator, BOOK, 'Can I borrow these book?', 'plural');
    });
    it('names the verb, not the subject noun, when a subject and its verb disagree', () => {
      named(evaluator, BUS, 'The bus leave at eight.', 'agreement');
    });
    it('names the verb\'s -s even when another accepted answer has the noun in the plural', () => {
      named(evaluator, LETTER, 'Tell me when the letter arrive.', 'agreement');
    });
    it('names a missing -s of a verb the tagger read as a noun 三単現, not spelling', () => {
      named(evaluator, KIND, 'The man who live here is kind.', 'agreement');
    });
    it('names a missing possessive before a bare noun the article point', () => {
      named(evaluator, WALLET, 'I found wallet.', 'article');
    });
  });

  describe('synonyms keep their grammar', () => {
    it('does not accept a past form for a participle through a synonym ("was broke" is not "was smashed")', () => {
      named(evaluator, VASE, 'The vase was broke by the cat.', 'verb-form');
    });
    it('does not carry a phrase of one answer into another whose verb form it governs (look forward to + base form)', () => {
      named(evaluator, SEEING, 'I look forward to see him.', 'verb-form');
    });
    it('does not mix the two halves of paired constructions (no sooner ... when)', () => {
      const result = evaluator.evaluate(PHONE, 'No sooner had I sat down when the phone rang.');
      expect(result.rating).toBeLessThan(5);
      expect(result.errors.length).toBeGreaterThan(0);
    });
  });

  describe('modals of another strength', () => {
    it('grades must for may (certain for possible) a meaning error, may / might alike', () => {
      const wrong = evaluator.evaluate(SLEEPING, 'He must be sleeping.');
      expect(wrong.rating).toBeLessThanOrEqual(2);
      expect(wrong.errors.map((e) => e.kind)).toContain('meaning');
      expect(evaluator.evaluate(SLEEPING, 'He might be sleeping.').rating).toBeGreaterThanOrEqual(4);
    });
  });

  describe('another owner', () => {
    it('grades a possessive noun for the answer\'s possessive pronoun a meaning error', () => {
      for (const answer of ["This umbrella is my father's.", "This is Ken's umbrella."]) {
        const result = evaluator.evaluate(UMBRELLA, answer);
        expect(result.rating, answer).toBeLessThanOrEqual(2);
        expect(result.errors.map((e) => e.kind), answer).toContain('meaning');
      }
      expect(evaluator.evaluate(UMBRELLA, 'This umbrella is mine.').rating).toBe(5);
    });
  });

  describe('probe set 5 rules (decision 030)', () => {
    const wrong = (p: TBankProblem, answer: string): void => {
      const result = evaluator.evaluate(p, answer);
      expect(result.rating, `${answer} → ${result.rating}★`).toBeLessThanOrEqual(2);
    };
    const right = (p: TBankProblem, answer: string): void => {
      const result = evaluator.evaluate(p, answer);
      expect(result.rating, `${answer} → ${result.rating}★ ${result.errors.map((e) => e.kind).join(', ')}`).toBeGreaterThanOrEqual(4);
    };
    it('accepts a negated adjective said as its opposite, and the opposite alone stays a meaning error', () => {
      right(SHOP, 'The shop is closed.');
      wrong(SHOP, 'The shop is open.');
    });
    it('grades another question word, a part for the whole, two words trading places and asking to do it oneself as meaning errors', () => {
      wrong(WAY, 'This is why I make the cake.');
      wrong(STUDENTS, 'Some of the students answered the question.');
      wrong(CAR, 'That car is faster than this one.');
      wrong(DOOR, 'Can I close the door?');
    });
    it('grades an owner or a person the answers never name, where they name another, a meaning error', () => {
      wrong(WALKS, 'Ken walks her dog every day.');
      wrong(SALT, 'Could you pass him the salt?');
      right(WALKS, 'Ken walks the dog every day.');
    });
    it('names neither ... or a word choice, keeping the negation', () => {
      named(evaluator, SWIM, 'Neither my sister or I can swim.', 'word-choice');
    });
    it('names a double comparative, a relative what, a homophone contraction and a causative to', () => {
      named(evaluator, CAR, 'This car is more faster than that one.', 'extra-word');
      named(evaluator, BAKED, 'This is the cake what she baked.', 'word-choice');
      named(evaluator, WHOSE, "Who's umbrella is this?", 'spelling');
      named(evaluator, WASH, 'I had my brother to wash the car.', 'extra-word');
    });
    it('names a preposition before a verb-only word the preposition point, even where slots combine into it', () => {
      named(evaluator, EAT_OUT, "Let's go out for eat.", 'preposition');
    });
    it('names a bare singular noun a missing article rather than the noun extra against a shorter answer', () => {
      named(evaluator, REASON, 'Do you know reason why he got angry?', 'article');
    });
    it('names an inversion left out a word-order slip', () => {
      named(evaluator, TRUTH, 'Only then I learned the truth.', 'word-order');
    });
    it('names the forms of a sentence-initial participle, an object after a gerund, a past for a present progressive and a perfect after a modal', () => {
      named(evaluator, ABOVE, 'See from above, the town looks small.', 'verb-form');
      named(evaluator, PICTURES, 'My hobby is taking picture.', 'plural');
      named(evaluator, LONDON, 'I moved to London next week.', 'tense');
      named(evaluator, HARDER, 'I should studied harder.', 'missing-word');
    });
    it('accepts keep + -ing for the perfect progressive and a presentational relative said plainly', () => {
      right(HOURS, 'He has kept studying for three hours.');
      right(BAKED, 'She baked this cake.');
    });
  });

  describe('probe set 6 rules (decision 030)', () => {
    const wrong = (p: TBankProblem, answer: string): void => {
      const result = evaluator.evaluate(p, answer);
      expect(result.rating, `${answer} → ${result.rating}★ ${result.errors.map((e) => e.kind).join(', ')}`).toBeLessThanOrEqual(2);
    };
    it('grades a subordinator of another relation, a causative left out with its person, a passive made active and a subject pronoun made another person as meaning errors', () => {
      wrong(UMBRELLA_RAIN, 'I took an umbrella although it was raining.');
      wrong(FIX_PC, 'I will fix my computer.');
      wrong(PRAISED, 'I praised my teacher.');
      wrong(WE_DANCED, 'My friends danced all night.');
    });
    it('grades an accepted answer with two content words trading places against that answer', () => {
      wrong(CAT_DOG, 'The dog chased the cat.');
    });
    it('names the -s of a verb after please, a doubled consonant written once, an -s verb after that, and a word written as two', () => {
      named(evaluator, DOOR_SHUT, 'Please shuts the door.', 'verb-form');
      named(evaluator, SWIMMING, 'He was swiming.', 'spelling');
      named(evaluator, RULE, 'It is the person that follow rules who counts.', 'agreement');
      named(evaluator, WEEKEND, 'I spent the week end at home.', 'spelling');
    });
  });

  describe('probe set 7 rules (decision 034)', () => {
    const wrong = (p: TBankProblem, answer: string): void => {
      const result = evaluator.evaluate(p, answer);
      expect(result.rating, `${answer} → ${result.rating}★ ${result.errors.map((e) => e.kind).join(', ')}`).toBeLessThanOrEqual(2);
    };
    it('names either ... nor a word choice, not a negation', () => {
      named(evaluator, MONDAY, 'I will go on either Monday nor Tuesday.', 'word-choice');
    });
    it('accepts one time for once, our for my before a place one shares, and a generic agent made passive or active', () => {
      const right = (p: TBankProblem, answer: string): void => {
        const result = evaluator.evaluate(p, answer);
        expect(result.rating, `${answer} → ${result.rating}★ ${result.errors.map((e) => e.kind).join(', ')}`).toBeGreaterThanOrEqual(4);
      };
      right(GO_ONCE, 'I want to go there one time.');
      right(MY_SCHOOL, 'Our school is near the station.');
      wrong(MY_SCHOOL, 'His school is near the station.');
      right(APPOINTED, 'They appointed her section chief.');
      wrong(APPOINTED, 'She appointed me section chief.');
      right(REPORT, 'The report is needed by tomorrow.');
    });
    it('grades leave + a place for leave for a meaning error, accepts always ... in the morning for every morning, and names you for your a word choice', () => {
      wrong(OSAKA, "I'm leaving Osaka next week.");
      named(evaluator, OSAKA, "I'm leaving to Osaka next week.", 'preposition');
      expect(evaluator.evaluate(JOG, 'My father always runs in the morning.').rating).toBeGreaterThanOrEqual(4);
      wrong(JOG, 'My father always runs at night.');
      named(evaluator, NAME, 'Please write you name.', 'word-choice');
    });
    it('names where after a time noun a word choice, and a past after the infinitive\'s to a verb-form slip', () => {
      named(evaluator, MET_DAY, 'I will never forget the day where I met him.', 'word-choice');
      named(evaluator, GOING, 'I am going to went swimming tomorrow.', 'verb-form');
    });
    it('names the form of a word the learner wrote rather than a function word before it extra', () => {
      named(evaluator, SHOULD_COME, 'If he should comes, please let me know.', 'verb-form');
    });
    it('names the person of let + a bare verb left out a missing word, not another doer', () => {
      named(evaluator, LETTER, 'Let know when the letter arrives.', 'missing-word');
    });
    it('names the simple present for the present perfect one tense slip', () => {
      named(evaluator, LIVE_HERE, 'How long do you live here?', 'tense');
    });
    it('names a word of the same family in another part of speech a word choice, and hope for wish a word choice', () => {
      named(evaluator, SILENT, 'She kept silence.', 'word-choice');
      named(evaluator, CLEAR, 'It is clearly that he is right.', 'word-choice');
      named(evaluator, CAR_WISH, 'I hope I had a car.', 'word-choice');
    });
    it('names the base form for an -ed participle a verb-form slip, not spelling', () => {
      named(evaluator, ATTACHED, 'Please read the attach document.', 'verb-form');
    });
    it('grades and for or, after for before, an object pronoun made a person, a subject added to an imperative and an active with an object for a passive as meaning errors', () => {
      wrong(MONDAY, 'I will go on Monday and Tuesday.');
      wrong(MONDAY, 'I will go on both Monday and Tuesday.');
      wrong(HOMEWORK, 'I did my homework after I went out.');
      wrong(HELPED, 'My teacher helped my sister.');
      wrong(TRY_WINDOW, 'I just tried opening the window.');
      wrong(CHOSEN, 'She chose me as manager.');
    });
  });

  describe('general gaps after probe set 7 (decision 034, second round)', () => {
    it('names an adverb for the adjective, or the adjective for the adverb, a one-slip word form', () => {
      named(evaluator, EXAM_EASY, 'The exam was easily.', 'word-choice');
      named(evaluator, SPEAK_SLOWLY, 'Please speak slow.', 'word-choice');
      expect(evaluator.evaluate(SPEAK_SLOWLY, 'Please speak slowly.').rating).toBe(5);
    });
    it('names a bare singular noun a missing article where an answer has a + the noun, not the plural', () => {
      named(evaluator, KOALA, 'Have you ever seen koala?', 'article');
      named(evaluator, KOALA, 'Have you seen koala before?', 'article');
      named(evaluator, LESSONS, 'I take guitar lesson every Sunday.', 'plural');
    });
    it('names a question in the statement\'s order a word-order slip, not a word the question has extra against a shorter answer', () => {
      named(evaluator, STUDENTS_CLASS, 'How many students there are in your class?', 'word-order');
      named(evaluator, STATION, 'I do not know where is the station.', 'word-order');
    });
    it('names a verb WordNet joins to the answer\'s in a sense other than the one its examples use with this object a word choice', () => {
      named(evaluator, SET_TABLE, 'Will you put the table for dinner?', 'word-choice');
      expect(evaluator.evaluate(DOOR, 'Shut the door, please.').rating).toBe(5);
    });
  });

  describe('general gaps, third round (decision 034)', () => {
    it('accepts a verb that is the verb of a phrasal member of the sense WordNet\'s examples use with this object, read as its own base form', () => {
      // "lay" is lie's past and lay's base; {set up, lay out, set} is the sense of "set the table".
      expect(evaluator.evaluate(SET_TABLE, 'Will you lay the table for dinner?').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(SET_TABLE, 'Could you lay the table for dinner?').errors.map((e) => e.kind)).not.toContain('meaning');
      named(evaluator, SET_TABLE, 'Will you put the table for dinner?', 'word-choice');
      expect(evaluator.evaluate(RESTED, 'I set on the sofa all afternoon.').rating).toBeLessThanOrEqual(2);
    });
    it('lets just / also / very added inside a correct answer go free, and names them where they do not fit', () => {
      expect(evaluator.evaluate(TIRED_TODAY, 'I am very tired today.').rating).toBe(5);
      expect(evaluator.evaluate(TIRED_TODAY, 'I am also tired today.').rating).toBe(5);
      expect(evaluator.evaluate(LIKE_SONG, 'I just like this song.').rating).toBe(5);
      named(evaluator, LIKE_SONG, 'I very like this song.', 'extra-word');
      named(evaluator, TALLER, 'My sister is very taller than me.', 'extra-word');
    });
  });

  describe('structures no answer spells out', () => {
    it('accepts happen to for the putative should of an if-clause, agreeing with its subject', () => {
      expect(evaluator.evaluate(MISS_TRAIN, 'If she happens to miss the train, she will call us.').rating).toBeGreaterThanOrEqual(4);
      named(evaluator, MISS_TRAIN, 'If she happen to miss the train, she will call us.', 'agreement');
      expect(evaluator.evaluate(MISS_TRAIN, 'If she happens to miss the bus, she will call us.').rating).toBeLessThanOrEqual(2);
    });
    it('accepts the idea as subject of occur to / come to / strike for the thinker thinking of it', () => {
      expect(evaluator.evaluate(PLAN, 'A better plan occurred to her.').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(PLAN, 'A better plan struck her.').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(PLAN, 'A better plan occurred to me.').rating).toBeLessThanOrEqual(2);
      expect(evaluator.evaluate(PLAN, 'A worse plan occurred to her.').rating).toBeLessThanOrEqual(2);
    });
    it('accepts a fronted negative adverb with the subject and auxiliary inverted', () => {
      expect(evaluator.evaluate(MOUNTAIN, 'Never have I climbed such a high mountain.').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(MOUNTAIN, 'Never I have climbed such a high mountain.').rating).toBeLessThan(5);
    });
    it('lets a progressive answer end in "the whole time", which the progressive already says', () => {
      expect(evaluator.evaluate(SITTING, 'She was sitting with her eyes closed the whole time.').rating).toBeGreaterThanOrEqual(4);
    });
  });
  describe('probe set 9 rules (decision 040)', () => {
    it('accepts the concessive connectors of one kind for one another, and names one of the other kind a word choice', () => {
      expect(evaluator.evaluate(COLD_SWIM, 'Though it was cold, we went swimming.').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(COLD_SWIM, 'Even though it was cold, we went swimming.').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(COLD_SWIM, 'Even with the cold, we went swimming.').rating).toBeGreaterThanOrEqual(4);
      named(evaluator, COLD_SWIM, 'Although the cold, we went swimming.', 'word-choice');
      expect(evaluator.evaluate(COLD_SWIM, 'Though it was cold, we went shopping.').rating).toBeLessThanOrEqual(2);
    });
    it('accepts the request frames would it be possible for you to / would you be able to / would you mind -ing', () => {
      expect(evaluator.evaluate(SEND_FILE, 'Would it be possible for you to send me the file?').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(SEND_FILE, 'Would you be able to send me the file?').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(SEND_FILE, 'Would you mind sending me the file?').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(SEND_FILE, 'Would you mind deleting the file?').rating).toBeLessThanOrEqual(2);
    });
    it('accepts a frequency adverb for every + the unit, and a hearsay frame for apparently', () => {
      expect(evaluator.evaluate(CLEAN_WEEK, 'We clean the office weekly.').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(ACTOR, 'They say he was a famous actor.').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(ACTOR, 'I hear he was a famous actor.').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(ACTOR, 'They say he was a famous singer.').rating).toBeLessThanOrEqual(2);
    });
    it('accepts the suggestion frames for let\'s, with the same verb', () => {
      expect(evaluator.evaluate(TENNIS, 'How about playing tennis after school?').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(TENNIS, 'Shall we play tennis after school?').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(TENNIS, "Why don't we play tennis after school?").rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(TENNIS, 'How about playing soccer after school?').rating).toBeLessThanOrEqual(2);
    });
    it('accepts in your opinion for do you think after the question word', () => {
      expect(evaluator.evaluate(WIN_GAME, 'In your opinion, who will win the game?').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(WIN_GAME, 'In your opinion, who will lose the game?').rating).toBeLessThanOrEqual(2);
    });
    it('accepts a participle clause for a time clause and the other way round', () => {
      expect(evaluator.evaluate(PACKAGE, 'On getting home, I found a package.').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(NEWS_CRY, 'When she heard the news, she started to cry.').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(NEWS_CRY, 'When she heard the news, she started to laugh.').rating).toBeLessThanOrEqual(2);
    });
    it('accepts I expect + a present be for should be of expectation', () => {
      expect(evaluator.evaluate(AT_HOME, 'I expect he is at home now.').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(AT_HOME, "I suppose he's at home now.").rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(AT_HOME, 'I expect he is at school now.').rating).toBeLessThanOrEqual(2);
    });
    it('accepts a modal passive said in the active with a generic agent, fronted words kept', () => {
      expect(evaluator.evaluate(BRIDGE, 'Next week, they will repair the bridge.').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(BRIDGE, 'They will repair the bridge next week.').rating).toBeGreaterThanOrEqual(4);
      expect(evaluator.evaluate(BRIDGE, 'Next week, they will close the bridge.').rating).toBeLessThanOrEqual(2);
    });
    it('names a non-base verb after a modal verb-form, even where a path accepts the form', () => {
      named(evaluator, COME_TOMORROW, 'Will she comes tomorrow?', 'verb-form');
      named(evaluator, COME_TOMORROW, 'Will she came tomorrow?', 'verb-form');
      expect(evaluator.evaluate(COME_TOMORROW, 'Will she come tomorrow?').rating).toBe(5);
    });
    it('names a WordNet near-synonym a word choice and a broader noun a small word choice, opposites and sisters still meaning errors', () => {
      named(evaluator, CUP, 'The cup cracked when it fell.', 'word-choice');
      named(evaluator, TALLER, 'My sister is higher than me.', 'word-choice');
      expect(evaluator.evaluate(TALLER, 'My sister is shorter than me.').rating).toBeLessThanOrEqual(2);
      // Two satellites of one WordNet head (blue and red under chromatic) are sisters, not near-synonyms.
      expect(evaluator.evaluate(RED_CAR, 'He bought a blue car.').rating).toBeLessThanOrEqual(2);
      const vehicle = evaluator.evaluate(PARKED, 'I parked my vehicle here.');
      expect(vehicle.rating).toBe(4);
      expect(vehicle.errors.map((e) => e.kind)).toContain('word-choice');
      expect(evaluator.evaluate(PARKED, 'I parked my bike here.').rating).toBeLessThanOrEqual(2);
    });
    it('folds two words into one slip: no / not, a particle for an adjective, what for that, be before the base form, a missing will', () => {
      named(evaluator, TRUE_OR_NOT, "I don't know whether it is true or no.", 'word-choice');
      named(evaluator, RADIO_ON, 'He left the radio open.', 'word-choice');
      named(evaluator, HONEST, 'I think what he is honest.', 'word-choice');
      named(evaluator, GUITAR, 'My brother is play the guitar.', 'extra-word');
      expect(evaluator.evaluate(GUITAR, 'My brother is play the guitar.').errors.map((e) => e.kind)).not.toContain('agreement');
      named(evaluator, APRIL, 'By next April, I have lived here for two years.', 'tense');
    });
    it('names the form after than and in a keep / leave object\'s state verb-form, not tense', () => {
      named(evaluator, EASIER, 'The exam was easier than expect.', 'verb-form');
      named(evaluator, WINDOW_OPEN, 'Please leave the window opened.', 'verb-form');
    });
    it('reads another time, a person for a place question, I for someone and my + person for I as meaning errors', () => {
      expect(evaluator.evaluate(MET_STATION, 'I met him at the station yesterday afternoon.').rating).toBeLessThanOrEqual(2);
      expect(evaluator.evaluate(OFFICE_NOW, 'She is in the office tomorrow.').rating).toBeLessThanOrEqual(2);
      expect(evaluator.evaluate(THAT_MAN, 'Where is that man?').rating).toBeLessThanOrEqual(2);
      expect(evaluator.evaluate(TOOK_UMBRELLA, 'I took an umbrella.').rating).toBeLessThanOrEqual(2);
      expect(evaluator.evaluate(FINISH_FIVE, 'My father will have finished the work by five.').rating).toBeLessThanOrEqual(2);
    });
    it('names a past made past verb-form, -ly on an adverb word-choice and -ys for -ies spelling', () => {
      named(evaluator, WOKE_SEVEN, 'I woked up at seven.', 'verb-form');
      named(evaluator, ARRIVE_SOON, 'She will arrive soonly.', 'word-choice');
      named(evaluator, STUDIES, 'He studys English every day.', 'spelling');
    });
  });
  describe('probe set 8 rules (decision 038)', () => {
    const stars = (p: TBankProblem, answer: string): number => evaluator.evaluate(p, answer).rating;
    const kinds = (p: TBankProblem, answer: string): string[] => evaluator.evaluate(p, answer).errors.map((e) => e.kind);
    it('names do / make swapped a word choice where the aligner leaves do apart (a missing and an extra verb)', () => {
      named(evaluator, CAKE, 'We did a cake last night.', 'word-choice');
      named(evaluator, HOMEWORK_NIGHT, 'He makes his homework every night.', 'word-choice');
      named(evaluator, LAUNDRY, 'He makes the laundry on Sundays.', 'word-choice');
    });
    it('grades another content verb for main-verb do with an object a meaning error', () => {
      expect(stars(LAUNDRY, 'He buys the laundry on Sundays.')).toBeLessThanOrEqual(2);
    });
    it('names take / bring, take / get, protect / keep, put off / take off word choices (one Japanese verb)', () => {
      named(evaluator, BRING_UMBRELLA, 'Please take your umbrella.', 'word-choice');
      named(evaluator, BONUS, 'He takes a bonus every year.', 'word-choice');
      named(evaluator, RULES, 'Protect the rules.', 'word-choice');
      named(evaluator, COAT, 'Please put off your coat.', 'word-choice');
      expect(stars(COAT, 'Please put on your coat.')).toBeLessThanOrEqual(2);
    });
    it('reads a subject and an object pronoun changing places as reversed roles, whatever their case', () => {
      expect(stars(HELPS, 'Everyone helps her.')).toBeLessThanOrEqual(2);
      expect(kinds(HELPS, 'Everyone helps her.')).toContain('meaning');
    });
    it('names a question\'s subject left out after have a missing word, not a causative', () => {
      named(evaluator, LUNCH_YET, 'Have eaten lunch yet?', 'missing-word');
    });
    it('names did for will, and the simple form for be + -ing, a tense slip', () => {
      named(evaluator, LEAVE_WHEN, 'When did you leave?', 'tense');
      named(evaluator, PLAYING, 'The children play in the park.', 'tense');
    });
    it('accepts an active answer said in the passive with by and its subject, in the answer\'s tense', () => {
      expect(stars(TREATED, 'She was treated by the doctor.')).toBeGreaterThanOrEqual(4);
      expect(stars(TREATED, 'The doctor was treated by her.')).toBeLessThanOrEqual(2);
    });
    it('grades used to (a past habit) and be used to (being accustomed) for each other meaning errors', () => {
      expect(stars(EARLY_RISER, 'He used to get up early.')).toBeLessThanOrEqual(2);
      named(evaluator, EARLY_RISER, 'He is used to get up early.', 'verb-form');
      expect(stars(LIVED_HERE, 'He is used to living here.')).toBeLessThanOrEqual(2);
    });
    it('grades a dropped forget to under a negation a meaning error (the opposite request)', () => {
      expect(stars(LOCK, "Don't lock the door.")).toBeLessThanOrEqual(2);
    });
    it('grades an added time word with a change of tense a meaning error, and the past alone too where the Japanese says the state holds now (decision 082)', () => {
      expect(stars(CAT_ROOM, 'There was a cat in the room last night.')).toBeLessThanOrEqual(2);
      // 部屋に猫がいる is a present state: "There was" says it no longer holds (decision 078's set 19
      // labels the same change a meaning error; time-and-sound.test.ts keeps the real tense slips).
      const r = evaluator.evaluate(CAT_ROOM, 'There was a cat in the room.');
      expect(r.rating).toBeLessThanOrEqual(2);
      expect(r.errors.map((e) => e.kind)).toContain('meaning');
    });
    it('grades want to for a modal of duty a meaning error', () => {
      expect(stars(LEAVE_EARLY, 'I want to leave early tomorrow.')).toBeLessThanOrEqual(2);
    });
    it('reads a person noun for the subject pronoun of a relative clause as another person', () => {
      expect(stars(SHOP_WORK, 'This is the shop where my sister works.')).toBeLessThanOrEqual(2);
    });
    it('names lay (present) for a past set a tense slip, and accepts laid', () => {
      named(evaluator, TABLE_LAST_NIGHT, 'He lay the table last night.', 'tense');
      expect(stars(TABLE_LAST_NIGHT, 'He laid the table last night.')).toBeGreaterThanOrEqual(4);
    });
    it('reads a noun phrase added as the head of a free relative as another place, unless it is a general noun', () => {
      expect(stars(BORN_HERE, 'This is the hospital where I was born.')).toBeLessThanOrEqual(2);
      expect(stars(BORN_HERE, 'This is the place where I was born.')).toBeGreaterThanOrEqual(3);
    });
    it('gives the same model answer whatever order answers arrive in (ties between lattice paths)', async () => {
      // The answers and learner-like variants of two problems whose lattice paths tie (decision 033
      // found "Come" shown "Come inside." or "Come in." by the order), graded forwards by one
      // evaluator and backwards by a fresh one.
      const bank = allBankProblems().filter((p) => p.id === 'basic-verbs-053' || p.id === 'basic-verbs-202');
      const cases = bank.flatMap((p) => p.answers.flatMap((a) => learnerVariants(a, 'I like apples.').map((v) => [p, v] as const)));
      const forwards = cases.map(([p, v]) => evaluator.evaluate(p, v).modelAnswer);
      const fresh = await createEvaluator();
      const backwards = [...cases].reverse().map(([p, v]) => fresh.evaluate(p, v).modelAnswer).reverse();
      expect(bank).toHaveLength(2);
      expect(backwards).toEqual(forwards);
    });
    it('accepts a giving verb said from the receiver\'s side with from (borrow for lend, get for give), roles checked', () => {
      expect(stars(LENT_BOOK, 'I borrowed a book from him.')).toBeGreaterThanOrEqual(4);
      expect(stars(LENT_BOOK, 'He borrowed a book from me.')).toBeLessThanOrEqual(2);
    });
    it('names a real word of the same family in another part of speech a word choice, not a typo', () => {
      named(evaluator, EXERCISE, 'Exercise is good for your healthy.', 'word-choice');
    });
    it('accepts the that-clause as subject for an anticipatory it, and keeps its meaning checked', () => {
      expect(stars(SURPRISING, 'That he was late is surprising.')).toBeGreaterThanOrEqual(4);
      expect(stars(SURPRISING, 'That he was late is natural.')).toBeLessThanOrEqual(2);
    });
    it('does not let a phrase synonym copied as the learner wrote it hide a form slip', () => {
      named(evaluator, COME_HOME, 'When are you come back home?', 'verb-form');
      expect(stars(COME_HOME, 'When are you return home?')).toBeLessThanOrEqual(4);
    });
    it('accepts not much / enough for not good / well under a negation, and only there', () => {
      expect(stars(SLEEP_LAST_NIGHT, 'I did not get much sleep last night.')).toBeGreaterThanOrEqual(4);
      expect(stars(SLEEP_LAST_NIGHT, "I didn't get enough sleep last night.")).toBeGreaterThanOrEqual(4);
      expect(stars(SLEEP_LAST_NIGHT, 'I got much sleep last night.')).toBeLessThanOrEqual(2);
    });
  });

  describe('probe sets 10 and 11 rules (decision 046)', () => {
    const SAD_MOVIE = problem('その映画はとても悲しかったので、私は泣いた。', ['The movie was so sad that I cried.', 'It was such a sad movie that I cried.']);
    const NEW_HOUSE = problem('私たちは新しい家を探しています。', ['We are looking for a new house.', 'We are searching for a new house.']);
    const NO_MEAT = problem('私の姉は肉を食べません。', ['My sister does not eat meat.', 'My sister never eats meat.']);
    const PARK_BETWEEN = problem('公園は駅と図書館の間にあります。', ['The park is between the station and the library.', 'There is a park between the station and the library.']);
    const PLAYED_PARK = problem('私は昔、よくこの公園で遊んだものだ。', ['I used to play in this park.', 'I would often play in this park.']);
    const CAT_CARE = problem('祖母が私の猫の世話をしてくれた。', ['My grandmother looked after my cat for me.', 'My grandmother took care of my cat.', 'My grandmother looked after my cat.']);
    const REPAIR_COST = problem('その修理は予想以上に費用がかかった。', ['The repair cost more than we expected.', 'The repair was more expensive than we expected.']);
    const TOMORROW_PLAN = problem('明日は何をするつもりですか？', ['What are you going to do tomorrow?', 'What will you do tomorrow?']);
    const HEAVY_BAG = problem('私のかばんはあなたのと同じくらい重い。', ['My bag is as heavy as yours.', 'My bag is just as heavy as yours.']);
    const ANY_ROAD = problem('どの道を選んでも、駅に着きます。', ['Whichever road you take, you will get to the station.', 'Whichever road you take, you will reach the station.']);
    const RAINED = problem('一日中雨が降った。', ['It rained all day.', 'It was raining all day.']);
    const LONDON = problem('私たちは去年ロンドンに住んでいた。', ['We lived in London last year.', 'Last year we lived in London.']);
    const PARTY_IF = problem('彼女がパーティーに来るかどうか知りません。', ['I do not know if she will come to the party.', 'I do not know whether she will come to the party.']);
    const HEAVY_BOX = problem('この箱は重すぎて運べない。', ['This box is too heavy to carry.', 'This box is so heavy that I cannot carry it.']);
    const WORK_WHERE = problem('あなたはどこで働いていますか？', ['Where do you work?', 'Where are you working?']);
    const AIRPORT_TIME = problem('空港までどのくらい時間がかかりますか？', ['How long does it take to get to the airport?', 'How long is it to the airport?']);
    const ROOM_B = problem('授業は教室Bで行われます。', ['The class will be held in Room B.', 'The class will take place in Room B.']);
    const SHOW_PHOTO = problem('その写真を全員に見せてください。', ['Please show the photo to everyone.', 'Please show everyone the photo.']);
    const stars11 = (p: TBankProblem, answer: string): number => evaluator.evaluate(p, answer).rating;

    it('accepts cause and result in other connectors (…, so / because / so + adjective + a + noun), and keeps the result checked', () => {
      expect(stars11(SAD_MOVIE, 'The movie was very sad, so I cried.')).toBeGreaterThanOrEqual(4);
      expect(stars11(SAD_MOVIE, 'Because the movie was so sad, I cried.')).toBeGreaterThanOrEqual(4);
      expect(stars11(SAD_MOVIE, 'I cried because the movie was so sad.')).toBeGreaterThanOrEqual(4);
      expect(stars11(SAD_MOVIE, 'It was so sad a movie that I cried.')).toBeGreaterThanOrEqual(4);
      expect(stars11(SAD_MOVIE, 'The movie was very sad, so I laughed.')).toBeLessThanOrEqual(2);
    });
    it('accepts the pseudo-cleft and the object said first with something / what', () => {
      expect(stars11(NEW_HOUSE, 'What we are looking for is a new house.')).toBeGreaterThanOrEqual(4);
      expect(stars11(NEW_HOUSE, 'What we are looking for is a new car.')).toBeLessThanOrEqual(2);
      expect(stars11(NO_MEAT, "Meat is something my sister doesn't eat.")).toBeGreaterThanOrEqual(4);
      expect(stars11(NO_MEAT, "Meat is something my brother doesn't eat.")).toBeLessThanOrEqual(2);
    });
    it('accepts the place phrase fronted with the subject after be', () => {
      expect(stars11(PARK_BETWEEN, 'Between the station and the library is the park.')).toBeGreaterThanOrEqual(4);
      expect(stars11(PARK_BETWEEN, 'Between the station and the school is the park.')).toBeLessThanOrEqual(2);
    });
    it('accepts a past habit in the simple past with a frequency adverb or a phrase of past time', () => {
      expect(stars11(PLAYED_PARK, 'I often played in this park in the past.')).toBeGreaterThanOrEqual(4);
      expect(stars11(PLAYED_PARK, 'In the old days, I often played in this park.')).toBeGreaterThanOrEqual(4);
      expect(stars11(PLAYED_PARK, 'I often worked in this park in the past.')).toBeLessThanOrEqual(2);
    });
    it('accepts the passive of a phrasal verb with by, roles checked', () => {
      expect(stars11(CAT_CARE, 'My cat was looked after by my grandmother.')).toBeGreaterThanOrEqual(4);
      expect(stars11(CAT_CARE, 'My grandmother was looked after by my cat.')).toBeLessThanOrEqual(2);
    });
    it('accepts ended up + -ing for the past verb', () => {
      expect(stars11(REPAIR_COST, 'The repair ended up costing more than we expected.')).toBeGreaterThanOrEqual(4);
      expect(stars11(REPAIR_COST, 'The repair ended up costing less than we expected.')).toBeLessThanOrEqual(2);
    });
    it('accepts gonna, a noun\'s \'s before as, and the free-choice, whole-day and year-ago phrases', () => {
      expect(stars11(TOMORROW_PLAN, 'What are you gonna do tomorrow?')).toBeGreaterThanOrEqual(4);
      expect(stars11(HEAVY_BAG, "My bag's as heavy as yours.")).toBeGreaterThanOrEqual(4);
      expect(stars11(ANY_ROAD, 'No matter which road you take, you will get to the station.')).toBeGreaterThanOrEqual(4);
      expect(stars11(ANY_ROAD, 'Regardless of which road you take, you will get to the station.')).toBeGreaterThanOrEqual(4);
      expect(stars11(RAINED, 'It rained the whole day.')).toBeGreaterThanOrEqual(4);
      expect(stars11(LONDON, 'We lived in London a year ago.')).toBeGreaterThanOrEqual(4);
      expect(stars11(LONDON, 'We lived in Paris a year ago.')).toBeLessThanOrEqual(2);
    });
    it('grades another question, the opposite degree, another person, another measure and another label as meaning errors', () => {
      expect(stars11(PARTY_IF, 'I do not know when she will come to the party.')).toBeLessThanOrEqual(2);
      expect(stars11(HEAVY_BOX, 'This box is heavy enough to carry.')).toBeLessThanOrEqual(2);
      expect(stars11(WORK_WHERE, 'Where do your parents work?')).toBeLessThanOrEqual(2);
      expect(stars11(AIRPORT_TIME, 'How far is it to the airport?')).toBeLessThanOrEqual(2);
      expect(stars11(ROOM_B, 'The class will be held in Room A.')).toBeLessThanOrEqual(2);
      expect(stars11(ROOM_B, 'The class will be held in Room B.')).toBe(5);
      expect(stars11(SHOW_PHOTO, 'Please show the photo to the teacher.')).toBeLessThanOrEqual(2);
    });
  });
  describe('probe sets 12 and 13 paraphrase and meaning rules (decision 050)', () => {
    const HARDER = problem('この本はあの本より難しい。', ['This book is more difficult than that one.', 'This book is harder than that one.']);
    const SWIM_IF = problem('天気が良ければ、明日泳ぎに行きます。', ['If the weather is nice, we will go swimming tomorrow.', 'We will go swimming tomorrow if the weather is nice.']);
    const SIGHT = problem('彼女はその光景に言葉を失った。', ['She was speechless at the sight.', 'She was at a loss for words at the sight.']);
    const DOCTOR = problem('あなたは医者に診てもらうべきです。', ['You should see a doctor.', 'You should go to see a doctor.']);
    const SKIP = problem('質問を一つも飛ばさないで。', ['Do not skip any questions.', 'Please do not skip any questions.']);
    const OSAKA = problem('彼はよく仕事で大阪に行きます。', ['He often goes to Osaka on business.']);
    const FUJI = problem('富士山は日本で一番高い山です。', ['Mt. Fuji is the highest mountain in Japan.', 'Mount Fuji is the highest mountain in Japan.']);
    const CALL_ONCE = problem('仕事が終わり次第、電話します。', ['I will call you as soon as I finish work.', 'I will call you once I finish work.']);
    const YOUNG = problem('彼は若いけれども、経験が豊富です。', ['Although he is young, he has a lot of experience.', 'He is young, but he has a lot of experience.']);
    const CRYING = problem('だから彼女は泣いているのです。', ['That is why she is crying.', 'That is the reason she is crying.']);
    const RAINING = problem('雨が降っていたので、家にいた。', ['I stayed home because it was raining.', 'Because it was raining, I stayed home.', 'It was raining, so I stayed home.']);
    const WAIT_HERE = problem('ここで待っていてください。', ['Please wait here.', 'Please wait for me here.']);
    const PHOTOS = problem('ここで写真を撮ってもいいですか？', ['May I take pictures here?', 'Can I take pictures here?']);
    const DINNER = problem('父は毎晩夕食を作ります。', ['My father makes dinner every evening.', 'My father cooks dinner every evening.']);
    const HELP_ME = problem('ちょっと手伝ってくれる？', ['Can you help me?', 'Could you help me?']);
    const READING_ROOM = problem('私は部屋で本を読んでいる。', ['I am reading a book in my room.', 'I am reading a book in my bedroom.']);
    const LEARN_SWIM = problem('私は泳ぎ方を習いたい。', ['I want to learn how to swim.', 'I would like to learn how to swim.']);
    const CLOSE_DOOR = problem('ドアを閉めてね。', ['Close the door.', 'Please close the door.']);
    const SHOW_ME = problem('写真を見せてくれる？', ['Can you show me the photo?', 'Could you show me the photo?']);
    const TENT = problem('テントを張るのを手伝って。', ['Help me set up the tent.', 'Please help me set up the tent.']);
    const RELY = problem('彼は私がいつも頼れる先生です。', ['He is the teacher I can always rely on.', 'He is a teacher I can always count on.']);
    const LAUGH = problem('その話は私を笑わせた。', ['The story made me laugh.']);
    const THIRSTY = problem('のどが渇いていますか？', ['Are you thirsty?', 'Do you feel thirsty?']);
    const TOO_HEAVY = problem('この箱は重すぎて運べない。', ['This box is too heavy to carry.', 'This box is so heavy that I cannot carry it.']);
    const RAIN = problem('昨日は大雨だった。', ['We had heavy rain yesterday.', 'There was heavy rain yesterday.']);
    const stars12 = (p: TBankProblem, answer: string): number => evaluator.evaluate(p, answer).rating;

    it("accepts a noun's 's before more / less or before a word and a clause's subject, and keeps the comparison checked", () => {
      expect(stars12(HARDER, "This book's more difficult than that one.")).toBeGreaterThanOrEqual(4);
      expect(stars12(HARDER, "This book's less difficult than that one.")).toBeLessThanOrEqual(2);
      expect(stars12(SWIM_IF, "If the weather's nice, we'll go swimming tomorrow.")).toBeGreaterThanOrEqual(4);
    });
    it('accepts the phrase groups (lost for words, could not say a word / anything, ought to, any of the, for business)', () => {
      expect(stars12(SIGHT, 'She was lost for words at the sight.')).toBeGreaterThanOrEqual(4);
      expect(stars12(SIGHT, "She couldn't say a word at the sight.")).toBeGreaterThanOrEqual(4);
      expect(stars12(SIGHT, "She couldn't say anything at the sight.")).toBeGreaterThanOrEqual(4);
      expect(stars12(DOCTOR, 'You ought to see a doctor.')).toBeGreaterThanOrEqual(4);
      expect(stars12(SKIP, "Don't skip any of the questions.")).toBeGreaterThanOrEqual(4);
      expect(stars12(OSAKA, 'He often goes to Osaka for business.')).toBeGreaterThanOrEqual(4);
      expect(stars12(OSAKA, 'He often goes to Osaka for fun.')).toBeLessThanOrEqual(2);
    });
    it("accepts a superlative's place said as its possessive, and keeps the superlative checked", () => {
      expect(stars12(FUJI, "Mt. Fuji is Japan's highest mountain.")).toBeGreaterThanOrEqual(4);
      expect(stars12(FUJI, "Mt. Fuji is Japan's lowest mountain.")).toBeLessThanOrEqual(2);
    });
    it('grades should against can / may, and a connector of another relation, as meaning errors', () => {
      expect(stars12(DOCTOR, 'You can see a doctor.')).toBeLessThanOrEqual(2);
      expect(stars12(DOCTOR, 'You may see a doctor.')).toBeLessThanOrEqual(2);
      expect(stars12(CALL_ONCE, 'I will call you before I finish work.')).toBeLessThanOrEqual(2);
      expect(stars12(CALL_ONCE, 'I will call you until I finish work.')).toBeLessThanOrEqual(2);
      expect(stars12(YOUNG, 'Because he is young, he has a lot of experience.')).toBeLessThanOrEqual(2);
      expect(stars12(YOUNG, 'He is young, so he has a lot of experience.')).toBeLessThanOrEqual(2);
      expect(stars12(YOUNG, 'Even though he is young, he has a lot of experience.')).toBeGreaterThanOrEqual(4);
      expect(stars12(CRYING, 'That is because she is crying.')).toBeLessThanOrEqual(2);
    });
    it('grades cause and effect trading places as a meaning error, and accepts since / as and either clause order', () => {
      expect(stars12(RAINING, 'It was raining because I stayed home.')).toBeLessThanOrEqual(2);
      expect(stars12(RAINING, 'I stayed home, so it was raining.')).toBeLessThanOrEqual(2);
      expect(stars12(RAINING, 'Since it was raining, I stayed home.')).toBeGreaterThanOrEqual(4);
      expect(stars12(RAINING, 'I stayed home since it was raining.')).toBeGreaterThanOrEqual(4);
    });
    it('grades there for here and a noun of another later sense (videos for pictures) as meaning errors', () => {
      expect(stars12(WAIT_HERE, 'Please wait there.')).toBeLessThanOrEqual(2);
      expect(stars12(PHOTOS, 'May I take videos here?')).toBeLessThanOrEqual(2);
      expect(stars12(PHOTOS, 'May I take photos here?')).toBeGreaterThanOrEqual(4);
    });
    it('grades an added noun, day or describing adjective the problem never names as a meaning error, not an intensifier', () => {
      expect(stars12(DINNER, 'My father makes dinner every Friday evening.')).toBeLessThanOrEqual(2);
      expect(stars12(DINNER, 'My dad makes dinner every evening.')).toBe(5);
      expect(stars12(DINNER, 'My father makes dinner every single evening.')).toBeGreaterThanOrEqual(3);
      expect(stars12(HELP_ME, 'Can you help me tomorrow?')).toBeLessThanOrEqual(2);
      expect(stars12(READING_ROOM, 'I am reading a book in the dining room.')).toBeLessThanOrEqual(2);
    });
    it('grades a left-out want to, and the speaker doing what the listener is asked to do, as meaning errors', () => {
      expect(stars12(LEARN_SWIM, 'I learn how to swim.')).toBeLessThanOrEqual(2);
      expect(stars12(CLOSE_DOOR, "I'll close the door.")).toBeLessThanOrEqual(2);
      expect(stars12(SHOW_ME, "I'll show you the photo.")).toBeLessThanOrEqual(2);
    });
    it('grades fix for set up (the phrasal verb\'s particle left out) and the speaker in the other case as meaning errors; a case slip stays a slip', () => {
      expect(stars12(TENT, 'Help me fix the tent.')).toBeLessThanOrEqual(2);
      expect(stars12(TENT, 'Help me put up the tent.')).toBeGreaterThanOrEqual(4);
      expect(stars12(RELY, 'He is the teacher who can always rely on me.')).toBeLessThanOrEqual(2);
      expect(stars12(LAUGH, 'The story made I laugh.')).toBeGreaterThanOrEqual(3);
    });
    it('grades hungry for thirsty and a predicative adjective of another attribute as meaning errors; big rain stays a word choice', () => {
      expect(stars12(THIRSTY, 'Are you hungry?')).toBeLessThanOrEqual(2);
      expect(stars12(TOO_HEAVY, 'This box is too big to carry.')).toBeLessThanOrEqual(2);
      named(evaluator, RAIN, 'We had big rain yesterday.', 'word-choice');
    });
    const BACK_SOON = problem('母が帰ってくるまでに、部屋を掃除しておきます。', ['I will have cleaned my room by the time my mother comes back.', 'I will have cleaned my room by the time my mother gets back.']);
    const KYOTO = problem('京都は多くの学生が訪れる町です。', ['Kyoto is a city that many students visit.', 'Kyoto is a city many students visit.']);
    const MAP = problem('この地図の読み方がわかりません。', ['I do not understand how to read this map.', 'I do not know how to read this map.']);
    const ROPE = problem('ロープにつかまって。', ['Hold on to the rope.', 'Hold onto the rope.']);
    const CAKE = problem('このケーキは姉によって焼かれました。', ['This cake was baked by my sister.', 'My sister baked this cake.']);
    const EARLY_BED = problem('彼女はとても疲れていたので、早く寝た。', ['She was so tired that she went to bed early.', 'She was so tired she went to bed early.']);
    const SHELF = problem('読み終わったら、棚に戻してね。', ['When you are done, put it back on the shelf.', 'When you are finished, put it back on the shelf.']);
    const SLEEP_EARLIER = problem('あなたはもっと早く寝るべきだと思う。', ['I think you should go to bed earlier.', 'You should go to bed earlier.']);
    const INTERESTED = problem('多くの人がその映画に興味を持っています。', ['Many people are interested in the movie.', 'A lot of people are interested in the movie.']);
    const PLAY_PARK = problem('私たちはよく公園で遊びます。', ['We often play in the park.']);
    const THIS_DESK = problem('この机はとても古い。', ['This desk is very old.']);
    it('accepts be back, come to for visit, don\'t get, hang on to, so + adjective without that, and have finished for be finished', () => {
      expect(stars12(BACK_SOON, "I'll have cleaned my room by the time my mother's back.")).toBeGreaterThanOrEqual(4);
      expect(stars12(KYOTO, 'Kyoto is a city that many students come to.')).toBeGreaterThanOrEqual(4);
      expect(stars12(MAP, "I don't get how to read this map.")).toBeGreaterThanOrEqual(4);
      expect(stars12(ROPE, 'Hang on to the rope.')).toBeGreaterThanOrEqual(4);
      expect(stars12(EARLY_BED, 'She went to bed early because she was so tired.')).toBeGreaterThanOrEqual(4);
      expect(stars12(SHELF, "When you've finished, put it back on the shelf.")).toBeGreaterThanOrEqual(4);
    });
    it('grades an added want to / hope to, for for the passive\'s by, another subject and an added verb as meaning errors', () => {
      expect(stars12(KYOTO, 'Kyoto is a city many students want to visit.')).toBeLessThanOrEqual(2);
      expect(stars12(CAKE, 'This cake was baked for my sister.')).toBeLessThanOrEqual(2);
      named(evaluator, CAKE, 'This cake was baked from my sister.', 'preposition');
      expect(stars12(SLEEP_EARLIER, 'I should go to bed earlier.')).toBeLessThanOrEqual(2);
      expect(stars12(INTERESTED, 'Many people have lost interest in the movie.')).toBeLessThanOrEqual(2);
      expect(stars12(PLAY_PARK, 'We often play and sing in the park.')).toBeLessThanOrEqual(2);
      expect(stars12(PLAY_PARK, 'We often play in the park, I guess.')).toBeGreaterThanOrEqual(3);
      expect(stars12(THIS_DESK, 'That desk is very old.')).toBeLessThanOrEqual(2);
    });
  });
  describe('probe sets 10-11 slip rules (decision 043)', () => {
    const stars = (p: TBankProblem, answer: string): number => evaluator.evaluate(p, answer).rating;
    const MEDICINE = problem('頭痛薬を飲んだ。', ['I took some headache medicine.', 'I took a headache pill.']);
    const VASE = problem('誰が花瓶を割ったの？', ['Who broke the vase?', 'Who smashed the vase?']);
    const WISH = problem('彼の願いがかなった。', ['His wish came true.']);
    const COOK = problem('料理の仕方を覚えるのは簡単だった。', ['It was easy to learn how to cook.', 'Learning how to cook was easy.']);
    const WAY = problem('駅への道を教えてください。', ['Please tell me the way to the station.', 'Could you tell me the way to the station?']);
    const TRUST = problem('私は彼を信頼している。', ['I trust him.', 'I rely on him.']);
    const EMAIL = problem('あなたのメールを読みました。', ['I read your email.', 'I have read your email.']);
    const MAGAZINE = problem('多くの学生がこの雑誌を読む。', ['Many students read this magazine.', 'This magazine is read by many students.']);
    const TIME_NOW = problem('今は時間がありません。', ["I don't have time now.", 'I have no time now.']);
    const MOVIE_TEARS = problem('その映画で私は涙が出た。', ['The movie brought tears to my eyes.']);
    const LET_HOME = problem('あなたを家に帰らせてあげよう。', ['I will let you go home.']);
    const UNDECIDED = problem('コンサートがいつ始まるかはまだ発表されていない。', ['When the concert will start has not been announced yet.', 'It has not been announced yet when the concert will start.']);
    const HELP_THANKS = problem('手伝ってくれてありがとう。', ['Thank you for helping me.', 'Thank you for your help.']);
    const TONIGHT = problem('今夜は何を食べるつもりですか。', ['What are you going to eat tonight?', 'What are you eating tonight?']);
    const PEN = problem('このペンはあなたのですか。', ['Is this pen yours?']);
    const BEST = problem('ベストを尽くしなさい。', ['Do your best.', 'Try your best.']);
    const HOT_DAY = problem('とても暑い日だったので家にいた。', ['It was such a hot day that we stayed home.', 'It was so hot that we stayed home.']);
    const HOT_SOUP = problem('スープはとても熱くて飲めなかった。', ['The soup was so hot that I could not eat it.']);
    const STATION = problem('駅は公園と学校の間にある。', ['The station is between the park and the school.']);
    const HARD = problem('彼は毎日一生懸命働く。', ['He works hard every day.']);
    const WONDER = problem('彼女が明日来るかしら。', ['I wonder if she will come tomorrow.']);
    const KEYS = problem('鍵が見つからない。', ["I can't find my keys.", 'I cannot find my keys.']);

    it('names a Japanese-verb word choice (drink medicine, crash, become true, remember for learn) a word choice, not another meaning', () => {
      named(evaluator, MEDICINE, 'I drank some headache medicine.', 'word-choice');
      named(evaluator, VASE, 'Who crashed the vase?', 'word-choice');
      named(evaluator, WISH, 'His wish became true.', 'word-choice');
      named(evaluator, COOK, 'It was easy to remember how to cook.', 'word-choice');
      expect(stars(VASE, 'Who bought the vase?')).toBeLessThanOrEqual(2);
    });
    it('names say + person for tell and believe for trust a word choice, not a synonym (5 stars)', () => {
      named(evaluator, WAY, 'Please say me the way to the station.', 'word-choice');
      named(evaluator, TRUST, 'I believe him.', 'word-choice');
      expect(stars(TRUST, 'I believe in him.')).toBeGreaterThanOrEqual(4);
    });
    it('names a katakana-English noun (mail for email) a word choice, not a typo', () => {
      named(evaluator, EMAIL, 'I read your mail.', 'word-choice');
    });
    it('names -s after a plural subject agreement where the answer\'s verb reads as a past too', () => {
      named(evaluator, MAGAZINE, 'Many students reads this magazine.', 'agreement');
    });
    it('reads a word right after main have or a past verb as a noun: its -s is the plural', () => {
      named(evaluator, TIME_NOW, "I don't have times now.", 'plural');
      named(evaluator, MOVIE_TEARS, 'The movie brought tear to my eyes.', 'plural');
    });
    it('names a past after let + it / you verb-form, and have for has after a clause subject subject-verb', () => {
      named(evaluator, LET_HOME, 'I will let you went home.', 'verb-form');
      named(evaluator, UNDECIDED, 'When the concert will start have not been announced yet.', 'subject-verb');
    });
    it('names the form of the word another reading leaves out (for help me, going to eating)', () => {
      named(evaluator, HELP_THANKS, 'Thank you for help me.', 'verb-form');
      named(evaluator, TONIGHT, 'What are you going to eating tonight?', 'verb-form');
    });
    it('names typos spelling: a function word in a gap (yous), a content word one letter away keeps the content', () => {
      named(evaluator, PEN, 'Is this pen yous?', 'spelling');
      named(evaluator, BEST, 'Do your bast.', 'spelling');
    });
    it('names so / such / very in a so-that clause, and or after between, one word choice', () => {
      named(evaluator, HOT_DAY, 'It was so a hot day that we stayed home.', 'word-choice');
      named(evaluator, HOT_SOUP, 'The soup was very hot that I could not eat it.', 'word-choice');
      named(evaluator, STATION, 'The station is between the park or the school.', 'word-choice');
    });
    it('names hardly for hard a word choice, not a negation', () => {
      named(evaluator, HARD, 'He works hardly every day.', 'word-choice');
    });
    it('names a present for will in an if-clause after another clause\'s auxiliary a tense slip', () => {
      named(evaluator, WONDER, 'I wonder if she comes tomorrow.', 'tense');
    });
    it('names have + -ing a missing been, not the -ing\'s form, where a path has the simple perfect too', () => {
      const SNOWING = problem('朝から雪が降っている。', ['It has been snowing since this morning.', 'It has snowed since this morning.']);
      named(evaluator, SNOWING, 'It has snowing since this morning.', 'missing-word');
    });
    it('names an added particle that makes another phrasal verb (find out) a word choice at the same stars', () => {
      named(evaluator, KEYS, "I can't find out my keys.", 'word-choice');
    });
  });
  describe('probe sets 12-13 slip rules (decision 049)', () => {
    const LIGHT = problem('電気を消してください。', ['Please turn off the light.', 'Please switch off the light.', 'Turn off the light, please.']);
    const WATCH = problem('この時計はとても高い。', ['This watch is very expensive.', 'This watch is really expensive.']);
    const PUPPY = problem('彼は子犬を抱いた。', ['He held the puppy.', 'He held the puppy in his arms.']);
    const PUPPY_SEEN = problem('彼は子犬を見た。', ['He saw the puppy.', 'He saw a puppy.']);
    const TEN = problem('昨夜は十時に寝た。', ['I went to bed at ten last night.', 'I went to sleep at ten last night.']);
    const NOBODY = problem('誰も電話に出なかった。', ['Nobody answered the phone.', 'No one answered the phone.', 'Nobody picked up the phone.']);
    const RADIO = problem('彼女はラジオを聞いていた。', ['She was listening to the radio.', 'She listened to the radio.']);
    const SING = problem('彼が歌うのが聞こえた。', ['I heard him sing.', 'I heard him singing.']);
    const WINDOW = problem('先生は私に窓を閉めるように頼んだ。', ['The teacher asked me to close the window.', 'The teacher asked me to shut the window.']);
    const FRENCH = problem('彼女はフランス語を話せる。', ['She can speak French.', 'She is able to speak French.']);
    const WORDS = problem('新しい単語をたくさん覚えた。', ['I learned a lot of new words.', 'I learned many new words.']);
    const TEACHER = problem('そのことについて先生と相談した。', ['I talked to my teacher about it.', 'I consulted my teacher about it.']);
    const READY = problem('準備ができたら知らせます。', ['I will let you know when I am ready.', 'I will tell you when I am ready.']);
    const HANDOUT = problem('プリントを持ってきてください。', ['Please bring the handout.', 'Please bring the handouts.']);
    const BED = problem('もう寝たほうがいい。', ['You had better go to bed now.', 'You should go to bed now.']);
    const MEETING = problem('君は昨日の会議に来るべきだった。', ['You should have come to the meeting yesterday.']);
    const LIVES = problem('彼女はどこに住んでいると思いますか。', ['Where do you think she lives?']);
    const PEEK = problem('ちょっと見せて。', ['Let me have a look.', 'Let me take a look.']);
    it('names two translations of one Japanese word of the sentence a word choice, a phrase with its leftover words', () => {
      named(evaluator, WATCH, 'This watch is very high.', 'word-choice');
      named(evaluator, PUPPY, 'He hugged the puppy.', 'word-choice');
      named(evaluator, LIGHT, 'Please erase the light.', 'word-choice');
      named(evaluator, TEN, 'I slept at ten last night.', 'word-choice');
      named(evaluator, NOBODY, 'Nobody went out the phone.', 'word-choice');
    });
    it('keeps another word a meaning error where the Japanese sentence has no word it translates', () => {
      expect(evaluator.evaluate(PUPPY_SEEN, 'He hugged the puppy.').rating).toBeLessThanOrEqual(2);
      expect(evaluator.evaluate(WATCH, 'This watch is very cheap.').rating).toBeLessThanOrEqual(2);
    });
    it('names a confused verb with the preposition it brings or leaves one word choice', () => {
      named(evaluator, RADIO, 'She was hearing the radio.', 'word-choice');
      named(evaluator, SING, 'I listened to him sing.', 'word-choice');
    });
    it('names say + person, talk + a language, remember for learn, say for talk and teach for tell word choices', () => {
      named(evaluator, WINDOW, 'The teacher said me to close the window.', 'word-choice');
      named(evaluator, FRENCH, 'She can talk French.', 'word-choice');
      named(evaluator, WORDS, 'I remembered a lot of new words.', 'word-choice');
      named(evaluator, TEACHER, 'I said to my teacher about it.', 'word-choice');
      named(evaluator, READY, 'I will teach you when I am ready.', 'word-choice');
      named(evaluator, PEEK, 'Let me have a see.', 'word-choice');
    });
    it('names a katakana print for handout a word choice', () => {
      named(evaluator, HANDOUT, 'Please bring the print.', 'word-choice');
    });
    it('names going after had better verb-form, should + base for should have tense', () => {
      named(evaluator, BED, 'You had better going to bed now.', 'verb-form');
      named(evaluator, MEETING, 'You should come to the meeting yesterday.', 'tense');
    });
    it('names do-support after "do you think" in a wh-question word order', () => {
      named(evaluator, LIVES, 'Where do you think does she live?', 'word-order');
    });
    it('names ride for take, put for set (no place after it) and make for take (not a typo) word choices', () => {
      const TAXI = problem('タクシーで空港へ向かった。', ['I took a taxi to the airport.', 'I went to the airport by taxi.']);
      const TIMER = problem('タイマーを3分にセットした。', ['I set the timer for three minutes.', 'I set the timer to three minutes.']);
      const PHOTO = problem('写真を撮ってもいいですか。', ['May I take a picture?', 'Can I take a photo?']);
      named(evaluator, TAXI, 'I rode a taxi to the airport.', 'word-choice');
      named(evaluator, TIMER, 'I put the timer for three minutes.', 'word-choice');
      named(evaluator, PHOTO, 'May I make a picture?', 'word-choice');
    });
    it('names a word left apart from the answer\'s at one place one word choice (ago / before, other / another), a passive be with its phrase', () => {
      const BOOK = problem('私はその本を以前に読んだことがあった。', ['I had read the book before.', 'I had read that book before.']);
      const CUP = problem('もう一杯コーヒーをください。', ['Please give me another cup of coffee.', 'Can I have another cup of coffee?']);
      const DARK = problem('突然明かりが消えた。', ['Suddenly the light went out.', 'The light suddenly went out.']);
      named(evaluator, BOOK, 'I had read the book ago.', 'word-choice');
      named(evaluator, CUP, 'Please give me other cup of coffee.', 'word-choice');
      named(evaluator, DARK, 'Suddenly the light was erased.', 'word-choice');
    });
    it('names relative pronouns: which for who a word choice, that + participle a missing be, what after the one a word choice', () => {
      const WOMAN = problem('私が昨日話した女性は医者です。', ['The woman I talked to yesterday is a doctor.', 'The woman who I talked to yesterday is a doctor.']);
      const HOUSE = problem('これは去年建てられた家です。', ['This is the house built last year.', 'This is the house that was built last year.']);
      const WANT = problem('欲しいのを取って。', ['Take the one you want.', 'Take whichever one you want.']);
      named(evaluator, WOMAN, 'The woman which I talked to yesterday is a doctor.', 'word-choice');
      named(evaluator, HOUSE, 'This is the house that built last year.', 'missing-word');
      named(evaluator, WANT, 'Take the one what you want.', 'word-choice');
    });
    it('names both ... or a word choice and an -s right after a plural noun agreement', () => {
      const BOTH = problem('彼は数学と理科の両方が得意だ。', ['He is good at both math and science.']);
      const DICTIONARY = problem('これは多くの学生が使う辞書です。', ['This is a dictionary that many students use.', 'This is a dictionary many students use.']);
      named(evaluator, BOTH, 'He is good at both math or science.', 'word-choice');
      named(evaluator, DICTIONARY, 'This is a dictionary that many students uses.', 'agreement');
    });
    it('names a wh-question without do missing-word, a perception verb + person + to an extra word, do-support in an embedded how-question word order', () => {
      const WORK = problem('どこで働いていますか。', ['Where do you work?']);
      const SING_SAW = problem('彼女が歌うのを見た。', ['I saw her sing.', 'I saw her singing.']);
      const CRY = problem('誰かが泣くのが聞こえた。', ['I heard someone cry.', 'I heard someone crying.']);
      const APP = problem('このアプリがどう動くのか知りたい。', ['I want to know how this app works.']);
      named(evaluator, WORK, 'Where you work?', 'missing-word');
      named(evaluator, SING_SAW, 'I saw her to sing.', 'extra-word');
      named(evaluator, CRY, 'I heard someone to cry.', 'extra-word');
      named(evaluator, APP, 'I want to know how does this app work.', 'word-order');
    });
    it('names go to + -ing an extra word, more + plain word a word choice, he / she + base agreement over a missing modal', () => {
      const SHOPPING = problem('週末はよく買い物に行きます。', ['I often go shopping on weekends.', 'I often go shopping at the weekend.']);
      const EARLIER = problem('明日はもっと早く来てください。', ['Please come earlier tomorrow.', 'Please come a little earlier tomorrow.']);
      const PIANO = problem('彼女はピアノを弾けます。', ['She can play the piano.', 'She plays the piano.']);
      named(evaluator, SHOPPING, 'I often go to shopping on weekends.', 'extra-word');
      named(evaluator, EARLIER, 'Please come more early tomorrow.', 'word-choice');
      named(evaluator, PIANO, 'She play the piano.', 'agreement');
    });
    it('names a plural subject + who + -s agreement where another answer has a singular subject with the -s', () => {
      const COUPON = problem('製品を買ったお客様には割引券を差し上げます。', ['Customers who buy our products will get a coupon.', 'Any customer who buys our products will get a coupon.']);
      named(evaluator, COUPON, 'Customers who buys our products will get a coupon.', 'agreement');
    });
    it('names the spell for the spelling a word choice, on for in before the same place a preposition, I + adjective a missing be', () => {
      const SPELLING = problem('この単語のつづりを教えてください。', ['Please tell me the spelling of this word.', 'Please tell me how to spell this word.']);
      const PLACE = problem('それを元の場所に戻して。', ['Put it back in its place.', 'Put it back where it was.']);
      const COMING = problem('きっと彼は来るよ。', ["I'm sure he will come.", 'He will come, I am sure.', 'He will come.']);
      named(evaluator, SPELLING, 'Please tell me the spell of this word.', 'word-choice');
      named(evaluator, PLACE, 'Put it back on its place.', 'preposition');
      named(evaluator, COMING, 'I sure he will come.', 'missing-word');
    });
  });

  describe('one-slip answers round on sets 10-11 (decision 058)', () => {
    const stars58 = (p: TBankProblem, answer: string): number => evaluator.evaluate(p, answer).rating;
    it('names an added be before a past participle an extra word, not was for had', () => {
      const LONGER = problem('思っていたより時間がかかった。', ['It took longer than I thought.', 'It took longer than I had thought.']);
      named(evaluator, LONGER, 'It took longer than I was thought.', 'extra-word');
      expect(stars58(LONGER, 'It took less time than I thought.')).toBeLessThanOrEqual(2);
    });
    it('names say / tell / speak before an opinion a word choice, paired with give / share or where the verb may be left out', () => {
      const VIEWS = problem('率直な意見をありがとう。', ['Thanks for sharing your honest views.', 'Thanks for your honest views.']);
      const MEETING = problem('会議で彼女は自分の意見を述べた。', ['She gave her opinion at the meeting.', 'She expressed her opinion at the meeting.']);
      named(evaluator, VIEWS, 'Thanks for saying your honest views.', 'word-choice');
      expect(stars58(VIEWS, 'Thanks for hiding your honest views.')).toBeLessThanOrEqual(2);
      named(evaluator, MEETING, 'She said her opinion at the meeting.', 'word-choice');
      named(evaluator, MEETING, 'She told her opinion at the meeting.', 'word-choice');
      expect(stars58(MEETING, 'She changed her opinion at the meeting.')).toBeLessThanOrEqual(2);
    });
    it("grades a permission question's modal left out, with the verb in the past, as a report: a meaning error", () => {
      const BORROW = problem('このペンを借りてもいいですか。', ['May I borrow this pen?', 'Can I borrow this pen?']);
      expect(stars58(BORROW, 'I borrowed this pen.')).toBeLessThanOrEqual(2);
      named(evaluator, BORROW, 'I borrow this pen?', 'missing-word');
      named(evaluator, BORROW, 'Can I borrowed this pen?', 'verb-form');
      const TENNIS = problem('あなたはテニスをしますか。', ['Do you play tennis?', 'Do you ever play tennis?']);
      expect(stars58(TENNIS, 'You played tennis.')).toBeLessThanOrEqual(2);
      named(evaluator, TENNIS, 'You play tennis?', 'missing-word');
    });
    it("names most + plain adjective for the answer's -est superlative one word choice", () => {
      const HIGHEST = problem('日本で一番高い山は何ですか。', ['What is the highest mountain in Japan?', 'Which is the highest mountain in Japan?']);
      named(evaluator, HIGHEST, 'What is the most high mountain in Japan?', 'word-choice');
      expect(evaluator.evaluate(HIGHEST, 'What is the most high mountain in Japan?').errors).toHaveLength(1);
      expect(stars58(HIGHEST, 'What is the lowest mountain in Japan?')).toBeLessThanOrEqual(2);
      expect(stars58(HIGHEST, 'What is the most low mountain in Japan?')).toBeLessThanOrEqual(2);
    });
    it('names -ing for to + base, its to left out, one verb form; after remember / stop it is not folded', () => {
      const SWIM = problem('彼にとって泳ぐのは簡単だ。', ['It is easy for him to swim.', 'Swimming is easy for him.']);
      const LETTER = problem('手紙を出すのを忘れないで。', ["Don't forget to mail the letter.", 'Remember to mail the letter.']);
      named(evaluator, SWIM, 'It is easy for him swimming.', 'verb-form');
      expect(evaluator.evaluate(SWIM, 'It is easy for him swimming.').errors).toHaveLength(1);
      expect(stars58(SWIM, 'It is hard for him to swim.')).toBeLessThanOrEqual(2);
      expect(evaluator.evaluate(LETTER, 'Remember mailing the letter.').errors.length).toBeGreaterThanOrEqual(2);
    });
    it("names a compound noun's head with an -s after a / the a plural slip, not agreement", () => {
      const CARD = problem('彼に誕生日カードを送った。', ['I sent him a birthday card.', 'I sent a birthday card to him.']);
      named(evaluator, CARD, 'I sent him a birthday cards.', 'plural');
      expect(stars58(CARD, 'I sent him a Christmas card.')).toBeLessThanOrEqual(2);
      const TEACHER = problem('その先生は英語を教えている。', ['The teacher teaches English.']);
      named(evaluator, TEACHER, 'The teacher teach English.', 'agreement');
      const SHOP = problem('その店は何時に開きますか。', ['What time does the shop open?']);
      named(evaluator, SHOP, 'What time does the shop opens?', 'verb-form');
    });
    it('names a noun of the same family one suffix from the adjective a word choice, not a spelling slip', () => {
      const DIFFICULT = problem('この問題はとても難しい。', ['This problem is very difficult.', 'This question is very difficult.']);
      named(evaluator, DIFFICULT, 'This problem is very difficulty.', 'word-choice');
      expect(stars58(DIFFICULT, 'This problem is very easy.')).toBeLessThanOrEqual(2);
    });
    it('accepts locate for find, all right for okay, the way to for how to get to, had no idea for never dreamed', () => {
      const KEYS = problem('車の鍵が見つからない。', ["I can't find my car keys.", 'I cannot find my car keys.']);
      const SIT = problem('ここに座ってもいいですか。', ['Is it okay if I sit here?', 'May I sit here?']);
      const MUSEUM = problem('博物館への行き方を教えてください。', ['Please tell me how to get to the museum.']);
      const WIN = problem('彼女が勝つとは夢にも思わなかった。', ['I never dreamed that she would win.']);
      expect(stars58(KEYS, "I can't locate my car keys.")).toBeGreaterThanOrEqual(4);
      expect(stars58(KEYS, "I can't locate my house keys.")).toBeLessThanOrEqual(2);
      expect(stars58(SIT, 'Is it all right if I sit here?')).toBeGreaterThanOrEqual(4);
      expect(stars58(SIT, 'Is it all right if I smoke here?')).toBeLessThanOrEqual(2);
      expect(stars58(MUSEUM, 'Please tell me the way to the museum.')).toBeGreaterThanOrEqual(4);
      expect(stars58(MUSEUM, 'Please tell me the way to the hospital.')).toBeLessThanOrEqual(2);
      expect(stars58(WIN, 'I had no idea that she would win.')).toBeGreaterThanOrEqual(4);
      expect(stars58(WIN, 'I had no idea that she would lose.')).toBeLessThanOrEqual(2);
    });
  });

  describe('general paraphrase mechanisms (decision 052)', () => {
    const CHEAPER = problem('この車はあの車より安い。', ['This car is cheaper than that car.', 'This car is less expensive than that car.']);
    const SHORTER = problem('ケンはトムより背が低い。', ['Ken is shorter than Tom.']);
    const NOT_AS_OLD = problem('私の家は彼の家ほど古くない。', ['My house is not as old as his house.']);
    const RAINY = problem('雨が降っているので傘を持って行きなさい。', ["It's raining, so take an umbrella.", 'Take an umbrella because it is raining.']);
    const WORKED = problem('一日中働いたので、彼はとても疲れていた。', ['He was very tired because he had worked all day.', 'Because he had worked all day, he was very tired.']);
    const LEAVE_NOW = problem('もう出発する時間です。', ["It's time to leave now.", 'It is time to go now.']);
    const ILL = problem('彼女はその知らせを知らなかった。', ['She did not know about the news.']);
    const STATION = problem('駅に着いたら電話して。', ['Call me when you get home.']);
    const stars = (p: TBankProblem, answer: string): number => evaluator.evaluate(p, answer).rating;

    it('accepts a comparison turned round with the opposite comparative, and keeps the other comparisons meaning errors', () => {
      expect(stars(CHEAPER, 'That car is more expensive than this car.')).toBeGreaterThanOrEqual(4);
      expect(stars(SHORTER, 'Tom is taller than Ken.')).toBeGreaterThanOrEqual(4);
      expect(stars(SHORTER, 'Tom is taller than him.')).toBeLessThanOrEqual(3);
      expect(stars(NOT_AS_OLD, 'His house is older than my house.')).toBeGreaterThanOrEqual(4);
      // The same sides with the opposite comparative, or the sides swapped with the same one.
      expect(stars(CHEAPER, 'This car is more expensive than that car.')).toBeLessThanOrEqual(2);
      expect(stars(CHEAPER, 'That car is cheaper than this car.')).toBeLessThanOrEqual(2);
      expect(stars(SHORTER, 'Ken is taller than Tom.')).toBeLessThanOrEqual(2);
      expect(stars(SHORTER, 'Tom is shorter than Ken.')).toBeLessThanOrEqual(2);
      expect(stars(NOT_AS_OLD, 'My house is older than his house.')).toBeLessThanOrEqual(2);
    });
    it('accepts cause and result with another connector or a participle clause, and keeps a changed cause a meaning error', () => {
      expect(stars(RAINY, "Since it's raining, take an umbrella.")).toBeGreaterThanOrEqual(4);
      expect(stars(RAINY, "As it's raining, take an umbrella.")).toBeGreaterThanOrEqual(4);
      expect(stars(RAINY, "Since it's sunny, take an umbrella.")).toBeLessThanOrEqual(2);
      expect(stars(WORKED, 'Having worked all day, he was very tired.')).toBeGreaterThanOrEqual(4);
      expect(stars(WORKED, 'Having worked all day, she was very tired.')).toBeLessThanOrEqual(2);
      expect(stars(WORKED, 'Having worked all day, he was very happy.')).toBeLessThanOrEqual(2);
    });
    it("accepts it's time + a subject and the past, and not another verb", () => {
      expect(stars(LEAVE_NOW, "It's time we left now.")).toBeGreaterThanOrEqual(4);
      expect(stars(LEAVE_NOW, "It's time you left now.")).toBeGreaterThanOrEqual(4);
      expect(stars(LEAVE_NOW, "It's time we stayed now.")).toBeLessThanOrEqual(2);
    });
    it('accepts the idiom groups (had no idea, got home) and keeps their opposites meaning errors', () => {
      expect(stars(ILL, 'She had no idea about the news.')).toBeGreaterThanOrEqual(4);
      expect(stars(ILL, 'She knew about the news.')).toBeLessThanOrEqual(2);
      expect(stars(STATION, 'Call me when you arrive home.')).toBeGreaterThanOrEqual(4);
      expect(stars(STATION, 'Call me when you leave home.')).toBeLessThanOrEqual(2);
    });
  });

  describe('probe set 16 rules (decision 063)', () => {
    const stars16 = (p: TBankProblem, answer: string): number => evaluator.evaluate(p, answer).rating;
    it("reads a phone-typed its, a determiner's noun with its 's left out, heres, and one's / father's before my or away as is", () => {
      const RAIN = problem('雨が降り始めている。', ["It's starting to rain."]);
      const TRAIN = problem('電車が来ます。', ['A train is coming.']);
      const BULB = problem('この電球は壊れている。', ['This bulb is broken.']);
      const UMBRELLA = problem('これは私の傘です。', ['This is my umbrella.', 'This umbrella is mine.']);
      const AWAY = problem('父は出張中です。', ['My father is away on a business trip.', 'My father is on a business trip.']);
      expect(stars16(RAIN, 'its starting to rain')).toBeGreaterThanOrEqual(4);
      expect(stars16(RAIN, 'its starting to snow')).toBeLessThanOrEqual(2);
      expect(stars16(TRAIN, 'a trains coming')).toBeGreaterThanOrEqual(4);
      expect(stars16(TRAIN, 'a trains leaving')).toBeLessThanOrEqual(2);
      expect(stars16(BULB, 'this bulbs broken')).toBeGreaterThanOrEqual(4);
      expect(stars16(BULB, 'this bulbs not broken')).toBeLessThanOrEqual(2);
      expect(stars16(UMBRELLA, "This one's my umbrella.")).toBeGreaterThanOrEqual(4);
      expect(stars16(UMBRELLA, "This one's your umbrella.")).toBeLessThanOrEqual(2);
      expect(stars16(AWAY, "My father's away on business.")).toBeGreaterThanOrEqual(4);
      expect(stars16(AWAY, "My mother's away on business.")).toBeLessThanOrEqual(2);
      // A possessive its, a singular noun in -s and a real plural stay as they are.
      expect(normalizeAnswer('i like its color')).toBe('i like its color');
      expect(normalizeAnswer('this news is good')).toBe('this news is good');
      expect(normalizeAnswer('the dogs are barking')).toBe('the dogs are barking');
      expect(normalizeAnswer('heres your tea')).toBe('here is your tea');
    });
    it('accepts the new phrase groups, and keeps another action, thing, person or time a meaning error', () => {
      const REPORT = problem('報告書を確認していて誤りを見つけた。', ['While checking the report, I found a mistake.']);
      const SHOES = problem('その靴は返品できます。', ['You can return the shoes.']);
      const FATHER = problem('私は父を手伝った。', ['I helped my father.']);
      const WINTER = problem('一般的に言えば、冬は寒い。', ['Generally speaking, winter is cold.']);
      const DONE = problem('彼がそんなことをしたはずがない。', ['He cannot have done such a thing.']);
      const FAMILY = problem('家族より大切なものはない。', ['Nothing is more important than family.']);
      const COLLEAGUES = problem('今夜、同僚を家に招いて夕食を食べます。', ["I'm having some colleagues over for dinner tonight."]);
      const WAIT = problem('少し待ってもらえますか。', ['Could you wait for a minute?']);
      const READ_ON = problem('昨日の続きから始めましょう。', ["Let's continue from where we left off yesterday."]);
      const CALLS = problem('父は出張中でも電話をくれる。', ['My father calls me even when he is on a business trip.']);
      const BUY = problem('予算内に収まるなら買います。', ['I will buy it if it stays within budget.']);
      const PLAN = problem('彼はその計画に反対した。', ['He opposed the plan.']);
      const WEEK = problem('また来週ね。', ['See you next week.']);
      const COLD = problem('今日はとても寒い。', ['It is very cold today.']);
      const COME = problem('彼は来週会いに来ると言った。', ['He said he would come to see me next week.']);
      const PACKAGE = problem('荷物はまだ届いていなかった。', ['The package had not arrived yet.']);
      const BEST = problem('彼らは私の親友です。', ['They are my best friends.']);
      const NIGHT = problem('彼は一晩中働いた。', ['He worked all night.']);
      const BOOK = problem('この本を読むのは難しい。', ['It is difficult to read this book.']);
      expect(stars16(REPORT, 'While looking over the report, I found a mistake.')).toBeGreaterThanOrEqual(4);
      expect(stars16(REPORT, 'While writing the report, I found a mistake.')).toBeLessThanOrEqual(2);
      expect(stars16(SHOES, 'You can send back the shoes.')).toBeGreaterThanOrEqual(4);
      expect(stars16(SHOES, 'You can send back the bags.')).toBeLessThanOrEqual(2);
      expect(stars16(FATHER, 'I gave my father a hand.')).toBeGreaterThanOrEqual(4);
      expect(stars16(FATHER, 'I gave my brother a hand.')).toBeLessThanOrEqual(2);
      expect(stars16(WINTER, 'On the whole, winter is cold.')).toBeGreaterThanOrEqual(4);
      expect(stars16(WINTER, 'On the whole, winter is warm.')).toBeLessThanOrEqual(2);
      expect(stars16(DONE, 'He cannot have done that kind of thing.')).toBeGreaterThanOrEqual(4);
      expect(stars16(DONE, 'He must have done that kind of thing.')).toBeLessThanOrEqual(2);
      expect(stars16(FAMILY, 'Nothing matters more than family.')).toBeGreaterThanOrEqual(4);
      expect(stars16(FAMILY, 'Nothing matters more than money.')).toBeLessThanOrEqual(2);
      expect(stars16(COLLEAGUES, "I'm having some colleagues round for dinner tonight.")).toBeGreaterThanOrEqual(4);
      expect(stars16(COLLEAGUES, "I'm having some colleagues round for lunch tonight.")).toBeLessThanOrEqual(2);
      expect(stars16(WAIT, 'Could you wait for a sec?')).toBeGreaterThanOrEqual(4);
      expect(stars16(WAIT, 'Could you wait for an hour?')).toBeLessThanOrEqual(2);
      expect(stars16(READ_ON, "Let's carry on from where we left off yesterday.")).toBeGreaterThanOrEqual(4);
      expect(stars16(READ_ON, "Let's continue from where we stopped yesterday.")).toBeGreaterThanOrEqual(4);
      expect(stars16(READ_ON, "Let's carry on from where we left off last week.")).toBeLessThanOrEqual(2);
      expect(stars16(CALLS, 'My father calls me even when he is traveling for work.')).toBeGreaterThanOrEqual(4);
      expect(stars16(CALLS, 'My father never calls me when he is traveling for work.')).toBeLessThanOrEqual(2);
      expect(stars16(BUY, "I will buy it if it doesn't go over budget.")).toBeGreaterThanOrEqual(4);
      expect(stars16(BUY, 'I will buy it if it goes over budget.')).toBeLessThanOrEqual(2);
      expect(stars16(PLAN, 'He objected to the plan.')).toBeGreaterThanOrEqual(4);
      expect(stars16(PLAN, 'He agreed to the plan.')).toBeLessThanOrEqual(2);
      expect(stars16(WEEK, 'see ya next week')).toBeGreaterThanOrEqual(4);
      expect(stars16(WEEK, 'see ya next month')).toBeLessThanOrEqual(2);
      expect(stars16(COLD, "It's freezing today.")).toBeGreaterThanOrEqual(4);
      expect(stars16(COLD, 'It is very hot today.')).toBeLessThanOrEqual(2);
      expect(stars16(COME, 'He said he would come and visit me next week.')).toBeGreaterThanOrEqual(4);
      expect(stars16(COME, 'He said he would come and visit me next year.')).toBeLessThanOrEqual(2);
      expect(stars16(PACKAGE, "The package hadn't come yet.")).toBeGreaterThanOrEqual(4);
      expect(stars16(PACKAGE, 'The package had already come.')).toBeLessThanOrEqual(2);
      expect(stars16(BEST, "They're my best mates.")).toBeGreaterThanOrEqual(4);
      expect(stars16(BEST, "They're my brothers.")).toBeLessThanOrEqual(2);
      expect(stars16(NIGHT, 'He worked all through the night.')).toBeGreaterThanOrEqual(4);
      expect(stars16(NIGHT, 'He slept all through the night.')).toBeLessThanOrEqual(2);
      expect(stars16(BOOK, 'It is difficult for me to read this book.')).toBeGreaterThanOrEqual(4);
      expect(stars16(BOOK, 'It is easy for me to read this book.')).toBeLessThanOrEqual(2);
    });
    it("names spend + time + to, a gerund subject's be, an -s after do-support, a compound in two words, must for had to, already for yet and a plural noun's -s verb", () => {
      const CLEANED = problem('私は一日かけて部屋を掃除した。', ['I spent a whole day cleaning my room.']);
      const FRIENDS = problem('新しい友達を作るのは簡単ではない。', ['Making new friends is not easy.']);
      const WATCH = problem('この時計はいくらですか。', ['How much does this watch cost?']);
      const EAT = problem('何か食べるものがほしい。', ['I want something to eat.']);
      const WORKED = problem('先週は毎日働かなければならなかった。', ['I had to work every day last week.']);
      const LETTER = problem('その手紙はまだ届いていない。', ['The letter has not arrived yet.']);
      const SHOP = problem('多くの人がその店を訪れる。', ['Many people visit the shop.']);
      named(evaluator, CLEANED, 'I spent a whole day to clean my room.', 'verb-form');
      expect(stars16(CLEANED, 'I spent a whole day cleaning my car.')).toBeLessThanOrEqual(2);
      named(evaluator, FRIENDS, 'Making new friends are not easy.', 'subject-verb');
      named(evaluator, WATCH, 'How much does this watch costs?', 'verb-form');
      expect(evaluator.evaluate(WATCH, 'How much do these watches cost?').errors.map((e) => e.kind)).not.toContain('verb-form');
      named(evaluator, EAT, 'I want some thing to eat.', 'spelling');
      expect(stars16(EAT, 'I want something to read.')).toBeLessThanOrEqual(2);
      named(evaluator, WORKED, 'I must work every day last week.', 'tense');
      named(evaluator, LETTER, 'The letter has not arrived already.', 'word-choice');
      expect(stars16(LETTER, 'The letter has already arrived.')).toBeLessThanOrEqual(2);
      named(evaluator, SHOP, 'Many people visits the shop.', 'agreement');
    });
    it('reads feel like + -ing as want to and the get-passive of a past event as the be-passive', () => {
      const BITTEN = problem('私は犬にかまれた。', ['I was bitten by a dog.', 'A dog bit me.']);
      const SWIM = problem('今日は泳ぎたくない。', ["I don't want to swim today."]);
      expect(stars16(BITTEN, 'I got bitten by a dog.')).toBeGreaterThanOrEqual(4);
      expect(stars16(BITTEN, 'I got bitten by a cat.')).toBeLessThanOrEqual(2);
      expect(stars16(SWIM, "I don't feel like swimming today.")).toBeGreaterThanOrEqual(4);
      expect(stars16(SWIM, 'I feel like swimming today.')).toBeLessThanOrEqual(2);
      expect(stars16(SWIM, "I don't feel like running today.")).toBeLessThanOrEqual(2);
    });
    it('names a sound-alike a spelling slip, and lets a closing word of address go free', () => {
      const PLANE = problem('私は飛行機に乗った。', ['I got on the plane.']);
      const WORK = problem('その調子で頑張って！', ['Keep up the good work!']);
      named(evaluator, PLANE, 'I got on the plain.', 'spelling');
      expect(stars16(PLANE, 'I got on the train.')).toBeLessThanOrEqual(2);
      expect(stars16(WORK, 'keep up the good work man')).toBeGreaterThanOrEqual(4);
      expect(stars16(WORK, 'give up the good work man')).toBeLessThanOrEqual(2);
    });
    it('makes every other, and while for after, another time', () => {
      const RUN = problem('私は毎朝走ります。', ['I run every morning.']);
      const HOMEWORK = problem('彼は夕食の後で宿題をした。', ['He did his homework after dinner.', 'He did his homework after eating dinner.']);
      expect(stars16(RUN, 'I run each morning.')).toBeGreaterThanOrEqual(4);
      expect(stars16(RUN, 'I run every other morning.')).toBeLessThanOrEqual(2);
      expect(stars16(HOMEWORK, 'He did his homework after eating dinner.')).toBe(5);
      expect(stars16(HOMEWORK, 'He did his homework while eating dinner.')).toBeLessThanOrEqual(2);
      expect(stars16(HOMEWORK, 'He did his homework before eating dinner.')).toBeLessThanOrEqual(2);
    });
  });

  describe('probe set 15 rules (decision 057)', () => {
    const stars15 = (p: TBankProblem, answer: string): number => evaluator.evaluate(p, answer).rating;
    it("reads a phone-typed ill / id as I'll / I'd and a noun's -s as its possessive, and keeps the meaning checked", () => {
      const CALL = problem('明日電話します。', ['I will call you tomorrow.', "I'll phone you tomorrow."]);
      const VISIT_IF = problem('時間があれば京都を訪れるのに。', ['If I had time, I would visit Kyoto.']);
      const PRICES = problem('今年の価格は去年より安い。', ["This year's prices are lower than last year's."]);
      const SICK = problem('彼は病気です。', ['He is ill.', 'He is sick.']);
      expect(stars15(CALL, 'ill call you tomorrow')).toBeGreaterThanOrEqual(4);
      expect(stars15(CALL, 'ill call you next week')).toBeLessThanOrEqual(2);
      expect(stars15(VISIT_IF, 'if i had time id visit kyoto')).toBeGreaterThanOrEqual(4);
      expect(stars15(VISIT_IF, 'if i had time id visit osaka')).toBeLessThanOrEqual(2);
      expect(stars15(PRICES, 'this years prices are lower than last years')).toBeGreaterThanOrEqual(4);
      expect(stars15(PRICES, 'this years prices are higher than last years')).toBeLessThanOrEqual(2);
      // After be, ill is the adjective.
      expect(evaluator.evaluate(SICK, 'he is ill').errors).toEqual([]);
    });
    it('accepts the new word and phrase groups, and keeps another thing, action or direction a meaning error', () => {
      const FRIENDS = problem('彼は大学でたくさんの友達を作った。', ['He made a lot of friends at university.', 'He made many friends at university.']);
      const DEAL = problem('私たちはなんとか契約を取った。', ['We somehow won the contract.', 'We managed to win the contract.']);
      const PHONES = problem('ここでは携帯電話を使えません。', ['You cannot use your phones here.', 'You cannot use cell phones here.']);
      const MISTAKE = problem('彼女は自分の間違いに気づいた。', ['She noticed her mistake.', 'She realized her mistake.']);
      const PROBLEM = problem('彼がその問題を解決した。', ['He solved the problem.']);
      const LEFT = problem('私たちは朝早く出発した。', ['We set off early in the morning.', 'We left early in the morning.']);
      const LATE = problem('少し遅れています。', ["I'm running a little late."]);
      const SWIM = problem('水泳は健康にとても良い。', ['Swimming is very good for your health.']);
      expect(stars15(FRIENDS, 'He made loads of friends at university.')).toBeGreaterThanOrEqual(4);
      expect(stars15(FRIENDS, 'He made loads of enemies at university.')).toBeLessThanOrEqual(2);
      expect(stars15(DEAL, 'One way or another, we won the contract.')).toBeGreaterThanOrEqual(4);
      expect(stars15(DEAL, 'One way or another, we lost the contract.')).toBeLessThanOrEqual(2);
      expect(stars15(PHONES, "You can't use your mobiles here.")).toBeGreaterThanOrEqual(4);
      expect(stars15(PHONES, "You can't use your cameras here.")).toBeLessThanOrEqual(2);
      expect(stars15(MISTAKE, 'She became aware of her mistake.')).toBeGreaterThanOrEqual(4);
      expect(stars15(MISTAKE, 'She became aware of his mistake.')).toBeLessThanOrEqual(2);
      expect(stars15(PROBLEM, 'He fixed the problem.')).toBeGreaterThanOrEqual(4);
      expect(stars15(PROBLEM, 'He worked out the problem.')).toBeGreaterThanOrEqual(4);
      expect(stars15(PROBLEM, 'He caused the problem.')).toBeLessThanOrEqual(2);
      expect(stars15(LEFT, 'We headed off early in the morning.')).toBeGreaterThanOrEqual(4);
      expect(stars15(LEFT, 'We headed off late at night.')).toBeLessThanOrEqual(2);
      expect(stars15(LATE, "I'm running a little behind.")).toBeGreaterThanOrEqual(4);
      expect(stars15(LATE, "I'm running a little early.")).toBeLessThanOrEqual(2);
      expect(stars15(SWIM, 'Swimming is very healthy for you.')).toBeGreaterThanOrEqual(4);
      expect(stars15(SWIM, 'Swimming is very bad for your health.')).toBeLessThanOrEqual(2);
    });
    it("names a time word moved off a subject's place, kept to + verb, yesterday night, did good and a noun for its -y adjective", () => {
      const WARM = problem('今日は暖かい。', ['It is warm today.', 'Today is warm.']);
      const READING = problem('彼女は読書を続けた。', ['She kept reading.', 'She continued reading.', 'She continued to read.']);
      const EVENING = problem('昨日の夜は何をしていましたか。', ['What were you doing last night?', 'What were you doing yesterday evening?']);
      const RACE = problem('彼はレースでよい結果を出した。', ['He did well in the race.']);
      const CLOUDY = problem('明日は曇りでしょう。', ['It will be cloudy tomorrow.']);
      // No longer 5 stars: the sentence has lost its subject (named a missing it or a moved today).
      expect(stars15(WARM, 'Is warm today.')).toBeGreaterThanOrEqual(3);
      expect(stars15(WARM, 'Is warm today.')).toBeLessThanOrEqual(4);
      expect(stars15(WARM, 'It is warm today.')).toBe(5);
      expect(stars15(WARM, 'Today it is warm.')).toBe(5);
      expect(stars15(WARM, 'It is cold today.')).toBeLessThanOrEqual(2);
      named(evaluator, READING, 'She kept to read.', 'verb-form');
      expect(stars15(READING, 'She continued to read.')).toBe(5);
      expect(stars15(READING, 'She stopped reading.')).toBeLessThanOrEqual(2);
      named(evaluator, EVENING, 'What were you doing yesterday night?', 'word-choice');
      expect(stars15(EVENING, 'What were you doing yesterday evening?')).toBe(5);
      expect(stars15(EVENING, 'What were you doing this morning?')).toBeLessThanOrEqual(2);
      named(evaluator, RACE, 'He did good in the race.', 'word-choice');
      expect(stars15(RACE, 'He did badly in the race.')).toBeLessThanOrEqual(2);
      named(evaluator, CLOUDY, 'It will be cloud tomorrow.', 'word-choice');
      expect(stars15(CLOUDY, 'It will be rainy tomorrow.')).toBeLessThanOrEqual(2);
    });
    it('grades another number of times, will for a guess, the same as for a comparison and a span turned round as meaning errors', () => {
      const GYM = problem('私は週に3回ジムに行きます。', ['I go to the gym three times a week.', 'I go to the gym 3 times a week.']);
      const ONCE_YEAR = problem('私たちは年に一度集まります。', ['We get together once a year.', 'We meet once a year.']);
      const RAIN = problem('明日は雨が降るかもしれない。', ['It may rain tomorrow.', 'It might rain tomorrow.', 'Maybe it will rain tomorrow.']);
      const TALLER = problem('兄は私より背が高い。', ['My brother is taller than me.', 'My brother is taller than I am.']);
      const OPEN = problem('その店は8時まで開いています。', ['The shop is open until eight.', 'The shop is open till eight.']);
      expect(stars15(ONCE_YEAR, 'We get together twice a year.')).toBeLessThanOrEqual(2);
      expect(stars15(ONCE_YEAR, 'We meet one time a year.')).toBeGreaterThanOrEqual(4);
      expect(stars15(GYM, 'I go to the gym once a week.')).toBeLessThanOrEqual(2);
      expect(stars15(RAIN, 'It will rain tomorrow.')).toBeLessThanOrEqual(2);
      expect(stars15(RAIN, 'Perhaps it will rain tomorrow.')).toBeGreaterThanOrEqual(4);
      expect(stars15(RAIN, 'It might rain tomorrow.')).toBe(5);
      expect(stars15(TALLER, 'My brother is the same height as me.')).toBeLessThanOrEqual(2);
      expect(stars15(TALLER, 'My brother is taller than I am.')).toBe(5);
      expect(stars15(OPEN, 'The shop is open from eight.')).toBeLessThanOrEqual(2);
      named(evaluator, OPEN, 'The shop is open untill eight.', 'spelling');
    });
    it("names a verb for another translation of the prompt's Japanese word a word choice, and an added one an extra word", () => {
      const ACCIDENT = problem('昨日事故が起きた。', ['An accident happened yesterday.', 'An accident occurred yesterday.']);
      const COMPLAINTS = problem('苦情に対応してください。', ['Please deal with the complaints.', 'Please handle the complaints.']);
      const COME_IN = problem('どうぞ中に入ってください。', ['Please come in.', 'Come in, please.']);
      named(evaluator, ACCIDENT, 'An accident woke up yesterday.', 'word-choice');
      expect(stars15(ACCIDENT, 'An accident stopped yesterday.')).toBeLessThanOrEqual(2);
      named(evaluator, COMPLAINTS, 'Please correspond the complaints.', 'word-choice');
      expect(stars15(COMPLAINTS, 'Please ignore the complaints.')).toBeLessThanOrEqual(2);
      named(evaluator, COME_IN, 'Please come in and enter.', 'extra-word');
      expect(stars15(COME_IN, 'Please come in and sleep.')).toBeLessThanOrEqual(2);
    });
    it('accepts the passive of a phrasal verb with adverbs, need + -ing and more phrase groups, and keeps roles and actions checked', () => {
      const LIGHTS = problem('警備員がすぐに明かりを消した。', ['The guard quickly turned off the lights.', 'The guard turned off the lights quickly.']);
      const WINDOWS = problem('窓は掃除される必要がある。', ['The windows need to be cleaned.', 'The windows must be cleaned.']);
      const ESSAY = problem('先生は私にもう一度作文を見直すように言った。', ['The teacher told me to review my essay.']);
      const SPANISH = problem('スペイン語を身につけるのは楽しい。', ['Learning a foreign language is fun.']);
      const EARLIER = problem('早ければ早いほどいい。', ['The sooner the better.', 'The earlier the better.']);
      const WATER = problem('彼は毎日花に水をやらなければならない。', ['He has to water the flowers every day.']);
      expect(stars15(LIGHTS, 'The lights were quickly turned off by the guard.')).toBeGreaterThanOrEqual(4);
      expect(stars15(LIGHTS, 'The lights were turned off quickly by the guard.')).toBeGreaterThanOrEqual(4);
      expect(stars15(LIGHTS, 'The lights were quickly turned off by the children.')).toBeLessThanOrEqual(2);
      expect(stars15(LIGHTS, 'The guard was quickly turned off by the lights.')).toBeLessThanOrEqual(2);
      named(evaluator, LIGHTS, 'The lights was quickly turned off by the guard.', 'subject-verb');
      expect(stars15(WINDOWS, 'The windows need cleaning.')).toBeGreaterThanOrEqual(4);
      expect(stars15(WINDOWS, 'The windows need painting.')).toBeLessThanOrEqual(2);
      expect(stars15(ESSAY, 'The teacher told me to take another look at my essay.')).toBeGreaterThanOrEqual(4);
      expect(stars15(ESSAY, 'The teacher told me to throw away my essay.')).toBeLessThanOrEqual(2);
      expect(stars15(SPANISH, 'Picking up a foreign language is fun.')).toBeGreaterThanOrEqual(4);
      expect(stars15(SPANISH, 'Picking up a foreign language is boring.')).toBeLessThanOrEqual(2);
      expect(stars15(EARLIER, 'The quicker the better.')).toBeGreaterThanOrEqual(4);
      expect(stars15(EARLIER, 'The later the better.')).toBeLessThanOrEqual(2);
      named(evaluator, WATER, 'He has to waters the flowers every day.', 'verb-form');
      expect(stars15(WATER, 'He has to pick the flowers every day.')).toBeLessThanOrEqual(2);
    });
  });

  describe('probe set 14 rules (decision 053)', () => {
    const stars14 = (p: TBankProblem, answer: string): number => evaluator.evaluate(p, answer).rating;
    it('reads cant / wont as contractions in a phone-typed answer (no capital letter), and keeps the polarity checked', () => {
      const SKATE = problem('私はスケートができません。', ['I cannot skate.', 'I am not able to skate.']);
      const LATE = problem('彼は遅れないでしょう。', ['He will not be late.']);
      expect(evaluator.evaluate(SKATE, 'i cant skate').errors).toEqual([]);
      expect(stars14(SKATE, 'i can skate')).toBeLessThanOrEqual(2);
      expect(evaluator.evaluate(LATE, 'he wont be late').errors).toEqual([]);
      expect(stars14(LATE, 'he will be late')).toBeLessThanOrEqual(2);
      // Typed with capitals and a full stop, the missing apostrophe of a real word stays a spelling slip.
      named(evaluator, LATE, 'He wont be late.', 'spelling');
    });
    it("reads a noun's 's before a comparative and than, or in a bare the-noun's-verb-ing answer, as is", () => {
      const FASTER = problem('この車はあの車より速い。', ['This car is faster than that one.', 'This car is faster than that car.']);
      const MOON = problem('月が昇っている。', ['The moon is rising.', 'The moon is coming up.']);
      expect(stars14(FASTER, "This car's faster than that one.")).toBeGreaterThanOrEqual(4);
      expect(stars14(FASTER, "This car's slower than that one.")).toBeLessThanOrEqual(2);
      expect(stars14(MOON, "the moon's rising")).toBeGreaterThanOrEqual(4);
      expect(stars14(MOON, "the moon's setting")).toBeLessThanOrEqual(2);
    });
    it('accepts the new word and phrase groups, and keeps a changed thing, time or action a meaning error', () => {
      const MOVIE = problem('今晩映画を見よう。', ["Let's watch a movie tonight.", "Let's see a movie tonight."]);
      const PAPERS = problem('書類を全部持ってきてください。', ['Please bring all the documents.', 'Please bring all of the documents.']);
      const STUDENT = problem('彼女はクラスで一番の生徒です。', ['She is the best student in the class.', 'She is the best student in her class.']);
      const WORN = problem('私はくたくただった。', ['I was exhausted.', 'I was very tired.']);
      const CHANCE = problem('もう一度チャンスをください。', ['Give me another chance.', 'Please give me another chance.']);
      const SONG = problem('その歌を聞いて泣いてしまった。', ['The song made me cry.']);
      const HOMEWORK = problem('彼女は夕食の前に宿題をします。', ['She does her homework before dinner.', 'She will do her homework before dinner.']);
      const TRAIN = problem('私たちは終電に間に合った。', ['We caught the last train.', 'We were in time for the last train.']);
      const WORK_OUT = problem('きっとすべてうまくいくよ。', ["I'm sure everything will work out.", 'Everything will work out, I am sure.']);
      expect(stars14(MOVIE, "Let's watch a movie this evening.")).toBeGreaterThanOrEqual(4);
      expect(stars14(MOVIE, "Let's watch a movie this morning.")).toBeLessThanOrEqual(2);
      expect(stars14(PAPERS, 'Please bring all the paperwork.')).toBeGreaterThanOrEqual(4);
      expect(stars14(PAPERS, 'Please bring all the photos.')).toBeLessThanOrEqual(2);
      expect(stars14(STUDENT, 'She is the top student in the class.')).toBeGreaterThanOrEqual(4);
      expect(stars14(STUDENT, 'She is the worst student in the class.')).toBeLessThanOrEqual(2);
      expect(stars14(WORN, 'I was worn out.')).toBeGreaterThanOrEqual(4);
      expect(stars14(WORN, 'I was hungry.')).toBeLessThanOrEqual(2);
      expect(stars14(CHANCE, 'Give me one more shot.')).toBeGreaterThanOrEqual(4);
      expect(stars14(CHANCE, 'Give me one more day.')).toBeLessThanOrEqual(2);
      expect(stars14(SONG, 'The song brought me to tears.')).toBeGreaterThanOrEqual(4);
      expect(stars14(SONG, 'The song made me laugh.')).toBeLessThanOrEqual(2);
      expect(stars14(HOMEWORK, 'She gets her homework done before dinner.')).toBeGreaterThanOrEqual(4);
      expect(stars14(HOMEWORK, 'She does her homework after dinner.')).toBeLessThanOrEqual(2);
      expect(stars14(TRAIN, 'We got the last train.')).toBeGreaterThanOrEqual(4);
      expect(stars14(TRAIN, 'We missed the last train.')).toBeLessThanOrEqual(2);
      expect(stars14(WORK_OUT, "i'm sure things will work out")).toBeGreaterThanOrEqual(4);
      expect(stars14(WORK_OUT, "I'm sure nothing will work out.")).toBeLessThanOrEqual(2);
      const BOSS = problem('その件はもう上司と話し合いました。', ['I have already discussed the matter with my boss.']);
      expect(stars14(BOSS, "I've already talked it over with my boss.")).toBeGreaterThanOrEqual(4);
      expect(stars14(BOSS, "I've already talked it over with my wife.")).toBeLessThanOrEqual(2);
    });
    it("names a country for its language, a noun for the adjective, miss / see / lonely / study for the sentence's word a word choice", () => {
      const JAPANESE = problem('彼は日本語が話せます。', ['He can speak Japanese.', 'He speaks Japanese.']);
      const HUNGRY = problem('私はお腹がすいています。', ['I am hungry.', 'I feel hungry.']);
      const ONCE = problem('今回だけは見逃してください。', ['Please let it go just this once.', 'Please overlook it just this once.']);
      const HAPPY = problem('彼は幸せそうに見える。', ['He looks happy.', 'He seems happy.']);
      const ALONE = problem('しばらく一人にしておいてください。', ['Please leave me alone for a while.']);
      const EVENING = problem('私は毎晩宿題をします。', ['I do my homework every evening.', 'I do my homework every night.']);
      named(evaluator, JAPANESE, 'He can speak Japan.', 'word-choice');
      expect(stars14(JAPANESE, 'He can speak Korean.')).toBeLessThanOrEqual(2);
      named(evaluator, HUNGRY, 'I am hunger.', 'word-choice');
      expect(stars14(HUNGRY, 'I am thirsty.')).toBeLessThanOrEqual(2);
      named(evaluator, ONCE, 'Please miss it just this once.', 'word-choice');
      expect(stars14(ONCE, 'Please report it just this once.')).toBeLessThanOrEqual(2);
      named(evaluator, HAPPY, 'He sees happy.', 'word-choice');
      expect(stars14(HAPPY, 'He looks sad.')).toBeLessThanOrEqual(2);
      named(evaluator, ALONE, 'Please leave me lonely for a while.', 'word-choice');
      expect(stars14(ALONE, 'Please leave them alone for a while.')).toBeLessThanOrEqual(2);
      named(evaluator, EVENING, 'I study my homework every evening.', 'word-choice');
      expect(stars14(EVENING, 'I forget my homework every evening.')).toBeLessThanOrEqual(2);
    });
    it('names a left-out is / be and a verb form over a word swapped for an auxiliary, an extra to or a left-out whether', () => {
      const SCHOOL = problem('学校の調子はどう？', ['How is your school life going?', "How's school going?"]);
      const TRUE = problem('その話は本当だとわかった。', ['The story turned out to be true.', 'The story turned out true.']);
      const SHOP = problem('私たちは新しい店を開くことを検討しています。', ['We are considering opening a new shop.', 'We are considering whether to open a new shop.']);
      named(evaluator, SCHOOL, 'how your school life going?', 'missing-word');
      expect(stars14(SCHOOL, 'How is your work life going?')).toBeLessThanOrEqual(2);
      named(evaluator, TRUE, 'The story turned out to true.', 'missing-word');
      expect(stars14(TRUE, 'The story turned out to be false.')).toBeLessThanOrEqual(2);
      named(evaluator, SHOP, 'We are considering to open a new shop.', 'verb-form');
      expect(stars14(SHOP, 'We are considering closing a new shop.')).toBeLessThanOrEqual(2);
    });
    it("grades don't have to / need not for a ban, and a comparative's other quality, as meaning errors", () => {
      const PHOTOS = problem('ここで写真を撮ってはいけません。', ['You must not take pictures here.', 'Do not take pictures here.']);
      const READ = problem('本を読めば読むほど、賢くなる。', ['The more you read, the smarter you become.', 'The more you read, the more you learn.']);
      expect(stars14(PHOTOS, "You don't have to take pictures here.")).toBeLessThanOrEqual(2);
      expect(stars14(PHOTOS, "You needn't take pictures here.")).toBeLessThanOrEqual(2);
      expect(stars14(PHOTOS, "You mustn't take pictures here.")).toBeGreaterThanOrEqual(4);
      expect(stars14(PHOTOS, "Don't take pictures here.")).toBeGreaterThanOrEqual(4);
      expect(stars14(READ, 'The more you read, the more sleepy you become.')).toBeLessThanOrEqual(2);
      expect(stars14(READ, 'The more you read, the more intelligent you become.')).toBeGreaterThanOrEqual(4);
    });
  });

  describe('a phrasal verb with another preposition (decision 070)', () => {
    const stars = (p: TBankProblem, answer: string): number => evaluator.evaluate(p, answer).rating;
    it('grades another phrasal verb of the same verb as a meaning error, the same one as a paraphrase', () => {
      const DOG = problem('私は犬の世話をしていた。', ['I was looking after the dog.']);
      const KEY = problem('彼は鍵を探している。', ['He is looking for his key.']);
      const FRIEND = problem('私は昨日駅で旧友に偶然会った。', ['I ran into an old friend at the station yesterday.']);
      const MOTHER = problem('彼女は母親に似ている。', ['She takes after her mother.']);
      const HIM = problem('彼と話しました。', ['I talked to him.']);
      expect(stars(DOG, 'I was looking for the dog.')).toBeLessThanOrEqual(2);
      expect(stars(DOG, 'I was looking at the dog.')).toBeLessThanOrEqual(2);
      named(evaluator, DOG, 'I was looking after a dog.', 'article');
      expect(stars(KEY, 'He is looking after his key.')).toBeLessThanOrEqual(2);
      expect(stars(FRIEND, 'I ran after an old friend at the station yesterday.')).toBeLessThanOrEqual(2);
      expect(stars(FRIEND, 'I ran across an old friend at the station yesterday.')).toBeGreaterThanOrEqual(4);
      expect(stars(MOTHER, 'She takes over her mother.')).toBeLessThanOrEqual(2);
      expect(stars(HIM, 'I talked with him.')).toBeGreaterThanOrEqual(4);
      expect(stars(HIM, 'I talked about him.')).toBeLessThanOrEqual(2);
    });
    it('leaves prepositions learners mix up in one meaning as preposition slips', () => {
      const AGREE = problem('私はその計画に同意した。', ['I agreed to the plan.']);
      const STATION = problem('私は駅に着いた。', ['I arrived at the station.']);
      named(evaluator, AGREE, 'I agreed with the plan.', 'preposition');
      named(evaluator, STATION, 'I arrived to the station.', 'preposition');
    });
  });
});
