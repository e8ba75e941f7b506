// Checkouts that share one machine (TEST_PORT_OFFSET set, or SHUNKAN_SUITE_SLOTS given) take one of a
// few machine-wide slots before running the whole suite, so that many suites at once do not starve
// each other of CPU until their timeouts fire. CI and a single checkout (no offset) never wait.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const dir = join(tmpdir(), 'shunkan-suite-slots');

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function tryTake(slot) {
  const path = join(dir, `slot-${slot}`);
  try {
    mkdirSync(path);
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    let holder = NaN;
    try {
      holder = Number(readFileSync(join(path, 'pid'), 'utf8'));
    } catch {
      return false; // being written by its taker right now
    }
    if (alive(holder)) return false;
    rmSync(path, { recursive: true, force: true }); // left by a run that died
    return tryTake(slot);
  }
  writeFileSync(join(path, 'pid'), String(process.pid));
  process.on('exit', () => rmSync(path, { recursive: true, force: true }));
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
  return true;
}

/** Waits for a free slot when the machine is shared; returns at once otherwise. */
export async function takeSuiteSlot() {
  const slots = Number(process.env.SHUNKAN_SUITE_SLOTS ?? (Number(process.env.TEST_PORT_OFFSET ?? 0) ? 2 : 0));
  if (!slots) return;
  mkdirSync(dir, { recursive: true });
  let told = false;
  for (;;) {
    for (let slot = 0; slot < slots; slot++) if (tryTake(slot)) return;
    if (!told) console.log(`waiting for one of ${slots} suite slots on this machine (${dir})…`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}
