// The dashboard page kind's view: the cards the controller gives, in a 24-column grid. Charts load their
// library on demand, so pages without one (and the login page) never download it.
import type { DashboardWidget } from '@schemas/generated/screen';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Input,
  List,
  Pagination,
  Result,
  Row,
  Space,
  Spin,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../core/decimal';
import type { DashboardController, ScheduleItem } from './dashboardController';

const TrendChart = lazy(() => import('./TrendChart'));

interface Props {
  controller: DashboardController;
  /** What a favourites card shows (the shell's favourite menus); cards of other kinds ignore it. */
  favourites?: ReactNode;
}

export default function DashboardView({ controller, favourites }: Props) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  useEffect(() => {
    void controller.load();
  }, [controller]);
  return (
    <Row gutter={[16, 16]} className="dashboard">
      {controller.cards.map(({ key, widget }) => (
        <Col key={key} xs={24} xl={widget.span ?? 24}>
          <DashboardCard
            widget={widget}
            card={state.cards[key]}
            controller={controller}
            favourites={favourites}
          />
        </Col>
      ))}
    </Row>
  );
}

function DashboardCard({
  widget,
  card,
  controller,
  favourites,
}: {
  widget: DashboardWidget;
  card: ReturnType<DashboardController['getState']>['cards'][string] | undefined;
  controller: DashboardController;
  favourites?: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(widget.titleKey);
  if (widget.kind === 'favourites')
    return (
      <Card size="small" title={title} data-card={widget.kind}>
        {favourites ?? <Empty description={widget.emptyKey ? t(widget.emptyKey) : undefined} />}
      </Card>
    );
  const body =
    !card || (card.status === 'loading' && card.data === undefined) ? (
      <div className="dashboard-loading">
        <Spin />
      </div>
    ) : card.status === 'error' ? (
      <Result status="warning" subTitle={t('dashboard.loadFailed')} />
    ) : widget.kind === 'figures' ? (
      <Figures widget={widget} data={card.data as Record<string, unknown>} controller={controller} />
    ) : widget.kind === 'chart' ? (
      <Chart widget={widget} data={card.data as { records: Record<string, unknown>[] }} />
    ) : (
      <Schedule
        widget={widget}
        data={card.data as { records: ScheduleItem[]; total: number }}
        controller={controller}
      />
    );
  const extra =
    widget.kind === 'schedule' && widget.more ? (
      <Button type="link" size="small" onClick={() => controller.open(widget.more!)}>
        {t('dashboard.more')}
      </Button>
    ) : undefined;
  return (
    <Card size="small" title={title} extra={extra} data-card={widget.kind}>
      {body}
    </Card>
  );
}

function useNumber() {
  const { i18n } = useTranslation();
  return (value: unknown, decimals?: number) => formatDecimal(value, { locale: i18n.language, decimals });
}

function Figures({
  widget,
  data,
  controller,
}: {
  widget: DashboardWidget;
  data: Record<string, unknown>;
  controller: DashboardController;
}) {
  const { t } = useTranslation();
  const number = useNumber();
  return (
    <Row gutter={[16, 16]}>
      {(widget.figures ?? []).map((f) => {
        const value = data?.[f.field];
        const empty = value === null || value === undefined;
        const warn = f.tone === 'warning' && Number(value) > 0;
        const shown = empty
          ? t(f.emptyKey ?? 'dashboard.noData')
          : f.format === 'percent'
            ? `${number(value)}%`
            : number(value, 0);
        const detail =
          f.partField && f.wholeField && !empty
            ? t('dashboard.partOf', {
                part: number(data[f.partField], 0),
                whole: number(data[f.wholeField], 0),
              })
            : undefined;
        const content = (
          <>
            <Statistic
              title={t(f.labelKey)}
              value={shown}
              valueStyle={{ fontSize: empty ? 14 : 24, color: warn ? '#d4380d' : undefined }}
            />
            {detail && <Typography.Text type="secondary">{detail}</Typography.Text>}
          </>
        );
        return (
          <Col key={f.field} xs={12} md={8} xxl={Math.max(4, Math.floor(24 / (widget.figures?.length ?? 1)))}>
            {f.link ? (
              <button
                type="button"
                className="dashboard-figure dashboard-figure-link"
                data-figure={f.field}
                onClick={() => controller.open(f.link!)}
              >
                {content}
              </button>
            ) : (
              <div className="dashboard-figure" data-figure={f.field}>
                {content}
              </div>
            )}
          </Col>
        );
      })}
    </Row>
  );
}

function Chart({ widget, data }: { widget: DashboardWidget; data: { records: Record<string, unknown>[] } }) {
  const { t } = useTranslation();
  const number = useNumber();
  const chart = widget.chart!;
  const records = data?.records ?? [];
  if (!records.some((r) => chart.series.some((s) => Number(r[s.field]) > 0)))
    return <Empty description={widget.emptyKey ? t(widget.emptyKey) : undefined} />;
  const points = records.flatMap((r) =>
    chart.series.map((s) => ({ x: String(r[chart.x]), series: t(s.labelKey), value: Number(r[s.field]) })),
  );
  return (
    <Suspense fallback={<Spin />}>
      <TrendChart type={chart.type} data={points} format={(v) => number(v, 0)} />
    </Suspense>
  );
}

function Schedule({
  widget,
  data,
  controller,
}: {
  widget: DashboardWidget;
  data: { records: ScheduleItem[]; total: number };
  controller: DashboardController;
}) {
  const { t } = useTranslation();
  const query = controller.getState().schedule;
  const [keyword, setKeyword] = useState(query.keyword);
  const prefix = widget.typeLabelPrefix ?? 'dashboard.schedule.type.';
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <>
      {widget.search && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            placeholder={t('dashboard.schedule.keyword')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => controller.searchSchedule(v, query.scheduleDate)}
            style={{ width: 260 }}
          />
          <DatePicker
            placeholder={t('dashboard.schedule.date')}
            value={query.scheduleDate ? dayjs(query.scheduleDate) : null}
            onChange={(d) => controller.searchSchedule(keyword, d ? d.format('YYYY-MM-DD') : undefined)}
          />
        </Space>
      )}
      <List
        size="small"
        dataSource={data?.records ?? []}
        locale={{ emptyText: <Empty description={widget.emptyKey ? t(widget.emptyKey) : undefined} /> }}
        renderItem={(item) => {
          const link = widget.itemLinks?.[item.type];
          const late = item.scheduleDate !== null && item.scheduleDate < today;
          return (
            <List.Item
              data-schedule-type={item.type}
              actions={
                link
                  ? [
                      <Button key="open" type="link" size="small" onClick={() => controller.open(link, item)}>
                        {t('dashboard.schedule.open')}
                      </Button>,
                    ]
                  : undefined
              }
            >
              <List.Item.Meta
                title={
                  <Space size={8} wrap>
                    <Tag color={late ? 'red' : 'blue'}>{t(`${prefix}${item.type}`)}</Tag>
                    <Typography.Text strong>{item.docNo}</Typography.Text>
                  </Space>
                }
                description={[
                  item.note,
                  item.scheduleDate && t('dashboard.schedule.due', { date: item.scheduleDate }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </List.Item>
          );
        }}
      />
      {(data?.total ?? 0) > query.size || query.current > 1 ? (
        <Pagination
          size="small"
          style={{ marginTop: 8, textAlign: 'right' }}
          current={query.current}
          pageSize={query.size}
          total={data?.total ?? 0}
          showSizeChanger={widget.search === true}
          onChange={(current, size) => controller.changeSchedulePage(current, size)}
        />
      ) : null}
    </>
  );
}
