import pg from 'pg';

export type NoticeListener = {
  /** Resolves once the first LISTEN succeeded or failed (never rejects). */
  ready: Promise<void>;
  /** True while notices are being received. */
  listening: () => boolean;
  stop: () => Promise<void>;
};

export type NoticeHandlers = {
  onNotice: (payload: string | undefined) => void;
  /** LISTEN succeeded: from now on notices arrive (changes made while nobody listened are unknown). */
  onLive: () => void;
  /** The connection failed: notices may be missed until onLive again. */
  onLost: (error: Error | undefined) => void;
};

/** One server connection that listens on every channel an instance needs (decisions 031, 032). */
export type NoticeHub = {
  subscribe: (channel: string, handlers: NoticeHandlers) => NoticeListener;
  /** Ends the connection and every subscription. */
  stop: () => Promise<void>;
};

type Subscription = NoticeHandlers & { channel: string; live: boolean; settle: () => void };

/**
 * Listens on a PostgreSQL server's channels on ONE connection of its own (the read cache's and the
 * session cache's notices, decisions 031 and 032): it is opened at the first subscription and ended
 * after the last. Notices can only be trusted while they arrive: a subscription's `onLive` runs once
 * its LISTEN succeeded (changes made while nobody listened are unknown, so a cache starts afresh
 * there), `onLost` from the moment the connection fails (error, end, or a `select 1` probe without an
 * answer: a silently dead connection would never report) until a new one listens. It reconnects every
 * `retryMs`.
 */
export function createNoticeHub(options: {
  databaseUrl: string;
  applicationName: string;
  retryMs: number;
  /** How often the listening connection is probed. */
  probeMs?: number;
}): NoticeHub {
  const probeMs = options.probeMs ?? 10_000;
  const subscriptions = new Set<Subscription>();
  let client: pg.Client | null = null;
  /** Channels LISTENed on the current connection. */
  let listened = new Set<string>();
  let connected = false;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let probe: NodeJS.Timeout | null = null;
  /** LISTENs are sent one after another on the connection. */
  let chain: Promise<void> = Promise.resolve();

  const end = () => {
    if (retry) clearTimeout(retry);
    if (probe) clearInterval(probe);
    retry = null;
    probe = null;
    connected = false;
    listened = new Set();
    const current = client;
    client = null;
    return current?.end().catch(() => {});
  };

  const lost = (from: pg.Client, error?: Error) => {
    if (client !== from || stopped) return;
    void end();
    for (const subscription of subscriptions) {
      subscription.live = false;
      subscription.onLost(error);
      subscription.settle();
    }
    if (subscriptions.size === 0) return;
    retry = setTimeout(() => void connect(), options.retryMs);
    // A stopped server's process must not wait for a reconnection.
    retry.unref();
  };

  /** LISTENs on every subscribed channel not yet listened on this connection, then tells those subscriptions. */
  const sync = (current: pg.Client) => {
    chain = chain.then(async () => {
      if (client !== current || !connected) return;
      for (const subscription of subscriptions) {
        if (subscription.live) continue;
        if (!listened.has(subscription.channel)) {
          try {
            await current.query(`listen ${subscription.channel}`);
          } catch (error) {
            lost(current, error as Error);
            return;
          }
          if (client !== current) return;
          listened.add(subscription.channel);
        }
        if (!subscriptions.has(subscription)) continue;
        subscription.live = true;
        subscription.onLive();
        subscription.settle();
      }
    });
  };

  const connect = async (): Promise<void> => {
    retry = null;
    if (stopped || subscriptions.size === 0 || client) return;
    const next = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: options.applicationName,
      keepAlive: true,
      // A probe (or LISTEN) that gets no answer counts as a lost connection.
      query_timeout: 5_000,
      connectionTimeoutMillis: 5_000,
    });
    client = next;
    next.on('notification', (message) => {
      for (const subscription of subscriptions) {
        if (subscription.live && message.channel === subscription.channel) subscription.onNotice(message.payload || undefined);
      }
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
    } catch (error) {
      lost(next, error as Error);
      return;
    }
    if (client !== next || stopped) return;
    connected = true;
    sync(next);
    probe = setInterval(() => {
      next.query('select 1').catch((error: Error) => lost(next, error));
    }, probeMs);
    probe.unref();
    await chain;
  };

  return {
    subscribe: (channel, handlers) => {
      // Channel names go into LISTEN as identifiers: ours are fixed lower-case names.
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid notice channel: ${channel}`);
      let settle!: () => void;
      const ready = new Promise<void>((resolve) => (settle = resolve));
      const subscription: Subscription = { ...handlers, channel, live: false, settle };
      subscriptions.add(subscription);
      if (stopped) settle();
      else if (!client && !retry) void connect();
      else if (client && connected) sync(client);
      return {
        ready,
        listening: () => subscription.live,
        stop: async () => {
          subscription.live = false;
          subscription.settle();
          subscriptions.delete(subscription);
          if (subscriptions.size === 0) await end();
        },
      };
    },
    stop: async () => {
      stopped = true;
      for (const subscription of subscriptions) {
        subscription.live = false;
        subscription.settle();
      }
      subscriptions.clear();
      await end();
    },
  };
}
