import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One labelled form row: the input, an optional rule note, and the translated error of the field
 * (an i18n key from the form's validation) shown beneath it.
 */
export function Field(props: {
  name: string;
  label: string;
  error?: string | undefined;
  note?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="acc-field" data-field={props.name}>
      <div className="acc-field-label">{props.label}</div>
      <div className="acc-field-row">{props.children}</div>
      {props.note && !props.error ? <div className="acc-field-note">{props.note}</div> : null}
      {props.error ? (
        <div className="acc-field-error" role="alert" data-testid={`error-${props.name}`}>
          {t(props.error)}
        </div>
      ) : null}
    </div>
  );
}
