import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { loadingCounter } from '../request';

const active = () => loadingCounter.active;

/** The global request indicator: a thin bar along the top edge while any counted call runs. */
export function LoadingBar() {
  const { t } = useTranslation();
  const loading = useSyncExternalStore(loadingCounter.subscribe, active, active);
  return (
    <div
      className={loading ? 'loading-bar loading-bar--on' : 'loading-bar'}
      role="progressbar"
      aria-label={t('a11y.loading')}
      aria-busy={loading}
    />
  );
}
