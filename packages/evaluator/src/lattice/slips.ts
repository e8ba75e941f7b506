/**
 * Learner slips that a lattice must never accept as correct English (issue #12: a teacher gives
 * such an answer 3-4 stars and names the slip). The bank check matches every accepted sentence
 * of every lattice (normalised tokens joined by spaces: lower case, contractions expanded, numbers
 * as digits) against these patterns. They are deliberately narrow: each one is a slip in every
 * context it can match, so a hit is always a lattice to fix, never a pattern to loosen.
 */
export type SlipPattern = { name: string; pattern: RegExp };

/** Words ending in -ed that are base forms or nouns ("will need", "to bed"). */
const ED_BASE = 'indeed|need|feed|speed|succeed|proceed|exceed|bleed|breed|seed|heed|shed|wed|embed|bed|red|shred|weed';
const OBJECT = '(?:me|him|her|us|them|you)';

export const SLIP_PATTERNS: readonly SlipPattern[] = [
  // A preposition after a verb that takes none (or another one).
  { name: 'arrive to', pattern: /\barriv(?:e|es|ed|ing) to\b/ },
  { name: 'reach to / reach at', pattern: /\breach(?:es|ed|ing)? (?:to|at)\b/ },
  { name: 'visit to (the verb)', pattern: /(?<!\b(?:a|the|my|his|her|your|our|their) )\b(?:visit|visits|visited|visiting) to\b/ },
  { name: 'discuss about', pattern: /\bdiscuss(?:es|ed|ing)? about\b/ },
  { name: 'marry with', pattern: /\bmarr(?:y|ies|ied|ying) with\b/ },
  { name: 'resemble to', pattern: /\bresembl(?:e|es|ed|ing) to\b/ },
  { name: 'contact to / contact with', pattern: /\bcontact(?:s|ed|ing)? (?:to|with) (?:me|him|her|us|them|you|the|our|my|your)\b/ },
  { name: 'mention about', pattern: /\bmention(?:s|ed|ing)? about\b/ },
  { name: 'explain + person', pattern: new RegExp(`\\bexplain(?:s|ed|ing)? ${OBJECT}\\b`) },
  { name: 'to home / to abroad / to here', pattern: /\b(?:go|goes|went|gone|going|come|comes|came|coming|get|gets|got|gotten|getting|return|returns|returned|returning) to (?:home|abroad|overseas|here|there|downtown)\b/ },
  { name: 'appreciate for', pattern: /\bappreciat(?:e|es|ed|ing) for\b/ },
  // let / make + to-infinitive.
  { name: 'let + object + to', pattern: new RegExp(`\\b(?:let|lets|letting) (?:${OBJECT.slice(3, -1)}|it|my \\w+|his \\w+|her \\w+|the \\w+) to (?!the|a|an|my|his|her|our|their|your|its|this|that|school|work|bed)\\w+`) },
  { name: 'make + object + to', pattern: new RegExp(`\\b(?:make|makes|made|making) ${OBJECT} to (?!the|a|an|my|his|her|our|their|your|its|this|that)\\w+`) },
  // forget is not used with a place (leave is).
  { name: 'forget + place', pattern: /\bforg(?:et|ets|ot|otten|etting) (?:my|his|her|your|our|their|the) \w+ (?:behind )?(?:at|on|in) (?:home|the|my|his|her|school|work|our|your)\b/ },
  // Wrong correlatives.
  { name: 'no sooner ... when', pattern: /\bno sooner\b.*\bwhen\b/ },
  { name: 'hardly / scarcely ... than', pattern: /\b(?:hardly|scarcely|barely) had\b.*\bthan\b/ },
  { name: 'either ... nor', pattern: /\beither\b.*\bnor\b/ },
  { name: 'prefer ... than (without rather)', pattern: /\bprefer(?:s|red|ring)?\b(?:(?!\brather\b).)*\bthan\b/ },
  // A comparison with the whole group must leave out the thing compared.
  { name: 'than anything / anyone without else', pattern: /\bthan (?:anything|anyone|anybody|everyone|everybody)\b(?! else)/ },
  { name: 'than any + noun without other', pattern: /\bthan any (?!other\b|of\b)\w+/ },
  { name: 'any other ... else', pattern: /\bany other \w+ else\b/ },
  // Gerund / infinitive swaps.
  { name: 'verb taking a gerund + to-infinitive', pattern: /(?<!\b(?:a|the|my|his|her|your|our|their) )\b(?:enjoy|enjoys|enjoyed|enjoying|finish|finishes|finished|finishing|mind|minds|minded|avoid|avoids|avoided|avoiding|deny|denies|denied|denying|fancy|give up|gave up|given up|giving up|keep on|kept on) to (?!the|a|an|my|his|her|our|their|your|its|this|that|me|him|us|them|it|you|school|work|bed)\w+/ },
  { name: 'look forward to + base verb', pattern: /\blook(?:s|ed|ing)? forward to (?:see|meet|hear|work|visit|go|have|get|talk|be)\b/ },
  { name: 'be used to + base verb', pattern: /\b(?:am|is|are|was|were|be|been) used to (?:get|go|live|work|speak|eat|drive|wake|use|do|have|make|take)\b/ },
  // Forms after a modal, do or to.
  { name: 'modal + non-base form', pattern: new RegExp(`\\b(?:will|would|can|could|shall|should|may|might|must) (?:are|is|am|was|were|has|does|goes|went|(?!(?:${ED_BASE})\\b)\\w+ed)\\b`) },
  { name: 'do / did + subject + past form', pattern: new RegExp(`\\b(?:do|does|did) (?:(?:the|my|his|her|your|our|their|this|that) )?(?!(?:more|most|less|very|so|too)\\b)\\w+ (?:went|came|took|saw|ate|wrote|gave|broke|bought|told|said|found|knew|(?!(?:${ED_BASE})\\b)\\w+ed)\\b`) },
  { name: 'do / did + non-base form', pattern: new RegExp(`\\b(?:do|does|did) (?:not )?(?:went|was|were|is|are|has|goes|(?!(?:${ED_BASE})\\b)\\w+ed)\\b`) },
  // Redundant or broken combinations of optional parts.
  { name: 'still ... yet', pattern: /\bstill\b.*\byet\b/ },
  { name: 'what that', pattern: /\bwhat that (?:i|you|he|she|we|they)\b/ },
  { name: 'a word twice', pattern: /\b(?!(?:that|had|in|is|once)\b)(\w+) \1\b/ },
  { name: 'article before a determiner', pattern: /\b(?:a|an|the) (?:my|your|his|her|our|their|its|this|that|these|those|a|an|the)\b/ },
];

/** The slip patterns a normalised sentence matches. */
export function slipsIn(sentence: string): SlipPattern[] {
  return SLIP_PATTERNS.filter((s) => s.pattern.test(sentence));
}
