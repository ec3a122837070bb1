// What a document page keeps about its transitions, shared by the list and the detail page: the
// history the server answers, a transition waiting for its reason or confirmation, and the summary of a
// batch the server refused. Shapes only.
import type { DocumentTransition } from '../../screens/documentDefine';
import type { RunnableAction } from '../../screens/types';

type Row = Record<string, unknown>;

/** One transition of a document, as the history call answers it. */
export interface HistoryEntry {
  id: string;
  transition: string;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  source: 'portal' | 'integration';
  userNo: string | null;
  userName: string | null;
  createDate: string;
}

export interface PendingTransition {
  transition: DocumentTransition;
  action: RunnableAction;
  rows: Row[];
  /** How each row is named (its document number). */
  labels: string[];
}

export interface TransitionSummary {
  /** The action's name as the server gave it; `labelKey` instead when the screen names it. */
  label: string;
  labelKey?: string;
  total: number;
  refused: { id: string; docNo: string; message: string }[];
}
