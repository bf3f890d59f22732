import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from './FormModal.tsx';

/** Asks for the reason a refusal needs (the user sees it), then runs the refusal. */
export function ReasonModal(props: {
  open: boolean;
  title: string;
  onCancel: () => void;
  onOk: (reason: string) => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <FormModal
      open={props.open}
      title={props.title}
      onCancel={props.onCancel}
      form={form}
      onSubmit={(v) => props.onOk(v.reason)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <ReasonField />
      </Form>
    </FormModal>
  );
}

/**
 * The reason an operator gives for a decision (kept in the audit log, shown to the user on a
 * refusal): required, not blank, at most 500 characters. Every dialog that asks for one uses it.
 */
export function ReasonField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="reason" label={t('common.reason')} rules={[{ required: true, whitespace: true }]}>
      <Input.TextArea rows={3} maxLength={500} data-qa="reason" />
    </Form.Item>
  );
}
