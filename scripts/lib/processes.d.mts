// Types of the helpers TypeScript code uses (the vitest global setup of apps/api).
import type { ChildProcess } from 'node:child_process';

export const root: string;
export function freePort(): Promise<number>;
export function assertPortFree(port: number, options?: { host?: string; label?: string }): Promise<void>;
export type AuthEmulator = { hostPort: string; hubPort: number; loggingPort: number; child: ChildProcess; stop: () => Promise<void> };
export function startAuthEmulator(options: {
  projectId: string;
  hostPort?: string;
  hubPort?: number;
  loggingPort?: number;
  dataDir?: string;
  onLine?: (line: string) => void;
}): Promise<AuthEmulator>;
