import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/**
 * TRON and Bitcoin configured from the environment (as an operator sets them up): each network is
 * served by its adapter with its signer, the others stay the simulated chain. The nodes are not
 * running, so both networks report themselves suspended with the reason.
 */
const env = {
  TRON_NODE_URL: 'http://127.0.0.1:9',
  TRON_XPUB: HDKey.fromMasterSeed(new Uint8Array(32).fill(3)).derive("m/44'/195'/0'").publicExtendedKey,
  TRON_SIGNER_KEY: '44'.repeat(32),
  BTC_ESPLORA_URL: 'http://127.0.0.1:9',
  BTC_XPUB: HDKey.fromMasterSeed(new Uint8Array(32).fill(4)).derive("m/84'/0'/0'").publicExtendedKey,
};
let server: TestServer;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  server = await startTestServer({ env: { RATE_LIMIT_ENABLED: 'false' } });
});
afterAll(async () => {
  await server?.close();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('real chains from the environment', () => {
  it('serves TRC20 and BTC by their adapters and leaves ERC20 simulated', async () => {
    const u = await server.createUser();
    const status = await server.api('/xb/v1/wallet/chains/status', {}, { token: u.token });
    const of = (n: string) => status.body.data.networks.find((x: any) => x.network === n);
    expect(of('TRC20')).toMatchObject({ adapter: 'tron', demo: false, withdrawalsOpen: false });
    expect(of('TRC20').note).toMatch(/node unreachable/);
    expect(of('BTC')).toMatchObject({ adapter: 'esplora', demo: false });
    expect(of('ERC20')).toMatchObject({ adapter: 'simulated', demo: true });
    const addr = await server.api(
      '/xb/v1/wallet/deposit/address',
      { currency: 'BTC', chain: 'BTC' },
      { token: u.token },
    );
    expect(addr.body.data).toMatchObject({ simulated: false });
    expect(addr.body.data.address).toMatch(/^bc1q/);
  });
});
