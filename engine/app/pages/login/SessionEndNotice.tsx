import { useTranslation } from 'react-i18next';
import { SESSION_END_TEXTS } from '../../../request';
import { sessionEndStore } from '../../../session/sessionEnd';
import { useStore } from '../../../store/createStore';

/** Why the last session ended (the guard found it ended), said above the login form until the next login. */
export function SessionEndNotice() {
  const { t } = useTranslation();
  const { reason } = useStore(sessionEndStore);
  if (!reason) return null;
  const texts = SESSION_END_TEXTS[reason];
  return (
    <div className="login__notice" role="status" data-reason={reason}>
      <strong>{t(texts.title)}</strong>
      <p>{t(texts.text)}</p>
    </div>
  );
}
