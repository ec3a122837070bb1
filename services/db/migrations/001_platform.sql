-- Platform tables: languages, users, roles, menus and their flags, data scope, sessions,
-- password policy, favourites; and the base entities that data scope needs.

create table zl_language (
  id            serial primary key,
  language_code text not null unique,
  description   text not null,
  sort          integer not null default 0
);

create table sys_password_policy (
  id                  integer primary key check (id = 1),
  version             integer not null default 1,
  constitute          text not null default 'ANY' check (constitute in ('ANY', 'LETTERS_DIGITS', 'LETTERS_AND_DIGITS')),
  min_length          integer not null check (min_length between 6 and 20),
  max_length          integer not null check (max_length between 6 and 20),
  default_pwd         text,
  allow_mistake_times integer not null check (allow_mistake_times between 1 and 100),
  lock_time           integer not null check (lock_time between 1 and 1440),
  indate              integer not null default 0 check (indate >= 0),
  is_control_indate   text not null default 'N' check (is_control_indate in ('Y', 'N')),
  predate             integer not null default 0 check (predate >= 0),
  is_expire_warn      text not null default 'N' check (is_expire_warn in ('Y', 'N')),
  update_name         text,
  update_date         timestamptz not null default now(),
  check (min_length <= max_length)
);

create table bm_org (
  id                     uuid primary key default gen_random_uuid(),
  version                integer not null default 1,
  org_no                 text not null unique,
  org_name               text not null,
  org_short_name         text,
  status_code            text not null default '1' check (status_code in ('0', '1')),
  remark                 text,
  close_acct_flag        text not null default 'N' check (close_acct_flag in ('Y', 'N')),
  close_acct_start_date  date,
  close_acct_end_date    date,
  close_acct_during_date text,
  close_acct_remark      text,
  create_name            text,
  create_date            timestamptz not null default now(),
  update_name            text,
  update_date            timestamptz not null default now(),
  check (close_acct_start_date is null or close_acct_end_date is null or close_acct_start_date <= close_acct_end_date)
);
create index bm_org_update_date on bm_org (update_date desc, id);

create table bm_warehouse (
  id             uuid primary key default gen_random_uuid(),
  version        integer not null default 1,
  org_no         text not null references bm_org (org_no) on update cascade,
  warehouse_no   text not null unique,
  warehouse_name text not null,
  status_code    text not null default '1' check (status_code in ('0', '1')),
  create_name    text,
  create_date    timestamptz not null default now(),
  update_name    text,
  update_date    timestamptz not null default now()
);

create table bm_classify_type (
  id                  uuid primary key default gen_random_uuid(),
  version             integer not null default 1,
  org_no              text not null references bm_org (org_no) on update cascade,
  classify_type       text not null unique,
  classify_type_name  text not null,
  status_code         text not null default '1' check (status_code in ('0', '1')),
  create_name         text,
  create_date         timestamptz not null default now(),
  update_name         text,
  update_date         timestamptz not null default now()
);

create table bm_supplier (
  id                  uuid primary key default gen_random_uuid(),
  version             integer not null default 1,
  org_no              text not null references bm_org (org_no) on update cascade,
  supplier_no         text not null unique,
  supplier_name       text not null,
  supplier_short_name text,
  status_code         text not null default '1' check (status_code in ('0', '1')),
  create_name         text,
  create_date         timestamptz not null default now(),
  update_name         text,
  update_date         timestamptz not null default now()
);

create table sys_user (
  id              uuid primary key default gen_random_uuid(),
  version         integer not null default 1,
  user_no         text not null unique,
  user_name       text not null,
  pwd_hash        text not null,
  org_no          text references bm_org (org_no) on update cascade,
  warehouse_no    text,
  employee_id     text,
  avatar_file_id  text,
  is_license      smallint not null default 1 check (is_license in (0, 1)),
  limit_count     integer not null default 10000,
  tenantsid       text not null default 'T001',
  supplier_no     text references bm_supplier (supplier_no) on update cascade,
  phone           text,
  email           text,
  remark          text,
  status_code     text not null default '1' check (status_code in ('0', '1')),
  scope_all       boolean not null default false,
  failed_attempts integer not null default 0,
  locked_until    timestamptz,
  pwd_changed_at  timestamptz not null default now(),
  create_name     text,
  create_date     timestamptz not null default now(),
  update_name     text,
  update_date     timestamptz not null default now()
);

create table sys_role (
  id          uuid primary key default gen_random_uuid(),
  version     integer not null default 1,
  role_no     text not null unique,
  role_name   text not null,
  status_code text not null default '1' check (status_code in ('0', '1')),
  remark      text,
  create_name text,
  create_date timestamptz not null default now(),
  update_name text,
  update_date timestamptz not null default now()
);

create table sys_user_role (
  user_id uuid not null references sys_user (id) on delete cascade,
  role_id uuid not null references sys_role (id) on delete cascade,
  primary key (user_id, role_id)
);

create table sys_menu (
  menu_no     text primary key,
  menu_owner  text not null default '0',
  menu_level  integer not null,
  sort        integer not null default 0,
  url         text not null default '',
  icon        text,
  app_no      text not null default 'PC' check (app_no in ('PC', 'PDA')),
  menu_type   text not null check (menu_type in ('group', 'route', 'external', 'custom')),
  hidden      boolean not null default false,
  status_code text not null default '1' check (status_code in ('0', '1')),
  version     integer not null default 1
);

create table sys_role_menu (
  role_id            uuid not null references sys_role (id) on delete cascade,
  menu_no            text not null references sys_menu (menu_no) on delete cascade,
  is_search          boolean not null default false,
  is_add             boolean not null default false,
  is_modify          boolean not null default false,
  is_delete          boolean not null default false,
  is_cancel_invalid  boolean not null default false,
  is_batch_update    boolean not null default false,
  is_physical_delete boolean not null default false,
  is_save            boolean not null default false,
  is_submit          boolean not null default false,
  is_close           boolean not null default false,
  is_check           boolean not null default false,
  is_import          boolean not null default false,
  is_export          boolean not null default false,
  is_print           boolean not null default false,
  is_end             boolean not null default false,
  is_out             boolean not null default false,
  primary key (role_id, menu_no)
);

-- Data scope: data_type 1 organisation, 2 (collected, unused), 3 warehouse, 4 classify type.
create table sys_user_data (
  user_id    uuid not null references sys_user (id) on delete cascade,
  data_type  smallint not null check (data_type in (1, 2, 3, 4)),
  data_value text not null,
  primary key (user_id, data_type, data_value)
);

-- Sessions live in the database so any instance behind a load balancer can answer.
-- Only a SHA-256 of the token is kept.
create table sys_session (
  token_hash        text primary key,
  user_id           uuid not null references sys_user (id) on delete cascade,
  created_at        timestamptz not null default now(),
  last_seen_at      timestamptz not null default now(),
  absolute_expiry   timestamptz not null,
  ended_at          timestamptz,
  end_reason        text
);
create index sys_session_user on sys_session (user_id);

-- Per-user preferences kept on the server (favourite menus; later column settings and views).
create table sys_user_pref (
  user_id     uuid not null references sys_user (id) on delete cascade,
  pref_key    text not null,
  value       jsonb not null,
  update_date timestamptz not null default now(),
  primary key (user_id, pref_key)
);

create table sys_seed (
  name       text primary key,
  applied_at timestamptz not null default now()
);
