// WCAG 2.1 contrast (success criteria 1.4.3 and 1.4.11): the relative luminance of sRGB colours and
// the ratio between two of them. A colour with alpha (antd's text tokens are black at 88%, 65%, ...) is
// first laid over the background it is shown on, as the browser paints it.

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(...)` or `rgba(...)`; anything else throws. */
export function parseColour(text: string): Rgba {
  const s = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(s);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    const n = (i: number) => Number.parseInt(h.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: h.length === 8 ? n(6) / 255 : 1 };
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(s);
  if (fn) {
    const parts = fn[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    if (parts.length >= 3 && parts.every((p) => Number.isFinite(p)))
      return { r: parts[0], g: parts[1], b: parts[2], a: parts[3] ?? 1 };
  }
  throw new Error(`not a colour: ${text}`);
}

/** `fg` painted over an opaque `bg`. */
export function over(fg: Rgba, bg: Rgba): Rgba {
  const mix = (f: number, b: number) => f * fg.a + b * (1 - fg.a);
  return { r: mix(fg.r, bg.r), g: mix(fg.g, bg.g), b: mix(fg.b, bg.b), a: 1 };
}

/** WCAG's relative luminance of an opaque colour. */
export function luminance({ r, g, b }: Rgba): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * The contrast ratio (1 to 21) of text or a part in `fg` on `bg`; `base` is what `bg` itself is
 * painted over when it has alpha (white, the page).
 */
export function contrast(fg: string, bg: string, base = '#ffffff'): number {
  const back = over(parseColour(bg), parseColour(base));
  const front = over(parseColour(fg), back);
  const [hi, lo] = [luminance(front), luminance(back)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG 2.1 AA minimums: text, large text (24px, or 18.66px bold) and parts of the interface. */
export const AA = { text: 4.5, largeText: 3, ui: 3 } as const;
