import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { test } from '../tests/own-product';

const port = Number(process.env.OWN_PRODUCT_CHECK_PORT);
const reportFile = String(process.env.OWN_PRODUCT_CHECK_REPORT);
let pid: number | undefined;

function isListening(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// Starts a product of its own and then times out, never reaching any cleanup of its own: only the
// ownProduct fixture's teardown can stop the product.
test('starts a product of its own and times out', async ({ ownProduct }) => {
  test.setTimeout(120_000);
  const began = Date.now();
  const product = await ownProduct.start({ port });
  pid = product.pid;
  test.setTimeout(Date.now() - began + 500);
  await new Promise(() => {});
});

// Runs after the test's fixtures were torn down and before this worker exits (its exit handler
// would kill a product left behind, which must not be what stops it).
test.afterAll(async () => {
  writeFileSync(reportFile, JSON.stringify({ pid, listeningAfterTeardown: await isListening() }));
});
