import pg from 'pg';

export type NoticeListener = {
  /** Resolves once the first LISTEN succeeded or failed (never rejects). */
  ready: Promise<void>;
  /** True while notices are being received. */
  listening: () => boolean;
  stop: () => Promise<void>;
};

/**
 * Listens on a PostgreSQL server's channel on a connection of its own (the read cache's and the
 * session cache's notices, decisions 031 and 032). Notices can only be trusted while they arrive:
 * `onLive` runs once LISTEN succeeded (changes made while nobody listened are unknown, so a cache
 * starts afresh there), `onLost` from the moment the connection fails (error, end, or a `select 1`
 * probe without an answer: a silently dead connection would never report) until a new one listens.
 * It reconnects every `retryMs`.
 */
export function listenForNotices(options: {
  databaseUrl: string;
  channel: string;
  applicationName: string;
  onNotice: (payload: string | undefined) => void;
  onLive: () => void;
  onLost: (error: Error | undefined) => void;
  retryMs: number;
  /** How often the listening connection is probed. */
  probeMs?: number;
}): NoticeListener {
  const probeMs = options.probeMs ?? 10_000;
  let client: pg.Client | null = null;
  let live = false;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let probe: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: options.applicationName,
      keepAlive: true,
      // A probe (or LISTEN) that gets no answer counts as a lost connection.
      query_timeout: 5_000,
      connectionTimeoutMillis: 5_000,
    });
    client = next;
    const lost = (error?: Error) => {
      if (client !== next || stopped) return;
      client = null;
      live = false;
      if (probe) clearInterval(probe);
      probe = null;
      options.onLost(error);
      void next.end().catch(() => {});
      retry = setTimeout(() => void connect(), options.retryMs);
      // A stopped server's process must not wait for a reconnection.
      retry.unref();
    };
    next.on('notification', (message) => {
      if (message.channel === options.channel) options.onNotice(message.payload || undefined);
    });
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`listen ${options.channel}`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    if (client !== next || stopped) return;
    live = true;
    options.onLive();
    probe = setInterval(() => {
      next.query('select 1').catch((error: Error) => lost(error));
    }, probeMs);
    probe.unref();
  };

  const ready = connect();
  return {
    ready,
    listening: () => live,
    stop: async () => {
      stopped = true;
      live = false;
      if (retry) clearTimeout(retry);
      if (probe) clearInterval(probe);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
