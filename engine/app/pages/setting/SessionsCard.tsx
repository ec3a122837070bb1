import { App, Button, Popconfirm, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATETIME_FORMAT, formatDate } from '../../../format';
import { type SessionRow, useSessions } from './useSessions';

/** The user's open sessions on the personal settings page, each with a button that ends it. */
export function SessionsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { rows, ending, end } = useSessions();

  const endOne = async (row: SessionRow) => {
    if ((await end(row)) && !row.current) void message.success(t('sessions.ended'));
  };

  return (
    <section
      className="page-card"
      aria-labelledby="sessions-title"
      data-part="sessions"
      style={{ marginTop: 16 }}
    >
      <Typography.Title level={2} id="sessions-title" style={{ fontSize: 16 }}>
        {t('sessions.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('sessions.hint')}</Typography.Paragraph>
      <Table<SessionRow>
        size="small"
        rowKey="sessionId"
        loading={!rows}
        dataSource={rows ?? []}
        pagination={false}
        columns={[
          {
            key: 'createdAt',
            title: t('sessions.createdAt'),
            render: (_, r) => (
              <>
                {formatDate(r.createdAt, DATETIME_FORMAT)}{' '}
                {r.current && <Tag color="blue">{t('sessions.current')}</Tag>}
              </>
            ),
          },
          {
            key: 'lastSeenAt',
            title: t('sessions.lastSeenAt'),
            render: (_, r) => formatDate(r.lastSeenAt, DATETIME_FORMAT),
          },
          { key: 'clientIp', title: t('sessions.clientIp'), render: (_, r) => r.clientIp ?? '--' },
          {
            key: 'userAgent',
            title: t('sessions.userAgent'),
            ellipsis: true,
            render: (_, r) => <span title={r.userAgent ?? undefined}>{r.userAgent ?? '--'}</span>,
          },
          {
            key: 'end',
            title: '',
            width: 100,
            render: (_, r) =>
              r.current ? (
                <Popconfirm title={t('sessions.confirmCurrent')} onConfirm={() => endOne(r)}>
                  <Button size="small" danger loading={ending === r.sessionId} data-action="endSession">
                    {t('sessions.end')}
                  </Button>
                </Popconfirm>
              ) : (
                <Button
                  size="small"
                  danger
                  loading={ending === r.sessionId}
                  onClick={() => endOne(r)}
                  data-action="endSession"
                >
                  {t('sessions.end')}
                </Button>
              ),
          },
        ]}
      />
    </section>
  );
}
