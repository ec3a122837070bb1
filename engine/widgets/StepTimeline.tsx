// A path of steps as a timeline, read-only (the `timeline` widget): each step its title (in the
// user's language, from the server), when, the quantity it moved and the document it names, and its
// details. An order line's tracking is the example; any call answering the same steps can use it.
import { Empty, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../core/decimal';
import { formatDate } from '../format';

export interface Step {
  key: string;
  step?: string;
  title: string;
  /** yyyy-MM-dd, or an ISO date-time. */
  time: string;
  qty?: string | null;
  docNo?: string | null;
  color?: string;
  details?: string[];
}

const isDay = (time: string) => /^\d{4}-\d{2}-\d{2}$/.test(time);

export function StepTimeline({ value }: { value?: Step[] | null }) {
  const { t, i18n } = useTranslation();
  const steps = Array.isArray(value) ? value : [];
  if (!steps.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tracking.empty')} />;
  return (
    <Timeline
      className="step-timeline"
      data-testid="step-timeline"
      items={steps.map((s) => ({
        key: s.key,
        color: s.color ?? 'blue',
        children: (
          <div data-step={s.step}>
            <Typography.Text strong>{s.title}</Typography.Text>{' '}
            {s.qty != null && <Tag data-qty={s.qty}>{formatDecimal(s.qty, { locale: i18n.language })}</Tag>}
            {s.docNo && <Typography.Text code>{s.docNo}</Typography.Text>}
            <div>
              <Typography.Text type="secondary">
                {formatDate(s.time, isDay(s.time) ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss')}
              </Typography.Text>
            </div>
            {(s.details ?? []).map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a step's details are fixed once answered.
              <div key={i} className="step-timeline__detail">
                {d}
              </div>
            ))}
          </div>
        ),
      }))}
    />
  );
}
