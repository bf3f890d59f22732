import { Modal, type FormInstance, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';

type Props<T> = Omit<ModalProps, 'onOk' | 'okText' | 'cancelText' | 'confirmLoading'> & {
  form: FormInstance<T>;
  /** The call is running: the confirm button spins. */
  busy?: boolean;
  /** Runs with the form's values once every field passes its rules. */
  onSubmit: (values: T) => unknown;
};

/** The console's dialog around a form: Confirm checks the fields first, then hands their values on. */
export function FormModal<T>({ form, busy, onSubmit, children, ...modal }: Props<T>) {
  const { t } = useTranslation();
  return (
    <Modal
      {...modal}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void form.validateFields().then(onSubmit)}
    >
      {children}
    </Modal>
  );
}
