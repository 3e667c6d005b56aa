import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_PATHS, CONTENT_PAGES, PLACEHOLDER_PAGES } from './siteLinks';
import { Markdown, markdownTitle, parseMarkdown, safeHref } from './markdown';

function renderMd(source: string) {
  return render(
    <MemoryRouter>
      <Markdown source={source} />
    </MemoryRouter>,
  );
}

describe('Markdown renderer', () => {
  it('renders headings, paragraphs, lists, links and emphasis', () => {
    const { container } = renderMd(
      [
        '# Title',
        '',
        'Intro with **bold**, *italic* and a [local link](/store-finder/).',
        'Same paragraph.',
        '',
        '## Section',
        '',
        '- one',
        '- two with [mail](mailto:help@example.com)',
        '',
        '1. first',
        '2. second',
        '',
        '---',
        '',
        'Call [1-800-210-2370](tel:+18002102370) or see [the CPSC](https://www.cpsc.gov/).',
      ].join('\n'),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Title' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Section' })).toHaveAttribute('id', 'section');
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    expect(container.querySelector('em')).toHaveTextContent('italic');
    expect(screen.getByRole('link', { name: 'local link' })).toHaveAttribute('href', '/store-finder/');
    expect(container.querySelectorAll('p')[0]).toHaveTextContent(
      'Intro with bold, italic and a local link. Same paragraph.',
    );
    expect(container.querySelectorAll('ul > li')).toHaveLength(2);
    expect(container.querySelectorAll('ol > li')).toHaveLength(2);
    expect(container.querySelector('hr')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:help@example.com');
    expect(screen.getByRole('link', { name: 'the CPSC' })).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows HTML in the source as text, never as markup', () => {
    const { container } = renderMd(
      '# <img src=x onerror="alert(1)">\n\n<script>alert("x")</script> and <b>bold?</b>\n\n- <iframe src="https://evil.example"></iframe>',
    );
    expect(container.querySelector('script, img, iframe, b')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('<img src=x onerror="alert(1)">');
    expect(container.textContent).toContain('<script>alert("x")</script> and <b>bold?</b>');
  });

  it('drops unsafe link targets but keeps the text', () => {
    const { container } = renderMd(
      '[click](javascript:alert(1)) [data](data:text/html,hi) [proto](//evil.example) [vb](vbscript:x)',
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('click data proto vb');
    expect(safeHref(' JavaScript:alert(1)')).toBeNull();
    expect(safeHref('/ok/')).toBe('/ok/');
    expect(safeHref('#top')).toBe('#top');
  });

  it('supports escapes, line breaks and intraword underscores', () => {
    const { container } = renderMd('a \\*not italic\\* snake_case_name\\\nnext  \nlast');
    expect(container.querySelector('em')).toBeNull();
    expect(container.querySelectorAll('br')).toHaveLength(2);
    expect(container.textContent).toBe('a *not italic* snake_case_namenextlast');
  });

  it('parses into blocks and finds the title', () => {
    expect(parseMarkdown('# A\ntext\n- x\n- y')).toEqual([
      { type: 'heading', level: 1, text: 'A' },
      { type: 'paragraph', text: 'text' },
      { type: 'list', ordered: false, start: 1, items: ['x', 'y'] },
    ]);
    expect(markdownTitle('intro\n\n# The **Title**')).toBe('The Title');
    expect(markdownTitle('no heading')).toBeNull();
  });
});

describe('content pages', () => {
  const files = import.meta.glob<string>('./pages/*.md', { query: '?raw', import: 'default', eager: true });

  it.each(CONTENT_PAGES)('$path has a Markdown page with a title and text', ({ slug }) => {
    const source = files[`./pages/${slug}.md`];
    expect(source, `pages/${slug}.md`).toBeDefined();
    expect(markdownTitle(source!)).toBeTruthy();
    expect(source!.length).toBeGreaterThan(400);
    // Every local link in the content resolves to a known page.
    const known = new Set([
      ...CONTENT_PAGES.map((p) => p.path),
      ...PLACEHOLDER_PAGES.map((p) => p.path),
      ...APP_PATHS,
      '/store-finder/',
    ]);
    for (const [, href] of source!.matchAll(/\]\((\/[^)?#]*)/g)) {
      if (href!.startsWith('/account/') || href === '/cart/') continue;
      expect(known.has(href!), `${slug}: ${href}`).toBe(true);
    }
  });
});
