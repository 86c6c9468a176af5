import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';

/**
 * A port free on the loopback now, for a server a test or a benchmark is about to start on it.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
