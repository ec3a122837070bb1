-- Import jobs (spec 000 section 7, import): one row per uploaded workbook. The annotated copy of a
-- workbook that failed its check is kept here (not on one instance's disk) so any instance can serve
-- its download; only the user who imported may fetch it.
create table sys_import_job (
  id              uuid primary key default gen_random_uuid(),
  user_id         uuid not null references sys_user (id) on delete cascade,
  module          text not null,
  port            text not null,
  file_name       text not null,
  status          text not null check (status in ('checking', 'importing', 'checkFailed', 'imported', 'error')),
  total_rows      integer not null default 0,
  error_rows      integer not null default 0,
  inserted        integer not null default 0,
  updated         integer not null default 0,
  annotated       bytea,
  create_date     timestamptz not null default now(),
  update_date     timestamptz not null default now()
);
create index sys_import_job_user on sys_import_job (user_id, create_date desc);
