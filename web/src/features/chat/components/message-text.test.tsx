import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { MessageText } from './message-text';

describe('MessageText', () => {
  it('renders markup as text and only http(s) addresses as links', () => {
    const hostile =
      '<img src=x onerror=alert(1)> javascript:alert(1) <script>alert(2)</script> https://example.com/a';
    const { container } = render(<MessageText text={hostile} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toBe(hostile);
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.com/a');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });
});
