import { describe, expect, it } from 'vitest';
import { readSize } from './uiSize';

describe('readSize', () => {
  it('is small by default and takes a valid cookie value', () => {
    expect(readSize(undefined)).toBe('small');
    expect(readSize('huge')).toBe('small');
    expect(readSize('large')).toBe('large');
    expect(readSize('middle')).toBe('middle');
  });
});
