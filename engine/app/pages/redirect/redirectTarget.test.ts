import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirectTarget';

describe('redirectTarget', () => {
  it('drops the /redirect prefix and keeps query and hash', () => {
    expect(redirectTarget('/redirect/base/organizational', '?keyword=a&page=2', '#top')).toBe(
      '/base/organizational?keyword=a&page=2#top',
    );
  });
  it('goes home for a bare /redirect', () => {
    expect(redirectTarget('/redirect', '', '')).toBe('/');
    expect(redirectTarget('/redirect/', '?a=1', '')).toBe('/?a=1');
  });
});
