import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../../test/render';
import { RichText } from './RichText';

describe('RichText', () => {
  it('draws the allowed tags and drops scripts, handlers and script links', () => {
    const { container } = renderInRouter(
      <RichText
        testId="rich"
        html={
          '<p onclick="x()">Hello <strong>you</strong></p><script>alert(1)</script>' +
          '<img src="https://cdn.example/a.png" onerror="alert(2)" alt="A"><img src="javascript:alert(4)">' +
          '<a href="javascript:alert(3)">bad</a><a href="https://palaro.example/p">good</a>' +
          '<a href="/m/help">help</a><div style="color:red">plain</div><iframe title="evil"></iframe>'
        }
      />,
    );
    const body = container.querySelector('[data-testid="rich"]')!;
    const html = body.innerHTML;
    expect(body.querySelector('p')?.textContent).toBe('Hello you');
    expect(body.querySelector('strong')?.textContent).toBe('you');
    for (const bad of ['onclick', 'onerror', 'javascript:', '<script', 'alert(1)', '<iframe', 'style=', '<div'])
      expect(html).not.toContain(bad);
    const pictures = body.querySelectorAll('img');
    expect(pictures).toHaveLength(1);
    expect(pictures[0]!.getAttribute('src')).toBe('https://cdn.example/a.png');
    const links = body.querySelectorAll('a');
    expect(links).toHaveLength(2);
    expect(links[0]).toMatchObject({ href: 'https://palaro.example/p', target: '_blank', rel: 'noopener noreferrer' });
    // An app path stays in the app.
    expect(links[1]!.getAttribute('href')).toBe('/m/help');
    expect(links[1]).not.toHaveAttribute('target');
    expect(body.textContent).toContain('bad');
    expect(body.textContent).toContain('plain');
  });
});
