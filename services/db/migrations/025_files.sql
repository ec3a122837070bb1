-- Files: uploads are kept in the database, so every instance sharing it can
-- serve any file and no instance keeps state another one needs. The bytes are written as they arrive
-- into chunks of exactly 1 MiB (chunk n holds bytes n MiB to n+1 MiB), so a download streams them in
-- order and a content check reads any byte range without loading the whole file.
--
-- sys_file_content holds the bytes; sys_file is the record users see. A content row stays 'writing'
-- while an upload arrives and is checked; only a file that passed every check gets its sys_file row
-- (in the same transaction that marks the content 'ready'), so a refused or interrupted upload is
-- never visible. Content left 'writing' by an instance that stopped is swept by the next upload.
create table sys_file_content (
  id           uuid primary key default gen_random_uuid(),
  status       text not null default 'writing' check (status in ('writing', 'ready')),
  size_bytes   bigint not null default 0,
  create_date  timestamptz not null default now(),
  -- Moved on at every chunk written: an upload still arriving is never swept, however long it takes.
  touch_date   timestamptz not null default now()
);
create index sys_file_content_writing on sys_file_content (touch_date) where status = 'writing';

create table sys_file_chunk (
  content_id   uuid not null references sys_file_content (id) on delete cascade,
  seq          integer not null check (seq >= 0),
  data         bytea not null,
  primary key (content_id, seq)
);

-- The original name is data shown to users and sent back in content-disposition; it never names
-- anything on a disk. org_no and supplier_no are the uploader's, and decide who may see the file.
create table sys_file (
  id             uuid primary key default gen_random_uuid(),
  version        integer not null default 1,
  content_id     uuid not null unique references sys_file_content (id),
  original_name  text not null check (length(original_name) between 1 and 255),
  file_ext       text not null,
  content_type   text not null,
  size_bytes     bigint not null check (size_bytes >= 0),
  sha256         text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  module         text not null check (module in ('file', 'attachment', 'news', 'avatar', 'appVersion')),
  ref_id         text,
  owner_user_id  uuid references sys_user (id) on delete set null,
  org_no         text,
  supplier_no    text,
  create_name    text,
  create_date    timestamptz not null default now(),
  update_name    text,
  update_date    timestamptz not null default now()
);
create index sys_file_update_date on sys_file (update_date desc, id);
create index sys_file_module_ref on sys_file (module, ref_id);
create index sys_file_scope on sys_file (org_no, supplier_no);

-- Mobile app versions (spec 001 sections 3 and 5: file, versionNo, remark; "version number must not
-- contain parentheses"; one file). A file that belongs to a version cannot be deleted on its own.
create table sys_app_version (
  id           uuid primary key default gen_random_uuid(),
  version      integer not null default 1,
  version_no   text not null unique check (version_no !~ '[()（）]'),
  remark       text,
  file_id      uuid not null unique references sys_file (id),
  file_name    text not null,
  size_bytes   bigint not null,
  create_name  text,
  create_date  timestamptz not null default now(),
  update_name  text,
  update_date  timestamptz not null default now()
);
create index sys_app_version_update_date on sys_app_version (update_date desc, id);
