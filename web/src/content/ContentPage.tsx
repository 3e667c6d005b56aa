import { data, useLoaderData } from 'react-router';
import { Markdown, markdownTitle } from './markdown';
import './content.css';

/** Every content page's Markdown, each loaded on demand. */
const PAGES = import.meta.glob<string>('./pages/*.md', { query: '?raw', import: 'default' });

/** Loads `pages/{slug}.md`; a missing page is a 404. */
export async function loadContent(slug: string): Promise<string> {
  const load = PAGES[`./pages/${slug}.md`];
  if (!load) throw data('Page not found', { status: 404 });
  return load();
}

/** A Markdown content page; the document title is its first heading. */
export function ContentPage() {
  const source = useLoaderData() as string;
  const title = markdownTitle(source);
  return (
    <article className="content-page">
      <title>{title ? `${title} | Storefront` : 'Storefront'}</title>
      <Markdown source={source} />
    </article>
  );
}
