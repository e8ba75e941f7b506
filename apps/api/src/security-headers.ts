import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

type Recorded = { set: [string, string][]; removed: string[] };

/**
 * helmet's security headers worked out once, set on each response as they are. helmet's middleware
 * builds every header again per request (the CSP from its directives, ~2% of an evaluation's API
 * thread and more of a read's, decision 071), although with static directives (no nonce function)
 * its output never depends on the request: this runs it once against a recorder and replays what it
 * set and removed.
 */
export function staticSecurityHeaders(options: Readonly<HelmetOptions>): (res: ServerResponse) => void {
  const recorded: Recorded = { set: [], removed: [] };
  const recorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a ${typeof value}: only string headers are replayed`);
      recorded.set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      recorded.removed.push(name);
    },
  };
  let outcome: { error?: unknown } | undefined;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    outcome = { error };
  });
  // helmet's middlewares run synchronously; one that did not call next (or failed) is not replayable.
  if (!outcome) throw new Error('helmet did not finish synchronously');
  if (outcome.error) throw outcome.error;
  const { set, removed } = recorded;
  return (res) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
  };
}
