import { describe, expect, it } from 'vitest';
import { insertAt, wrapSelection } from './richTextEdits';

describe('rich-text edits', () => {
  it('wraps the selection and keeps it selected inside the tags', () => {
    expect(wrapSelection('say hello now', 4, 9, '<b>', '</b>')).toEqual({
      text: 'say <b>hello</b> now',
      start: 7,
      end: 12,
    });
  });
  it('wraps an empty selection as an empty pair with the caret inside, whichever way it was made', () => {
    expect(wrapSelection('ab', 1, 1, '<i>', '</i>')).toEqual({ text: 'a<i></i>b', start: 4, end: 4 });
    expect(wrapSelection('abcd', 3, 1, '<u>', '</u>').text).toBe('a<u>bc</u>d');
  });
  it('inserts at the caret and moves it past the piece', () => {
    expect(insertAt('ab', 1, '<img />')).toEqual({ text: 'a<img />b', start: 8, end: 8 });
  });
});
