-- Imports are checked before anything is written: a check leaves its job 'checked' with what the import
-- would do (rows to add, to update, left unchanged), the mode it was checked in, the checksum of the
-- file and a digest of its decisions (each row's record and version, per batch). The import that the
-- user confirms sends the same file again with the job's id; it runs the check again inside its
-- transaction and writes only when the file's checksum and the digest are still the same.
alter table sys_import_job drop constraint sys_import_job_status_check;
alter table sys_import_job
  add constraint sys_import_job_status_check
    check (status in ('checking', 'checked', 'importing', 'checkFailed', 'imported', 'error')),
  add column mode       text check (mode in ('add', 'update', 'upsert')),
  add column checksum   text,
  add column digest     text,
  add column unchanged  integer not null default 0;
