import { describe, expect, it } from 'vitest';
import { changeLanguage, currentLocale, loadTexts, translateIn } from './i18n.ts';

/**
 * Texts a screen asks for while the language is being switched: the screen asked in the language still in use,
 * and the switch had already chosen its files. Once the switch ends, the screen's texts must be there in the new
 * language (a complete language has no fallback: a missing text shows its key).
 */
describe('on-demand texts asked for during a language switch', () => {
  it('are in the new language once the switch ends', async () => {
    expect(currentLocale()).toBe('en_us');
    const switching = changeLanguage('de');
    await loadTexts(['cycle']);
    await switching;
    expect(currentLocale()).toBe('de');
    expect(translateIn('cycle', 'title')).toBe('Zykluskontrakte');
  });

  it('are there in a language loaded before the screen asked for them', async () => {
    // German was loaded above; English is in use when the earn screen asks for its texts
    await changeLanguage('en_us');
    await loadTexts(['earn']);
    expect(translateIn('earn', 'guest.title')).toBe('Sign in to lock and earn');
    await changeLanguage('de');
    expect(translateIn('earn', 'guest.title')).toBe('Anmelden, um zu sperren und zu verdienen');
  });

  it('end in the language asked for last when two switches overlap', async () => {
    const first = changeLanguage('fr');
    const second = changeLanguage('jp');
    await Promise.all([first, second]);
    expect(currentLocale()).toBe('jp');
  });
});
