/** Database instances that talk to a PostgreSQL server (not PGlite), marked by createDatabase. */
const servers = new WeakSet<object>();

export function markServerDatabase(db: object): void {
  servers.add(db);
}

/** True for a PostgreSQL server's handle; false for PGlite and for any transaction (its own instance). */
export function isServerDatabase(db: object): boolean {
  return servers.has(db);
}
