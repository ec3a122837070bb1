-- A date change or answer change request names its order line as the line's document names it: with
-- the line's phase and batch where one is above 1 (PO-SH01-260001/10.2), so the requests of two batches
-- of one line are told apart in lists, messages, the history and the dashboard's schedule. Copied from
-- the line when the request is made, like its number and line number.
alter table srm_purchase_date_change
  add column phase_seq integer not null default 1 check (phase_seq > 0),
  add column batch_seq integer not null default 1 check (batch_seq > 0);
alter table srm_purchase_answer_change
  add column phase_seq integer not null default 1 check (phase_seq > 0),
  add column batch_seq integer not null default 1 check (batch_seq > 0);
update srm_purchase_date_change r set phase_seq = l.phase_seq, batch_seq = l.batch_seq
  from srm_purchase l where l.id = r.line_id and (l.phase_seq <> 1 or l.batch_seq <> 1);
update srm_purchase_answer_change r set phase_seq = l.phase_seq, batch_seq = l.batch_seq
  from srm_purchase l where l.id = r.line_id and (l.phase_seq <> 1 or l.batch_seq <> 1);
