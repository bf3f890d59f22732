import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInPage } from './SignInGate.tsx';

// Server rendering reads a store's initial state, so the session is decided here instead.
const session = vi.hoisted(() => ({ signedIn: false }));
vi.mock('../lib/session.ts', () => ({ useSignedIn: () => session.signedIn }));

function Balances() {
  return <p data-testid="balances">balances</p>;
}

const render = (Page: ReturnType<typeof signedInPage>) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );

describe('signedInPage', () => {
  beforeEach(() => {
    session.signedIn = false;
  });

  it('asks a guest to sign in and does not render the screen', () => {
    const html = render(signedInPage('wallet', Balances));
    expect(html).toContain('data-testid="guest-login"');
    expect(html).not.toContain('data-testid="balances"');
  });

  it('renders the screen for a signed-in user', () => {
    session.signedIn = true;
    const html = render(signedInPage('wallet', Balances));
    expect(html).toContain('data-testid="balances"');
    expect(html).not.toContain('guest-login');
  });

  it('names the page after its screen for the React tools', () => {
    expect(signedInPage('wallet', Balances).displayName).toBe('SignedInPage(Balances)');
  });
});
