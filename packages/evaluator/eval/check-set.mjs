#!/usr/bin/env node
// Validates the frozen evaluation set(s) in this folder. No dependencies.
// Usage: node packages/evaluator/eval/check-set.mjs [set.json ...] [--bank DIR]
// Checks: item format, every problemId exists in the problem bank, no
// duplicate (problemId, answer), no paraphrase equal to an accepted answer
// after normalising case, punctuation and whitespace, and the composition.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../../..");
const LEVELS = ["toeic", "middle-school", "high-school", "basic-verbs"];
const KINDS = {
  paraphrase: { minStars: 4, maxStars: 5 },
  slip: { minStars: 3, maxStars: 4 },
  meaning: { minStars: 1, maxStars: 2 },
};
const SLIPS = new Set([
  "article", "plural", "agreement", "subject-verb", "tense", "verb-form", "preposition",
  "word-order", "missing-word", "extra-word", "spelling", "word-choice",
]);
const KEYS = new Set(["problemId", "answer", "kind", "minStars", "maxStars", "slip", "note"]);

const args = process.argv.slice(2);
let bankDir = null;
const setFiles = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--bank") bankDir = path.resolve(args[++i]);
  else setFiles.push(path.resolve(args[i]));
}
if (setFiles.length === 0) {
  // Every set in this folder: frozen-set.json plus later dated additions (frozen-set-YYYY-MM-DD.json).
  for (const f of fs.readdirSync(here).sort()) if (/^frozen-set.*\.json$/.test(f)) setFiles.push(path.join(here, f));
}

// Locate the bank: <level>.json files holding arrays of problems (id, japanese, answers),
// wherever the bank lives now (other per-level files, e.g. lattices, are not the bank).
function isBank(dir) {
  try {
    const data = JSON.parse(fs.readFileSync(path.join(dir, "toeic.json"), "utf8"));
    return Array.isArray(data) && data.length > 0 && typeof data[0]?.id === "string" && typeof data[0]?.japanese === "string";
  } catch {
    return false;
  }
}
function findBankDir() {
  const skip = new Set(["node_modules", "dist", ".turbo", ".git", "eval"]);
  const stack = [path.join(repoRoot, "packages")];
  while (stack.length) {
    const dir = stack.pop();
    let entries;
    try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { continue; }
    if (LEVELS.every((l) => entries.some((e) => e.isFile() && e.name === `${l}.json`)) && isBank(dir)) return dir;
    for (const e of entries) if (e.isDirectory() && !skip.has(e.name)) stack.push(path.join(dir, e.name));
  }
  return null;
}
bankDir ??= findBankDir();
if (!bankDir) { console.error("problem bank not found (pass --bank DIR)"); process.exit(2); }

const normalise = (s) => s.toLowerCase().replace(/[^a-z0-9\s]/g, " ").replace(/\s+/g, " ").trim();
const bank = new Map();
for (const level of LEVELS) {
  for (const p of JSON.parse(fs.readFileSync(path.join(bankDir, `${level}.json`), "utf8"))) bank.set(p.id, p);
}

const errors = [];
const items = [];
for (const file of setFiles) {
  const data = JSON.parse(fs.readFileSync(file, "utf8"));
  if (!Array.isArray(data)) { errors.push(`${file}: not a JSON array`); continue; }
  data.forEach((item, i) => items.push({ item, where: `${path.basename(file)}[${i}]` }));
}

const seen = new Map();
for (const { item, where } of items) {
  const err = (m) => errors.push(`${where} ${item?.problemId ?? "?"} "${item?.answer ?? "?"}": ${m}`);
  if (typeof item !== "object" || item === null || Array.isArray(item)) { err("not an object"); continue; }
  for (const k of Object.keys(item)) if (!KEYS.has(k)) err(`unknown field ${k}`);
  if (typeof item.problemId !== "string") err("problemId must be a string");
  if (typeof item.answer !== "string" || !item.answer.trim() || item.answer !== item.answer.trim()) err("answer must be a trimmed non-empty string");
  if (typeof item.note !== "string" || !item.note.trim()) err("note must be a non-empty string");
  const range = KINDS[item.kind];
  if (!range) { err(`kind must be one of ${Object.keys(KINDS).join(", ")}`); continue; }
  if (item.minStars !== range.minStars || item.maxStars !== range.maxStars) err(`${item.kind} must have stars ${range.minStars}-${range.maxStars}`);
  if (item.kind === "slip" ? !SLIPS.has(item.slip) : item.slip !== undefined) err(item.kind === "slip" ? `slip must be one of ${[...SLIPS].join(", ")}` : "slip only for kind slip");
  const problem = bank.get(item.problemId);
  if (!problem) { err("problemId not in the bank"); continue; }
  if (typeof item.answer !== "string") continue;
  const key = `${item.problemId}\u0000${normalise(item.answer)}`;
  if (seen.has(key)) err(`same answer (after normalising) as ${seen.get(key)}`);
  else seen.set(key, where);
  const accepted = Array.isArray(problem.answers) ? problem.answers.filter((a) => typeof a === "string") : [];
  if (item.kind !== "paraphrase" && accepted.some((a) => normalise(a) === normalise(item.answer))) err(`${item.kind} equals an accepted answer`);
  if (item.kind === "paraphrase" && accepted.some((a) => normalise(a) === normalise(item.answer))) err("paraphrase equals an accepted answer");
}

// Composition report.
const byLevel = {};
const problems = new Set();
const slipNames = {};
for (const { item } of items) {
  const p = bank.get(item?.problemId);
  if (!p) continue;
  problems.add(p.id);
  const level = p.level ?? LEVELS.find((l) => p.id.startsWith(l));
  byLevel[level] ??= { paraphrase: 0, slip: 0, meaning: 0, problems: new Set() };
  byLevel[level][item.kind] = (byLevel[level][item.kind] ?? 0) + 1;
  byLevel[level].problems.add(p.id);
  if (item.kind === "slip") slipNames[item.slip] = (slipNames[item.slip] ?? 0) + 1;
}
const total = items.length;
const count = (k) => items.filter(({ item }) => item?.kind === k).length;
console.log(`bank: ${path.relative(repoRoot, bankDir)}`);
console.log(`sets: ${setFiles.map((f) => path.basename(f)).join(", ")}`);
console.log(`items: ${total} over ${problems.size} problems`);
for (const k of Object.keys(KINDS)) console.log(`  ${k}: ${count(k)} (${((100 * count(k)) / Math.max(total, 1)).toFixed(1)}%)`);
for (const l of LEVELS) {
  const b = byLevel[l];
  console.log(`  ${l}: ${b ? `${b.paraphrase + b.slip + b.meaning} items, ${b.problems.size} problems (P ${b.paraphrase} / S ${b.slip} / M ${b.meaning})` : "none"}`);
}
console.log(`  slips: ${Object.entries(slipNames).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(", ")}`);

if (total < 440) errors.push(`only ${total} items (need at least 440)`);
if (problems.size < 110) errors.push(`only ${problems.size} problems (need at least 110)`);
for (const l of LEVELS) if (!byLevel[l]) errors.push(`no items for level ${l}`);

if (errors.length) {
  console.error(`\n${errors.length} problem(s):`);
  for (const e of errors) console.error(`  - ${e}`);
  process.exit(1);
}
console.log("\nOK");
