-- Custom field definitions (frame-define, spec 000 section 3) per module (menuNo), and the column that
-- holds custom values with each record of a resource that accepts them.
create table sys_frame_define (
  id                       uuid primary key default gen_random_uuid(),
  version                  integer not null default 1,
  module                   text not null,
  field_no                 text not null,
  field_no_name            jsonb not null,
  field_type               smallint not null check (field_type between 0 and 4),
  is_display               text not null default 'Y' check (is_display in ('Y', 'N')),
  display_page             text not null default '' check (display_page ~ '^[1-5]*$'),
  display_order            integer not null default 0,
  date_format              text,
  enum_mid                 text,
  fixed_matching_condition text,
  drop_down_data_source    text,
  create_name              text,
  create_date              timestamptz not null default now(),
  update_name              text,
  update_date              timestamptz not null default now(),
  unique (module, field_no)
);

alter table bm_org add column ext jsonb not null default '{}';
