import type { ReactNode } from 'react';
import Toast from 'antd-mobile/es/components/toast';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountType } from '@tidemark/contract/account-rules';
import { Form } from '../../../components/form/Form.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import type { Checked } from '../../../components/form/field-checks.ts';
import { useDetour } from '../../../lib/detour.ts';
import { accountKeys } from '../api/account.ts';
import { emptyTarget, type TargetForm } from '../model/forms.ts';
import { TargetCodeFields } from './TargetFields.tsx';
import { useForm } from './useForm.ts';
import './account.css';

export type AddressAndCode = TargetForm & { code: string };

/**
 * Binding an address to the account: the e-mail or phone, the code sent to it, and the call. Done,
 * the account is read again and the user goes back where they came from (a screen that needed the
 * address) or to the security centre. The e-mail and phone screens are this form with their texts.
 */
export function BindAddressForm<B>(props: {
  type: AccountType;
  /** What stands above the form (the current address, why bind). */
  intro: ReactNode;
  check: (values: AddressAndCode) => Checked<B>;
  bind: (body: B) => Promise<unknown>;
  success: string;
  submit: string;
  testId: string;
}) {
  const detour = useDetour();
  const queryClient = useQueryClient();
  const f = useForm<AddressAndCode>(() => ({ ...emptyTarget(props.type), code: '' }));
  const { values, set } = f;

  const onSubmit = () =>
    f.submitChecked(props.check(values), async (body) => {
      await props.bind(body);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      Toast.show({ content: props.success });
      detour.finish('/mine/security');
    });

  return (
    <div className="acc-page">
      {props.intro}
      <Form onSubmit={onSubmit}>
        <div className="acc-card">
          <TargetCodeFields form={values} message={f.message} set={set} addErrors={f.addErrors} purpose="bind" />
        </div>
        <SubmitButton busy={f.busy} testId={props.testId}>
          {props.submit}
        </SubmitButton>
      </Form>
    </div>
  );
}
