/**
 * A broad lexicon of everyday English equivalences (decision 067): phrasal verbs and their
 * one-word verbs, idioms, British / American words, adverbials, and request forms a Japanese
 * learner at the bank's levels uses when saying an accepted answer in other words.
 *
 * Written from knowledge of English and of the bank's recurring meanings, not from any probe set.
 * Kept apart from lexicon.ts so rounds that add groups for one set do not touch it; analyse.ts
 * appends these groups to the curated ones.
 *
 * How a group holds (analyse.ts, index.ts): word groups swap one word for another wherever the two
 * align; a phrase group is matched on the learner's lemmas, and the accepted answer is rewritten
 * with the learner's member where the answer has another member word for word. A phrase member is
 * therefore its own context constraint: a phrasal verb with several senses is listed only with the
 * objects or next words in which it means the other member ("look over the report", never "look
 * over"), and each inflected form is its own group, since the answer side matches exact forms.
 */

/** A verb's forms: base, third person singular, past, -ing, past participle. */
type Forms = readonly [string, string, string, string, string];

/** The forms of a verb given as base plus a tail ("look over" → looks over, looked over, ...). */
function forms(verb: Forms, tail = ''): Forms {
  const t = tail ? ` ${tail}` : '';
  return verb.map((v) => `${v}${t}`) as unknown as Forms;
}

const V: Record<string, Forms> = {
  check: ['check', 'checks', 'checked', 'checking', 'checked'],
  look: ['look', 'looks', 'looked', 'looking', 'looked'],
  go: ['go', 'goes', 'went', 'going', 'gone'],
  send: ['send', 'sends', 'sent', 'sending', 'sent'],
  return: ['return', 'returns', 'returned', 'returning', 'returned'],
  give: ['give', 'gives', 'gave', 'giving', 'given'],
  take: ['take', 'takes', 'took', 'taking', 'taken'],
  bring: ['bring', 'brings', 'brought', 'bringing', 'brought'],
  help: ['help', 'helps', 'helped', 'helping', 'helped'],
  lend: ['lend', 'lends', 'lent', 'lending', 'lent'],
  continue: ['continue', 'continues', 'continued', 'continuing', 'continued'],
  carry: ['carry', 'carries', 'carried', 'carrying', 'carried'],
  keep: ['keep', 'keeps', 'kept', 'keeping', 'kept'],
  come: ['come', 'comes', 'came', 'coming', 'come'],
  have: ['have', 'has', 'had', 'having', 'had'],
  contact: ['contact', 'contacts', 'contacted', 'contacting', 'contacted'],
  get: ['get', 'gets', 'got', 'getting', 'gotten'],
  reach: ['reach', 'reaches', 'reached', 'reaching', 'reached'],
  arrive: ['arrive', 'arrives', 'arrived', 'arriving', 'arrived'],
  learn: ['learn', 'learns', 'learned', 'learning', 'learned'],
  find: ['find', 'finds', 'found', 'finding', 'found'],
  discover: ['discover', 'discovers', 'discovered', 'discovering', 'discovered'],
  set: ['set', 'sets', 'set', 'setting', 'set'],
  arrange: ['arrange', 'arranges', 'arranged', 'arranging', 'arranged'],
  organize: ['organize', 'organizes', 'organized', 'organizing', 'organized'],
  put: ['put', 'puts', 'put', 'putting', 'put'],
  postpone: ['postpone', 'postpones', 'postponed', 'postponing', 'postponed'],
  push: ['push', 'pushes', 'pushed', 'pushing', 'pushed'],
  turn: ['turn', 'turns', 'turned', 'turning', 'turned'],
  refuse: ['refuse', 'refuses', 'refused', 'refusing', 'refused'],
  decline: ['decline', 'declines', 'declined', 'declining', 'declined'],
  reject: ['reject', 'rejects', 'rejected', 'rejecting', 'rejected'],
  pick: ['pick', 'picks', 'picked', 'picking', 'picked'],
  collect: ['collect', 'collects', 'collected', 'collecting', 'collected'],
  care: ['take care of', 'takes care of', 'took care of', 'taking care of', 'taken care of'],
  figure: ['figure', 'figures', 'figured', 'figuring', 'figured'],
  work: ['work', 'works', 'worked', 'working', 'worked'],
  drop: ['drop', 'drops', 'dropped', 'dropping', 'dropped'],
  stop: ['stop', 'stops', 'stopped', 'stopping', 'stopped'],
  visit: ['visit', 'visits', 'visited', 'visiting', 'visited'],
  make: ['make', 'makes', 'made', 'making', 'made'],
  ensure: ['ensure', 'ensures', 'ensured', 'ensuring', 'ensured'],
  hand: ['hand', 'hands', 'handed', 'handing', 'handed'],
  submit: ['submit', 'submits', 'submitted', 'submitting', 'submitted'],
  fill: ['fill', 'fills', 'filled', 'filling', 'filled'],
  complete: ['complete', 'completes', 'completed', 'completing', 'completed'],
  switch: ['switch', 'switches', 'switched', 'switching', 'switched'],
  search: ['search', 'searches', 'searched', 'searching', 'searched'],
  throw: ['throw', 'throws', 'threw', 'throwing', 'thrown'],
  run: ['run', 'runs', 'ran', 'running', 'run'],
  bump: ['bump', 'bumps', 'bumped', 'bumping', 'bumped'],
  quit: ['quit', 'quits', 'quit', 'quitting', 'quit'],
  fall: ['fall', 'falls', 'fell', 'falling', 'fallen'],
  die: ['die', 'dies', 'died', 'dying', 'died'],
  pass: ['pass', 'passes', 'passed', 'passing', 'passed'],
  decide: ['decide', 'decides', 'decided', 'deciding', 'decided'],
  eat: ['eat', 'eats', 'ate', 'eating', 'eaten'],
  become: ['become', 'becomes', 'became', 'becoming', 'become'],
  participate: ['participate', 'participates', 'participated', 'participating', 'participated'],
  try: ['try', 'tries', 'tried', 'trying', 'tried'],
  attempt: ['attempt', 'attempts', 'attempted', 'attempting', 'attempted'],
  call: ['call', 'calls', 'called', 'calling', 'called'],
  phone: ['phone', 'phones', 'phoned', 'phoning', 'phoned'],
  ring: ['ring', 'rings', 'rang', 'ringing', 'rung'],
  consider: ['consider', 'considers', 'considered', 'considering', 'considered'],
  think: ['think', 'thinks', 'thought', 'thinking', 'thought'],
  sit: ['sit', 'sits', 'sat', 'sitting', 'sat'],
  hurry: ['hurry', 'hurries', 'hurried', 'hurrying', 'hurried'],
  marry: ['marry', 'marries', 'married', 'marrying', 'married'],
  remove: ['remove', 'removes', 'removed', 'removing', 'removed'],
  board: ['board', 'boards', 'boarded', 'boarding', 'boarded'],
  respect: ['respect', 'respects', 'respected', 'respecting', 'respected'],
  recover: ['recover', 'recovers', 'recovered', 'recovering', 'recovered'],
  rise: ['rise', 'rises', 'rose', 'rising', 'risen'],
  increase: ['increase', 'increases', 'increased', 'increasing', 'increased'],
  decrease: ['decrease', 'decreases', 'decreased', 'decreasing', 'decreased'],
  cut: ['cut', 'cuts', 'cut', 'cutting', 'cut'],
  reduce: ['reduce', 'reduces', 'reduced', 'reducing', 'reduced'],
  hang: ['hang', 'hangs', 'hung', 'hanging', 'hung'],
  spend: ['spend', 'spends', 'spent', 'spending', 'spent'],
  sign: ['sign', 'signs', 'signed', 'signing', 'signed'],
  register: ['register', 'registers', 'registered', 'registering', 'registered'],
  count: ['count', 'counts', 'counted', 'counting', 'counted'],
  rely: ['rely', 'relies', 'relied', 'relying', 'relied'],
  depend: ['depend', 'depends', 'depended', 'depending', 'depended'],
  cancel: ['cancel', 'cancels', 'canceled', 'canceling', 'canceled'],
  exercise: ['exercise', 'exercises', 'exercised', 'exercising', 'exercised'],
  wake: ['wake', 'wakes', 'woke', 'waking', 'woken'],
  let: ['let', 'lets', 'let', 'letting', 'let'],
  disappoint: ['disappoint', 'disappoints', 'disappointed', 'disappointing', 'disappointed'],
  investigate: ['investigate', 'investigates', 'investigated', 'investigating', 'investigated'],
  deal: ['deal', 'deals', 'dealt', 'dealing', 'dealt'],
  handle: ['handle', 'handles', 'handled', 'handling', 'handled'],
  stay: ['stay', 'stays', 'stayed', 'staying', 'stayed'],
  resemble: ['resemble', 'resembles', 'resembled', 'resembling', 'resembled'],
  extinguish: ['extinguish', 'extinguishes', 'extinguished', 'extinguishing', 'extinguished'],
};

/** Words before a verb's base form that make it the base (never the past): "to put off". */
const BASE_CONTEXT = [
  'to', 'will', 'can', 'could', 'should', 'would', 'must', 'might', 'please', 'not', 'let us',
  ...['can', 'could', 'will', 'would', 'do', 'did'].map((w) => `${w} you`), 'shall we', 'should we', 'can we',
];

/** Subjects after which a verb's bare form is its past, never its present. */
const PAST_CONTEXT = ['he', 'she', 'it'];

/**
 * One group per verb form (base, -s, past, -ing): each member is a verb's forms with its own tail
 * (object, particle). A member whose past is also its base ("put off", "quit smoking", "set up")
 * would let a learner's wrong tense meet the answer's ("I stop smoking" for "I quit smoking last
 * year"), so in the base and past groups it stands only after a word that makes it the base (to,
 * will, can, please, ...) or, in the past, after he / she / it, where the other members get that word
 * too. Participles get no group of
 * their own (the past's group covers those that equal it), so "I given you a hand" keeps its slip.
 */
function verbGroups(...members: readonly (readonly [Forms, string?])[]): string[][] {
  const all = members.map(([verb, tail]) => forms(verb, tail));
  const ambiguous = all.filter((f) => f[2] === f[0]);
  const plain = all.filter((f) => f[2] !== f[0]);
  const groups: string[][] = [1, 3].map((k) => all.map((f) => f[k] as string));
  if (ambiguous.length === 0 || plain.length === 0) groups.unshift(all.map((f) => f[0]));
  else {
    for (const w of BASE_CONTEXT) groups.push(all.map((f) => `${w} ${f[0]}`));
    // After a third-person singular subject the bare form can only be the past: "He let me down".
    for (const w of PAST_CONTEXT) groups.push(all.map((f) => `${w} ${f[2]}`));
  }
  groups.push(plain.map((f) => f[2]));
  if (plain.length === 0) groups.push(all.map((f) => f[2]));
  return groups.map((g) => [...new Set(g)]).filter((g) => g.length > 1);
}

const OBJECT_PRONOUNS = ['me', 'him', 'her', 'us', 'them', 'you'];

/** Things one reads through to check them (the sense in which look over / go over is check). */
const PAPERS = ['the report', 'the document', 'the documents', 'the contract', 'the data', 'the figures', 'the draft', 'the proposal', 'my answers', 'your answers', 'the answers', 'my essay', 'your essay', 'the email', 'the schedule', 'the plan', 'it'];
/** Things one sends back or gives back. */
const RETURNED = ['it', 'them', 'the book', 'the books', 'the item', 'the product', 'the package', 'the money', 'my book', 'your book'];
/** Events one puts off, postpones or arranges. */
const EVENTS = ['the meeting', 'a meeting', 'the trip', 'the party', 'the game', 'the match', 'the event', 'the decision', 'the wedding'];
/** Offers one turns down (never the volume or the heating). */
const OFFERS = ['offer', 'invitation', 'request', 'proposal', 'job offer'].flatMap((n) => [
  ...['the', 'his', 'her', 'their', 'your', 'our', 'my'].map((d) => `${d} ${n}`),
  `${n === 'offer' || n === 'invitation' ? 'an' : 'a'} ${n}`,
]);
/** People or things one picks up from somewhere (collect, not lift). */
const COLLECTED = ['the children', 'the kids', 'my son', 'my daughter', 'my children', 'my kids', 'the package', 'the parcel', 'my luggage', 'the tickets', 'my tickets'];

/** Phrasal verbs and idioms with their one-word or plain verbs, each in the frame where it holds. */
const PHRASAL: string[][] = [
  // Reading something through to check it.
  ...PAPERS.flatMap((o) => verbGroups([V.check as Forms, o], [V.look as Forms, `over ${o}`], [V.go as Forms, `over ${o}`])),
  ...verbGroups([V.check as Forms, 'it'], [V.look as Forms, 'it over']),
  // Giving or sending a thing back.
  ...RETURNED.flatMap((o) => verbGroups([V.return as Forms, o], [V.send as Forms, `${o} back`], [V.give as Forms, `${o} back`], [V.take as Forms, `${o} back`], [V.bring as Forms, `${o} back`])),
  ...RETURNED.filter((o) => o !== 'it' && o !== 'them').flatMap((o) => verbGroups([V.return as Forms, o], [V.send as Forms, `back ${o}`], [V.give as Forms, `back ${o}`])),
  // Helping someone.
  ...OBJECT_PRONOUNS.flatMap((p) => verbGroups([V.help as Forms, p], [V.give as Forms, `${p} a hand`], [V.lend as Forms, `${p} a hand`])),
  // Going on doing something.
  ...verbGroups([V.continue as Forms], [V.carry as Forms, 'on'], [V.keep as Forms, 'on']),
  // Looking at something.
  ...verbGroups([V.look as Forms, 'at'], [V.have as Forms, 'a look at'], [V.take as Forms, 'a look at']),
  // Contacting someone (the base form is in lexicon.ts).
  ...verbGroups([V.contact as Forms], [V.get as Forms, 'in touch with']).filter((g) => g[0] !== 'contact'),
  // Arriving somewhere.
  ...verbGroups([V.arrive as Forms, 'at'], [V.get as Forms, 'to'], [V.reach as Forms]),
  // Learning a fact.
  ...verbGroups([V.find as Forms, 'out that'], [V.learn as Forms, 'that'], [V.discover as Forms, 'that']),
  // Arranging a meeting or an event.
  ...EVENTS.filter((e) => e !== 'the decision' && e !== 'the game' && e !== 'the match').flatMap((e) => verbGroups([V.arrange as Forms, e], [V.set as Forms, `up ${e}`], [V.organize as Forms, e])),
  // Postponing an event.
  ...EVENTS.flatMap((e) => verbGroups([V.postpone as Forms, e], [V.put as Forms, `off ${e}`], [V.put as Forms, `${e} off`], [V.push as Forms, `back ${e}`])),
  ...verbGroups([V.postpone as Forms, 'it'], [V.put as Forms, 'it off']),
  // Refusing an offer.
  ...OFFERS.flatMap((o) => verbGroups([V.refuse as Forms, o], [V.turn as Forms, `down ${o}`], [V.decline as Forms, o], [V.reject as Forms, o])),
  // Collecting someone or something.
  ...COLLECTED.flatMap((o) => verbGroups([V.collect as Forms, o], [V.pick as Forms, `up ${o}`], [V.pick as Forms, `${o} up`])),
  ...['them', 'him', 'her', 'me', 'you', 'us'].flatMap((p) => verbGroups([V.collect as Forms, p], [V.pick as Forms, `${p} up`])),
  // Looking after someone or something.
  ...verbGroups([V.look as Forms, 'after'], [V.care as Forms]),
  // Going back to a place.
  ...verbGroups([V.return as Forms, 'to'], [V.come as Forms, 'back to'], [V.go as Forms, 'back to']),
  // Working out how or why.
  ...['how', 'what', 'why', 'where', 'who', 'the answer'].flatMap((w) => verbGroups([V.figure as Forms, `out ${w}`], [V.work as Forms, `out ${w}`])),
  // Visiting briefly.
  ...verbGroups([V.visit as Forms], [V.drop as Forms, 'by'], [V.stop as Forms, 'by'], [V.come as Forms, 'by']),
  ...verbGroups([V.drop as Forms, 'in'], [V.stop as Forms, 'by'], [V.drop as Forms, 'by']),
  // Making sure.
  ...verbGroups([V.make as Forms, 'sure'], [V.ensure as Forms]),
  ['make sure to', 'be sure to'],
  // Handing in work.
  ...verbGroups([V.submit as Forms], [V.hand as Forms, 'in'], [V.turn as Forms, 'in']),
  ...['the form', 'this form', 'the application form', 'the questionnaire'].flatMap((o) => verbGroups([V.fill as Forms, `in ${o}`], [V.fill as Forms, `out ${o}`], [V.complete as Forms, o])),
  // Devices and lights.
  ...verbGroups([V.turn as Forms, 'on'], [V.switch as Forms, 'on']),
  ...verbGroups([V.turn as Forms, 'off'], [V.switch as Forms, 'off']),
  // Searching.
  ...verbGroups([V.look as Forms, 'for'], [V.search as Forms, 'for']),
  // Throwing away.
  ...verbGroups([V.throw as Forms, 'away'], [V.throw as Forms, 'out'], [V.get as Forms, 'rid of']),
  ...verbGroups([V.throw as Forms, 'it away'], [V.throw as Forms, 'it out'], [V.get as Forms, 'rid of it']),
  // Meeting by chance.
  ...verbGroups([V.run as Forms, 'into'], [V.bump as Forms, 'into'], [V.come as Forms, 'across']),
  // Stopping a habit.
  ...['smoking', 'drinking'].flatMap((h) => verbGroups([V.give as Forms, `up ${h}`], [V.quit as Forms, h], [V.stop as Forms, h])),
  // Falling asleep, dying (the polite form), deciding, trying.
  ...verbGroups([V.fall as Forms, 'asleep'], [V.drop as Forms, 'off']),
  ...verbGroups([V.die as Forms], [V.pass as Forms, 'away']),
  ...verbGroups([V.decide as Forms], [V.make as Forms, 'a decision']),
  ...verbGroups([V.try as Forms, 'to'], [V.attempt as Forms, 'to']),
  // Taking part.
  ...verbGroups([V.take as Forms, 'part in'], [V.participate as Forms, 'in']),
  // Phoning someone (call alone also means name, so only with its object).
  ...OBJECT_PRONOUNS.flatMap((p) => verbGroups([V.call as Forms, p], [V.phone as Forms, p], [V.ring as Forms, p], [V.give as Forms, `${p} a call`], [V.give as Forms, `${p} a ring`])),
  ...OBJECT_PRONOUNS.flatMap((p) => verbGroups([V.call as Forms, `${p} back`], [V.phone as Forms, `${p} back`], [V.ring as Forms, `${p} back`])),
  // Thinking a matter over.
  ...verbGroups([V.consider as Forms, 'it'], [V.think as Forms, 'about it'], [V.think as Forms, 'it over']),
  // Sitting down, hurrying up, marrying.
  ...verbGroups([V.sit as Forms, 'down'], [V.take as Forms, 'a seat'], [V.have as Forms, 'a seat']),
  ...verbGroups([V.hurry as Forms, 'up'], [V.hurry as Forms]),
  ...verbGroups([V.marry as Forms], [V.get as Forms, 'married to']),
  // Meals: have or eat them.
  ...['breakfast', 'lunch', 'dinner'].flatMap((m) => verbGroups([V.have as Forms, m], [V.eat as Forms, m])),
  // British have / American take with a rest, a break, a shower, a bath, a nap, a walk.
  ...['a shower', 'a bath', 'a break', 'a nap', 'a walk', 'a rest'].flatMap((x) => verbGroups([V.take as Forms, x], [V.have as Forms, x])),
  ...verbGroups([V.go as Forms, 'for a walk'], [V.take as Forms, 'a walk']),
  // Becoming: get / become / grow with an adjective (get alone also means receive).
  ...['tired', 'angry', 'sick', 'ill', 'better', 'worse', 'cold', 'dark', 'warm', 'hot', 'bored', 'nervous', 'hungry', 'busy', 'old', 'older', 'bigger', 'lost', 'married', 'upset', 'worried', 'used to'].flatMap((a) =>
    verbGroups([V.get as Forms, a], [V.become as Forms, a]),
  ),
  // Having a good time.
  ...verbGroups([V.have as Forms, 'a good time'], [V.have as Forms, 'fun']),
  // Getting on with someone.
  ...verbGroups([V.get as Forms, 'along well with'], [V.get as Forms, 'on well with']),
  ...verbGroups([V.get as Forms, 'along with'], [V.get as Forms, 'on well with']),
];

/** Adverbials, quantities, hedges and fixed phrases that say the same in any sentence one fits. */
const ADVERBIALS: string[][] = [
  ['generally', 'in general', 'on the whole', 'by and large'],
  ['for a moment', 'for a second', 'for a sec', 'for a minute'],
  ['wait a moment', 'wait a minute', 'wait a second', 'hold on', 'hang on', 'just a moment', 'just a minute', 'one moment'],
  ['a lot', 'lots', 'loads', 'very much'],
  ['kind of', 'sort of'],
  ['a little bit', 'a bit', 'a little'],
  ['a few', 'a couple of'],
  ['at the moment', 'right now', 'currently'],
  ['immediately', 'right away', 'straight away', 'at once'],
  ['soon', 'shortly', 'before long'],
  ['these days', 'nowadays'],
  ['recently', 'lately'],
  ['in the end', 'eventually', 'finally'],
  ['at last', 'finally'],
  ['at first', 'in the beginning', 'initially'],
  ['from now on', 'from here on'],
  ['for a long time', 'for ages', 'for a long while'],
  ['always', 'all the time'],
  ['sometimes', 'at times', 'now and then', 'from time to time', 'occasionally', 'every now and then', 'once in a while'],
  ...[['myself', 'my'], ['yourself', 'your'], ['himself', 'his'], ['herself', 'her'], ['ourselves', 'our'], ['themselves', 'their']].map(([r, p]) => [`by ${r}`, `on ${p} own`]),
  ['to be honest', 'honestly', 'frankly', 'to tell the truth', 'to tell you the truth'],
  ['in fact', 'actually', 'as a matter of fact'],
  ['for example', 'for instance'],
  ['anyway', 'anyhow', 'in any case'],
  ['by the way', 'incidentally'],
  ['of course', 'certainly', 'sure'],
  ['probably', 'most likely'],
  ['too', 'as well'],
  ['next to', 'beside'],
  ['near', 'close to', 'near to'],
  ['across from', 'opposite'],
  // Comparisons of importance.
  ['matters more than', 'is more important than'],
  ['matter more than', 'are more important than'],
  ['mattered more than', 'was more important than'],
  ['what matters most', 'what is most important', 'the most important thing'],
  // Coming to see someone.
  ['come and see', 'come to see', 'come and visit', 'come to visit'],
  ['came and saw', 'came to see', 'came and visited', 'came to visit'],
  // Running out; not needing to.
  ['have run out of', 'are out of'],
  ['has run out of', 'is out of'],
  ['do not have to', 'do not need to'],
  ['does not have to', 'does not need to'],
  ['did not have to', 'did not need to'],
  // Growing up, being raised.
  ['grew up', 'was brought up'],
  ['raised by', 'brought up by'],
  // Looking forward.
  ['am looking forward to', 'cannot wait for'],
  ['making friends with', 'becoming friends with'],
  ['made friends with', 'became friends with'],
  ['make a mistake', 'make an error'],
  ['made a mistake', 'made an error'],
  ['cannot stand', 'cannot bear', 'cannot put up with', 'cannot tolerate'],
  ['could not stand', 'could not bear', 'could not put up with', 'could not tolerate'],
];

/** Requests, offers and everyday exchanges. */
const POLITENESS: string[][] = [
  ['can i', 'may i', 'could i', 'is it okay if i', 'is it all right if i', 'do you mind if i'],
  ['i would like', 'i want'],
  ['would you like', 'do you want'],
  ['how about', 'what about'],
  ['let us', 'shall we', 'why do not we'],
  ['thank you', 'thanks'],
  ['thank you very much', 'thank you so much', 'thanks a lot', 'thanks so much', 'many thanks'],
  ['you are welcome', 'no problem', 'not at all', 'my pleasure', 'do not mention it'],
  ['no problem', 'no worries'],
  ['excuse me', 'pardon me'],
  ['be careful', 'watch out', 'look out'],
  ['i think', 'i believe'],
];

/** British and American words, and other nouns and adjectives that say the same. */
const WORDS: string[][] = [
  ['queue', 'line'],
  ['lorry', 'truck'],
  ['post', 'mail'],
  ['timetable', 'schedule'],
  ['petrol', 'gasoline', 'gas'],
  ['pharmacy', 'drugstore', 'chemist'],
  ['motorway', 'highway', 'freeway', 'expressway'],
  ['trousers', 'pants'],
  ['sweets', 'candy'],
  ['luggage', 'baggage'],
  ['torch', 'flashlight'],
  ['pavement', 'sidewalk'],
  ['postcode', 'zipcode'],
  ['nappy', 'diaper'],
  ['aubergine', 'eggplant'],
  ['friends', 'mates', 'pals'],
  ['friend', 'mate', 'pal'],
  ['mistake', 'error'],
  ['mistakes', 'errors'],
  ['problem', 'issue'],
  ['problems', 'issues'],
  ['scared', 'afraid', 'frightened'],
  ['sad', 'unhappy'],
  ['rich', 'wealthy'],
  ['strange', 'weird'],
  ['correct', 'right'],
  ['wrong', 'incorrect'],
  ['cheap', 'inexpensive'],
  ['expensive', 'costly', 'pricey'],
  ['terrible', 'awful', 'horrible'],
  ['huge', 'enormous'],
  ['whole', 'entire'],
  ['close', 'shut'],
  ['choose', 'select', 'pick'],
  ['repair', 'fix', 'mend'],
  ['shout', 'yell'],
  ['sure', 'certain'],
  ['worried', 'concerned'],
  ['glad', 'pleased'],
  ['wonderful', 'fantastic', 'terrific'],
];

/** Multi-word British / American pairs. */
const PHRASE_WORDS: string[][] = [
  ['cinema', 'movie theater'],
  ['mobile phone', 'cell phone', 'cellphone', 'mobile'],
  ['car park', 'parking lot'],
  ['shopping center', 'shopping mall', 'mall'],
  ['city center', 'downtown'],
  ['return ticket', 'round-trip ticket', 'round trip ticket'],
  ['single ticket', 'one-way ticket', 'one way ticket'],
  ['the bill', 'the check'],
  ['rubbish bin', 'trash can', 'garbage can', 'bin'],
  ['fizzy drink', 'soda', 'soft drink'],
  ['zip code', 'postcode', 'zipcode'],
  ['well known', 'famous', 'well-known'],
];

/**
 * Second batch (decision 067): more phrasal verbs in their frames, time and manner adverbials,
 * everyday exchanges and words.
 */
const PHRASAL_2: string[][] = [
  // Taking off clothes.
  ...['your shoes', 'my shoes', 'his shoes', 'your coat', 'my coat', 'your hat', 'your jacket', 'my jacket'].flatMap((o) =>
    verbGroups([V.take as Forms, `off ${o}`], [V.take as Forms, `${o} off`], [V.remove as Forms, o]),
  ),
  // Getting on a vehicle.
  ...['the train', 'the bus', 'the plane', 'the ship'].flatMap((o) => verbGroups([V.get as Forms, `on ${o}`], [V.board as Forms, o])),
  // Respecting someone.
  ...verbGroups([V.look as Forms, 'up to'], [V.respect as Forms]),
  // Thinking of an idea.
  ...['an idea', 'a good idea', 'a plan', 'a solution', 'a better idea'].flatMap((o) => verbGroups([V.come as Forms, `up with ${o}`], [V.think as Forms, `of ${o}`])),
  // Getting over an illness.
  ...verbGroups([V.get as Forms, 'over'], [V.recover as Forms, 'from']),
  // Prices and numbers going up or down.
  ...['prices', 'the price', 'sales', 'costs', 'the number'].flatMap((x) => [
    ...verbGroups([V.go as Forms, 'up'], [V.rise as Forms], [V.increase as Forms]).map((g) => g.map((m) => `${x} ${m}`)),
    ...verbGroups([V.go as Forms, 'down'], [V.fall as Forms], [V.drop as Forms], [V.decrease as Forms]).map((g) => g.map((m) => `${x} ${m}`)),
  ]),
  // Using less of something.
  ...verbGroups([V.cut as Forms, 'down on'], [V.cut as Forms, 'back on'], [V.reduce as Forms]),
  // Spending time with people.
  ...verbGroups([V.hang as Forms, 'out with'], [V.spend as Forms, 'time with']),
  // Eating out.
  ...verbGroups([V.eat as Forms, 'out'], [V.eat as Forms, 'at a restaurant']),
  // Signing up.
  ...verbGroups([V.sign as Forms, 'up for'], [V.register as Forms, 'for']),
  // Relying on someone.
  ...verbGroups([V.count as Forms, 'on'], [V.rely as Forms, 'on'], [V.depend as Forms, 'on']),
  // Calling off an event.
  ...[...EVENTS, 'it'].flatMap((e) => verbGroups([V.cancel as Forms, e], [V.call as Forms, e === 'it' ? 'it off' : `off ${e}`], ...(e === 'it' ? [] : [[V.call as Forms, `${e} off`] as const]))),
  // Exercising.
  ...verbGroups([V.work as Forms, 'out'], [V.exercise as Forms]),
  // Machines that stop working.
  ['broke down', 'stopped working'],
  ['breaks down', 'stops working'],
];

const ADVERBIALS_2: string[][] = [
  ['on purpose', 'intentionally', 'deliberately'],
  ['by accident', 'by mistake', 'accidentally'],
  ['in advance', 'ahead of time', 'beforehand'],
  ['all of a sudden', 'suddenly'],
  ['right after', 'just after', 'immediately after'],
  ['in a hurry', 'in a rush'],
  ['for free', 'free of charge'],
  ['first of all', 'to begin with', 'firstly'],
  ['every other day', 'every two days'],
  ['the day before yesterday', '2 days ago'],
  ['the day after tomorrow', 'in 2 days'],
  ['half an hour', '30 minutes'],
  ['a quarter of an hour', '15 minutes'],
  ['an hour and a half', '90 minutes', '1 and a half hours'],
  ['hardly ever', 'almost never', 'rarely', 'seldom'],
  ['nearly always', 'almost always'],
  ['each other', 'one another'],
  ['nobody', 'no one'],
];

const EXCHANGES_2: string[][] = [
  ['i am sorry', 'sorry'],
  ['good luck', 'best of luck'],
  ['how are you', 'how are you doing', 'how is it going'],
  ['what is wrong', 'what is the matter'],
  ['never mind', 'do not worry about it'],
  ['does not matter', 'is not important'],
];

const WORDS_2: string[][] = [
  ['everybody', 'everyone'],
  ['somebody', 'someone'],
  ['anybody', 'anyone'],
  ['congratulations', 'congrats'],
  ['football', 'soccer'],
  ['student', 'pupil'],
  ['students', 'pupils'],
  ['grandma', 'grandmother', 'granny'],
  ['grandpa', 'grandfather', 'granddad'],
  ['scary', 'frightening'],
  ['boring', 'dull'],
  ['stupid', 'silly', 'foolish'],
  ['lucky', 'fortunate'],
  ['rude', 'impolite'],
];

/** Third batch (decision 067). */
const PHRASAL_3: string[][] = [
  // Waking someone or oneself.
  ...verbGroups([V.wake as Forms, 'up'], [V.wake as Forms]),
  ...['me', 'him', 'her', 'us', 'them', 'you'].flatMap((p) => verbGroups([V.wake as Forms, `${p} up`], [V.wake as Forms, p])),
  // Letting someone down.
  ...['me', 'him', 'her', 'us', 'them', 'you'].flatMap((p) => verbGroups([V.let as Forms, `${p} down`], [V.disappoint as Forms, p])),
  // Looking into a matter.
  ...['the matter', 'the problem', 'the cause', 'it'].flatMap((o) => verbGroups([V.look as Forms, `into ${o}`], [V.investigate as Forms, o])),
  // Dealing with something.
  ...verbGroups([V.deal as Forms, 'with'], [V.handle as Forms]),
  // Staying at home.
  ...verbGroups([V.stay as Forms, 'home'], [V.stay as Forms, 'at home']),
  // Taking after a parent.
  ...verbGroups([V.take as Forms, 'after'], [V.resemble as Forms]),
  // Putting out a fire.
  ...verbGroups([V.put as Forms, 'out the fire'], [V.extinguish as Forms, 'the fire']),
  // Going abroad, going on a trip.
  ...verbGroups([V.go as Forms, 'abroad'], [V.go as Forms, 'overseas']),
  ...verbGroups([V.go as Forms, 'on a trip'], [V.take as Forms, 'a trip']),
];

const ADVERBIALS_3: string[][] = [
  ['on the phone', 'over the phone'],
  ['on weekends', 'at weekends'],
  ['on the weekend', 'at the weekend'],
  ['next time', 'the next time'],
  ['a long time ago', 'long ago'],
  ['so far', 'up to now', 'until now'],
  ['a great deal', 'a lot'],
  ['more and more', 'increasingly'],
  ['as usual', 'as always'],
  ['in person', 'face to face'],
];

const EXCHANGES_3: string[][] = [
  ['take care', 'look after yourself'],
  ['have a nice day', 'have a good day'],
  ['what do you think of', 'what do you think about', 'how do you feel about'],
  ['how about you', 'what about you'],
  ['here you are', 'here you go'],
];

const WORDS_3: string[][] = [
  ['abroad', 'overseas'],
  ['doctor', 'physician'],
  ['car', 'automobile'],
  ['plane', 'airplane'],
  ['bathroom', 'toilet', 'restroom'],
  ['noon', 'midday'],
  ['garden', 'yard'],
  ['parcel', 'package'],
  ['postman', 'mailman'],
  ['tap', 'faucet'],
  ['crossroads', 'intersection'],
  ['quarrel', 'argue'],
  ['injured', 'hurt'],
];

/**
 * Informal, register-neutral words and phrases (decision 073): what a learner who talks English says
 * for a plain member, each in the frame where it holds. "guy" is a man (not "the one"); "snap" takes
 * a photo only with a photo or picture after it; "run" is drive only with a person and "to".
 */
const V_INFORMAL: Record<string, Forms> = {
  snap: ['snap', 'snaps', 'snapped', 'snapping', 'snapped'],
  drive: ['drive', 'drives', 'drove', 'driving', 'driven'],
  swing: ['swing', 'swings', 'swung', 'swinging', 'swung'],
  pop: ['pop', 'pops', 'popped', 'popping', 'popped'],
};

const PHOTOS = ['a photo', 'a picture', 'a photograph', 'photos', 'pictures', 'some photos', 'some pictures'];
const VOICE_OWNERS: readonly (readonly [string, string])[] = [['my', 'voice'], ['your', 'voice'], ['your', 'voices'], ['his', 'voice'], ['her', 'voice'], ['our', 'voices'], ['their', 'voices']];

const INFORMAL_PHRASES: string[][] = [
  // Taking a photo: snap, shoot (never snap alone, which also breaks and bites).
  ...PHOTOS.flatMap((o) => verbGroups([V.take as Forms, o], [V_INFORMAL.snap as Forms, o])),
  // A lot: a ton of, tons of, heaps of.
  ['a lot of', 'lots of', 'a ton of', 'tons of', 'heaps of', 'plenty of'],
  // Giving someone a ride: run (British), drive, give a lift.
  ...OBJECT_PRONOUNS.flatMap((p) => verbGroups([V_INFORMAL.drive as Forms, `${p} to`], [V.run as Forms, `${p} to`], [V.give as Forms, `${p} a ride to`], [V.give as Forms, `${p} a lift to`])),
  // Visiting briefly: swing by, pop by, pop in.
  ...verbGroups([V.drop as Forms, 'by'], [V.stop as Forms, 'by'], [V_INFORMAL.swing as Forms, 'by'], [V_INFORMAL.pop as Forms, 'by'], [V_INFORMAL.pop as Forms, 'in']),
  // Coming to someone's home: come over, come round, come around (with to or for after).
  ...['to', 'for'].flatMap((t) => verbGroups([V.come as Forms, `over ${t}`], [V.come as Forms, `round ${t}`], [V.come as Forms, `around ${t}`])),
  // Being quiet: keep one's voice down, with the owner the sentence gives.
  ...VOICE_OWNERS.flatMap(([d, n]) => [['keep quiet', `keep ${d} ${n} down`], ['be quiet', `keep ${d} ${n} down`], ['stay quiet', `keep ${d} ${n} down`]]),
  // The man / the person who: the guy who.
  ['the man who', 'the guy who', 'the person who', 'the one who'],
  ['a man who', 'a guy who', 'a person who', 'someone who'],
  // Fancying a thing is wanting it: "Do you fancy coming" is "Do you want to come".
  ...[
    ['come', 'coming'], ['go', 'going'], ['eat', 'eating'], ['drink', 'drinking'], ['see', 'seeing'], ['watch', 'watching'],
    ['play', 'playing'], ['do', 'doing'], ['have', 'having'], ['come over', 'coming over'], ['go out', 'going out'], ['join', 'joining'],
  ].flatMap(([v, ving]) => [
    [`do you want to ${v}`, `would you like to ${v}`, `do you fancy ${ving}`],
    [`i want to ${v}`, `i would like to ${v}`, `i fancy ${ving}`],
  ]),
];

const INFORMAL_WORDS: string[][] = [
  ['man', 'guy'],
  ['men', 'guys'],
  ['asleep', 'sleeping'],
];

/**
 * Fourth batch (decision 077): everyday phrasal verbs and idioms a learner uses for a plain verb or
 * adjective, each as a family (its forms, its frames, the sibling idioms said the same way).
 */
const V_4: Record<string, Forms> = {
  be: ['be', 'is', 'was', 'being', 'been'],
  swap: ['swap', 'swaps', 'swapped', 'swapping', 'swapped'],
  replace: ['replace', 'replaces', 'replaced', 'replacing', 'replaced'],
  launch: ['launch', 'launches', 'launched', 'launching', 'launched'],
  release: ['release', 'releases', 'released', 'releasing', 'released'],
  show: ['show', 'shows', 'showed', 'showing', 'shown'],
  attend: ['attend', 'attends', 'attended', 'attending', 'attended'],
  finish: ['finish', 'finishes', 'finished', 'finishing', 'finished'],
  pay: ['pay', 'pays', 'paid', 'paying', 'paid'],
  understand: ['understand', 'understands', 'understood', 'understanding', 'understood'],
  catch: ['catch', 'catches', 'caught', 'catching', 'caught'],
  distribute: ['distribute', 'distributes', 'distributed', 'distributing', 'distributed'],
};

/** Things one finishes (getting them done, getting through them). */
const TASKS = ['my homework', 'his homework', 'her homework', 'your homework', 'our homework', 'their homework', 'the work', 'my work', 'the job', 'the report', 'it'];
/** Things one reads or gets through to the end. */
const READS = ['the book', 'the novel', 'the report', 'the article', 'it'];
/** Illnesses one comes down with. */
const ILLNESSES = ['a cold', 'the flu', 'a fever', 'flu'];

const PHRASAL_4: string[][] = [
  // Getting up: being up / out of bed at a time.
  ...verbGroups([V.get as Forms, 'up at'], [V_4.be as Forms, 'up at'], [V_4.be as Forms, 'out of bed at']),
  ...verbGroups([V.get as Forms, 'out of bed at'], [V_4.be as Forms, 'out of bed at'], [V_4.be as Forms, 'up at']),
  ['were up at', 'got up at', 'were out of bed at'],
  ['i am up at', 'i get up at'],
  ['we are up at', 'we get up at'],
  ['they are up at', 'they get up at'],
  // Replacing a part: swap out, switch out.
  ...verbGroups([V_4.replace as Forms], [V_4.swap as Forms, 'out'], [V.switch as Forms, 'out']),
  // Bringing out a product: come out with, launch, release.
  ...verbGroups([V_4.launch as Forms], [V.come as Forms, 'out with'], [V_4.release as Forms]),
  // Attending: show up at / for, turn up at / for.
  ...['at', 'for', 'to'].flatMap((t) => verbGroups([V_4.attend as Forms], [V_4.show as Forms, `up ${t}`], [V.turn as Forms, `up ${t}`])),
  // Finishing a task: get it done, get through it.
  ...TASKS.flatMap((o) => verbGroups([V_4.finish as Forms, o], [V.get as Forms, `${o} done`])),
  ...READS.flatMap((o) => verbGroups([V_4.finish as Forms, o], [V.get as Forms, `through ${o}`], [V_4.finish as Forms, `reading ${o}`])),
  // Visiting: pay a visit to.
  ...verbGroups([V.visit as Forms], [V_4.pay as Forms, 'a visit to']),
  // Understanding what someone says: figure out, make out, work out, get.
  ...['what', 'how', 'why'].flatMap((w) => verbGroups([V_4.understand as Forms, w], [V.figure as Forms, `out ${w}`], [V.work as Forms, `out ${w}`], [V.make as Forms, `out ${w}`])),
  // Learning a skill: get the hang of.
  ...verbGroups([V.learn as Forms], [V.get as Forms, 'the hang of']),
  // Making the most of a chance.
  ...verbGroups([V.make as Forms, 'the most of'], [V.get as Forms, 'the most out of']),
  // Handing out: pass out, give out (with a thing handed out after them).
  ...['the handouts', 'the papers', 'the tests', 'the worksheets', 'the sheets'].flatMap((o) =>
    verbGroups([V.hand as Forms, `out ${o}`], [V.pass as Forms, `out ${o}`], [V.pass as Forms, `${o} out`], [V.hand as Forms, `${o} out`], [V_4.distribute as Forms, o]),
  ),
  // Driving a car: take it for a drive / a spin.
  ...['his car', 'her car', 'my car', 'your car', 'our car', 'their car', 'the car', 'it'].flatMap((o) =>
    verbGroups([V_INFORMAL.drive as Forms, o], [V.take as Forms, `${o} for a drive`], [V.take as Forms, `${o} for a spin`]),
  ),
  // A machine's speed: runs / goes fast.
  ...['fast', 'faster', 'as fast as', 'twice as fast as', 'slowly', 'more slowly', 'quietly'].flatMap((x) => verbGroups([V.run as Forms, x], [V.go as Forms, x])),
  // Catching an illness: come down with.
  ...ILLNESSES.flatMap((i) => [
    ...verbGroups([V_4.catch as Forms, i], [V.come as Forms, `down with ${i}`]),
    [`have come down with ${i}`, `have ${i}`, `have caught ${i}`, `have got ${i}`],
    [`has come down with ${i}`, `has ${i}`, `has caught ${i}`, `has got ${i}`],
  ]),
];

const IDIOMS_4: string[][] = [
  // Very easy: a piece of cake, a breeze.
  ['very easy', 'a piece of cake', 'a breeze', 'really easy', 'super easy'],
  // Looking for: on the lookout for.
  ['am looking for', 'am on the lookout for'],
  ['are looking for', 'are on the lookout for'],
  ['is looking for', 'is on the lookout for'],
  // Becoming: getting to be.
  ['is becoming', 'is getting to be'],
  ['are becoming', 'are getting to be'],
  // Lost: gone missing, missing.
  ['is lost', 'has gone missing', 'is missing'],
  ['are lost', 'have gone missing', 'are missing'],
  ['was lost', 'went missing', 'was missing'],
  ['got lost', 'went missing'],
  // Coming at once: be right there / over.
  ['be right there', 'be right over', 'be there in a minute', 'be there in a sec'],
  // As soon as possible.
  ['as soon as possible', 'asap', 'a.s.a.p.'],
  // Not being able to stop: could not help, could not stop (with -ing).
  ...['laughing', 'crying', 'smiling', 'thinking', 'eating'].flatMap((v) => [
    [`could not help ${v}`, `could not stop ${v}`],
    [`cannot help ${v}`, `cannot stop ${v}`],
  ]),
  // Requests to be given something: can I get.
  ['can i have', 'can i get'],
  ['could i have', 'could i get'],
  // Seeing out of a window: see outside, see out of it.
  ['see outside', 'see out of it', 'see out of the window', 'see out'],
  // What a box holds: the contents, what is inside, what is in it.
  ['the contents', 'what is inside', 'what is in it'],
  ['the contents of', 'what is in', 'what is inside'],
  // Giving an opinion: share it, let us know it, tell us it.
  ...['your opinion', 'your views', 'your thoughts', 'your ideas'].flatMap((o) => [
    [`sharing ${o}`, `giving ${o}`, `letting us know ${o}`, `letting me know ${o}`, `telling us ${o}`, `telling me ${o}`],
    [`share ${o}`, `give ${o}`, `let us know ${o}`, `let me know ${o}`, `tell us ${o}`, `tell me ${o}`],
  ]),
  // Obligation: have got to.
  ['have to', 'have got to'],
  ['has to', 'has got to'],
  // Absence: not at school / work / the meeting.
  ...['school', 'work', 'the meeting', 'class', 'the party'].flatMap((x) => [
    [`was absent from ${x}`, `was not at ${x}`],
    [`were absent from ${x}`, `were not at ${x}`],
    [`is absent from ${x}`, `is not at ${x}`],
    [`are absent from ${x}`, `are not at ${x}`],
    ...['you', 'he', 'she', 'they'].map((p) => {
      const be = p === 'he' || p === 'she' ? 'was' : 'were';
      return [`${be} ${p} absent from ${x}`, `${be} not ${p} at ${x}`, `${be} ${p} not at ${x}`];
    }),
  ]),
  // The weather: it will be sunny, we will have sunny weather, the weather will be sunny.
  ...['sunny', 'rainy', 'cloudy', 'snowy', 'windy', 'fine', 'nice', 'good', 'bad', 'hot', 'cold', 'warm', 'clear'].flatMap((w) => [
    [`it will be ${w}`, `we will have ${w} weather`, `the weather will be ${w}`, `it is going to be ${w}`],
    [`it is ${w}`, `the weather is ${w}`, `we have ${w} weather`],
    [`it was ${w}`, `the weather was ${w}`, `we had ${w} weather`],
  ]),
];

/**
 * Fifth batch (decision 082): everyday families a Japanese learner reaches for, each in the frames
 * where it holds: kin words said as pairs (mom and dad for parents), late for delayed, be up to,
 * get / come and get for pick up, look up / check a word, taking someone along, lessons / classes,
 * my room / my bedroom, here for at this store, the moment / right after for as soon as.
 */
const V_5: Record<string, Forms> = {
  travel: ['travel', 'travels', 'traveled', 'traveling', 'traveled'],
  fetch: ['fetch', 'fetches', 'fetched', 'fetching', 'fetched'],
};
const DETERMINERS_5 = ['my', 'his', 'her', 'our', 'their', 'your', 'the'];
/** People one takes along somewhere. */
const COMPANIONS = ['a friend', 'my friend', 'a friend of mine', 'friends', 'my friends', 'my sister', 'my brother', 'my children', 'my kids', 'my boyfriend', 'my girlfriend', 'someone', 'my family'];
/** Words one looks up (in a dictionary, online). */
const LOOKED_UP = ['it', 'them', 'words', 'the word', 'the words', 'any words', 'new words', 'unfamiliar words', 'that word'];
/** Things one takes lessons in. */
const LESSON_SUBJECTS = ['piano', 'guitar', 'violin', 'swimming', 'english', 'dance', 'ballet', 'cooking', 'tennis', 'art', 'drawing', 'karate', 'judo', 'calligraphy', 'singing', 'drum', 'flute'];

const FAMILIES_5: string[][] = [
  // Kin said as a pair: mom and dad are one's parents, grandma and grandpa one's grandparents.
  ...DETERMINERS_5.flatMap((d) => [
    [`${d} parents`, `${d} mom and dad`, `${d} mother and father`, `${d} dad and mom`, `${d} mum and dad`],
    [`${d} grandparents`, `${d} grandma and grandpa`, `${d} grandmother and grandfather`, `${d} grandpa and grandma`, `${d} grandparents'`, `${d} grandma and grandpa's`],
    [`${d} siblings`, `${d} brothers and sisters`],
    [`${d} room`, `${d} bedroom`],
  ]),
  // Late for delayed (a train, an order, a shipment).
  ['is delayed', 'is late', 'is running late', 'has been delayed'],
  ['are delayed', 'are late', 'are running late', 'have been delayed'],
  ['was delayed', 'was late'],
  ['were delayed', 'were late'],
  ['will be delayed', 'will be late', 'will arrive late'],
  ['be delayed', 'be late'],
  // Plans: what are you up to, what are you doing, what are you going to do.
  ...[['you', 'are'], ['he', 'is'], ['she', 'is'], ['they', 'are']].flatMap(([p, be]) => [
    [`what ${be} ${p} doing`, `what ${be} ${p} up to`],
    [`what ${be} ${p} going to do`, `what ${be} ${p} up to`, `what ${be} ${p} planning to do`],
  ]),
  // Collecting a person: pick up, get, come and get, fetch.
  ...OBJECT_PRONOUNS.flatMap((p) => verbGroups([V.pick as Forms, `${p} up`], [V.get as Forms, p], [V_5.fetch as Forms, p], [V.collect as Forms, p])),
  ...OBJECT_PRONOUNS.flatMap((p) => [
    [`come and pick ${p} up`, `come pick ${p} up`, `come and get ${p}`, `come get ${p}`, `come for ${p}`, `come to pick ${p} up`, `come to get ${p}`],
  ]),
  // Looking a word up: check it, find it.
  ...LOOKED_UP.flatMap((o) => verbGroups([V.look as Forms, o === 'it' || o === 'them' ? `${o} up` : `up ${o}`], [V.look as Forms, `${o} up`], [V.check as Forms, o])),
  // Taking someone along: bring a friend to, take a friend along to.
  ...COMPANIONS.flatMap((o) => verbGroups([V.bring as Forms, `${o} to`], [V.bring as Forms, `${o} along to`], [V.take as Forms, `${o} along to`], [V.take as Forms, `${o} with me to`])),
  // Travelling: go on a trip, take a trip.
  ...verbGroups([V_5.travel as Forms, 'alone'], [V.go as Forms, 'on a trip alone'], [V.take as Forms, 'a trip alone'], [V_5.travel as Forms, 'on his own'], [V.go as Forms, 'on a trip on his own'], [V.take as Forms, 'a trip on his own']),
  // Lessons: piano lessons, piano class(es).
  ...LESSON_SUBJECTS.flatMap((x) => [
    [`${x} lessons`, `${x} class`],
    [`${x} lessons`, `${x} classes`],
    [`a ${x} lesson`, `a ${x} class`],
  ]),
  // Here for the shop one is in (only where the answer names this store: "sell fruit here").
  ['at this store', 'in this store', 'at this shop', 'in this shop', 'here'],
  // The moment something happens: as soon as, right after.
  ['as soon as', 'the moment', 'the minute', 'the second', 'right after', 'immediately after', 'just as'],
  // Needless to say.
  ['needless to say', 'it goes without saying that', 'of course', 'obviously'],
  // Not worrying: do not be afraid of / scared of.
  ['do not worry about', 'do not be afraid of', 'do not be scared of', 'do not be worried about'],
  // Gone: a plane that has left is gone.
  ['will have left', 'will be gone', 'will have gone', 'will have taken off'],
  ['will have already left', 'will already be gone', 'will already have left', 'will have already gone', 'will have already taken off', 'will already have taken off'],
  ['has left', 'is gone', 'has gone'],
  ['had left', 'was gone', 'had gone'],
];

const V_6: Record<string, Forms> = {
  see: ['see', 'sees', 'saw', 'seeing', 'seen'],
  review: ['review', 'reviews', 'reviewed', 'reviewing', 'reviewed'],
  redo: ['redo', 'redoes', 'redid', 'redoing', 'redone'],
  rewrite: ['rewrite', 'rewrites', 'rewrote', 'rewriting', 'rewritten'],
  do: ['do', 'does', 'did', 'doing', 'done'],
  write: ['write', 'writes', 'wrote', 'writing', 'written'],
  transfer: ['transfer', 'transfers', 'transferred', 'transferring', 'transferred'],
  connect: ['connect', 'connects', 'connected', 'connecting', 'connected'],
  leave: ['leave', 'leaves', 'left', 'leaving', 'left'],
  discuss: ['discuss', 'discusses', 'discussed', 'discussing', 'discussed'],
  talk: ['talk', 'talks', 'talked', 'talking', 'talked'],
  raise: ['raise', 'raises', 'raised', 'raising', 'raised'],
  mention: ['mention', 'mentions', 'mentioned', 'mentioning', 'mentioned'],
  enter: ['enter', 'enters', 'entered', 'entering', 'entered'],
  meet: ['meet', 'meets', 'met', 'meeting', 'met'],
  swim: ['swim', 'swims', 'swam', 'swimming', 'swum'],
  stand: ['stand', 'stands', 'stood', 'standing', 'stood'],
  wait: ['wait', 'waits', 'waited', 'waiting', 'waited'],
  line: ['line up', 'lines up', 'lined up', 'lining up', 'lined up'],
  queue: ['queue', 'queues', 'queued', 'queuing', 'queued'],
};

/** Matters one raises, brings up or talks about at a meeting. */
const ISSUES = ['the issue', 'the issues', 'the problem', 'the problems', 'the matter', 'the question', 'the topic', 'the subject', 'this issue', 'this problem', 'that issue', 'that problem', 'the idea', 'the plan'];
/** Things one looks at (see = look at where the thing is there to be looked at). */
const PICTURES = ['the photo', 'the picture', 'the photograph', 'this photo', 'this picture', 'that photo', 'that picture', 'the photos', 'the pictures', 'his photo', 'her photo', 'my photo', 'the map', 'the painting', 'the drawing', 'the sign', 'the screen'];
/** Work done again (redo, rewrite, do over). */
const REDONE = ['the report', 'the work', 'the document', 'the essay', 'my essay', 'the homework', 'my homework', 'the test', 'the project', 'the job', 'the task', 'it'];
/** Places one gets into or goes to as a student. */
const SCHOOLS = ['that university', 'the university', 'a university', 'a good university', 'that college', 'the college', 'a good college', 'a good school', 'that school', 'the school', 'that high school', 'the high school', 'university', 'college'];
/** Buildings one queues or stands in front of (outside them). */
const FRONTS = ['the store', 'the shop', 'the station', 'the building', 'the school', 'the restaurant', 'the bank', 'the museum', 'the theater', 'the cinema', 'the house', 'my house', 'the office', 'the entrance', 'the gate', 'the door', 'the hotel', 'the stadium', 'the hall', 'the ticket office', 'the counter'];
/** What one takes part in (be part of, be on, be a member of). */
const TEAMS = ['the project', 'this project', 'the team', 'this team', 'the committee', 'the club', 'the group', 'the band'];
/** People one meets or sees somewhere (see = meet with a person one knows). */
const MET = ['my old teacher', 'my teacher', 'an old friend', 'my old friend', 'my friend', 'a friend', 'my friends', 'my old classmate', 'an old classmate', 'my classmate', 'my neighbor', 'my boss', 'my cousin', 'my uncle', 'my aunt', 'my former teacher', 'my former boss', 'him', 'her', 'them'];
/** Things at hand one points to (this bag here). */
const AT_HAND = ['bag', 'book', 'pen', 'umbrella', 'phone', 'seat', 'chair', 'desk', 'car', 'bike', 'bicycle', 'cup', 'key', 'watch', 'hat', 'coat', 'jacket', 'box', 'one', 'picture', 'camera', 'computer', 'dictionary', 'notebook', 'shirt', 'room', 'house', 'building', 'dog', 'cat'];
/** What a map, chart or table shows. */
const DISPLAYS = ['map', 'chart', 'graph', 'table', 'figure', 'diagram', 'list', 'data', 'picture', 'photo'];

/** Sixth batch of single words (decision 090): feelings, schools, places, people, what pleases. */
const WORDS_6: string[][] = [
  ['angry', 'upset', 'mad'],
  ['university', 'college'],
  ['universities', 'colleges'],
  ['venue', 'place', 'location'],
  ['people', 'guys', 'folks'],
  ['interesting', 'fun'],
];

const FAMILIES_6: string[][] = [
  // A product coming out: launched, released, come out, go on sale, hit the shelves.
  ['will be launched', 'will be released', 'will come out', 'will go on sale', 'will be out', 'will be on sale', 'will hit the shelves', 'will hit the market', 'comes out', 'goes on sale', 'is coming out', 'is going on sale', 'is going to be released', 'is going to be launched', 'is going to come out', 'is going to go on sale', 'is being released', 'is being launched'],
  ['are going to be launched', 'are going to be released', 'are going to come out', 'will be launched', 'will be released', 'will come out', 'come out', 'go on sale', 'are coming out', 'are going on sale'],
  ['was launched', 'was released', 'came out', 'went on sale', 'hit the shelves', 'hit the market'],
  ['were launched', 'were released', 'came out', 'went on sale'],
  ['has been launched', 'has been released', 'has come out', 'has gone on sale', 'is out', 'is on sale', 'has hit the shelves'],
  ['is launched', 'is released', 'comes out', 'goes on sale'],
  ['are launched', 'are released', 'come out', 'go on sale'],
  // Allowed: ok, okay, permitted; not allowed: not ok, prohibited, banned, forbidden.
  ...['is', 'are', 'was', 'were', 'be'].flatMap((be) => [
    [`${be} not allowed`, `${be} not ok`, `${be} not okay`, `${be} not permitted`, `${be} prohibited`, `${be} forbidden`, `${be} banned`],
    [`${be} allowed`, `${be} ok`, `${be} okay`, `${be} permitted`],
  ]),
  // As soon as one can: as soon as possible, as quickly as possible.
  ['as soon as possible', 'as soon as we can', 'as soon as i can', 'as soon as you can', 'as soon as they can', 'as soon as he can', 'as soon as she can', 'as quickly as possible', 'as soon as we possibly can'],
  // Discussing: talking about, talking over.
  ...verbGroups([V_6.discuss as Forms], [V_6.talk as Forms, 'about']),
  // Raising a matter: bring up, mention, talk about.
  ...ISSUES.flatMap((o) => verbGroups([V_6.raise as Forms, o], [V.bring as Forms, `up ${o}`], [V.bring as Forms, `${o} up`], [V_6.mention as Forms, o], [V_6.talk as Forms, `about ${o}`])),
  // Reviewing papers: look at, look over, go over, check.
  ...PAPERS.filter((o) => o !== 'it').flatMap((o) => verbGroups([V_6.review as Forms, o], [V.look as Forms, `at ${o}`], [V.look as Forms, `over ${o}`], [V.go as Forms, `over ${o}`], [V.check as Forms, o])),
  // Seeing a picture: looking at it.
  ...PICTURES.flatMap((o) => verbGroups([V_6.see as Forms, o], [V.look as Forms, `at ${o}`])),
  // Doing work again: redo, rewrite, do over, do again, write again.
  ...REDONE.flatMap((o) => verbGroups([V_6.redo as Forms, o], [V_6.rewrite as Forms, o], [V_6.do as Forms, `${o} over`], [V_6.do as Forms, `${o} over again`], [V_6.do as Forms, `${o} again`], [V_6.write as Forms, `${o} again`])),
  // Putting a caller through: pass over to, transfer, connect.
  ...['you', 'him', 'her', 'them'].flatMap((p) => verbGroups([V.put as Forms, `${p} through to`], [V.pass as Forms, `${p} over to`], [V.pass as Forms, `${p} on to`], [V_6.transfer as Forms, `${p} to`], [V_6.connect as Forms, `${p} to`], [V_6.connect as Forms, `${p} with`])),
  // Leaving home: go out of the house, get out of the house, leave the house.
  ...verbGroups([V_6.leave as Forms, 'home'], [V_6.leave as Forms, 'the house'], [V.go as Forms, 'out of the house'], [V.get as Forms, 'out of the house'], [V_6.leave as Forms, 'my house'], [V_6.leave as Forms, 'your house']),
  // Meeting someone one knows: see him (at the station) is meeting him there.
  ...MET.flatMap((o) => verbGroups([V_6.see as Forms, o], [V_6.meet as Forms, o])),
  // By chance: by accident, accidentally.
  ['by chance', 'by accident', 'accidentally'],
  // Getting into a school: go to, enter, be accepted to.
  ...SCHOOLS.flatMap((u) => [
    ...verbGroups([V.get as Forms, `into ${u}`], [V.go as Forms, `to ${u}`], [V_6.enter as Forms, u], [V.get as Forms, `in to ${u}`]),
    [`have gotten into ${u}`, `have got into ${u}`, `have gone to ${u}`, `have entered ${u}`, `have been accepted to ${u}`, `have been accepted into ${u}`, `have been admitted to ${u}`],
  ]),
  // Very tired: exhausted, worn out, dead tired.
  ['exhausted', 'very tired', 'really tired', 'so tired', 'extremely tired', 'dead tired', 'worn out', 'tired out', 'completely worn out', 'completely exhausted', 'totally exhausted'],
  // Not knowing: not sure, no idea.
  ...[['i', 'do', 'am', 'have'], ['we', 'do', 'are', 'have'], ['they', 'do', 'are', 'have'], ['you', 'do', 'are', 'have'], ['he', 'does', 'is', 'has'], ['she', 'does', 'is', 'has']].map(([s, d, b, h]) => [`${s} ${d} not know`, `${s} ${b} not sure`, `${s} ${h} no idea`, `${s} ${b} not certain`]),
  // Swimming in the sea, at the beach.
  ...verbGroups([V_6.swim as Forms, 'in the sea'], [V_6.swim as Forms, 'in the ocean'], [V_6.swim as Forms, 'at the beach'], [V_6.swim as Forms, 'at the seaside']),
  // In front of a building: outside it.
  ...FRONTS.map((x) => [`in front of ${x}`, `outside ${x}`, `outside of ${x}`]),
  // Waiting in line: standing in line, lining up, queuing.
  ...verbGroups([V_6.stand as Forms, 'in line'], [V_6.wait as Forms, 'in line'], [V_6.line as Forms], [V_6.queue as Forms], [V_6.queue as Forms, 'up'], [V_6.stand as Forms, 'in a line'], [V_6.wait as Forms, 'in a line']),
  // Taking part: be part of, be on, be a member of.
  ...TEAMS.flatMap((t) => ['be', 'am', 'is', 'are', 'was', 'were', 'being', 'been'].map((be) => [`${be} part of ${t}`, `${be} a part of ${t}`, `${be} on ${t}`, `${be} a member of ${t}`, `${be} in ${t}`])),
  // The earlier one: the old one, the previous one, the one before.
  ['the old one', 'the previous one', 'the one before', 'the earlier one', 'the former one', 'the one we had before', 'the one before it'],
  ['the old ones', 'the previous ones', 'the ones before', 'the earlier ones'],
  // Out of stock: sold out.
  ...['is', 'are', 'was', 'were', 'be', 'being'].map((be) => [`${be} out of stock`, `${be} sold out`]),
  // Obligation: supposed to, required to, has to (an arrangement one is bound by).
  ['is supposed to', 'has to', 'is required to', 'needs to', 'is expected to', 'must'],
  ['are supposed to', 'have to', 'are required to', 'need to', 'are expected to', 'must'],
  ['am supposed to', 'have to', 'am required to', 'need to', 'am expected to', 'must'],
  // A medical checkup: a health check, a checkup, a physical.
  ['a medical checkup', 'a health check', 'a health checkup', 'a checkup', 'a medical check', 'a medical exam', 'a medical examination', 'a physical', 'a physical exam', 'a health examination', 'a medical check-up', 'a check-up'],
  ['medical checkups', 'health checks', 'health checkups', 'checkups', 'medical checks', 'medical exams', 'physicals'],
  // As a map shows: as shown on, like it shows, as you can see on.
  ...DISPLAYS.map((x) => [`as shown on the ${x}`, `as shown in the ${x}`, `as the ${x} shows`, `like the ${x} shows`, `as you can see on the ${x}`, `as you can see in the ${x}`, `as you can see from the ${x}`, `as you see on the ${x}`, `as indicated on the ${x}`, `as the ${x} indicates`, `according to the ${x}`]),
  // Going into a room: come in, go in, enter the room.
  ...['the room', 'the classroom', 'the house', 'the office', 'the building', 'the kitchen'].flatMap((x) => verbGroups([V_6.enter as Forms, x], [V.come as Forms, 'in'], [V.come as Forms, `into ${x}`], [V.go as Forms, `into ${x}`], [V.go as Forms, 'in'])),
  // What one would do: want to do, like to do.
  ...['you', 'i', 'we', 'they', 'he', 'she'].map((p) => [`what would ${p} do`, `what would ${p} want to do`, `what would ${p} like to do`]),
  // There for the city or town just named.
  ['there', 'in the city', 'in that city', 'in the town', 'in that town'],
  // A thing at hand: this bag, this bag here, this bag right here (and that one over there).
  ...AT_HAND.flatMap((x) => [
    [`this ${x}`, `this ${x} here`, `this ${x} right here`],
    [`that ${x}`, `that ${x} there`, `that ${x} over there`],
  ]),
  // No time to: too busy to, do not have time to.
  ['have no time to', 'am too busy to', 'do not have time to', 'do not have any time to', 'have not got time to', 'am too busy to have time to'],
  ['have no time to', 'are too busy to', 'do not have time to', 'do not have any time to'],
  ['has no time to', 'is too busy to', 'does not have time to', 'does not have any time to'],
  ['had no time to', 'was too busy to', 'did not have time to', 'did not have any time to'],
  ['had no time to', 'were too busy to', 'did not have time to', 'did not have any time to'],
  // A price asked: how much is it, how much do I pay for it, how much does it cost.
  ['how much is', 'how much do i pay for', 'how much do i have to pay for', 'how much should i pay for'],
  ['how much are', 'how much do i pay for', 'how much do i have to pay for', 'how much should i pay for'],
  // Mine, yours: the one I have, the one you have.
  ['mine', 'the one i have', 'the one that i have', 'the ones i have', 'the ones that i have'],
  ['yours', 'the one you have', 'the one that you have', 'the ones you have', 'the ones that you have'],
  ['his', 'the one he has', 'the one that he has', 'the ones he has', 'the ones that he has'],
  ['hers', 'the one she has', 'the one that she has', 'the ones she has', 'the ones that she has'],
  ['ours', 'the one we have', 'the one that we have', 'the ones we have', 'the ones that we have'],
  ['theirs', 'the one they have', 'the one that they have', 'the ones they have', 'the ones that they have'],
  // What was ordered, bought, said: your order, your purchase.
  ['your order', 'what you ordered', 'the things you ordered', 'the items you ordered'],
  ['my order', 'what i ordered', 'the things i ordered', 'the items i ordered'],
  ['your purchase', 'what you bought', 'what you purchased'],
  ['your answer', 'what you answered'],
  ['your choice', 'what you chose'],
  // On the market: that one can buy, available.
  ...['products', 'items', 'goods', 'cars', 'phones', 'smartphones', 'computers', 'ones', 'models'].map((x) => [`${x} on the market`, `${x} you can buy`, `${x} that you can buy`, `${x} available`, `${x} you can get`, `${x} that you can get`, `${x} for sale`]),
  // The procedure: how to do it, the steps.
  ['the procedure', 'how to do it', 'the steps', 'the process', 'what to do'],
  // Liking best: more than any other, more than anything else.
  ['like best', 'like the best', 'like more than any other', 'like most', 'like the most', 'like more than anything else', 'like more than any others'],
  ['love best', 'love the best', 'love more than any other', 'love most', 'love the most', 'love more than anything else'],
  // One of the best: among the best.
  ...['most', 'best', 'worst', 'least'].map((w) => [`one of the ${w}`, `among the ${w}`]),
  // Coming at once (called): be right there, be right with you.
  ['be right there', 'be right with you', 'be there in a minute', 'be right over', 'be with you in a minute', 'be with you in a moment'],
];

/**
 * Seventh batch (decision 085, written beside decision 090's sixth): a choice made for a decision, a device or a person off, soon said as
 * soon as one can, and the driver behind the wheel, each in the frames where it holds.
 */
const FAMILIES_7: string[][] = [
  // Deciding: make a choice says make a decision (decide itself is grouped with make a decision above).
  ...verbGroups([V.make as Forms, 'a decision'], [V.make as Forms, 'a choice'], [V.decide as Forms]),
  // A device off: is off = is turned off = is switched off (a phone, the lights, the TV).
  ...['is', 'are', 'was', 'were', 'be'].map((be) => [`${be} off`, `${be} turned off`, `${be} switched off`]),
  ...['my phone', 'your phone', 'your cell phone', 'your phones', 'the lights', 'the tv', 'it', 'them'].flatMap((o) => verbGroups([V.keep as Forms, `${o} off`], [V.keep as Forms, `${o} turned off`], [V.keep as Forms, `${o} switched off`])),
  // A day off work: I'm off today = I have the day off today.
  ['am off', 'have the day off', 'have a day off'],
  ['is off', 'has the day off', 'has a day off'],
  ['was off', 'had the day off', 'had a day off'],
  // Soon, said as soon as one can.
  ['soon', 'as soon as you can', 'as soon as possible', 'as quickly as you can', 'as quickly as possible'],
  ['quickly', 'as quickly as you can', 'as quickly as possible', 'as soon as you can'],
  // Driving: behind the wheel.
  ...['am', 'is', 'are', 'was', 'were', 'be'].map((be) => [`${be} driving`, `${be} behind the wheel`]),
];

/** Single-word groups (appended to GLOBAL_SYNONYMS). */
export const EVERYDAY_SYNONYMS: readonly (readonly string[])[] = [...WORDS, ...WORDS_2, ...WORDS_3, ...INFORMAL_WORDS, ...WORDS_6];

/**
 * The learner's member is the first of a group found in the learner's words, so longer members go
 * first: "have a look at" contains "look at", and would otherwise be read as it.
 */
const longestFirst = (groups: string[][]): string[][] => groups.map((g) => [...g].sort((a, b) => b.split(' ').length - a.split(' ').length));

/** Phrase groups (appended to GLOBAL_PHRASE_SYNONYMS). */
export const EVERYDAY_PHRASE_SYNONYMS: readonly (readonly string[])[] = longestFirst([...PHRASAL, ...ADVERBIALS, ...POLITENESS, ...PHRASE_WORDS, ...PHRASAL_2, ...ADVERBIALS_2, ...EXCHANGES_2, ...PHRASAL_3, ...ADVERBIALS_3, ...EXCHANGES_3, ...INFORMAL_PHRASES, ...PHRASAL_4, ...IDIOMS_4, ...FAMILIES_5, ...FAMILIES_6, ...FAMILIES_7]);
