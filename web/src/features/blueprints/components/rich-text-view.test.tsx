import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/test/render';

import hostileDocuments from '../../../../../test-support/rich-text/hostile-documents.json';
import { RichTextView } from './rich-text-view';

describe('RichTextView', () => {
  it('renders the allowed nodes and marks from JSON', () => {
    renderWithProviders(
      <RichTextView
        content={{
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'The Keep' }] },
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Bold', marks: [{ type: 'bold' }] },
                {
                  type: 'text',
                  text: 'map',
                  marks: [{ type: 'link', attrs: { href: 'https://example.com/map' } }],
                },
              ],
            },
            { type: 'paragraph', content: [{ type: 'text', text: '<script>alert(1)</script>' }] },
          ],
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'The Keep' })).toBeVisible();
    expect(screen.getByText('Bold').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'map' })).toHaveAttribute(
      'href',
      'https://example.com/map',
    );
    // Markup in text stays text.
    expect(screen.getByText('<script>alert(1)</script>')).toBeVisible();
    expect(document.querySelector('[data-testid="rich-text"] script')).toBeNull();
  });

  it.each(hostileDocuments.map((entry) => [entry.name, entry.document] as const))(
    'lets nothing active through from %s',
    (_name, document) => {
      const { container } = renderWithProviders(<RichTextView content={document} />);
      expect(container.querySelectorAll('script, iframe, svg, img, object, embed')).toHaveLength(0);
      for (const element of Array.from(container.querySelectorAll('*'))) {
        for (const attribute of Array.from(element.attributes)) {
          expect(attribute.name.startsWith('on'), `${element.tagName} ${attribute.name}`).toBe(
            false,
          );
          expect(attribute.name).not.toBe('style');
          expect(attribute.value).not.toMatch(/^\s*(javascript|data):/i);
        }
      }
    },
  );
});
