import net from 'node:net';

/**
 * A TCP port that nothing listens on right now on `host` (the loopback, or every interface for a server that
 * another host must reach), for a child server a test starts.
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, host, () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
    srv.on('error', reject);
  });
}
