import { App, Button, Input, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATETIME_FORMAT, formatDate } from '../../../format';
import { useSecondFactor } from './useSecondFactor';

/**
 * Two-step sign-in on the personal settings page: set up with an authenticator app (QR code or key,
 * then a current code), the ten recovery codes shown once, and turning it off with a current code or
 * the password.
 */
export function SecondFactorCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const f = useSecondFactor();
  const [code, setCode] = useState('');
  const [turningOff, setTurningOff] = useState(false);
  const [proofKind, setProofKind] = useState<'code' | 'pwd'>('code');
  const [proof, setProof] = useState('');

  const confirm = async () => {
    if (!code.trim()) return void message.error(t('secondFactor.codeRequired'));
    if (await f.confirm(code)) {
      setCode('');
      void message.success(t('secondFactor.enabled'));
    }
  };

  const turnOff = async () => {
    if (!proof) return;
    if (await f.disable(proofKind === 'code' ? { code: proof.trim() } : { pwd: proof })) {
      setTurningOff(false);
      setProof('');
      void message.success(t('secondFactor.disabled'));
    }
  };

  const state = f.state;
  return (
    <section
      className="page-card"
      aria-labelledby="second-factor-title"
      data-part="second-factor"
      style={{ marginTop: 16 }}
    >
      <Typography.Title level={2} id="second-factor-title" style={{ fontSize: 16 }}>
        {t('secondFactor.title')}{' '}
        {state &&
          (state.enabled ? (
            <Tag color="green" data-part="second-factor-state">
              {t('secondFactor.on', { date: formatDate(state.confirmedAt, DATETIME_FORMAT) })}
            </Tag>
          ) : (
            <Tag data-part="second-factor-state">{t('secondFactor.off')}</Tag>
          ))}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('secondFactor.hint')}</Typography.Paragraph>
      {state?.required && <Typography.Paragraph>{t('secondFactor.required')}</Typography.Paragraph>}

      {f.recoveryCodes && (
        <div data-part="recovery-codes" style={{ marginBottom: 16 }}>
          <Typography.Title level={3} style={{ fontSize: 14 }}>
            {t('secondFactor.recoveryTitle')}
          </Typography.Title>
          <Typography.Paragraph type="warning">{t('secondFactor.recoveryHint')}</Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: f.recoveryCodes.join('\n') }}>
            <ol style={{ columns: 2, maxWidth: 420, fontFamily: 'monospace', margin: 0 }}>
              {f.recoveryCodes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ol>
          </Typography.Paragraph>
          <Button type="primary" onClick={f.recoverySaved}>
            {t('secondFactor.recoveryDone')}
          </Button>
        </div>
      )}

      {state && !state.enabled && !f.enrolment && !f.recoveryCodes && (
        <Button type="primary" loading={f.busy} onClick={f.start} data-action="startSecondFactor">
          {t('secondFactor.start')}
        </Button>
      )}

      {f.enrolment && (
        <Space align="start" size={24} wrap data-part="enrolment">
          <img src={f.enrolment.qr} alt={t('secondFactor.qr')} width={180} height={180} />
          <Space direction="vertical" style={{ maxWidth: 420 }}>
            <Typography.Text>{t('secondFactor.scan')}</Typography.Text>
            <Typography.Text>
              {t('secondFactor.secret')}:{' '}
              <Typography.Text code copyable data-part="secret">
                {f.enrolment.secret}
              </Typography.Text>
            </Typography.Text>
            <label htmlFor="second-factor-code">{t('secondFactor.code')}</label>
            <Input
              id="second-factor-code"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              onPressEnter={confirm}
              style={{ width: 160 }}
            />
            <Space>
              <Button type="primary" loading={f.busy} onClick={confirm} data-action="confirmSecondFactor">
                {t('secondFactor.confirm')}
              </Button>
              <Button onClick={f.cancelEnrolment}>{t('secondFactor.cancel')}</Button>
            </Space>
          </Space>
        </Space>
      )}

      {state?.enabled && !f.recoveryCodes && (
        <Space direction="vertical">
          <Typography.Text type="secondary">
            {t('secondFactor.recoveryLeft', { count: state.recoveryLeft })}
          </Typography.Text>
          {turningOff ? (
            <Space wrap>
              <Radio.Group
                value={proofKind}
                onChange={(e) => {
                  setProofKind(e.target.value);
                  setProof('');
                }}
                options={[
                  { value: 'code', label: t('secondFactor.code') },
                  { value: 'pwd', label: t('secondFactor.pwd') },
                ]}
              />
              {proofKind === 'code' ? (
                <Input
                  name="disableCode"
                  aria-label={t('secondFactor.code')}
                  autoComplete="one-time-code"
                  value={proof}
                  onChange={(e) => setProof(e.target.value)}
                  onPressEnter={turnOff}
                  style={{ width: 200 }}
                />
              ) : (
                <Input.Password
                  name="disablePwd"
                  aria-label={t('secondFactor.pwd')}
                  autoComplete="current-password"
                  value={proof}
                  onChange={(e) => setProof(e.target.value)}
                  onPressEnter={turnOff}
                  style={{ width: 200 }}
                />
              )}
              <Button danger loading={f.busy} onClick={turnOff} data-action="confirmDisableSecondFactor">
                {t('secondFactor.disable')}
              </Button>
              <Button onClick={() => setTurningOff(false)}>{t('secondFactor.cancel')}</Button>
            </Space>
          ) : (
            <Button danger onClick={() => setTurningOff(true)} data-action="disableSecondFactor">
              {t('secondFactor.disable')}
            </Button>
          )}
        </Space>
      )}
    </section>
  );
}
