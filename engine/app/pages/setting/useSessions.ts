import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { request } from '../../../request';
import { logout } from '../../../session/session';

/** One of the user's open sessions, as ISrmBmLoginService/getMySessions answers it. */
export interface SessionRow {
  sessionId: string;
  createdAt: string;
  lastSeenAt: string;
  clientIp: string | null;
  userAgent: string | null;
  current: boolean;
}

export const SESSION_LIST_CALL = 'ISrmBmLoginService/getMySessions';
export const SESSION_END_CALL = 'ISrmBmLoginService/endMySession';

/**
 * The settings page's session list: loaded as the page opens, and ending one of them. Ending the
 * current session signs the user out, back to this page after the next login.
 */
export function useSessions() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [rows, setRows] = useState<SessionRow[]>();
  const [ending, setEnding] = useState<string>();

  const load = useCallback(async () => {
    try {
      setRows(await request<SessionRow[]>(SESSION_LIST_CALL, {}));
    } catch {
      setRows([]);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  /** True when the session ended; the current one signs the user out. */
  async function end(row: SessionRow): Promise<boolean> {
    setEnding(row.sessionId);
    try {
      await request(SESSION_END_CALL, { sessionId: row.sessionId });
    } catch {
      // the request layer showed why
      setEnding(undefined);
      return false;
    }
    setEnding(undefined);
    if (row.current) {
      navigate(await logout(pathname), { replace: true });
      return true;
    }
    await load();
    return true;
  }

  return { rows, ending, end, reload: load };
}
