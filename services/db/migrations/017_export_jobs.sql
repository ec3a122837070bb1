-- Large exports run as jobs: the workbook is written into the database in chunks as it is
-- produced, so any instance can report its progress and serve its download, and no instance ever holds
-- the whole file in memory. Only the user who asked for an export may see or fetch it.
create table sys_export_job (
  id              uuid primary key default gen_random_uuid(),
  user_id         uuid not null references sys_user (id) on delete cascade,
  module          text not null,
  file_name       text not null,
  status          text not null check (status in ('running', 'done', 'error')),
  total_rows      integer not null default 0,
  done_rows       integer not null default 0,
  size_bytes      bigint not null default 0,
  heartbeat       timestamptz not null default now(),
  create_date     timestamptz not null default now(),
  update_date     timestamptz not null default now()
);
create index sys_export_job_user on sys_export_job (user_id, create_date desc);

create table sys_export_chunk (
  job_id          uuid not null references sys_export_job (id) on delete cascade,
  seq             integer not null,
  data            bytea not null,
  primary key (job_id, seq)
);
