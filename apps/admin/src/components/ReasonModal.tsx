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
  const { t } = useTranslation();
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
        <Form.Item name="reason" label={t('common.reason')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={3} maxLength={500} data-qa="reason" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
