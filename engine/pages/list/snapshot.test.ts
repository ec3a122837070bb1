import { describe, expect, it } from 'vitest';
import type { QueryState } from './queryStore';
import { resumeAction, worthKeeping } from './snapshot';

const query = (status: QueryState['status'], forbidden = false) => ({
  query: { status, forbidden } as QueryState,
});

describe('a restored list page', () => {
  it('keeps the answer it shows unless the page was marked changed or its search was never answered', () => {
    expect(resumeAction(query('ready'), false)).toBe('keep');
    expect(resumeAction(query('ready'), true)).toBe('refresh');
    expect(resumeAction(query('loading'), false)).toBe('search');
    expect(resumeAction(query('error'), false)).toBe('search');
    expect(resumeAction(query('error'), true)).toBe('refresh');
  });
  it('is kept only when it searched: a page that never did starts afresh', () => {
    expect(worthKeeping(query('ready'))).toBe(true);
    expect(worthKeeping(query('loading'))).toBe(true);
    expect(worthKeeping(query('idle'))).toBe(false);
    expect(worthKeeping(query('ready', true))).toBe(false);
  });
});
