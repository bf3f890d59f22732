import Input from 'antd-mobile/es/components/input';

/**
 * A password input with the autocomplete hint password managers need. A fund password is six
 * digits, so it brings up the number pad.
 */
export function PasswordInput(props: {
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  testId: string;
  autoComplete: 'current-password' | 'new-password' | 'off';
  numeric?: boolean;
}) {
  return (
    <Input
      type="password"
      autoComplete={props.autoComplete}
      inputMode={props.numeric ? 'numeric' : undefined}
      maxLength={props.numeric ? 6 : 20}
      placeholder={props.placeholder}
      value={props.value}
      onChange={props.onChange}
      data-testid={props.testId}
    />
  );
}
