// Pure text edits of the rich-text widget: wrap the selection in a tag pair, or insert at the caret.
// Each answers the new text and the selection to restore (the wrapped text stays selected).

export interface Edit {
  text: string;
  start: number;
  end: number;
}

export function wrapSelection(text: string, start: number, end: number, open: string, close: string): Edit {
  const [a, b] = start <= end ? [start, end] : [end, start];
  const inner = text.slice(a, b);
  return {
    text: `${text.slice(0, a)}${open}${inner}${close}${text.slice(b)}`,
    start: a + open.length,
    end: a + open.length + inner.length,
  };
}

export function insertAt(text: string, at: number, piece: string): Edit {
  const caret = at + piece.length;
  return { text: `${text.slice(0, at)}${piece}${text.slice(at)}`, start: caret, end: caret };
}
