import type { ReactNode } from 'react';
import './form.css';

/**
 * One labelled row of a form: the label (with `extra` at its right end, e.g. "Withdrawable"), the
 * input row, and beneath it the error when there is one, otherwise the note. `error` is text
 * ready to show (already translated).
 */
export function FormRow(props: {
  name: string;
  label: ReactNode;
  error?: string | null | undefined;
  note?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="form-row" data-field={props.name}>
      <div className="form-row__label">
        <span>{props.label}</span>
        {props.extra}
      </div>
      <div className="form-row__body">{props.children}</div>
      {props.error ? (
        <div className="form-row__error" role="alert" data-testid={`error-${props.name}`}>
          {props.error}
        </div>
      ) : props.note ? (
        <div className="form-row__note">{props.note}</div>
      ) : null}
    </div>
  );
}
