// Where a JSON pointer sits in a file's text, as line and column (1-based), so a finding can be
// opened in an editor. jsonc-parser keeps each value's offset; a pointer to something missing (a
// required property) lands on the nearest value that is there.
import { findNodeAtLocation, type Node, parseTree } from 'jsonc-parser';

export interface Position {
  line: number;
  column: number;
}

const unescapeSegment = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** The segments of a JSON pointer, array indices as numbers. */
export function pointerSegments(pointer: string): (string | number)[] {
  if (!pointer || pointer === '/') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => (/^\d+$/.test(s) ? Number(s) : unescapeSegment(s)));
}

/** Answers the position of pointers in one file's text; the text is parsed once. */
export function positionsOf(text: string): (pointer: string) => Position {
  const root: Node | undefined = parseTree(text);
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const at = (offset: number): Position => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo] + 1 };
  };
  return (pointer) => {
    if (!root) return { line: 1, column: 1 };
    const segments = pointerSegments(pointer);
    for (let n = segments.length; n >= 0; n--) {
      const node = findNodeAtLocation(root, segments.slice(0, n));
      if (!node) continue;
      // A property's value: point at its name, where the eye looks for it.
      const target = node.parent?.type === 'property' && n > 0 ? node.parent : node;
      return at(target.offset);
    }
    return at(root.offset);
  };
}
