import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking the Gemini REST protocol (`POST /{v1,v1beta}/models/{model}:generateContent`),
 * so that tests drive the real @google/genai SDK over real HTTP without network access or a key.
 */

export type FakeGeminiReply =
  /** A JSON body with this status (200 for a normal answer). */
  | { status: number; json: unknown }
  /** A raw body with an explicit content type (e.g. an HTML error page). */
  | { status: number; raw: string; contentType: string }
  /** Never answer: the client's deadline must fire. */
  | { hang: true };

export type RecordedRequest = {
  method: string;
  path: string;
  model: string | null;
  headers: IncomingHttpHeaders;
  body: unknown;
};

export type FakeGeminiServer = {
  baseUrl: string;
  requests: RecordedRequest[];
  /** The reply for the following requests (a function may vary it per request). */
  setReply(reply: FakeGeminiReply | ((request: RecordedRequest) => FakeGeminiReply)): void;
  close(): Promise<void>;
};

/** A normal generateContent answer whose only part is `text`. */
export function textReply(text: string): FakeGeminiReply {
  return {
    status: 200,
    json: {
      candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 120, candidatesTokenCount: 80, totalTokenCount: 200 },
      modelVersion: 'fake-gemini',
    },
  };
}

/** A generateContent answer carrying `value` as JSON text, as JSON mode does. */
export function jsonReply(value: unknown): FakeGeminiReply {
  return textReply(JSON.stringify(value));
}

/** An error in the shape Google APIs use. */
export function googleErrorReply(status: number, statusName: string, message: string): FakeGeminiReply {
  return { status, json: { error: { code: status, message, status: statusName } } };
}

const ROUTE = /^\/(?:v1|v1beta)\/models\/([^/:]+):generateContent$/;

export async function startFakeGemini(): Promise<FakeGeminiServer> {
  const requests: RecordedRequest[] = [];
  let reply: FakeGeminiReply | ((request: RecordedRequest) => FakeGeminiReply) = googleErrorReply(
    500,
    'INTERNAL',
    'no reply configured',
  );

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        // Recorded as text; the tests assert on it.
      }
      const match = ROUTE.exec(path);
      const recorded: RecordedRequest = { method: req.method ?? '', path, model: match?.[1] ?? null, headers: req.headers, body };
      requests.push(recorded);

      const send = (status: number, contentType: string, payload: string) => {
        res.writeHead(status, { 'content-type': contentType });
        res.end(payload);
      };
      if (req.method !== 'POST' || !match) {
        const notFound = googleErrorReply(404, 'NOT_FOUND', `unknown path ${path}`);
        if ('json' in notFound) send(404, 'application/json; charset=UTF-8', JSON.stringify(notFound.json));
        return;
      }
      const current = typeof reply === 'function' ? reply(recorded) : reply;
      if ('hang' in current) return;
      if ('raw' in current) send(current.status, current.contentType, current.raw);
      else send(current.status, 'application/json; charset=UTF-8', JSON.stringify(current.json));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    setReply(next) {
      reply = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hanging requests would keep close() waiting forever.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
