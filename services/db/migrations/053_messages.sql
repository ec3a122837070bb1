-- Message configuration (spec 001: message configuration, policy, template and query). Events are the
-- business occurrences that can send a message; a template is the text of one channel; a policy says
-- which event sends which template to whom (users, the users of roles, and the users of the document's
-- supplier); a notice is one message sent to one user.

create table bm_notice_config (
  id                 uuid primary key default gen_random_uuid(),
  version            integer not null default 1,
  notice_config_no   text not null unique,
  notice_config_name text not null,
  big_module         text not null,
  param_list         text,
  status_code        text not null default '1' check (status_code in ('0', '1')),
  remark             text,
  create_name        text,
  create_date        timestamptz not null default now(),
  update_name        text,
  update_date        timestamptz not null default now()
);

create table bm_notice_template (
  id                   uuid primary key default gen_random_uuid(),
  version              integer not null default 1,
  org_no               text not null references bm_org (org_no) on update cascade,
  notice_template_no   text not null,
  notice_template_name text not null,
  notice_type          text not null default '1' check (notice_type in ('1', '2', '3')),
  notice_title         text not null,
  content              text not null,
  status_code          text not null default '1' check (status_code in ('0', '1')),
  remark               text,
  create_name          text,
  create_date          timestamptz not null default now(),
  update_name          text,
  update_date          timestamptz not null default now(),
  unique (notice_template_no, org_no)
);

create table bm_notice_policy (
  id                 uuid primary key default gen_random_uuid(),
  version            integer not null default 1,
  org_no             text not null references bm_org (org_no) on update cascade,
  policy_no          text not null,
  policy_name        text not null,
  notice_config_no   text not null references bm_notice_config (notice_config_no) on update cascade,
  notice_template_no text not null,
  receiver_users     text,
  receiver_roles     text,
  to_supplier        text not null default 'N' check (to_supplier in ('Y', 'N')),
  status_code        text not null default '1' check (status_code in ('0', '1')),
  remark             text,
  create_name        text,
  create_date        timestamptz not null default now(),
  update_name        text,
  update_date        timestamptz not null default now(),
  unique (policy_no, org_no)
);

create table bm_notice (
  id                 uuid primary key default gen_random_uuid(),
  version            integer not null default 1,
  org_no             text not null references bm_org (org_no) on update cascade,
  supplier_no        text,
  notice_config_no   text not null,
  notice_template_no text,
  policy_no          text,
  notice_type        text not null check (notice_type in ('1', '2', '3')),
  notice_title       text not null,
  content            text not null,
  receiver_user_no   text not null,
  receiver_name      text,
  send_date          timestamptz not null default now(),
  read_status        text not null default '0' check (read_status in ('0', '1')),
  read_date          timestamptz,
  create_name        text,
  create_date        timestamptz not null default now(),
  update_name        text,
  update_date        timestamptz not null default now()
);
create index bm_notice_receiver on bm_notice (receiver_user_no, read_status, send_date);
create index bm_notice_org on bm_notice (org_no, send_date);
