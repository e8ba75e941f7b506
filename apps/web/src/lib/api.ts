import { REVIEW_SESSIONS_BLOCKED } from '@shunkan/config/texts';
import { getIdToken } from './firebase';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/**
 * The spec's shared request behaviour for the REST paths: JSON, bearer token when signed in,
 * '{status}: {statusText}' on failure, and reads of the retired review-sessions endpoint blocked.
 */
export async function apiRequest<T>(url: string, options: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const method = options.method ?? 'GET';
  if (method === 'GET' && url.includes('review-sessions')) throw new Error(REVIEW_SESSIONS_BLOCKED);
  const token = await getIdToken();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    const response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    const text = await response.text();
    const body: unknown = text ? safeJson(text) : null;
    if (!response.ok) throw new ApiError(response.status, `${response.status}: ${response.statusText}`, body);
    return body as T;
  } catch (error) {
    if ((error as Error).name === 'AbortError') {
      console.info('request aborted', url);
    }
    throw error;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
