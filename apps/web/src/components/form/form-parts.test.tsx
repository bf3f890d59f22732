import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AmountField } from './AmountField.tsx';
import { AssetPicker } from './AssetPicker.tsx';
import { CodeField } from './CodeField.tsx';
import { FormRow } from './FormRow.tsx';
import { PasswordPair } from './PasswordPair.tsx';

// With no texts loaded, useTranslation answers with the key: what is asserted is which text
// each part shows, not its wording.
const html = (node: React.ReactNode) => renderToStaticMarkup(<>{node}</>);
const noop = () => undefined;

describe('FormRow', () => {
  it('shows the error in place of the note, named by the field', () => {
    const quiet = html(
      <FormRow name="amount" label="Amount" note="At least 10">
        <input />
      </FormRow>,
    );
    expect(quiet).toContain('At least 10');
    expect(quiet).not.toContain('role="alert"');
    const wrong = html(
      <FormRow name="amount" label="Amount" note="At least 10" error="Too small">
        <input />
      </FormRow>,
    );
    expect(wrong).toContain('data-testid="error-amount"');
    expect(wrong).toContain('Too small');
    expect(wrong).not.toContain('At least 10');
  });
});

describe('CodeField', () => {
  it('offers to send a code only when it knows where to', () => {
    const typed = html(<CodeField name="totpCode" label="2FA" value="" onChange={noop} testId="input-totp" />);
    expect(typed).toContain('data-testid="input-totp"');
    expect(typed).not.toContain('send-code');
    const sent = html(
      <CodeField
        name="code"
        label="Code"
        value=""
        onChange={noop}
        testId="input-code"
        send={{ purpose: 'withdraw', target: () => ({ channel: 'email' }) }}
      />,
    );
    expect(sent).toContain('data-testid="send-code"');
    expect(sent).toContain('common:form.code.send');
  });
});

describe('PasswordPair', () => {
  it('names the fund password row after its field and shows the six-digit rule', () => {
    const out = html(
      <PasswordPair
        kind="fund"
        name="fundPassword"
        label="Fund password"
        values={{ password: '', confirmPassword: '' }}
        errors={{ confirmPassword: 'Does not match' }}
        onChange={noop}
      />,
    );
    expect(out).toContain('data-testid="input-fund-password"');
    expect(out).toContain('data-testid="input-confirm-password"');
    expect(out).toContain('common:form.password.fundRule');
    expect(out).toContain('data-testid="error-confirmPassword"');
    expect(out).toContain('inputMode="numeric"');
  });
});

describe('AmountField', () => {
  it('has an "All" button only when there is a figure to fill in', () => {
    const all = html(<AmountField label="Amount" value="" onChange={noop} scale={6} all="12.5" />);
    expect(all).toContain('data-testid="amount-all"');
    expect(html(<AmountField label="Amount" value="" onChange={noop} scale={6} />)).not.toContain('amount-all');
  });
});

describe('AssetPicker', () => {
  it('draws a chip per chain and marks the chosen one', () => {
    const out = html(
      <AssetPicker
        assets={[{ currency: 'USDT', name: 'Tether' }]}
        currency="USDT"
        onCurrency={noop}
        chains={[{ chain: 'ERC20' }, { chain: 'TRC20' }]}
        chain="TRC20"
        onChain={noop}
      />,
    );
    expect(out).toContain('USDT · Tether');
    expect(out).toMatch(/aria-pressed="true"[^>]*data-testid="chain-TRC20"/);
    expect(out).toMatch(/aria-pressed="false"[^>]*data-testid="chain-ERC20"/);
  });

  it('has no chain row for a move between wallets', () => {
    expect(html(<AssetPicker assets={[{ currency: 'USDT' }]} currency="USDT" onCurrency={noop} />)).not.toContain(
      'chain-',
    );
  });
});
