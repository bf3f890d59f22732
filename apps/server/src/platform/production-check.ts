import type { Env } from './config.ts';
import { enabledDevTools, type DevTools } from './dev-tools/dev-tools-config.ts';

/**
 * What makes a configuration unsafe to serve real users: each entry is one line telling what is
 * wrong and what to set. loadConfig refuses NODE_ENV=production while any is present, listing all of
 * them at once so an operator fixes the file in one pass. (Random server secrets are generated per
 * installation and kept in the database, so there is no default secret to refuse.)
 */
export function productionProblems(e: Env, devTools: DevTools): string[] {
  const problems: string[] = [];
  const on = enabledDevTools(devTools);
  if (on.length) {
    problems.push(
      `development tools are on (${on.join(', ')}): unset DEV_TOOLS${devTools.clock ? ', DEV_CLOCK' : ''}${
        devTools.price ? ', DEV_PRICE_CONTROL' : ''
      }`,
    );
  }
  if (!e.SMTP_URL) problems.push('SMTP_URL is not set: e-mail codes would only be written to the server log');
  if (!e.SMS_PROVIDER_URL)
    problems.push('SMS_PROVIDER_URL is not set: SMS codes would only be written to the server log');
  else if (!e.SMS_PROVIDER_TOKEN) problems.push('SMS_PROVIDER_TOKEN is not set: the SMS provider needs its token');
  if (!e.PUBLIC_URL.startsWith('https://')) {
    problems.push(`PUBLIC_URL is ${e.PUBLIC_URL}: it must be the site's https:// address`);
  }
  if (e.RATE_LIMIT_ENABLED === false) problems.push('RATE_LIMIT_ENABLED=false: rate limits must stay on');
  return problems;
}
