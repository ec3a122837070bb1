-- A user sees its active sessions and ends any of them: each session gets an id of its own to be named
-- by (the token's hash stays the server's), and where it was opened from. The administrator may cap
-- how many sessions one user holds at once (the password policy's max_sessions; null: no cap).
alter table sys_session add column session_id uuid not null default gen_random_uuid();
create unique index sys_session_id on sys_session (session_id);
alter table sys_session add column client_ip text;
alter table sys_session add column user_agent text;
alter table sys_password_policy add column max_sessions integer check (max_sessions between 1 and 100);
