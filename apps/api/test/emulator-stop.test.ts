import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort, startAuthEmulator } from '../../../scripts/lib/processes.mjs';

// The Auth emulator that global-setup.ts starts (when none is given) is stopped in the global teardown.
// Its stop() left a 15 s grace timer behind after the emulator had exited, which kept vitest's process
// alive past its close timeout: "close timed out after 10000ms … something prevents Vite server from exiting".
afterEach(() => {
  vi.useRealTimers();
});

describe('startAuthEmulator().stop()', () => {
  it('stops the emulator and leaves no timer behind', async () => {
    const emulator = await startAuthEmulator({ projectId: 'demo-shunkan-stop', hostPort: `127.0.0.1:${await freePort()}` });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await emulator.stop();
    expect(emulator.child.exitCode !== null || emulator.child.signalCode !== null).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
