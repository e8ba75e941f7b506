/**
 * One Japanese word, several English ones (decision 049). A Japanese learner who writes one English
 * translation of a word of the problem's Japanese sentence where the answer has another translation
 * of that same word (消す: erase / turn off, 高い: high / expensive, 抱っこする: hug / hold) keeps the
 * meaning with the wrong English word for this sentence: a word-choice slip, not a meaning error.
 *
 * Each entry is a Japanese word (its written stems and conjugated forms, matched in the problem's
 * Japanese sentence) and the English words or phrases (lemmas, space-separated) a dictionary gives
 * for it in its common senses. Only words whose English translations differ in use, not in the
 * meaning the sentence needs, are listed: a swap between two of them is what learners do when they
 * translate word by word. A pair is a slip only where the problem's Japanese has the word, so
 * "high" for "expensive" is a slip under 高い and another meaning elsewhere.
 */
interface Entry {
  /** Forms of the Japanese word as they appear in a sentence (stems with their inflection). */
  ja: readonly string[];
  /** English lemmas or phrases of lemmas that translate it. */
  en: readonly string[];
}

const ENTRIES: readonly Entry[] = [
  // Decision 073: nouns with several English words a learner picks between.
  // 仕事: job (a post), work (what one does), task, business.
  { ja: ['仕事'], en: ['job', 'work', 'task', 'business'] },
  // 道: way (a route), road, street, route.
  { ja: ['道'], en: ['way', 'road', 'street', 'route'] },
  // 店: shop, store.
  { ja: ['店'], en: ['shop', 'store'] },
  // 料金: fee, charge, fare, rate, price.
  { ja: ['料金'], en: ['fee', 'charge', 'fare', 'rate', 'price'] },
  // 消す: erase (a mark), turn / switch off (a device), put out (a fire), delete (data).
  { ja: ['消す', '消し', '消さ', '消せ', '消そ', '消え'], en: ['erase', 'delete', 'turn off', 'switch off', 'put out', 'extinguish', 'go out'] },
  // つける: turn / switch on (a device), put on, light.
  { ja: ['つけ', '点け'], en: ['turn on', 'switch on', 'put on', 'light'] },
  // 高い: high (position, level), expensive (price), tall (height).
  { ja: ['高い', '高く', '高かっ', '高さ', '高値'], en: ['high', 'expensive', 'pricy', 'pricey', 'costly', 'tall'] },
  // 安い: cheap / low (a price).
  { ja: ['安い', '安く', '安かっ'], en: ['cheap', 'inexpensive', 'low'] },
  // 少ない: few / little (a number or amount), low (a figure such as sales), small.
  { ja: ['少ない', '少なく', '少なかっ', '少な'], en: ['few', 'little', 'low', 'small'] },
  // 大きい: big, large, loud (a voice, a sound).
  { ja: ['大きい', '大きく', '大きな', '大きかっ'], en: ['big', 'large', 'loud'] },
  // 小さい: small, little, quiet / low (a voice).
  { ja: ['小さい', '小さく', '小さな', '小さかっ'], en: ['small', 'little', 'quiet', 'low'] },
  // 強い: strong, heavy (rain), hard.
  { ja: ['強い', '強く', '強かっ'], en: ['strong', 'heavy', 'hard'] },
  // 重い: heavy, serious (an illness, a problem).
  { ja: ['重い', '重く', '重かっ'], en: ['heavy', 'serious'] },
  // 早い / 速い: early (time), fast / quick (speed), soon.
  { ja: ['早い', '早く', '早かっ', '早め', '速い', '速く', '速かっ'], en: ['early', 'fast', 'quick', 'quickly', 'soon'] },
  // 遅い: late (time), slow (speed).
  { ja: ['遅い', '遅く', '遅かっ'], en: ['late', 'slow', 'slowly'] },
  // 広い: wide, broad, large, big, spacious.
  { ja: ['広い', '広く', '広かっ'], en: ['wide', 'broad', 'large', 'big', 'spacious'] },
  // 狭い: narrow, small.
  { ja: ['狭い', '狭く', '狭かっ'], en: ['narrow', 'small'] },
  // 細い: thin, narrow, slim.
  { ja: ['細い', '細く', '細かっ'], en: ['thin', 'narrow', 'slim'] },
  // うるさい: noisy, loud, annoying.
  { ja: ['うるさ'], en: ['noisy', 'loud', 'annoying'] },
  // 取る: take, pass / hand (取って = pass me), get, pick up.
  { ja: ['取る', '取っ', '取り', '取ら', '取れ', '取ろ'], en: ['take', 'pass', 'hand', 'get', 'pick up'] },
  // 寝る / 眠る: sleep, go to bed, go to sleep, fall asleep.
  { ja: ['寝る', '寝た', '寝て', '寝ま', '寝な', '寝よ', '寝られ', '眠'], en: ['sleep', 'go to bed', 'go to sleep', 'fall asleep'] },
  // 起きる: get up, wake up; (a problem, an accident) happen, occur (decision 057).
  { ja: ['起き'], en: ['get up', 'wake up', 'wake', 'happen', 'occur'] },
  // 抱く / 抱っこする / 抱える: hug, hold (in one's arms), embrace, carry.
  { ja: ['抱'], en: ['hug', 'hold', 'embrace', 'carry'] },
  // (電話に) 出る: answer, pick up, go out, come out, get out (出る is to go out; the phone is answered).
  { ja: ['出る', '出た', '出て', '出ま', '出な', '出られ', '出れ'], en: ['go out', 'come out', 'get out', 'answer', 'pick up', 'attend'] },
  // 出す: submit, hand in, turn in, send, take out, put out.
  { ja: ['出す', '出し', '出さ', '出せ'], en: ['submit', 'hand in', 'turn in', 'send', 'take out', 'put out'] },
  // 入る / 入れる: enter, join, go in, come in, get in, put in.
  { ja: ['入る', '入っ', '入り', '入ら', '入れ'], en: ['enter', 'join', 'go in', 'come in', 'get in', 'put in', 'put'] },
  // 対応する (decision 057): deal with, handle, take care of (customers, a problem); correspond, respond.
  { ja: ['対応'], en: ['deal with', 'handle', 'take care of', 'correspond', 'respond', 'cope with'] },
  // 降りる: get off, get out, go down.
  { ja: ['降り'], en: ['get off', 'get out', 'go down'] },
  // 止める / 止まる / やめる / 辞める: stop, quit, give up, park (a car), leave (a job).
  { ja: ['止め', '止ま', '停め', 'やめ', '辞め'], en: ['stop', 'quit', 'give up', 'park', 'leave', 'resign'] },
  // 帰る: go home, come home, get home, return, go back, come back.
  { ja: ['帰'], en: ['go home', 'come home', 'get home', 'return', 'go back', 'come back', 'head home'] },
  // 着く: arrive, get to, reach.
  { ja: ['着く', '着い', '着き', '着か', '着け'], en: ['arrive', 'get to', 'reach', 'get'] },
  // 上がる / 上げる: rise, raise, go up, increase.
  { ja: ['上が', '上げ'], en: ['rise', 'raise', 'go up', 'increase'] },
  // 下がる / 下げる: fall, drop, go down, lower, decrease.
  { ja: ['下が', '下げ'], en: ['fall', 'drop', 'go down', 'lower', 'decrease'] },
  // 増える / 増やす: increase, grow, rise.
  { ja: ['増'], en: ['increase', 'grow', 'rise'] },
  // 減る / 減らす: decrease, fall, drop, reduce, go down.
  { ja: ['減'], en: ['decrease', 'fall', 'drop', 'reduce', 'go down', 'cut'] },
  // 勝つ: win, beat (win a game, beat a person).
  { ja: ['勝'], en: ['win', 'beat'] },
  // 落とす: drop, lose.
  { ja: ['落と'], en: ['drop', 'lose'] },
  // 置く: put, leave, place.
  { ja: ['置'], en: ['put', 'leave', 'place'] },
  // 引く: pull, catch (a cold), draw, look up (a word).
  { ja: ['引く', '引い', '引き', '引か'], en: ['pull', 'catch', 'draw', 'look up'] },
  // 切る: cut, hang up (the phone), turn off.
  { ja: ['切る', '切っ', '切り', '切ら', '切れ'], en: ['cut', 'hang up', 'turn off'] },
  // かける: call (a phone), put on (glasses), hang, lock, spend.
  { ja: ['かけ', '掛け'], en: ['call', 'put on', 'hang', 'lock', 'spend', 'wear'] },
  // 持つ: have, hold, carry, take, bring.
  { ja: ['持'], en: ['have', 'hold', 'carry', 'take', 'bring'] },
  // 送る: send, see off, take / drive (someone home).
  { ja: ['送'], en: ['send', 'see off', 'take', 'drive'] },
  // 渡す: hand, give, pass.
  { ja: ['渡し', '渡す', '渡さ', '渡せ'], en: ['hand', 'give', 'pass'] },
  // 配る: hand out, give out, pass out, distribute, deliver.
  { ja: ['配'], en: ['hand out', 'give out', 'pass out', 'distribute', 'deliver'] },
  // 返す: return, give back, pay back.
  { ja: ['返'], en: ['return', 'give back', 'pay back'] },
  // 飼う: have, keep, raise (a pet).
  { ja: ['飼'], en: ['have', 'keep', 'raise'] },
  // 育てる: raise, grow, bring up.
  { ja: ['育て'], en: ['raise', 'grow', 'bring up'] },
  // 迎える: pick up, meet, welcome.
  { ja: ['迎え'], en: ['pick up', 'meet', 'welcome'] },
  // 合う / 似合う: fit, suit, match, go with.
  { ja: ['合う', '合っ', '合わ', '似合'], en: ['fit', 'suit', 'match', 'go with'] },
  // わかる: understand, know, find (道がわかる: found the way), see, tell.
  { ja: ['わか', '分か', '判'], en: ['understand', 'know', 'find', 'see', 'tell', 'figure out'] },
  // 知る: know, learn, find out, hear.
  { ja: ['知っ', '知ら', '知り', '知る', '知れ'], en: ['know', 'learn', 'find out', 'hear'] },
  // 気づく: notice, realize, find.
  { ja: ['気づ', '気付'], en: ['notice', 'realize', 'realise', 'find'] },
  // 見つける / 見つかる: find, discover.
  { ja: ['見つ'], en: ['find', 'discover'] },
  // もう: already, (not) anymore / any longer, yet.
  { ja: ['もう'], en: ['already', 'anymore', 'any longer', 'yet'] },
  // 覚える: remember, learn, memorize.
  { ja: ['覚え'], en: ['remember', 'learn', 'memorize', 'memorise'] },
  // 聞く / 聴く: hear, listen (to), ask.
  { ja: ['聞く', '聞い', '聞か', '聞き', '聞け', '聞こ', '聴'], en: ['hear', 'listen', 'ask'] },
  // 話す: talk, speak, say, tell.
  { ja: ['話す', '話し', '話さ', '話せ', '話そ'], en: ['talk', 'speak', 'say', 'tell'] },
  // 言う: say, tell, talk, speak.
  { ja: ['言う', '言っ', '言わ', '言い', '言え'], en: ['say', 'tell', 'talk', 'speak'] },
  // 教える: teach, tell, show, inform.
  { ja: ['教え'], en: ['teach', 'tell', 'show', 'inform'] },
  // 知らせる: inform, tell, let know, notify.
  { ja: ['知らせ'], en: ['inform', 'tell', 'notify'] },
  // 呼ぶ: call, invite.
  { ja: ['呼'], en: ['call', 'invite'] },
  // 頼む: ask, request, order (food).
  { ja: ['頼'], en: ['ask', 'request', 'order'] },
  // 待つ: wait, expect.
  { ja: ['待'], en: ['wait', 'expect'] },
  // 過ごす: spend, have (a time).
  { ja: ['過ご'], en: ['spend', 'have'] },
  // 終わる / 終える: finish, end, complete.
  { ja: ['終'], en: ['finish', 'end', 'complete'] },
  // 選ぶ: choose, pick, select.
  { ja: ['選'], en: ['choose', 'pick', 'select'] },
  // 作る: make, cook, build, create.
  { ja: ['作る', '作っ', '作ら', '作り', '作れ'], en: ['make', 'cook', 'build', 'create'] },
  // 書く / 描く: write, draw, paint.
  { ja: ['書', '描'], en: ['write', 'draw', 'paint'] },
  // 直す: fix, repair, mend, correct.
  { ja: ['直す', '直し', '直さ', '直せ', '直っ', '直る'], en: ['fix', 'repair', 'mend', 'correct'] },
  // 習う / 勉強する: learn, study.
  { ja: ['習', '勉強'], en: ['learn', 'study'] },
  // 開く (会議を): open, hold.
  { ja: ['開く', '開い', '開か', '開き', '開け'], en: ['open', 'hold'] },
  // 貸す: lend, rent, loan.
  { ja: ['貸'], en: ['lend', 'rent', 'loan'] },
  // 使う: use, spend (time, money).
  { ja: ['使う', '使っ', '使い', '使わ', '使え'], en: ['use', 'spend'] },
  // する (スポーツ・宿題を): do, play, make.
  { ja: ['する', 'します', 'した', 'して', 'しな', 'しよう', 'しま'], en: ['do', 'play', 'make'] },
  // 乗る: ride (a bike, a horse), take / catch (a bus, a taxi), get on / in.
  { ja: ['乗'], en: ['ride', 'take', 'catch', 'get on', 'get in'] },
  // つかまる / つかむ / 握る: hold (on to), catch, grab, grip.
  { ja: ['つかま', 'つかん', 'つかむ', '掴', '握'], en: ['hold', 'hold on to', 'hold onto', 'catch', 'grab', 'grip'] },
  // こらえる / 我慢する / 耐える / 抑える: hold back, fight back, suppress, endure, bear, stand.
  { ja: ['こらえ', '堪え', '我慢', '耐え', '抑え'], en: ['hold back', 'fight back', 'suppress', 'endure', 'bear', 'stand', 'put up with', 'hold in'] },
  // 動く: move, work, run, operate (a machine).
  { ja: ['動'], en: ['move', 'work', 'run', 'operate', 'function'] },
  // 探す: look for, search (for), find.
  { ja: ['探', '捜'], en: ['look for', 'search for', 'search', 'find', 'seek'] },
  // 行く / 来る: go, come (今行きます: I'm coming).
  { ja: ['行く', '行き', '行っ', '行か', '行け', '行こ', '来る', '来ま', '来て', '来た', '来な', '来ら', '来れ'], en: ['go', 'come'] },
  // 撮る: take (a picture), make, shoot.
  { ja: ['撮'], en: ['take', 'make', 'shoot'] },
  // 前に / 以前: before, ago, earlier, previously.
  { ja: ['前に', '以前', '前は', 'ほど前'], en: ['before', 'ago', 'earlier', 'previously'] },
  // まで / までに: until, till (how long), by, by the time (a deadline).
  { ja: ['まで'], en: ['until', 'till', 'by', 'by the time'] },
  // 故障する / 壊れる: break down, break, get broken, stop working.
  { ja: ['故障', '壊れ'], en: ['break down', 'break', 'get broken', 'get break', 'be broken', 'be break'] },
  // 遊びに来る / 行く: come over, come to play, come and play, visit.
  { ja: ['遊びに'], en: ['come over', 'come to play', 'come and play', 'visit', 'go to play'] },
  // 害を与える / 害を及ぼす: harm, damage, hurt, do harm to, give harm to.
  { ja: ['害を'], en: ['harm', 'damage', 'hurt', 'give harm to', 'do harm to', 'give damage to'] },
  // 戻す: put back, return, bring back.
  { ja: ['戻'], en: ['put back', 'return', 'bring back', 'give back'] },
  // Decision 053.
  // 見逃す: miss (fail to see), overlook, let go, let slide, let off (forgive this once).
  { ja: ['見逃'], en: ['miss', 'overlook', 'let go', 'let slide', 'let off'] },
  // 〜に見える / 〜みたいだ: look, seem, appear; see (見る) for look.
  { ja: ['見え', 'みたいだ', 'みたいです', 'みたいね', 'ように見'], en: ['look', 'seem', 'appear', 'see'] },
  // 一人 / 独り: alone, by oneself; lonely (寂しい) for alone.
  { ja: ['一人', 'ひとり', '独り'], en: ['alone', 'lonely'] },
  // お腹がすく / 空腹: hungry; the noun hunger for the adjective.
  { ja: ['お腹がす', 'おなかがす', 'お腹が空', 'おなかが空', '腹が減', '空腹'], en: ['hungry', 'hunger', 'starving'] },
  // Decision 090: verbs of a set phrase a learner translates word by word (和製の言い回し).
  // 守る: keep (a promise, a rule), protect, defend, guard, follow, obey.
  { ja: ['守'], en: ['keep', 'protect', 'defend', 'guard', 'follow', 'obey'] },
  // 息を止める / 息をこらえる: hold (one's breath), stop.
  { ja: ['息を止め', '息をとめ', '息を止めて'], en: ['hold', 'stop', 'keep'] },
  // 伝言を残す / メッセージを残す / メモを残す: leave (a message), put, write, keep.
  { ja: ['伝言を残', 'メッセージを残', 'メモを残', '伝言をお願い'], en: ['leave', 'put', 'write', 'keep'] },
  // 受ける: take (an exam, a class, a checkup), receive, get, have.
  { ja: ['受け', '受験'], en: ['take', 'receive', 'get', 'have', 'undergo'] },
  // 浴びる: take / have (a shower), bathe.
  { ja: ['浴び'], en: ['take', 'have', 'bathe'] },
  // 引く (風邪を引く): catch (a cold), get, take, have.
  { ja: ['風邪を引', 'かぜを引', '風邪をひ', 'かぜをひ'], en: ['catch', 'get', 'take', 'have'] },
  // A country's name and its language or people (中国語: Chinese; 中国: China).
  { ja: ['中国'], en: ['china', 'chinese'] },
  { ja: ['日本'], en: ['japan', 'japanese'] },
  { ja: ['韓国'], en: ['korea', 'korean'] },
  { ja: ['英語', 'イギリス', '英国'], en: ['english', 'england', 'britain', 'british'] },
  { ja: ['フランス'], en: ['france', 'french'] },
  { ja: ['ドイツ'], en: ['germany', 'german'] },
  { ja: ['スペイン'], en: ['spain', 'spanish'] },
  { ja: ['イタリア'], en: ['italy', 'italian'] },
];

/** English words or phrases (as lemma sequences) that translate one Japanese word of the problem. */
export interface JapaneseChoices {
  /** Single-word pairs "a|b" (both orders) that share a Japanese word of the sentence. */
  pairs: ReadonlySet<string>;
  /** Groups of phrases (each a lemma sequence, one or more words) sharing a Japanese word. */
  groups: readonly (readonly (readonly string[])[])[];
  /** Every English word of the entries that apply (a quick test before the pairs and groups). */
  words: ReadonlySet<string>;
}

const EMPTY: JapaneseChoices = { pairs: new Set(), groups: [], words: new Set() };

/** The translation groups of the Japanese words in the problem's sentence (once per problem). */
export function japaneseChoices(japanese: string | undefined): JapaneseChoices {
  if (!japanese) return EMPTY;
  const pairs = new Set<string>();
  const groups: (readonly string[])[][] = [];
  const all = new Set<string>();
  for (const e of ENTRIES) {
    if (!e.ja.some((w) => japanese.includes(w))) continue;
    for (const w of e.en) for (const part of w.split(' ')) all.add(part);
    const words = e.en.filter((w) => !w.includes(' '));
    for (const a of words) for (const b of words) if (a !== b) pairs.add(`${a}|${b}`);
    if (e.en.some((w) => w.includes(' '))) groups.push(e.en.map((w) => w.split(' ')).sort((x, y) => y.length - x.length));
  }
  return pairs.size === 0 && groups.length === 0 ? EMPTY : { pairs, groups, words: all };
}

/** The learner's word and the answer's (by lemma or form) translate one Japanese word of the sentence. */
export function sharesJapanese(choices: JapaneseChoices | undefined, l: { norm: string; lemma: string }, r: { norm: string; lemma: string }): boolean {
  if (!choices || choices.pairs.size === 0 || !(choices.words.has(l.lemma) || choices.words.has(l.norm))) return false;
  for (const x of [l.lemma, l.norm]) for (const y of [r.lemma, r.norm]) if (x !== y && choices.pairs.has(`${x}|${y}`)) return true;
  return false;
}

/**
 * For the grader's recall ceiling (score.ts): the two words could be named one translation slip
 * that keeps the content, as a pair or as words of two phrases of one group (a bound, so generous).
 */
export function mayShareJapanese(choices: JapaneseChoices | undefined, l: { norm: string; lemma: string }, r: { norm: string; lemma: string }): boolean {
  if (!choices || !(choices.words.has(l.lemma) || choices.words.has(l.norm))) return false;
  if (sharesJapanese(choices, l, r)) return true;
  const has = (phrases: readonly (readonly string[])[], t: { norm: string; lemma: string }): boolean => phrases.some((ph) => ph.includes(t.lemma) || ph.includes(t.norm));
  return choices.groups.some((g) => has(g, l) && has(g, r));
}

/** The time of a Japanese sentence's final predicate: past (〜た, 〜ました, 〜でした) or not. */
export type JapaneseTime = 'past' | 'nonpast' | undefined;

/** Sentence-final particles after the predicate (か, よ, ね, な, の, わ, ぞ, さ). */
const FINAL_PARTICLES = /[かよねなのわぞさ]+$/u;

/**
 * "私はネコを2匹飼っています" is a present state, "誰がこの絵を描きましたか" a past event (decision
 * 082): the final predicate, once the closing punctuation and sentence-final particles are taken off,
 * ends in た / だ (〜た, 〜ました, 〜でした, 〜かった, 〜だった, 〜んだ after a verb's past) for the past,
 * in anything else for the present or future. Quoted speech and a final noun phrase are read the
 * same way, which is what the sentence as a whole says.
 */
export function japaneseTime(japanese: string | undefined): JapaneseTime {
  if (!japanese) return undefined;
  const bare = japanese.replace(/[。．.？?！!」』）)、\s]+$/u, '').replace(FINAL_PARTICLES, '');
  if (bare.length === 0) return undefined;
  // 〜た / 〜だ closes a past predicate; a bare だ after a noun (学生だ) is the present copula.
  if (/(た|った|んだ|いだ|だった|でした|ました)$/u.test(bare)) return 'past';
  if (/だ$/u.test(bare)) return 'nonpast';
  return 'nonpast';
}
