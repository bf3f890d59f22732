import { useMemo, useSyncExternalStore } from 'react';
import { currentLocale, onLanguageChange, translate, translateIn } from './i18n.ts';
import type { Locale } from './languages.ts';
import type { TOptions } from './translate-core.ts';

export type TFunction = (key: string, options?: TOptions) => string;

/**
 * The texts of namespace `ns` (default `common`) in the language in use: `t('key')` reads `ns`,
 * `t('other:key')` another namespace. The screen renders again when the language changes, and `t` is
 * a new function then, so effects and memos that use it follow the language.
 */
export function useTranslation(ns = 'common'): { t: TFunction; i18n: { language: Locale; t: TFunction } } {
  const language = useSyncExternalStore(onLanguageChange, currentLocale, currentLocale);
  return useMemo(() => {
    const t: TFunction = (key, options) => translateIn(ns, key, options);
    return { t, i18n: { language, t: translate } };
  }, [ns, language]);
}
