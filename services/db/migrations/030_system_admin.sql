-- System administration: staff, parameters, scheduled jobs and their runs, operation and
-- abnormal logs, the shared cache, the licence, and what the menu, dictionary and password-policy
-- screens need beside their existing tables.

-- Staff (spec 001 section 3): employees of an organisation, picked by getsysemployeelistbyparams.
create table sys_employee (
  id            uuid primary key default gen_random_uuid(),
  version       integer not null default 1,
  employee_no   text not null unique,
  employee_name text not null,
  org_no        text not null references bm_org (org_no) on update cascade,
  tel           text,
  we_chat       text,
  email         text,
  sex           text check (sex in ('1', '2')),
  title         text,
  address       text,
  status_code   text not null default '1' check (status_code in ('0', '1')),
  remark        text,
  create_name   text,
  create_date   timestamptz not null default now(),
  update_name   text,
  update_date   timestamptz not null default now()
);
create index sys_employee_org on sys_employee (org_no);

-- Parameters (spec 001: paramNo, paramName, paramType, paramValue). is_system marks a parameter the
-- code reads: its number and type are fixed and it cannot be deleted.
create table sys_param (
  id          uuid primary key default gen_random_uuid(),
  version     integer not null default 1,
  param_no    text not null unique,
  param_name  text not null,
  param_type  text not null default 'STRING' check (param_type in ('STRING', 'NUMBER', 'BOOLEAN', 'JSON')),
  param_value text not null default '',
  remark      text,
  is_system   text not null default 'N' check (is_system in ('Y', 'N')),
  create_name text,
  create_date timestamptz not null default now(),
  update_name text,
  update_date timestamptz not null default now()
);

-- Dictionary: a name per language for values an administrator adds (seeded values are named by their
-- locale keys), and the mark of values the code relies on (never deleted, code and dictionary fixed).
alter table sys_enum add column enum_name_i18n jsonb;
alter table sys_enum add column is_system text not null default 'N' check (is_system in ('Y', 'N'));

-- Menus: what an administrator may change without touching the code's routes. The seed owns place,
-- path, kind and whether a route is a page; these columns are the administrator's and survive it.
alter table sys_menu add column title_i18n jsonb;
alter table sys_menu add column admin_hidden boolean not null default false;
alter table sys_menu add column update_name text;
alter table sys_menu add column update_date timestamptz not null default now();

-- The password policy becomes a resource row like any other.
alter table sys_password_policy add column create_name text;
alter table sys_password_policy add column create_date timestamptz not null default now();

-- Scheduled jobs (spec 001 sections 3, 4, 9). state: 0 normal, 1 paused, 2 blocked (a fire was
-- skipped because the previous run was still going), 3 complete (no further fire time), 4 error (the
-- last run failed), 5 not exist (the job class is not known to this version of the server).
create table sys_job (
  id            uuid primary key default gen_random_uuid(),
  version       integer not null default 1,
  job_name      text not null,
  job_group     text not null default 'DEFAULT',
  job_type      text not null default '0' check (job_type in ('0', '1', '2', '3', '4')),
  job_type_value integer,
  cron          text not null,
  job_class     text not null,
  is_start      text not null default 'Y' check (is_start in ('Y', 'N')),
  state         text not null default '0' check (state in ('0', '1', '2', '3', '4', '5')),
  description   text,
  next_fire_at  timestamptz,
  last_fire_at  timestamptz,
  last_result   text,
  create_name   text,
  create_date   timestamptz not null default now(),
  update_name   text,
  update_date   timestamptz not null default now(),
  unique (job_name, job_group)
);
create index sys_job_due on sys_job (next_fire_at) where is_start = 'Y';

-- One row per fire: the unique (job, fire time) is the claim, so a fire runs once however many
-- instances share the database.
create table sys_job_run (
  id          uuid primary key default gen_random_uuid(),
  job_id      uuid not null references sys_job (id) on delete cascade,
  fire_time   timestamptz not null,
  instance    text not null,
  start_date  timestamptz not null default now(),
  end_date    timestamptz,
  result      text not null default 'running' check (result in ('running', 'success', 'error')),
  message     text,
  error       text,
  unique (job_id, fire_time)
);
create index sys_job_run_start on sys_job_run (job_id, start_date desc);

-- Operation log: every successful call that writes, and every login and logout (spec 001 section 9:
-- operation type 0 unknown, 1 PC, 2 PDA). Never a password.
create table sys_operation_log (
  id             uuid primary key default gen_random_uuid(),
  user_no        text,
  user_name      text,
  operate_date   timestamptz not null default now(),
  service        text not null,
  method         text not null,
  menu_no        text,
  client_ip      text,
  operation_type text not null default '0' check (operation_type in ('0', '1', '2')),
  result         text not null check (result in ('success', 'failure')),
  result_code    text,
  message        text,
  duration_ms    integer,
  rows_affected  integer
);
create index sys_operation_log_date on sys_operation_log (operate_date desc);
create index sys_operation_log_user on sys_operation_log (user_no, operate_date desc);

-- Abnormal log: server faults (with the stack, which only this table and the server log keep) and
-- refusals worth auditing (forbidden, outside the data scope). error_type: system, operation, integration.
create table sys_abnormal_log (
  id             uuid primary key default gen_random_uuid(),
  user_no        text,
  user_name      text,
  occur_date     timestamptz not null default now(),
  service        text not null,
  method         text not null,
  menu_no        text,
  client_ip      text,
  operation_type text not null default '0' check (operation_type in ('0', '1', '2')),
  error_type     text not null check (error_type in ('system', 'operation', 'integration')),
  error_code     text,
  message        text,
  stack          text
);
create index sys_abnormal_log_date on sys_abnormal_log (occur_date desc);

-- The shared cache (spec 001: key, ttl in hours, type, value): values any instance may reuse until
-- they expire; a write to their source drops them.
create table sys_cache (
  id          uuid primary key default gen_random_uuid(),
  version     integer not null default 1,
  cache_key   text not null,
  cache_type  text not null,
  cache_value text not null,
  ttl         integer not null check (ttl > 0),
  expire_date timestamptz not null,
  hits        integer not null default 0,
  create_name text,
  create_date timestamptz not null default now(),
  update_name text,
  update_date timestamptz not null default now(),
  unique (cache_type, cache_key)
);

-- The installation's licence: the key as the vendor signed it and what it says.
create table sys_license (
  id           integer primary key check (id = 1),
  version      integer not null default 1,
  license_key  text,
  licensee     text,
  expire_date  date,
  activated_by text,
  create_name  text,
  create_date  timestamptz not null default now(),
  update_name  text,
  update_date  timestamptz not null default now()
);
