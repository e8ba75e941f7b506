import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNoticeHub, type NoticeHub } from './notice-listener.js';
import { createScratchDatabase } from './testing.js';

const serverUrl = process.env.TEST_DATABASE_URL;

// Only with a server to run on (TEST_DATABASE_URL).
describe.skipIf(!serverUrl)('one listening connection for every channel (notice-listener.ts)', () => {
  let url: string;
  let drop: () => Promise<void>;
  let other: pg.Client;
  let hub: NoticeHub;
  const heard: Record<string, (string | undefined)[]> = { alpha: [], beta: [] };
  const events: string[] = [];
  const sessions = async () =>
    Number((await other.query("select count(*) from pg_stat_activity where application_name = 'hub-test' and datname = current_database()")).rows[0].count);

  beforeAll(async () => {
    const scratch = await createScratchDatabase(serverUrl ?? '', 'shunkan_hub');
    url = scratch.url;
    drop = scratch.drop;
    other = new pg.Client({ connectionString: url });
    await other.connect();
    hub = createNoticeHub({ databaseUrl: url, applicationName: 'hub-test', retryMs: 100, probeMs: 200 });
  });

  afterAll(async () => {
    await hub?.stop();
    await other?.end();
    await drop?.();
  });

  const subscribe = (channel: 'alpha' | 'beta') =>
    hub.subscribe(channel, {
      onNotice: (payload) => heard[channel]!.push(payload),
      onLive: () => events.push(`${channel} live`),
      onLost: () => events.push(`${channel} lost`),
    });

  it('opens one connection for two channels, each hearing only its own notices', async () => {
    const alpha = subscribe('alpha');
    const beta = subscribe('beta');
    await Promise.all([alpha.ready, beta.ready]);
    expect(alpha.listening() && beta.listening()).toBe(true);
    expect(await sessions()).toBe(1);
    await other.query("select pg_notify('alpha', 'one'), pg_notify('beta', 'two')");
    await vi.waitFor(() => expect(heard).toEqual({ alpha: ['one'], beta: ['two'] }), { timeout: 2_000, interval: 5 });
  });

  it('tells every channel when the connection is lost, and listens on both again once back', async () => {
    events.length = 0;
    await other.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'hub-test' and datname = current_database()");
    await vi.waitFor(() => expect(events).toEqual(expect.arrayContaining(['alpha lost', 'beta lost', 'alpha live', 'beta live'])), { timeout: 5_000, interval: 10 });
    expect(events.indexOf('alpha lost')).toBeLessThan(events.indexOf('alpha live'));
    expect(await sessions()).toBe(1);
    await other.query("select pg_notify('beta', 'three')");
    await vi.waitFor(() => expect(heard.beta).toEqual(['two', 'three']), { timeout: 2_000, interval: 5 });
  });

  it('ends the connection after the last subscription stops, and opens it again for a new one', async () => {
    const gamma = hub.subscribe('gamma_channel', { onNotice: () => {}, onLive: () => {}, onLost: () => {} });
    await gamma.ready;
    expect(gamma.listening()).toBe(true);
    expect(await sessions()).toBe(1);
    // A fresh hub of its own, to see the connection end with its last subscription.
    const own = createNoticeHub({ databaseUrl: url, applicationName: 'hub-test-own', retryMs: 100 });
    const only = own.subscribe('alpha', { onNotice: () => {}, onLive: () => {}, onLost: () => {} });
    await only.ready;
    const count = async () =>
      Number((await other.query("select count(*) from pg_stat_activity where application_name = 'hub-test-own' and datname = current_database()")).rows[0].count);
    expect(await count()).toBe(1);
    await only.stop();
    await vi.waitFor(async () => expect(await count()).toBe(0), { timeout: 2_000, interval: 10 });
    const again = own.subscribe('beta', { onNotice: () => {}, onLive: () => {}, onLost: () => {} });
    await again.ready;
    expect(again.listening()).toBe(true);
    expect(await count()).toBe(1);
    await own.stop();
    expect(() => hub.subscribe('bad; drop table users', { onNotice: () => {}, onLive: () => {}, onLost: () => {} })).toThrow(/invalid notice channel/);
  });
});
