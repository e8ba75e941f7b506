/**
 * Closed word lists and curated tables used by normalisation and grading.
 *
 * Everything here is data: small, hand-checked lists, because the statistical model we can load
 * offline (wink's light model) mis-tags learner errors and knows nothing about which substitutions
 * a teacher would accept.
 */

/** Word classes that matter for naming errors; everything not listed is a content word. */
export type WordClass =
  | 'article'
  | 'det'
  | 'prep'
  | 'pron'
  | 'aux'
  | 'modal'
  | 'conj'
  | 'wh'
  | 'part'
  | 'neg'
  | 'content';

export const ARTICLES = new Set(['a', 'an', 'the']);

/** Determiners other than articles (possessives, demonstratives, quantifiers). */
export const DETERMINERS = new Set([
  'my', 'your', 'his', 'her', 'its', 'our', 'their',
  'this', 'that', 'these', 'those',
  'some', 'any', 'each', 'every', 'no', 'another', 'all', 'both', 'either', 'neither',
]);

export const PREPOSITIONS = new Set([
  'in', 'on', 'at', 'to', 'for', 'from', 'of', 'with', 'by', 'about', 'into', 'onto', 'during',
  'since', 'until', 'till', 'under', 'over', 'near', 'after', 'before', 'between', 'among',
  'through', 'across', 'around', 'behind', 'without', 'within', 'toward', 'against', 'along',
  'above', 'below', 'beside', 'beyond', 'inside', 'outside', 'per', 'via', 'than',
]);

export const PRONOUNS = new Set([
  'i', 'me', 'you', 'he', 'him', 'she', 'it', 'we', 'us', 'they', 'them',
  'mine', 'yours', 'hers', 'ours', 'theirs',
  'myself', 'yourself', 'himself', 'herself', 'itself', 'ourselves', 'yourselves', 'themselves',
  'someone', 'somebody', 'something', 'anyone', 'anybody', 'anything', 'everyone', 'everybody',
  'everything', 'nobody', 'nothing',
]);

/** Forms of the auxiliaries be / have / do (they are also main verbs, but grade like function words). */
export const AUX_FORMS: Readonly<Record<string, { lemma: 'be' | 'have' | 'do'; time: 'present' | 'past' | 'none'; person: '1sg' | '3sg' | 'other' | 'none' }>> = {
  be: { lemma: 'be', time: 'none', person: 'none' },
  am: { lemma: 'be', time: 'present', person: '1sg' },
  is: { lemma: 'be', time: 'present', person: '3sg' },
  are: { lemma: 'be', time: 'present', person: 'other' },
  was: { lemma: 'be', time: 'past', person: '3sg' },
  were: { lemma: 'be', time: 'past', person: 'other' },
  been: { lemma: 'be', time: 'none', person: 'none' },
  being: { lemma: 'be', time: 'none', person: 'none' },
  have: { lemma: 'have', time: 'present', person: 'other' },
  has: { lemma: 'have', time: 'present', person: '3sg' },
  had: { lemma: 'have', time: 'past', person: 'none' },
  having: { lemma: 'have', time: 'none', person: 'none' },
  do: { lemma: 'do', time: 'present', person: 'other' },
  does: { lemma: 'do', time: 'present', person: '3sg' },
  did: { lemma: 'do', time: 'past', person: 'none' },
};

export const MODALS = new Set(['will', 'would', 'can', 'could', 'shall', 'should', 'may', 'might', 'must']);

export const CONJUNCTIONS = new Set([
  'and', 'but', 'or', 'so', 'because', 'if', 'when', 'while', 'although', 'though', 'as',
  'unless', 'whether', 'once', 'nor', 'yet',
]);

/** Question words carry meaning (a wrong one changes the question), so they count as content. */
export const WH_WORDS = new Set(['what', 'where', 'when', 'why', 'how', 'who', 'whom', 'whose', 'which']);

/**
 * Intensifiers and focus adverbs: content words, but dropping one ("good" for "very good") is a
 * small slip, not a lost key word, so they do not count towards content recall.
 */
export const LIGHT_ADVERBS = new Set(['very', 'really', 'so', 'too', 'quite', 'also', 'just', 'still', 'even', 'much']);

/** Negations flip the meaning: grade them like content words. */
export const NEGATIONS = new Set(['not', 'never', 'no']);

/**
 * Time and sentence adverbials that may stand at the start or the end of a sentence.
 * Moving one of these between the two edges is a valid alternative, not a word-order error.
 */
export const MOVABLE_ADVERBS = new Set([
  'yesterday', 'today', 'tomorrow', 'tonight', 'now', 'then', 'recently', 'lately', 'sometimes',
  'usually', 'normally', 'generally', 'someday', 'later', 'finally', 'suddenly', 'fortunately',
  'unfortunately', 'luckily', 'actually', 'however', 'perhaps', 'maybe', 'probably', 'honestly',
  'currently', 'nowadays', 'soon', 'once', '1st', 'eventually', 'meanwhile', 'therefore',
]);
/** First words of adverbial phrases or clauses that may move between sentence edges. */
export const MOVABLE_PHRASE_STARTS = new Set([
  'last', 'next', 'this', 'every', 'on', 'in', 'at', 'during', 'after', 'before', 'since',
  'when', 'if', 'because', 'while', 'although', 'though', 'until', 'as', 'once', 'for', 'by',
]);
/** Words that make a phrase temporal when they close it ("two days ago", "this morning"). */
export const TIME_NOUNS = new Set([
  'ago', 'day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'morning', 'afternoon',
  'evening', 'night', 'weekend', 'weekends', 'time', 'times', 'summer', 'winter', 'spring', 'fall',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'hour', 'hours',
  'minute', 'minutes', 'pm', 'am', 'oclock', 'noon', 'midnight', 'holiday', 'vacation',
]);

/**
 * Curated global synonyms: each group may replace one another wherever the words align.
 * Deliberately small and conservative (WordNet-style lists are noisy; see research notes).
 * Entries are lemmas or fixed words; multi-word phrases go to GLOBAL_PHRASE_SYNONYMS.
 */
export const GLOBAL_SYNONYMS: readonly (readonly string[])[] = [
  ['big', 'large'],
  // Place: "right by the station" is "right beside the station".
  ['beside', 'by'],
  ['small', 'little'],
  ['start', 'begin'],
  ['buy', 'purchase'],
  ['movie', 'film'],
  ['shop', 'store'],
  ['hard', 'difficult'],
  ['easy', 'simple'],
  ['maybe', 'perhaps'],
  ['talk', 'speak'],
  ['happy', 'glad'],
  ['sick', 'ill'],
  ['autumn', 'fall'],
  ['holiday', 'vacation'],
  ['flat', 'apartment'],
  ['lift', 'elevator'],
  ['rubbish', 'garbage', 'trash'],
  ['underground', 'subway'],
  ['photo', 'picture'],
  ['test', 'exam', 'examination'],
  ['gift', 'present'],
  ['road', 'street'],
  ['almost', 'nearly'],
  ['usually', 'normally', 'generally'],
  ['quick', 'fast'],
  ['quickly', 'fast'],
  ['kid', 'child'],
  ['kids', 'children'],
  ['mom', 'mother'],
  ['dad', 'father'],
  ['often', 'frequently'],
  ['help', 'assist'],
  ['reply', 'respond'],
  ['receive', 'get'],
  ['smart', 'clever', 'intelligent'],
  ['beautiful', 'pretty'],
  ['until', 'till'],
  ['ok', 'okay'],
  ['tv', 'television'],
  ['info', 'information'],
  ['phone', 'telephone'],
  ['bike', 'bicycle'],
  ['fridge', 'refrigerator'],
  ['math', 'mathematics'],
  ['lab', 'laboratory'],
  ['sofa', 'couch'],
  ['taxi', 'cab'],
  ['cookie', 'biscuit'],
  ['attend', 'join'],
  ['finish', 'complete'],
  ['tired', 'exhausted'],
  ['delicious', 'tasty'],
  // Things bought or ordered (decision 050): "the stuff I ordered" is "the items I ordered".
  ['items', 'things', 'stuff'],
  // Decision 052: a rank (the team's top / best player), and reporting what someone says is true.
  ['best', 'top'],
  ['say', 'claim'],
  // Decision 053: papers to hand in.
  ['documents', 'paperwork'],
  // Decision 057: a mobile (British) is a cell phone.
  ['phone', 'mobile', 'cellphone'],
  ['phones', 'mobiles', 'cellphones'],
  // Decision 058: finding a thing one has lost (locate is find's formal word).
  ['find', 'locate'],
  // Decision 063: British mates are friends.
  ['friends', 'mates'],
];

/**
 * Multi-word equivalences (after normalisation). A learner using one member where an accepted
 * answer uses another is graded against the answer rewritten with the learner's phrase.
 */
export const GLOBAL_PHRASE_SYNONYMS: readonly (readonly string[])[] = [
  ['many', 'a lot of', 'lots of', 'loads of'],
  ['want to', 'would like to'],
  ['will', 'am going to', 'is going to', 'are going to'],
  ['can', 'am able to', 'is able to', 'are able to'],
  ['must', 'have to', 'has to'],
  ['could you', 'can you', 'would you'],
  ['as soon as possible', 'asap'],
  // Everyday equivalents learners reach for first; each holds in any sentence one side fits.
  ['let me know', 'tell me'],
  ['let us know', 'tell us'],
  ['because of', 'due to', 'owing to'],
  ['as if', 'as though'],
  ['a little', 'a bit'],
  ['get in touch with', 'contact'],
  ['once', 'one time'],
  ['twice', 'two times'],
  // Concession (decision 040): the clause connectors say the same, and so do the ones before a
  // noun phrase; a connector of the other kind is a word-choice slip (classify.ts).
  ['even though', 'although', 'though'],
  ['in spite of', 'despite', 'even with'],
  // A polite request: each asks the listener to do what follows.
  ['could you', 'would it be possible for you to', 'would you be able to'],
  // Hearsay (〜らしい / 〜だそうだ): each reports what is said.
  ['apparently', 'they say', 'people say', 'i hear', 'i heard', 'it is said that'],
  // Frequency: the adverb and the phrase say the same.
  ['every day', 'daily'],
  ['every week', 'weekly'],
  ['every month', 'monthly'],
  ['every year', 'yearly', 'annually'],
  // Free choice (decision 046): the compound relative and its no matter / regardless of forms.
  ['whichever', 'no matter which', 'regardless of which'],
  ['whatever', 'no matter what', 'regardless of what'],
  ['whoever', 'no matter who', 'regardless of who'],
  ['wherever', 'no matter where'],
  ['whenever', 'no matter when'],
  // The whole of a period: all day is the whole day.
  ['all day', 'the whole day', 'all day long', 'the entire day'],
  ['all night', 'the whole night', 'all night long', 'the entire night', 'all through the night', 'throughout the night'],
  // The period before this one, counted back from now: a teacher takes either for 去年 / 先週.
  ['last year', 'a year ago'],
  ['last month', 'a month ago'],
  ['last week', 'a week ago'],
  // Decision 050: fixed phrases that say the same in any sentence either fits.
  ['speechless', 'at a loss for words', 'lost for words'],
  ['was speechless', 'could not say a word', 'could not say anything'],
  ['were speechless', 'could not say a word', 'could not say anything'],
  ['say a word', 'say anything'],
  ['should', 'ought to'],
  ['any of the', 'any'],
  ['all of the', 'all the'],
  ['on business', 'for business'],
  // Back again: "by the time you're back" says "by the time you come back".
  ['come back', 'get back', 'are back'],
  ['comes back', 'gets back', 'is back'],
  ['visit', 'come to'],
  ['do not understand', 'do not get'],
  ['does not understand', 'does not get'],
  ['did not understand', 'did not get'],
  ['hold on to', 'hang on to', 'hold onto', 'hang onto'],
  // Decision 052: idioms a learner who knows English reaches for, each saying the same wherever
  // one fits. Tiredness: worn out / tired out are the adjective's phrasal forms.
  ['exhausted', 'worn out', 'tired out', 'tired'],
  // Not knowing: "I had no idea (that)" is "I did not know (that)"; the negation count is the same.
  ['did not know', 'had no idea'],
  ['do not know', 'have no idea'],
  ['does not know', 'has no idea'],
  // Being left alone: "leave me be" is "leave me alone".
  ['leave me alone', 'leave me be'],
  ['leave him alone', 'leave him be'],
  ['leave her alone', 'leave her be'],
  ['leave us alone', 'leave us be'],
  ['leave them alone', 'leave them be'],
  // A past impossibility: can't have and couldn't have + participle say the same.
  ['cannot have', 'could not have'],
  // Reaching home: get / arrive / come / return home, and get back home.
  ['got home', 'arrived home', 'came home', 'returned home', 'got back home', 'came back home'],
  ['get home', 'arrive home', 'come home', 'return home', 'get back home', 'come back home'],
  ['gets home', 'arrives home', 'comes home', 'returns home', 'gets back home', 'comes back home'],
  // Getting ready: prepare for is get ready for.
  ['prepare for', 'get ready for'],
  ['preparing for', 'getting ready for'],
  ['prepared for', 'got ready for'],
  // Likeness: resemble is look like.
  ['looks like', 'resembles'],
  ['look like', 'resemble'],
  ['looked like', 'resembled'],
  // Fine weather (British fine is sunny): only with it as the weather's subject.
  ['it is sunny', 'it is fine'],
  ['it was sunny', 'it was fine'],
  ['it were sunny', 'it were fine'],
  ['it had been sunny', 'it had been fine'],
  ['it will be sunny', 'it will be fine'],
  // Decision 053: everyday idioms that say the same in any sentence either fits.
  ['tonight', 'this evening'],
  ['another chance', 'one more chance', 'another shot', 'one more shot'],
  ['not only', 'not just'],
  ['everything will work out', 'things will work out', 'it will all work out'],
  ['everything will be fine', 'things will be fine'],
  ...['me', 'him', 'her', 'us', 'them'].map((p) => [`made ${p} cry`, `brought ${p} to tears`, `moved ${p} to tears`]),
  ...['my', 'his', 'her', 'your', 'our', 'their'].map((p) => [`do ${p} homework`, `get ${p} homework done`]),
  // Decision 057: everyday idioms that say the same in any sentence either fits.
  ['somehow', 'one way or another', 'somehow or other'],
  ['noticed', 'became aware'],
  ['notice', 'become aware'],
  ['notices', 'becomes aware'],
  ['set off', 'set out', 'head off', 'head out'],
  ['set off', 'set out', 'headed off', 'headed out'],
  ...['', 'a little ', 'a bit '].map((d) => [`running ${d}late`, `running ${d}behind`]),
  ...[['solve', 'work out', 'sort out', 'fix'], ['solved', 'worked out', 'sorted out', 'fixed']].map((verbs) => verbs.map((v) => `${v} the problem`)),
  ...[['his', 'him'], ['her', 'her'], ['my', 'me'], ['your', 'you'], ['our', 'us'], ['their', 'them']].map(([p, o]) => [`good for ${p} health`, `healthy for ${o}`]),
  ['review', 'take another look at', 'have another look at'],
  ['reviewed', 'took another look at', 'had another look at'],
  ['the sooner the better', 'the quicker the better'],
  ...[['learn', 'pick up'], ['learning', 'picking up'], ['learned', 'picked up'], ['learns', 'picks up']].flatMap(([l, p]) =>
    ['a foreign language', 'a language', 'a new language'].map((o) => [`${l} ${o}`, `${p} ${o}`]),
  ),
  // Talking a matter over is discussing it (the matter said as it).
  ...[['discuss', 'talk'], ['discussed', 'talked'], ['discusses', 'talks'], ['discussing', 'talking']].flatMap(([d, t]) => [
    [`${d} it`, `${t} it over`, `${t} about it`],
    [`${d} the matter`, `${t} the matter over`, `${t} over the matter`, `${t} it over`],
  ]),
  // Decision 058: okay is all right; the way to a place is how to get there; having no idea that
  // something was so is never having dreamed or imagined it.
  ['okay', 'all right'],
  ['how to get to', 'the way to'],
  ['never dreamed that', 'never dreamt that', 'never imagined that', 'never thought that', 'had no idea that'],
  // Catching a means of transport: get the train is catch the train.
  ...['train', 'bus', 'plane'].flatMap((v) =>
    ['', 'first ', 'last ', 'next '].flatMap((m) => [['catch', 'get'], ['caught', 'got']].map(([c, g]) => [`${c} the ${m}${v}`, `${g} the ${m}${v}`])),
  ),
  // Decision 063: everyday phrasal verbs and idioms that say the same in any sentence either fits.
  // Checking papers: look over / go through / look through them.
  ...[['check', 'look over', 'go through', 'look through'], ['checks', 'looks over', 'goes through', 'looks through'], ['checked', 'looked over', 'went through', 'looked through'], ['checking', 'looking over', 'going through', 'looking through']].map((forms) => forms.map((v) => `${v} the`)),
  // Returning a thing bought: send it back (return before a thing only: "return home" is no sending).
  ...[['return', 'send'], ['returning', 'sending'], ['returned', 'sent']].flatMap(([r, s]) => [
    ...['the', 'any', 'all', 'this', 'that', 'these', 'those', 'my', 'your'].map((d) => [`${r} ${d}`, `${s} back ${d}`]),
    ...['it', 'them'].map((o) => [`${r} ${o}`, `${s} ${o} back`]),
  ]),
  ['be returned', 'be sent back'],
  // Helping someone is giving them a hand.
  ...[['help', 'give'], ['helps', 'gives'], ['helped', 'gave'], ['helping', 'giving']].flatMap(([h, g]) =>
    ['me', 'you', 'him', 'her', 'us', 'them', 'my mother', 'my father', 'my mom', 'my dad', 'my sister', 'my brother', 'my friend'].map((o) => [`${h} ${o}`, `${g} ${o} a hand`]),
  ),
  ['generally speaking', 'on the whole', 'by and large'],
  ['such a thing', 'something like that', 'that kind of thing', 'that sort of thing', 'a thing like that'],
  ['is more important than', 'matters more than'],
  ['was more important than', 'mattered more than'],
  // Having people round (British) is having them over.
  ['over for', 'round for'],
  ['for a minute', 'for a second', 'for a sec', 'for a moment'],
  ['continue', 'carry on'],
  ['continued', 'carried on'],
  ['where we left off', 'where we stopped'],
  ['on a business trip', 'traveling for work', 'traveling on business', 'away on business'],
  ...[['stays', 'does'], ['stay', 'do'], ['stayed', 'did']].flatMap(([s, d]) => [
    [`${s} within budget`, `${d} not go over budget`, `${d} not exceed the budget`],
    [`${s} within the budget`, `${d} not go over the budget`, `${d} not exceed the budget`],
  ]),
  ['opposed', 'objected to', 'was against'],
  ['oppose', 'object to', 'be against'],
  ['see you', 'see ya'],
  ['so cold', 'freezing'],
  ['very cold', 'freezing'],
  ['come to see', 'come and see', 'come and visit', 'come to visit'],
  // Feeling like doing a thing is wanting to do it (want to + a verb's base, feel like + its -ing).
  ...[
    ['come', 'coming'], ['go', 'going'], ['eat', 'eating'], ['drink', 'drinking'], ['see', 'seeing'], ['watch', 'watching'],
    ['play', 'playing'], ['do', 'doing'], ['stay', 'staying'], ['have', 'having'], ['talk', 'talking'], ['read', 'reading'],
    ['sleep', 'sleeping'], ['rest', 'resting'], ['cook', 'cooking'], ['sing', 'singing'], ['dance', 'dancing'], ['walk', 'walking'],
    ['swim', 'swimming'], ['study', 'studying'], ['work', 'working'], ['leave', 'leaving'], ['join', 'joining'], ['visit', 'visiting'],
    ['buy', 'buying'], ['cry', 'crying'], ['laugh', 'laughing'], ['go out', 'going out'], ['stay home', 'staying home'],
  ].flatMap(([v, ving]) => [['want', 'feel'], ['wants', 'feels'], ['wanted', 'felt']].map(([w, f]) => [`${w} to ${v}`, `${f} like ${ving}`])),
  // The get-passive of an event in the past: "I got spoken to" is "I was spoken to".
  ...['spoken to', 'asked', 'told', 'hit', 'hurt', 'injured', 'caught', 'stolen', 'fired', 'arrested', 'invited', 'paid', 'bitten',
    'stuck', 'damaged', 'broken', 'chosen', 'promoted', 'picked', 'scolded', 'praised', 'robbed', 'killed', 'hired', 'accepted',
    'rejected', 'punished', 'attacked', 'stung', 'elected', 'beaten', 'woken up', 'checked'].flatMap((pp) => [[`was ${pp}`, `got ${pp}`], [`were ${pp}`, `got ${pp}`]]),
  // A thing that has not come has not arrived.
  ['had not arrived', 'had not come'],
  ['has not arrived', 'has not come'],
  ['have not arrived', 'have not come'],
];

/** British → American spelling for common words, so either spelling matches the bank. */
export const UK_TO_US: Readonly<Record<string, string>> = (() => {
  const table: Record<string, string> = {
    centre: 'center', centres: 'centers', theatre: 'theater', theatres: 'theaters',
    metre: 'meter', metres: 'meters', litre: 'liter', litres: 'liters', kilometre: 'kilometer',
    kilometres: 'kilometers', programme: 'program', programmes: 'programs', grey: 'gray',
    cheque: 'check', cheques: 'checks', jewellery: 'jewelry', catalogue: 'catalog',
    licence: 'license', defence: 'defense', offence: 'offense', mum: 'mom', mums: 'moms',
    // Informal spellings read as the standard one (OK / okay).
    ok: 'okay',
    maths: 'math', learnt: 'learned', spelt: 'spelled', dreamt: 'dreamed', burnt: 'burned',
    whilst: 'while', towards: 'toward', aeroplane: 'airplane', aeroplanes: 'airplanes',
    pyjamas: 'pajamas', tyre: 'tire', tyres: 'tires', storey: 'story', storeys: 'stories',
    practise: 'practice', practised: 'practiced', practising: 'practicing', practises: 'practices',
    travelled: 'traveled', travelling: 'traveling', traveller: 'traveler', travellers: 'travelers',
    cancelled: 'canceled', cancelling: 'canceling', labelled: 'labeled', modelling: 'modeling',
    fulfil: 'fulfill', enrol: 'enroll', enrolment: 'enrollment', judgement: 'judgment',
    ageing: 'aging', analyse: 'analyze', analysed: 'analyzed', analysing: 'analyzing',
    paralysed: 'paralyzed', behaviour: 'behavior', behaviours: 'behaviors',
  };
  // -our / -or families.
  for (const stem of ['colo', 'favo', 'neighbo', 'hono', 'flavo', 'labo', 'humo', 'harbo', 'rumo', 'vapo', 'odo', 'armo', 'endeavo']) {
    for (const suffix of ['', 's', 'ed', 'ing', 'ful']) {
      table[`${stem}ur${suffix}`] = `${stem}r${suffix}`;
    }
  }
  table.favourite = 'favorite';
  table.favourites = 'favorites';
  table.neighbourhood = 'neighborhood';
  table.neighbourhoods = 'neighborhoods';
  // -ise / -ize families.
  for (const stem of ['real', 'organ', 'apolog', 'recogn', 'memor', 'minim', 'maxim', 'special', 'summar', 'critic', 'emphas', 'character', 'priorit', 'familiar', 'modern', 'categor', 'custom', 'general', 'optim', 'standard', 'util', 'author', 'symbol', 'visual', 'sympath', 'global', 'final', 'social', 'civil', 'capital', 'normal']) {
    for (const [uk, us] of [['ise', 'ize'], ['ised', 'ized'], ['ises', 'izes'], ['ising', 'izing'], ['isation', 'ization'], ['isations', 'izations']] as const) {
      table[`${stem}${uk}`] = `${stem}${us}`;
    }
  }
  return table;
})();

/** Cardinal number words, for number-word ↔ digit normalisation. */
export const UNITS: Readonly<Record<string, number>> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16,
  seventeen: 17, eighteen: 18, nineteen: 19,
};
export const TENS: Readonly<Record<string, number>> = {
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
export const SCALES: Readonly<Record<string, number>> = { thousand: 1000, million: 1_000_000, billion: 1_000_000_000 };

/** Ordinal words; normalised to digit ordinals ("twenty-first" = "21st") like cardinals. */
export const ORDINAL_UNITS: Readonly<Record<string, number>> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9,
  tenth: 10, eleventh: 11, twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15,
  sixteenth: 16, seventeenth: 17, eighteenth: 18, nineteenth: 19,
};
export const ORDINAL_TENS: Readonly<Record<string, number>> = {
  twentieth: 20, thirtieth: 30, fortieth: 40, fiftieth: 50, sixtieth: 60, seventieth: 70,
  eightieth: 80, ninetieth: 90, hundredth: 100,
};

/** English ordinal suffix for a number: 1st, 2nd, 3rd, 11th, 21st. */
export function ordinalSuffix(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return 'th';
  switch (n % 10) {
    case 1:
      return 'st';
    case 2:
      return 'nd';
    case 3:
      return 'rd';
    default:
      return 'th';
  }
}

/** "He's" / "she'd": pronouns whose 's / 'd are verb contractions rather than possessives. */
export const CONTRACTING_SUBJECTS = new Set([
  'he', 'she', 'it', 'that', 'there', 'here', 'what', 'who', 'where', 'when', 'why', 'how',
  'this', 'i', 'you', 'we', 'they', 'everyone', 'everything', 'nobody', 'nothing', 'someone', 'something',
]);

/**
 * Words that cannot follow a possessive: after a noun's 's they make it a verb ("My brother's
 * working", "The meeting's not until three", "Ken's in the kitchen").
 */
export const AFTER_NOUN_CONTRACTION = new Set([
  'not', 'being', 'going', 'a', 'an', 'the', 'always', 'never', 'already', 'just', 'still', 'also',
  'in', 'at', 'from', 'here', 'there', 'very', 'so', 'too', 'really', 'now', 'out', 'back', 'on', 'off',
  // A possessive is followed by what it possesses, never by a possessive pronoun or a preposition.
  'mine', 'yours', 'hers', 'ours', 'theirs', 'by', 'with', 'under', 'near', 'for', 'about', 'like', 'over', 'into',
  'ready', 'sure', 'able',
  // Degree and frequency adverbs a possessive never takes (decision 046): "My bike's as new as yours".
  'as', 'quite', 'rather', 'probably', 'usually', 'often', 'sometimes', 'definitely', 'certainly', 'actually', 'even',
  // A comparative's more / less (decision 050): "This question's more difficult than that one".
  'more', 'less',
  // Decision 063: "This one's my bag", "The manager's away": a possessive is never followed by
  // another possessive determiner (her and its are also object / pronoun), nor by away.
  'my', 'your', 'his', 'our', 'their', 'away',
]);

/**
 * Nouns ending in -ing that often follow a possessive ("my brother's wedding"). Gerunds of
 * activities (cooking, reading) are left out: "My mother's cooking dinner" is far likelier here.
 */
export const ING_NOUNS = new Set([
  'thing', 'something', 'anything', 'nothing', 'everything', 'building', 'morning', 'evening', 'ceiling',
  'wedding', 'meeting', 'feeling', 'painting', 'drawing', 'spring', 'string', 'king', 'ring', 'wing',
  'clothing', 'earring', 'beginning', 'ending', 'opening', 'setting', 'handwriting', 'offering',
]);

/** Past participles that differ from the past tense: after 's they mean "has", after 'd "had". */
export const DISTINCT_PARTICIPLES = new Set([
  'been', 'gone', 'done', 'seen', 'taken', 'eaten', 'written', 'given', 'known', 'broken', 'spoken',
  'chosen', 'driven', 'forgotten', 'fallen', 'ridden', 'risen', 'shown', 'stolen', 'woken', 'worn',
  'torn', 'thrown', 'grown', 'drawn', 'flown', 'begun', 'drunk', 'sung', 'swum', 'rung', 'got',
  'gotten', 'hidden', 'bitten', 'shaken', 'frozen', 'mistaken', 'proven', 'beaten', 'sworn',
]);

/** Typed contractions without the apostrophe (phones drop it); only unambiguous ones. */
export const APOSTROPHE_LESS: Readonly<Record<string, string>> = {
  dont: "don't", doesnt: "doesn't", didnt: "didn't", isnt: "isn't", arent: "aren't", wasnt: "wasn't",
  werent: "weren't", havent: "haven't", hasnt: "hasn't", hadnt: "hadn't", couldnt: "couldn't",
  wouldnt: "wouldn't", shouldnt: "shouldn't", mustnt: "mustn't", im: "i'm", ive: "i've",
  youre: "you're", youve: "you've", theyre: "they're", theyve: "they've", weve: "we've",
  thats: "that's", whats: "what's", hes: "he's", shes: "she's", wheres: "where's", youll: "you'll",
  theyll: "they'll", itll: "it'll", theres: "there's",
  // Decision 053.
  shouldve: "should've", couldve: "could've", wouldve: "would've", mustve: "must've", hows: "how's",
  whos: "who's", youd: "you'd", theyd: "they'd",
  // Decision 063.
  heres: "here's",
  // Decision 073: the other subject + 'd / 'll contractions that are no word without the apostrophe.
  hed: "he'd", itd: "it'd", thatll: "that'll", therell: "there'll", wholl: "who'll", whod: "who'd",
};

/**
 * Apostrophe-less contractions that are also (rare) words: a spelling slip in carefully typed text
 * ("He wont be home tonight."), the typing style in a phone-typed answer with no capital letter at
 * all ("i cant swim"), where every apostrophe and capital is left out alike (decision 053).
 */
export const PHONE_APOSTROPHE_LESS: Readonly<Record<string, string>> = { cant: "can't", wont: "won't" };

/**
 * Words WordNet puts in one sense that a teacher tells apart (decision 053): "leave me lonely" for
 * "leave me alone" is the wrong word (寂しい for 一人), not the same words. Both orders are listed.
 */
export const NOT_SYNONYMS: ReadonlySet<string> = new Set(
  [['alone', 'lonely']].flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]),
);

/** Irregular plurals: singular → plural (for naming "childs" / "mans" as plural errors). */
export const IRREGULAR_PLURALS: Readonly<Record<string, string>> = {
  child: 'children', man: 'men', woman: 'women', foot: 'feet', tooth: 'teeth', mouse: 'mice',
  person: 'people', goose: 'geese', sheep: 'sheep', fish: 'fish', deer: 'deer', leaf: 'leaves',
  knife: 'knives', wife: 'wives', life: 'lives', half: 'halves', shelf: 'shelves',
};

/** Uncountable nouns Japanese learners often pluralise. */
export const UNCOUNTABLE = new Set([
  'information', 'advice', 'furniture', 'homework', 'baggage', 'luggage', 'equipment', 'knowledge',
  'news', 'money', 'water', 'rice', 'bread', 'music', 'traffic', 'weather', 'work', 'research',
  'evidence', 'feedback', 'software', 'staff', 'progress', 'scenery', 'damage', 'housework',
]);

/** Real words that learners swap for sound-alikes: a swap is a spelling slip, not a word-choice error. */
export const CONFUSABLES: readonly (readonly [string, string])[] = [
  ['then', 'than'], ['were', 'where'], ['quite', 'quiet'], ['lose', 'loose'], ['their', 'there'],
  ['to', 'too'], ['accept', 'except'], ['advice', 'advise'], ['affect', 'effect'],
  ['weather', 'whether'], ['passed', 'past'], ['through', 'threw'], ['hear', 'here'], ['know', 'no'],
  ['right', 'write'], ['buy', 'by'], ['peace', 'piece'], ['whole', 'hole'], ['wear', 'where'],
  ['its', 'it'], ['your', 'you'], ['found', 'founded'], ['week', 'weak'], ['meet', 'meat'], ['sea', 'see'], ['four', 'for'],
  ['of', 'off'],
  // Decision 063: more sound-alikes learners write for each other.
  ['plain', 'plane'], ['son', 'sun'], ['one', 'won'], ['new', 'knew'], ['road', 'rode'], ['hour', 'our'],
  ['blue', 'blew'], ['mail', 'male'], ['sale', 'sail'], ['break', 'brake'],
];

/** Learner words that stand for a contraction written without its apostrophe or wrongly. */
export const SPLIT_CONFUSIONS: Readonly<Record<string, readonly string[]>> = {
  its: ['it', 'is'],
  your: ['you', 'are'],
  their: ['they', 'are'],
  there: ['they', 'are'],
  whose: ['who', 'is'],
  everyday: ['every', 'day'],
  alot: ['a', 'lot'],
  maybe: ['may', 'be'],
  lets: ['let', 'us'],
  cant: ['can', 'not'],
  wont: ['will', 'not'],
};

/** Irregular comparatives / superlatives wink does not always lemmatise to the base. */
export const IRREGULAR_ADJECTIVES: Readonly<Record<string, string>> = {
  better: 'good', best: 'good', worse: 'bad', worst: 'bad', more: 'many', most: 'many',
  less: 'little', least: 'little', further: 'far', farther: 'far',
};

/**
 * Words that make a clause negative, for the polarity check: an answer with one more or one
 * fewer of these than the accepted answer says the opposite, whatever else it gets right.
 */
export const NEGATORS = new Set([
  'not', 'never', 'no', 'nobody', 'nothing', 'none', 'nowhere', 'neither', 'nor', 'without',
  'hardly', 'scarcely', 'barely', 'seldom', 'rarely',
]);

/** Negator-looking words that do not negate what follows: "no matter how", "not only ... but". */
export const NON_NEGATING_NEXT: Readonly<Record<string, ReadonlySet<string>>> = {
  no: new Set(['matter', 'sooner', 'doubt']),
  not: new Set(['only', 'just', 'merely', 'simply']),
};

/**
 * Opposites, by lemma: writing one for the other reverses the meaning, which is worse than an
 * ordinary wrong word. Pairs only where either word is a clear opposite in every context.
 */
export const ANTONYMS: readonly (readonly [string, string])[] = [
  ['allow', 'prohibit'], ['allow', 'forbid'], ['allow', 'ban'], ['permit', 'prohibit'], ['permit', 'forbid'],
  ['permit', 'ban'], ['allowed', 'prohibited'], ['allowed', 'banned'], ['allowed', 'forbidden'],
  ['permitted', 'prohibited'], ['permitted', 'banned'], ['happy', 'sorry'], ['glad', 'sorry'],
  ['happy', 'sad'], ['glad', 'sad'], ['start', 'stop'], ['begin', 'stop'], ['start', 'quit'],
  ['start', 'finish'], ['begin', 'finish'], ['start', 'end'], ['begin', 'end'], ['keep', 'break'],
  ['open', 'close'], ['open', 'closed'], ['open', 'shut'], ['buy', 'sell'], ['purchase', 'sell'],
  ['arrive', 'leave'], ['arrive', 'depart'], ['increase', 'decrease'], ['increase', 'reduce'],
  ['rise', 'fall'], ['raise', 'lower'], ['win', 'lose'], ['remember', 'forget'], ['accept', 'reject'],
  ['accept', 'refuse'], ['accept', 'decline'],
  ['with', 'without'], ['if', 'unless'], ['on', 'under'], ['above', 'below'], ['over', 'under'], ['many', 'few'], ['much', 'little'], ['all', 'none'], ['ago', 'later'], ['yesterday', 'tomorrow'], ['domestic', 'foreign'], ['domestic', 'overseas'], ['domestic', 'abroad'], ['approve', 'reject'], ['agree', 'disagree'],
  ['like', 'dislike'], ['like', 'hate'], ['love', 'hate'], ['true', 'false'], ['right', 'wrong'],
  ['correct', 'wrong'], ['correct', 'incorrect'], ['easy', 'difficult'], ['easy', 'hard'],
  ['easier', 'harder'], ['possible', 'impossible'], ['early', 'late'], ['hot', 'cold'],
  ['cheap', 'expensive'], ['long', 'short'], ['high', 'low'], ['tall', 'short'], ['lend', 'borrow'],
  ['pass', 'fail'], ['succeed', 'fail'], ['success', 'failure'], ['always', 'never'],
  ['more', 'less'], ['same', 'different'], ['good', 'bad'], ['import', 'export'], ['include', 'exclude'],
  ['add', 'remove'], ['enter', 'exit'], ['teach', 'learn'], ['present', 'absent'], ['find', 'lose'],
  ['empty', 'full'], ['heavy', 'light'], ['clean', 'dirty'], ['safe', 'dangerous'], ['rich', 'poor'],
  ['strong', 'weak'], ['fast', 'slow'], ['quick', 'slow'], ['near', 'far'], ['inside', 'outside'],
  ['profit', 'loss'], ['interesting', 'boring'], ['busy', 'free'], ['full', 'hungry'],
  ['before', 'after'], ['1st', 'last'], ['up', 'down'], ['push', 'pull'], ['on', 'off'],
  ['continue', 'stop'], ['quit', 'continue'], ['most', 'least'], ['best', 'least'], ['most', 'fewest'], ['best', 'worst'], ['highest', 'lowest'],
  ['tallest', 'shortest'], ['tallest', 'lowest'], ['tall', 'low'], ['biggest', 'smallest'], ['largest', 'smallest'], ['big', 'small'],
  ['large', 'small'], ['young', 'old'], ['new', 'old'], ['wide', 'narrow'], ['thick', 'thin'],
  ['agree', 'oppose'], ['support', 'oppose'], ['welcome', 'reject'],
  ['safe', 'unsafe'], ['convenient', 'inconvenient'], ['polite', 'rude'], ['kind', 'unkind'],
];

/** The opposites of each word (both ways), looked up without building a key string. */
const ANTONYM_PAIRS = new Map<string, Set<string>>();
for (const [a, b] of ANTONYMS) {
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const set = ANTONYM_PAIRS.get(x);
    if (set) set.add(y);
    else ANTONYM_PAIRS.set(x, new Set([y]));
  }
}

/** Are two words (surface forms or lemmas) opposites? */
export function areAntonyms(a: string, b: string): boolean {
  return ANTONYM_PAIRS.get(a)?.has(b) ?? false;
}

/** Are two analysed words opposites, by surface form or lemma on either side? */
export function areAntonymWords(x: { norm: string; lemma: string }, y: { norm: string; lemma: string }): boolean {
  for (const a of [x.norm, x.lemma]) for (const b of [y.norm, y.lemma]) if (areAntonyms(a, b)) return true;
  return false;
}
