import { describe, expect, it } from 'vitest';
// the test is about the messages every module registers, so it loads them all
import './index.ts';
import { hasMessage, missingKeys, registerMessages, t } from '../platform/i18n/messages.ts';
import { platformMessages } from '../platform/i18n/platform.messages.ts';

registerMessages(platformMessages); // app.ts registers these; this test does not build the app

describe('server messages', () => {
  it('every complete locale has every key of en_us', () => {
    expect(missingKeys()).toEqual([]);
  });

  it('falls back to en_us for a partial locale and fills placeholders', () => {
    expect(hasMessage('account.codeTooSoon')).toBe(true);
    expect(t('tr', 'account.codeTooSoon', { seconds: 42 })).toBe(
      'A code was just sent. You can request another in 42 seconds',
    );
    expect(t('zh_cn', 'account.badCredentials')).toBe('账号或密码错误');
  });
});
