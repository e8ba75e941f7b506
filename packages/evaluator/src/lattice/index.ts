export { LATTICE_ROLES, ZLattice, ZLatticeFile, type EdgeRole, type LatticeRole, type TLattice, type TLatticeFile } from './types';
export { parsePattern, LatticeSyntaxError, type PatternNode } from './parse';
export { compileLattice, acceptsSentence, expandLattice, LatticeCompileError, type LatticeEdge, type LatticeGraph, type SlotInfo, type ExpandedSentence } from './graph';
export { checkLattices, isProblemOk, MIN_SENTENCES, type LatticeReport, type ProblemReport } from './check';
export { SLIP_PATTERNS, slipsIn, type SlipPattern } from './slips';
