import { hasTextCheck } from '@shunkan/config/schemas';
import type { z } from 'zod';
import { appRouter } from './root.js';

export type ProcedureEntry = {
  /** 'practice.evaluate', 'admin.users.list', ... */
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  /** The procedure's `.input()` schema; undefined when it takes none. */
  input: z.ZodType | undefined;
};

type ProcedureDef = { _def: { type: ProcedureEntry['type']; inputs: z.ZodType[] } };

/** Every procedure of the router, read from the router itself (so tests cover new ones unasked). */
export function listProcedures(): ProcedureEntry[] {
  const procedures = (appRouter._def as unknown as { procedures: Record<string, ProcedureDef> }).procedures;
  return Object.entries(procedures)
    .map(([path, procedure]) => ({ path, type: procedure._def.type, input: procedure._def.inputs[0] }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** The fields of zod 4's internal schema definition that the schema walkers read. */
export type ZodDef = {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  left?: z.ZodType;
  right?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
};

/** A schema's definition (zod keeps it on `_zod.def`). */
export const zodDef = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** String formats whose alphabet is ASCII: they cannot carry NUL or a lone surrogate. */
const ASCII_FORMATS = new Set(['uuid', 'guid', 'email', 'cuid', 'cuid2', 'ulid', 'nanoid', 'ipv4', 'ipv6', 'iso_date', 'iso_datetime', 'datetime', 'date']);

/**
 * Paths inside an input schema where a string is taken without the shared ZText check (or an
 * untyped value, which could be one). Empty for a schema that can only let storable text through.
 */
export function uncheckedStrings(schema: z.ZodType, at = '', seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = zodDef(schema);
  const walk = (child: z.ZodType | null | undefined, suffix = '') => (child ? uncheckedStrings(child, at + suffix, seen) : []);
  switch (def.type) {
    case 'string':
      return hasTextCheck(schema) || (def.format && ASCII_FORMATS.has(def.format)) ? [] : [at || '(root)'];
    case 'any':
    case 'unknown':
    case 'custom':
      return [`${at || '(root)'} (${def.type})`];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, child]) => walk(child, `.${key}`));
    case 'array':
      return walk(def.element, '[]');
    case 'record':
      return [...walk(def.keyType, '{key}'), ...walk(def.valueType, '{}')];
    case 'tuple':
      return [...(def.items ?? []).flatMap((item, i) => walk(item, `[${i}]`)), ...walk(def.rest, '[...]')];
    case 'union':
      return (def.options ?? []).flatMap((option) => walk(option));
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)];
    case 'pipe':
      return walk(def.in);
    case 'lazy':
      return walk(def.getter?.());
    default:
      // optional, nullable, default, prefault, readonly, catch, nonoptional: the wrapped schema.
      return def.innerType ? walk(def.innerType) : [];
  }
}
