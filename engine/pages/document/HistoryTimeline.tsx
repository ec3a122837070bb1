// A document's history as a timeline, oldest first: the transition, the states it moved between (as
// their tags), who and when, the reason, and whether it came through the ERP/WMS integration.
import { Empty, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../format';
import { type DocumentDefine, stateOf, transitionOf } from '../../screens/documentDefine';
import { StateTag } from '../../widgets/StateTag';
import type { HistoryEntry } from './transitions';

export function HistoryTimeline({ define, history }: { define: DocumentDefine; history: HistoryEntry[] }) {
  const { t } = useTranslation();
  return (
    <section className="document-history" data-testid="document-history">
      <h3 className="document-history__title">{t('document.history')}</h3>
      {history.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('document.history.empty')} />
      ) : (
        <Timeline
          items={history.map((h) => {
            const transition = transitionOf(define, h.transition);
            return {
              key: h.id,
              color: stateOf(define, h.toStatus)?.color === 'error' ? 'red' : 'blue',
              children: (
                <div data-history={h.transition}>
                  <Typography.Text strong>
                    {/* A move that is no declared transition (a document made by its service's own call, a
                        change another document made) is named transition.<name> when the texts have it. */}
                    {transition
                      ? t(transition.labelKey)
                      : t(`transition.${h.transition}`, { defaultValue: h.transition })}
                  </Typography.Text>{' '}
                  {h.fromStatus !== null && <StateTag define={define} value={h.fromStatus} />}
                  {h.fromStatus !== null && '→ '}
                  <StateTag define={define} value={h.toStatus} />
                  <div>
                    <Typography.Text type="secondary">
                      {formatDate(h.createDate, 'YYYY-MM-DD HH:mm:ss')} · {h.userName ?? h.userNo ?? ''}
                    </Typography.Text>{' '}
                    {h.source === 'integration' && <Tag>{t('document.history.integration')}</Tag>}
                  </div>
                  {h.reason && (
                    <div className="document-history__reason">
                      {t('document.reason')}: {h.reason}
                    </div>
                  )}
                </div>
              ),
            };
          })}
        />
      )}
    </section>
  );
}
