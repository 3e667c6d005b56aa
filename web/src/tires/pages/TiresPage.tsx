import { useSearchParams } from 'react-router';
import { formatTireSize, type TireSort } from '../../shared/api/tires';
import { Markdown } from '../../content/markdown';
import tiresMarkdown from '../../content/pages/tires.md?raw';
import { TireResults } from '../components/TireResults';
import { TireSizeSelector } from '../components/TireSizeSelector';
import { completeSize, readPage, readSelection, readSort, selectionParams, type TireSelection } from '../sizeState';
import '../../content/content.css';
import '../tires.css';

/** The tires page's Markdown (src/content/pages/tires.md) without its title: intro, then the rest. */
const [INTRO = '', ...REST] = tiresMarkdown.replace(/^#\s[^\n]*\n+/, '').split(/\n\s*\n/);
const ABOUT = REST.join('\n\n');

/**
 * /tires/: the size selector and the tires of the chosen size. The size,
 * sort and page live in the query string (/tires/?width=225&ratio=65&rim=17),
 * so a reload or Back shows the same choice.
 */
export function TiresPage() {
  const [params, setParams] = useSearchParams();
  const selection = readSelection(params);
  const size = completeSize(selection);
  const sort = readSort(params);
  const pg = readPage(params);

  function go(next: TireSelection, options: { sort?: TireSort; pg?: number } = {}) {
    setParams(selectionParams(next, { sort: options.sort ?? sort, pg: options.pg }), { preventScrollReset: true });
  }

  const title = size ? `${formatTireSize(size)} Tires | Storefront` : 'Tires | Storefront';

  return (
    <article className="tires-page">
      <title>{title}</title>
      <h1>Tires</h1>
      <div className="tires-page__intro">
        <Markdown source={INTRO} />
      </div>
      <TireSizeSelector selection={selection} onChange={(next) => go(next)} />
      {size ? (
        <TireResults
          size={size}
          sort={sort}
          pg={pg}
          onSort={(s) => go(selection, { sort: s })}
          onPage={(p) => go(selection, { pg: p })}
        />
      ) : (
        <p className="tires-page__prompt">Choose a width, aspect ratio and rim diameter to see matching tires.</p>
      )}
      <section className="content-page tires-page__about" aria-label="About tires">
        <Markdown source={ABOUT} />
      </section>
    </article>
  );
}
