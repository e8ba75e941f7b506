export type Product = {
  url: string;
  pid: number | undefined;
  /** Stops the product (SIGTERM, then SIGKILL); safe to call more than once. */
  stop: () => Promise<void>;
};

export function startProduct(options: {
  port: number;
  emulatorHost: string;
  projectId: string;
  env?: Record<string, string>;
  dataDir?: string;
}): Promise<Product>;
