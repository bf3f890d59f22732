import type { ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import './form.css';

/** A form's one main button: full width, spinning while the submission is in flight. */
export function SubmitButton(props: { busy: boolean; testId: string; children: ReactNode }) {
  return (
    <Button
      className="form-submit"
      block
      color="primary"
      size="large"
      type="submit"
      loading={props.busy}
      data-testid={props.testId}
    >
      {props.children}
    </Button>
  );
}
