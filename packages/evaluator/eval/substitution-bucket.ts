/**
 * How far would "an unknown content-word substitution is a paraphrase" go (decision 100)? For each set
 * named, among the items the grader puts at <= 2 stars, counts those whose only differences from the
 * closest accepted answer are open-class substitutions (meaning / word-choice / extra-word / missing-word /
 * preposition errors, at most two, touching no pronoun, number, time, negation, family, size or quantity
 * word), by the item's kind, and prints the non-paraphrases among them:
 *   npx tsx eval/substitution-bucket.ts probe-set-21.json
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allBankProblems } from '../src/bank/index';
import type { EvalItem } from '../src/evaluator/eval-report';
import { createEvaluator } from '../src/evaluator/index';
const dir = import.meta.dirname;
const problems = new Map(allBankProblems().map((p) => [p.id, p]));
const ev = await createEvaluator();
const CLOSED = /^(i|you|he|she|it|we|they|me|him|her|us|them|my|your|his|its|our|their|mine|yours|not|no|never|today|tomorrow|yesterday|morning|evening|night|last|next|this|that|these|those|\d+|one|two|three|four|five|six|seven|eight|nine|ten|first|second|before|after|always|sometimes|every|all|some|any|only|brother|sister|mother|father|son|daughter|husband|wife|older|younger|big|small|new|old|more|less|most|least)$/i;
for (const file of process.argv.slice(2)) {
  const items = JSON.parse(readFileSync(join(dir, file), 'utf8')) as EvalItem[];
  const bucket = { paraphrase: 0, meaning: 0, slip: 0 };
  const all = { paraphrase: 0, meaning: 0, slip: 0 };
  const examples: string[] = [];
  for (const item of items) {
    const p = problems.get(item.problemId)!;
    const r = ev.evaluate(p, item.answer);
    if (r.rating > 2) continue;
    all[item.kind] += 1;
    const kinds = new Set(r.errors.map((e) => e.kind));
    const onlyOpen = r.errors.length > 0 && r.errors.length <= 2 && [...kinds].every((k) => ['meaning', 'word-choice', 'extra-word', 'missing-word', 'preposition'].includes(k))
      && r.errors.every((e) => [...e.words, ...e.expected].join(' ').split(/\s+/).filter(Boolean).every((w) => !CLOSED.test(w)));
    if (onlyOpen) { bucket[item.kind] += 1; if (item.kind !== 'paraphrase') examples.push(`${item.kind} "${item.answer}" ${r.errors.map((e) => `${e.kind}(${e.words.join(' ')}→${e.expected.join(' ')})`).join(', ')}`); }
  }
  console.log(file, 'graded<=2:', JSON.stringify(all), 'open-substitution bucket:', JSON.stringify(bucket));
  for (const e of examples.slice(0, 12)) console.log('   ', e);
}
