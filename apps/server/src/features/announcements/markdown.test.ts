import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

const ALLOWED = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'strong', 'em', 'del', 'blockquote', 'code', 'pre', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);

/** Every real tag of the output: allowed names only, no event handler or style, links only http(s) and mailto. */
function expectSafe(html: string): void {
  for (const m of html.matchAll(/<\/?([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    expect(ALLOWED.has(m[1]!.toLowerCase()), m[0]).toBe(true);
    const attrs = m[2]!;
    expect(attrs, m[0]).not.toMatch(/\son\w+\s*=|\sstyle\s*=|\ssrc\s*=|xlink/i);
    for (const h of attrs.matchAll(/href="([^"]*)"/g)) expect(h[1], m[0]).toMatch(/^(https?:\/\/[^/]|mailto:)/);
  }
}

describe('renderMarkdown', () => {
  it('renders headings, lists, emphasis, code, quotes and tables', () => {
    const html = renderMarkdown('# Pool closing\n\nThe pool closes **Monday** for _repairs_.\n\n- Deck\n- Pump\n\n1. First\n2. Second\n\n> Thank you\n\nUse `gate code` or\n\n```\nline 1\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<h1>Pool closing</h1>');
    expect(html).toContain('<p>The pool closes <strong>Monday</strong> for <em>repairs</em>.</p>');
    expect(html).toContain('<ul>\n<li>Deck</li>\n<li>Pump</li>\n</ul>');
    expect(html).toContain('<ol>\n<li>First</li>');
    expect(html).toContain('<blockquote>\n<p>Thank you</p>\n</blockquote>');
    expect(html).toContain('<code>gate code</code>');
    expect(html).toContain('<pre><code>line 1\n</code></pre>');
    expect(html).toContain('<td>1</td>');
    expectSafe(html);
  });

  it('keeps http, https and mailto links with rel noopener', () => {
    expect(renderMarkdown('[Minutes](https://example.org/m.pdf "May")')).toBe('<p><a href="https://example.org/m.pdf" title="May" rel="noopener noreferrer nofollow" target="_blank">Minutes</a></p>');
    expect(renderMarkdown('[Mail us](mailto:board@example.org)')).toContain('href="mailto:board@example.org"');
    expect(renderMarkdown('<https://example.org>')).toContain('<a href="https://example.org" rel="noopener noreferrer nofollow" target="_blank">https://example.org</a>');
  });

  it.each([
    ['<script>alert(1)</script>Hello', /<script/i],
    ['<img src=x onerror=alert(1)>', /<img/i],
    ['<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ['<a href="https://ok.example" onclick="steal()">x</a>', /onclick=/i],
    ['[click](javascript:alert(1))', /javascript:/i],
    ['[click](JaVaScRiPt:alert(1))', /javascript:/i],
    ['[click](  javascript:alert(1))', /javascript:/i],
    ['[click](jav&#x09;ascript:alert(1))', /href="jav/i],
    ['[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)', /data:/i],
    ['[click](vbscript:msgbox)', /vbscript:/i],
    ['[click](//evil.example/x)', /href="\/\/evil/i],
    ['![x](https://example.org/a.png)', /<img/i],
    ['<div style="background:url(javascript:alert(1))">x</div>', /style=|<div/i],
    ['<svg><script>alert(1)</script></svg>', /<svg|<script/i],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', /<math|xlink/i],
    ['<form action="https://evil.example"><input name=p></form>', /<form|<input/i],
    ['<object data="x.swf"></object><embed src="x.swf">', /<object|<embed/i],
    ['<style>body{display:none}</style>', /<style/i],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">', /<meta/i],
    ['**bold** <b onmouseover="x()">hover</b>', /onmouseover|<b /i],
  ])('makes %s harmless', (input, bad) => {
    const html = renderMarkdown(input);
    expectSafe(html);
    // What is left of the payload is inert text: never inside a tag.
    for (const m of html.matchAll(/<[^>]*>/g)) expect(m[0]).not.toMatch(bad);
  });

  it('shows raw HTML as text rather than dropping the words', () => {
    expect(renderMarkdown('Meet at <b>7pm</b>')).toBe('<p>Meet at &lt;b&gt;7pm&lt;/b&gt;</p>');
    expect(renderMarkdown('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('an empty body renders empty', () => {
    expect(renderMarkdown('')).toBe('');
  });
});
