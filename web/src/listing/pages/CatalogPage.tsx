import { Link, useLocation } from 'react-router';
import type { Department } from '../../shared/api/types';
import { NotFoundPage } from '../../shell/pages/NotFoundPage';
import { useDepartmentsStore } from '../../catalog/departmentsStore';
import { Breadcrumb } from '../../shared/ui/Breadcrumb';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import { ListingView } from '../components/ListingView';
import { looksLikeDepartmentPath, normalizeDepartmentUrl, trailByUrl } from '../departments';
import { useDepartmentTree } from '../useDepartmentTree';
import { useListing } from '../useListing';
import '../listing.css';

/**
 * Every path no other route takes: a department's page when the path is a department URL of
 * the catalog tree (its products, facets, sort, pages), otherwise 'Page not found'.
 */
export function CatalogPage() {
  const { pathname } = useLocation();
  const treeStatus = useDepartmentsStore((s) => s.status);
  const tree = useDepartmentsStore((s) => s.departments);
  if (!looksLikeDepartmentPath(pathname)) return <NotFoundPage />;
  // With the tree at hand, a path that is no department is known at once.
  if (treeStatus === 'success' && trailByUrl(tree, pathname).length === 0) return <NotFoundPage />;
  return <DepartmentPage key={normalizeDepartmentUrl(pathname)} path={pathname} />;
}

/** A department (landing) page. The server decides whether the path is one (404: not found). */
function DepartmentPage({ path }: { path: string }) {
  const storeTree = useDepartmentsStore((s) => s.departments);
  const known = trailByUrl(storeTree, path);
  const listing = useListing({ kind: 'landing', landingPath: path, landingId: known.at(-1)?.id ?? null });
  const tree = useDepartmentTree(listing.status === 'ready');
  const trail = known.length ? known : trailByUrl(tree, path);
  const landing = listing.answer?.landing ?? null;
  const name = trail.at(-1)?.name ?? landing?.name ?? null;

  if (listing.status === 'notfound') return <NotFoundPage />;
  if (!name) {
    if (listing.status === 'error') {
      return (
        <div role="alert" className="listing-error">
          <p>{GENERIC_ERROR_MESSAGE}</p>
          <button type="button" className="button button--secondary" onClick={listing.retry}>
            Try again
          </button>
        </div>
      );
    }
    return (
      <p role="status" className="page-loading">
        Loading products…
      </p>
    );
  }

  const crumbs: Department[] =
    trail.length > 0 ? trail : landing ? [{ id: landing.id, name: landing.name, url: landing.url, children: [] }] : [];
  const parent = crumbs.length > 1 ? crumbs[crumbs.length - 2] : null;
  return (
    <>
      <title>{`${name} | Storefront`}</title>
      <ListingView
        listing={listing}
        title={name}
        tree={tree}
        landingTrail={crumbs}
        breadcrumb={<Breadcrumb trail={crumbs} current />}
        empty={
          <>
            <p className="listing-empty__lead">There are no products in {name} right now.</p>
            <p>
              <Link to={parent?.url ?? '/'} className="button">
                {parent ? `Shop ${parent.name}` : 'Shop by department'}
              </Link>
            </p>
          </>
        }
      />
    </>
  );
}
