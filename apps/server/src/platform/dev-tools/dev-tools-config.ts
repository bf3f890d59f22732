/**
 * The development conveniences a developer may switch on, each on its own: they hand out
 * verification codes (outbox), move time (clock) or steer the simulated price (price), so they are
 * off unless named in DEV_TOOLS, answer loopback clients only (see dev-tools-guard.ts), and the
 * configuration refuses every one of them in production.
 */
export const DEV_TOOL_NAMES = ['outbox', 'clock', 'price'] as const;
export type DevToolName = (typeof DEV_TOOL_NAMES)[number];
export type DevTools = Record<DevToolName, boolean>;

export function noDevTools(): DevTools {
  return { outbox: false, clock: false, price: false };
}

/**
 * DEV_TOOLS="outbox,clock" (or "all", or empty for none). The older single switches DEV_CLOCK and
 * DEV_PRICE_CONTROL still turn on their tool, so existing scripts keep working.
 */
export function parseDevTools(
  raw: string,
  legacy: { clock: boolean; price: boolean },
): { ok: boolean; tools?: DevTools; problem?: string } {
  const tools = noDevTools();
  for (const name of raw
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean)) {
    if (name === 'all') {
      for (const t of DEV_TOOL_NAMES) tools[t] = true;
    } else if (name === 'none') {
      continue;
    } else if ((DEV_TOOL_NAMES as readonly string[]).includes(name)) {
      tools[name as DevToolName] = true;
    } else {
      return { ok: false, problem: `unknown tool "${name}"; use ${DEV_TOOL_NAMES.join(', ')} or all` };
    }
  }
  if (legacy.clock) tools.clock = true;
  if (legacy.price) tools.price = true;
  return { ok: true, tools };
}

export function enabledDevTools(tools: DevTools): DevToolName[] {
  return DEV_TOOL_NAMES.filter((t) => tools[t]);
}
