import pino from 'pino';

/** Longest message or stack kept in a log line. */
const TEXT_MAX = 4_000;
/** Longest other field of an error kept: codes, SQL states, a database's detail; not a request body. */
const FIELD_MAX = 500;

function capText(value: unknown): unknown {
  return typeof value === 'string' && value.length > TEXT_MAX ? `${value.slice(0, TEXT_MAX)}… (${value.length} characters)` : value;
}

function jsonLength(value: unknown): number | null {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return null;
  }
}

function isSerializedError(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && 'type' in value && 'message' in value && 'stack' in value;
}

function bounded(serialized: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (key === 'message' || key === 'stack') out[key] = capText(value);
    else if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    else if (key === 'aggregateErrors' && Array.isArray(value)) out[key] = value.slice(0, 10).map((item) => (isSerializedError(item) ? bounded(item) : item));
    else if (isSerializedError(value)) out[key] = bounded(value);
    else {
      const length = typeof value === 'string' ? value.length : jsonLength(value);
      out[key] = length !== null && length <= FIELD_MAX ? value : `[${length ?? 'unknown'} characters left out]`;
    }
  }
  return out;
}

/**
 * Errors as the log writes them: pino's standard serializer (type, message, stack, every enumerable
 * field), with the message and stack capped and any other field longer than FIELD_MAX left out. Some
 * errors carry what the client sent: Stripe's signature error keeps the whole request body as
 * `payload`, so every unsigned POST to the webhook (up to 1 MB) was written to the log in full, at
 * warn, 600 times a minute per address, with any learner data a real event holds (decision 051).
 */
export type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

export function serializeError(error: Error): SerializedError {
  const serialized = pino.stdSerializers.err(error) as unknown;
  // Anything that is not an error is returned as it is (pino's behaviour).
  if (serialized === error || !isSerializedError(serialized)) return serialized as SerializedError;
  return bounded(serialized) as SerializedError;
}
