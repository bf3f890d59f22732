import fs from 'node:fs';
import solc from 'solc';
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';
import type { EIP1193Provider } from 'viem';

/**
 * Test support: an in-process Hardhat network (no node to start, no port) and the test ERC-20
 * compiled by the solc-js compiler from the npm registry (no compiler download).
 */
export async function hardhatProvider(): Promise<EIP1193Provider> {
  // a live node accepts a transaction that will revert and mines it as failed; so must this one
  const hre = await createHardhatRuntimeEnvironment({
    networks: { default: { type: 'edr-simulated', throwOnTransactionFailures: false } },
  });
  const conn = await hre.network.connect();
  return conn.provider as unknown as EIP1193Provider;
}

export function compileTestToken(): { abi: unknown[]; bytecode: `0x${string}` } {
  const source = fs.readFileSync(new URL('./testdata/TestToken.sol', import.meta.url), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: source } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const c = out.contracts['TestToken.sol']!['TestToken']!;
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}
