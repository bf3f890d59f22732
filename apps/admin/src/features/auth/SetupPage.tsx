import { Alert, Button, Form, Input, QRCode, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMe, type Operator } from '../../app/me-context.ts';
import { call } from '../../lib/api.ts';
import { useAction } from '../../lib/use-action.ts';
import { AuthFrame } from './AuthFrame.tsx';

/** The link's token travels in the fragment, which browsers never send to a server or a proxy log. */
function tokenFromLocation(): string {
  return decodeURIComponent(window.location.hash.replace(/^#/, ''));
}

interface Enrolment {
  totpSecret: string;
  otpauthUrl: string;
}

/**
 * The first operator, from the one-time link the server printed: an e-mail, the authenticator
 * enrolled by QR, then a name, a password and the first code, which proves the enrolment.
 */
export function SetupPage() {
  const { t } = useTranslation();
  const { signedIn } = useMe();
  const navigate = useNavigate();
  const { run, busy } = useAction();
  const [token] = useState(tokenFromLocation);
  const [email, setEmail] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);

  if (!token) {
    return (
      <AuthFrame title={t('setup.title')}>
        <Alert type="warning" showIcon message={t('setup.noToken')} />
      </AuthFrame>
    );
  }

  const begin = (v: { email: string }) =>
    run(async () => {
      const e = await call<Enrolment>('/admin/setup/begin', { token, email: v.email });
      setEmail(v.email);
      setEnrolment(e);
    });
  const complete = (v: { name: string; password: string; totpCode: string }) =>
    run(async () => {
      const res = await call<{ token: string; operator: Operator }>('/admin/setup/complete', { token, email, ...v });
      window.history.replaceState(null, '', window.location.pathname);
      signedIn(res.token, res.operator);
      navigate('/', { replace: true });
    }, t('setup.done'));

  return (
    <AuthFrame title={t('setup.title')}>
      <Steps
        size="small"
        current={enrolment ? 1 : 0}
        items={[{ title: t('setup.stepEmail') }, { title: t('setup.stepAuthenticator') }]}
        style={{ marginBottom: 16 }}
      />
      {!enrolment ? (
        <Form layout="vertical" onFinish={begin} requiredMark={false}>
          <Typography.Paragraph>{t('setup.intro')}</Typography.Paragraph>
          <Form.Item name="email" label={t('auth.email')} rules={[{ required: true, type: 'email' }]}>
            <Input autoComplete="username" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('setup.next')}
          </Button>
        </Form>
      ) : (
        <Form layout="vertical" onFinish={complete} requiredMark={false}>
          <Typography.Paragraph>{t('setup.scan')}</Typography.Paragraph>
          <div style={{ display: 'flex', justifyContent: 'center' }}>
            <QRCode value={enrolment.otpauthUrl} size={180} />
          </div>
          <Typography.Paragraph copyable={{ text: enrolment.totpSecret }} style={{ textAlign: 'center' }}>
            <Typography.Text code data-qa="totp-secret">
              {enrolment.totpSecret}
            </Typography.Text>
          </Typography.Paragraph>
          <Form.Item name="name" label={t('setup.name')} rules={[{ required: true }]}>
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, min: 12 }]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="totpCode" label={t('auth.totpCode')} rules={[{ required: true, len: 6 }]}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('setup.create')}
          </Button>
        </Form>
      )}
    </AuthFrame>
  );
}
