import { Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DECIMAL } from '../../components/row-editor.tsx';
import { ReasonField } from '../../components/ReasonModal.tsx';

const FIELDS = ['makerFee', 'takerFee', 'minNotional'] as const;
type Field = (typeof FIELDS)[number];
export type MarketParameters = Record<Field, string>;

/**
 * Finance's change of one market's fees and minimum, in two steps: the new values, then a confirmation
 * that shows each old → new value and asks for the reason the audit log keeps. Values stay strings end
 * to end so a rate is never rounded through a float.
 */
export function MarketParametersModal(props: {
  symbol: string | null;
  current: MarketParameters | null;
  onCancel: () => void;
  onOk: (changes: Partial<MarketParameters>, reason: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MarketParameters & { reason: string }>();
  const [changes, setChanges] = useState<Partial<MarketParameters> | null>(null);
  const close = () => {
    setChanges(null);
    props.onCancel();
  };
  const next = () =>
    void form.validateFields([...FIELDS]).then((v) => {
      const changed = Object.fromEntries(FIELDS.filter((f) => v[f] !== props.current?.[f]).map((f) => [f, v[f]]));
      if (Object.keys(changed).length > 0) setChanges(changed);
    });
  const confirm = () =>
    void form.validateFields(['reason']).then((v) => {
      props.onOk(changes ?? {}, v.reason);
      setChanges(null);
    });
  const open = props.symbol !== null && props.current !== null;
  return (
    <Modal
      open={open}
      title={
        changes
          ? t('markets.parameters.confirm', { symbol: props.symbol })
          : t('markets.parameters.title', { symbol: props.symbol })
      }
      okText={changes ? t('common.confirm') : t('markets.parameters.review')}
      cancelText={t('common.cancel')}
      onCancel={close}
      onOk={changes ? confirm : next}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve initialValues={props.current ?? undefined}>
        <div style={{ display: changes ? 'none' : undefined }}>
          {FIELDS.map((f) => (
            <Form.Item
              key={f}
              name={f}
              label={t(`markets.${f}`)}
              rules={[{ required: true, pattern: DECIMAL, message: t('markets.parameters.decimal') }]}
            >
              <Input inputMode="decimal" data-qa={`parameter-${f}`} />
            </Form.Item>
          ))}
          <p>{t('markets.parameters.units')}</p>
        </div>
        {changes && (
          <>
            <Descriptions size="small" column={1} bordered data-qa="parameter-changes">
              {FIELDS.filter((f) => changes[f] !== undefined).map((f) => (
                <Descriptions.Item key={f} label={t(`markets.${f}`)}>
                  {`${props.current?.[f]} → ${changes[f]}`}
                </Descriptions.Item>
              ))}
            </Descriptions>
            <p>{t('markets.parameters.newOrdersOnly')}</p>
            <ReasonField />
          </>
        )}
      </Form>
    </Modal>
  );
}
