-- Announcements: who has read what, and the attachments a notice carries.

-- One row per user and announcement, written the first time the user opens it (addNewsReadingRecord).
-- supplier_no is the reader's supplier (null for buyer-side staff): a supplier has read an announcement
-- when any of its users has.
create table srm_sys_news_read (
  id           uuid primary key default gen_random_uuid(),
  news_id      uuid not null references srm_sys_news (id) on delete cascade,
  user_no      text not null,
  supplier_no  text,
  read_date    timestamptz not null default now(),
  unique (news_id, user_no)
);
create index srm_sys_news_read_user on srm_sys_news_read (user_no);
create index srm_sys_news_read_supplier on srm_sys_news_read (news_id, supplier_no);

-- The announcement's attachments: ids of news files (sys_file, module 'news'), comma-joined as the
-- upload field keeps them. Each listed file's ref_id names the announcement, which decides who may
-- download it.
alter table srm_sys_news add column file_ids text;
