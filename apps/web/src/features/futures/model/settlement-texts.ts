import { addTexts, currentLocale } from '../../../lib/i18n.ts';
import type { Locale } from '../../../lib/languages.ts';
import type { Tree } from '../../../lib/translate-core.ts';

/**
 * The texts of the liquidation "how this was settled" page (the `futures:settlement.*` keys, in
 * settlement-texts/settlement-<locale>.json) are loaded with the page, not at start-up: the formulas are long
 * and every start-up text counts toward each screen's first load (apps/web/size-budget.json). The files are
 * not named after the locale alone, which `npm run size` would count as start-up texts. en_us is loaded
 * beside another language as its fallback.
 */
const files = import.meta.glob<{ default: Tree }>('../settlement-texts/*.json');

export async function loadSettlementTexts(): Promise<string> {
  const locale = currentLocale();
  for (const l of locale === 'en_us' ? (['en_us'] as Locale[]) : (['en_us', locale] as Locale[])) {
    const load = files[`../settlement-texts/settlement-${l}.json`];
    if (load) addTexts(l, 'futures', { settlement: (await load()).default });
  }
  return locale;
}
