import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe, type Operator } from '../../app/me-context.ts';
import { ApiError, call } from '../../lib/api.ts';
import { useAction } from '../../lib/use-action.ts';
import { AuthFrame } from './AuthFrame.tsx';

interface SignInForm {
  email: string;
  password: string;
  totpCode: string;
  emailCode?: string;
}

/** Password and authenticator code; after repeated failures the server also asks for an e-mailed code. */
export function SignInPage() {
  const { t } = useTranslation();
  const { signedIn } = useMe();
  const [form] = Form.useForm<SignInForm>();
  const [needsCode, setNeedsCode] = useState(false);
  const { run, busy } = useAction();

  const submit = (v: SignInForm) =>
    run(async () => {
      try {
        const res = await call<{ token: string; operator: Operator }>('/admin/auth/login', v);
        signedIn(res.token, res.operator);
      } catch (e) {
        if (e instanceof ApiError && e.error === 'LOGIN_CODE_REQUIRED') setNeedsCode(true);
        throw e;
      }
    });
  const sendCode = () =>
    run(() => call('/admin/auth/login/code', { email: form.getFieldValue('email') }), t('auth.codeSent'));

  return (
    <AuthFrame title={t('auth.signInTitle')}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="email" label={t('auth.email')} rules={[{ required: true, type: 'email' }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="totpCode" label={t('auth.totpCode')} rules={[{ required: true, len: 6 }]}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
        {needsCode && (
          <Form.Item label={t('auth.emailCode')} required>
            <Card size="small">
              <Form.Item name="emailCode" noStyle rules={[{ required: true }]}>
                <Input style={{ width: 160, marginRight: 8 }} />
              </Form.Item>
              <Button onClick={() => void sendCode()}>{t('auth.sendCode')}</Button>
            </Card>
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('auth.signIn')}
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('auth.lockedOut')}
      </Typography.Paragraph>
    </AuthFrame>
  );
}
