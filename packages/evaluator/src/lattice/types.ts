import { z } from 'zod';

/**
 * What a slot carries. A learner word that replaces a slot's alternatives is judged by this:
 * a meaning role (who, what, where, when, polarity, quantity, modality) makes a wrong word a
 * meaning error; `form` makes it a form slip. `auto` (no role written) lets the engine decide from
 * the word itself (content words carry meaning, function words form).
 */
export const LATTICE_ROLES = ['who', 'what', 'where', 'when', 'polarity', 'quantity', 'modality', 'form'] as const;
export type LatticeRole = (typeof LATTICE_ROLES)[number];
export type EdgeRole = LatticeRole | 'auto';

/** A slot name: lower-case letters, digits and hyphens, referenced in patterns as `{name}`. */
export const ZSlotName = z.string().regex(/^[a-z][a-z0-9-]*$/, 'slot names are lower-case words: {subject}, {when}');

/** A pattern in the lattice language (see docs/decisions/007-answer-lattices.md). */
export const ZPattern = z.string().trim().min(1);

export const ZLatticeSlot = z.object({
  role: z.enum(LATTICE_ROLES),
  /** Alternative word sequences, each itself a pattern (may use groups and other slots). */
  alts: z.array(ZPattern).min(1),
});

export const ZLattice = z.object({
  /** Named slots, shared by the patterns. */
  slots: z.record(ZSlotName, ZLatticeSlot).default({}),
  /** Alternative sentence structures; the lattice accepts what any of them accepts. */
  patterns: z.array(ZPattern).min(1),
});
export type TLattice = z.infer<typeof ZLattice>;
export type TLatticeInput = z.input<typeof ZLattice>;

/** One file per level: problem id → lattice. */
export const ZLatticeFile = z.record(z.string().regex(/^(toeic|middle-school|high-school|basic-verbs)-\d{3}$/), ZLattice);
export type TLatticeFile = z.infer<typeof ZLatticeFile>;
