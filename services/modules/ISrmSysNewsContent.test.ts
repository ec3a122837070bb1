import { describe, expect, it } from 'vitest';
import { cleanNewsContent, newsImageIds, newsPlainText } from './ISrmSysNewsContent.js';

const IMAGE = '0b8e5d1c-1234-4abc-8def-0123456789ab';

describe('announcement text', () => {
  it('keeps ordinary formatting, web links and file-store images', () => {
    const html =
      '<h2>Dock</h2><p>Open at <strong>7:00</strong>, <em>not</em> 6:00.</p><ol start="2"><li>a</li></ol>' +
      `<table><tr><td colspan="2">x</td></tr></table><img src="newsfile:${IMAGE}" alt="map">`;
    expect(cleanNewsContent(html)).toBe(
      '<h2>Dock</h2><p>Open at <strong>7:00</strong>, <em>not</em> 6:00.</p><ol start="2"><li>a</li></ol>' +
        `<table><tr><td colspan="2">x</td></tr></table><img src="newsfile:${IMAGE}" alt="map" />`,
    );
    expect(cleanNewsContent('<a href="mailto:qa@example.com">mail</a>')).toBe(
      '<a href="mailto:qa@example.com" target="_blank" rel="noopener noreferrer nofollow">mail</a>',
    );
  });

  it('drops scripts, handlers, styles, frames, forms and foreign or scripted addresses', () => {
    const cases: [string, string][] = [
      ['<p onclick="x()">a<script>alert(1)</script></p>', '<p>a</p>'],
      ['<img src=x onerror=alert(1)>', ''],
      ['<img src="https://tracker.example/p.gif">', ''],
      [`<img src="newsfile:${IMAGE}" onload="x()">`, `<img src="newsfile:${IMAGE}" />`],
      ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
      [
        '<a href="data:text/html,<script>1</script>">x</a>',
        '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
      ],
      ['<a href="//evil.example/x">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
      ['<iframe src="https://evil.example"></iframe><object data="x"></object>', ''],
      ['<style>body{display:none}</style><p style="position:fixed">x</p>', '<p>x</p>'],
      ['<form action="https://evil.example"><input name="pwd"><button>Go</button></form>', 'Go'],
      ['<svg><script>alert(1)</script></svg><math><mi>x</mi></math>', 'x'],
    ];
    for (const [dirty, clean] of cases) expect(cleanNewsContent(dirty), dirty).toBe(clean);
  });

  it('answers the file-store images of a cleaned text and a plain-text summary', () => {
    expect(newsImageIds(cleanNewsContent(`<p>x</p><img src="newsfile:${IMAGE}">`))).toEqual([IMAGE]);
    expect(newsPlainText('<p>A &amp; B</p><p>C&nbsp;D</p>')).toBe('A & B C D');
    expect(newsPlainText(`<p>${'x'.repeat(300)}</p>`, 10)).toBe('xxxxxxxxx…');
  });
});
