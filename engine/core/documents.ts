// Limits of a document transition both sides hold to: the rows one call may move and the length of a
// reason. The server's payload schema refuses beyond them; the browser's reason dialog stops there.
export const MAX_TRANSITION_ROWS = 500;
export const MAX_REASON_LENGTH = 500;
