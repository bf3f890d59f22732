import Button, { type ButtonProps } from 'antd-mobile/es/components/button';

/**
 * A button that starts a request: it spins while `busy`, and a click calls `onAction` without waiting on it (the
 * action reports its own outcome; the API client toasts a failure). One way to wire such a button, so no screen
 * forgets the spinner or leaves a floating promise.
 */
export function ActionButton({
  busy,
  onAction,
  testId,
  ...button
}: Omit<ButtonProps, 'loading' | 'onClick'> & { busy: boolean; onAction: () => unknown; testId: string }) {
  return <Button {...button} loading={busy} onClick={() => void onAction()} data-testid={testId} />;
}
