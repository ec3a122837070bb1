import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { decideAccess } from '../../../session/guard';
import { hasSession } from '../../../session/marker';
import { clearLoginReturn } from '../../../session/session';
import { toast } from '../../toast';
import { useLanguages } from '../../useLanguages';
import { usePageTitle } from '../../usePageTitle';
import { TopNews } from '../announcement/TopNews';
import { SessionEndNotice } from './SessionEndNotice';
import './login.css';
import { SecondFactorLogin } from './SecondFactorLogin';
import { useLoginForm } from './useLoginForm';

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const form = useLoginForm();
  const languages = useLanguages(toast.success);
  usePageTitle(t('route.login'));

  // Decided once on arrival: after a successful login the session exists too, and then the form's own
  // navigation to the redirect parameter must win over "logged in on /login goes to /".
  const [arrival] = useState(() =>
    decideAccess({ fullPath: location.pathname, hasSession: hasSession(), hasUserName: true }),
  );
  // The page to return to is in this page's address now; a later visit elsewhere is the user's own.
  useEffect(clearLoginReturn, []);
  if (arrival.kind === 'redirect') return <Navigate replace to={arrival.to} />;

  return (
    <div className="login">
      <nav className="login__languages" aria-label={t('layout.language')}>
        {languages.options.map((l) => (
          <button
            key={l.languageCode}
            type="button"
            className="login__language"
            disabled={l.languageCode === languages.current || languages.switching}
            aria-current={l.languageCode === languages.current}
            onClick={() => languages.change(l.languageCode)}
          >
            {l.description}
          </button>
        ))}
      </nav>
      <main className="login__card">
        <div className="login__brand">
          <span className="login__logo">W</span>
          <div>
            <h1>{t('login.title')}</h1>
            <p>{t('login.subtitle')}</p>
          </div>
        </div>
        <SessionEndNotice />
        {form.step ? (
          <SecondFactorLogin step={form.step} onDone={form.done} onBack={form.back} />
        ) : (
          <form className="login__form" onSubmit={form.submit} noValidate>
            <label className="login__field">
              <span>{t('login.userNo')}</span>
              <span className={`login__input${form.errors.userNo ? ' login__input--error' : ''}`}>
                <UserOutlined />
                <input
                  name="userNo"
                  autoComplete="username"
                  // biome-ignore lint/a11y/noAutofocus: the login page has one job, typing the user name
                  autoFocus
                  value={form.values.userNo}
                  aria-invalid={!!form.errors.userNo}
                  onChange={(e) => form.change('userNo', e.target.value)}
                />
              </span>
              {form.errors.userNo && <em role="alert">{t(form.errors.userNo)}</em>}
            </label>
            <label className="login__field">
              <span>{t('login.pwd')}</span>
              <span className={`login__input${form.errors.pwd ? ' login__input--error' : ''}`}>
                <LockOutlined />
                <input
                  type={form.showPassword ? 'text' : 'password'}
                  name="pwd"
                  autoComplete="current-password"
                  value={form.values.pwd}
                  aria-invalid={!!form.errors.pwd}
                  onChange={(e) => form.change('pwd', e.target.value)}
                />
                <button
                  type="button"
                  className="login__eye"
                  aria-label={t('login.pwd')}
                  aria-pressed={form.showPassword}
                  onClick={form.toggleShowPassword}
                >
                  {form.showPassword ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                </button>
              </span>
              {form.errors.pwd && <em role="alert">{t(form.errors.pwd)}</em>}
            </label>
            <button
              type="submit"
              className="login__submit"
              disabled={form.submitting}
              aria-busy={form.submitting}
            >
              {form.submitting && <span className="login__busy" />}
              {t('login.submit')}
            </button>
          </form>
        )}
        <TopNews />
      </main>
    </div>
  );
}
