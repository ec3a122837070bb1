export type UiSize = 'large' | 'middle' | 'small';
const SIZES: readonly UiSize[] = ['large', 'middle', 'small'];

/** Spec 000 section 1: small unless the size cookie says otherwise. */
export function readSize(value: string | undefined): UiSize {
  return SIZES.includes(value as UiSize) ? (value as UiSize) : 'small';
}
