import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './richText';

describe('RichText', () => {
  it('draws the allowed tags and drops scripts, handlers and script links', () => {
    const { container } = render(
      <RichText
        html={
          '<p onclick="x()">Hello <strong>you</strong></p><script>alert(1)</script>' +
          '<img src="https://cdn.example/a.png" onerror="alert(2)" alt="A">' +
          '<a href="javascript:alert(3)">bad</a><a href="https://palaro.example/p">good</a>' +
          '<div style="color:red">plain</div><iframe src="https://evil.example"></iframe>'
        }
      />,
    );
    const html = container.firstElementChild!.innerHTML;
    expect(container.querySelector('p')?.textContent).toBe('Hello you');
    expect(container.querySelector('strong')?.textContent).toBe('you');
    for (const bad of ['onclick', 'onerror', 'javascript:', '<script', 'alert(1)', '<iframe', 'style=', '<div'])
      expect(html).not.toContain(bad);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/a.png');
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ href: 'https://palaro.example/p', target: '_blank', rel: 'noopener noreferrer' });
    expect(container.textContent).toContain('bad');
    expect(container.textContent).toContain('plain');
  });
});
