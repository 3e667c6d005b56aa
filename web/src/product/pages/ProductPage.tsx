import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import {
  fetchBundle,
  fetchProduct,
  prefetchedProduct,
  type Bundle,
  type ProductDetails,
} from '../../shared/api/product';
import type { RatingSummary } from '../../shared/api/reviews';
import type { FulfillmentType } from '../../shared/api/productSummary';
import { useCurrentStore } from '../../session/headerData';
import { sendProductView } from '../../shared/tracking';
import { Breadcrumb } from '../../shared/ui/Breadcrumb';
import { GENERIC_ERROR_MESSAGE, reportError } from '../../shared/ui/errors';
import { BundleSection } from '../components/BundleSection';
import { Gallery } from '../components/Gallery';
import { ProductPrice } from '../components/ProductPrice';
import { ProductSkeleton } from '../components/ProductSkeleton';
import { fulfillmentOptions, PurchasePanel, selectedFulfillment } from '../components/PurchasePanel';
import { Recommendations } from '../components/Recommendations';
import { ProductWarnings } from '../components/Warnings';
import { recordRecentlyViewed } from '../recentlyViewed';
import { ReviewsLink } from '../reviews/ReviewsLink';
import { ReviewsSection } from '../reviews/ReviewsSection';
import { MIN_ON_HAND } from '../stock';
import { useLocalStock } from '../useLocalStock';
import '../../carousel/carousel.css';
import '../product.css';

export const PRODUCT_NOT_FOUND_TITLE = 'Product not found';

type Load =
  | { status: 'loading' }
  | { status: 'ready'; product: ProductDetails }
  | { status: 'notFound' }
  | { status: 'error' };

/** The product page (the catalog's product url, /product/:blainNumber/*). */
export function ProductPage() {
  const { blainNumber = '' } = useParams();
  // A new product starts from scratch (state, tracking, focus).
  return <ProductView key={blainNumber} blainNumber={blainNumber} />;
}

function ProductView({ blainNumber }: { blainNumber: string }) {
  // A page rendered on the server starts from the product it was rendered with.
  const [load, setLoad] = useState<Load>(() => {
    const product = prefetchedProduct(blainNumber);
    return product ? { status: 'ready', product } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0 && prefetchedProduct(blainNumber)) return;
    const abort = new AbortController();
    setLoad({ status: 'loading' });
    fetchProduct(blainNumber, abort.signal)
      .then((product) => {
        if (abort.signal.aborted) return;
        setLoad(product ? { status: 'ready', product } : { status: 'notFound' });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof DOMException && error.name === 'AbortError') return;
        reportError(error);
        setLoad({ status: 'error' });
      });
    return () => abort.abort();
  }, [blainNumber, attempt]);

  switch (load.status) {
    case 'loading':
      return <ProductSkeleton />;
    case 'notFound':
      return (
        <section className="product-page not-found" aria-labelledby="product-not-found-heading">
          <title>{`${PRODUCT_NOT_FOUND_TITLE} | Storefront`}</title>
          <FocusedHeading id="product-not-found-heading">{PRODUCT_NOT_FOUND_TITLE}</FocusedHeading>
          <p>Sorry, we couldn’t find that product. It may no longer be sold online.</p>
          <p>
            <Link to="/" className="button">
              Go to the home page
            </Link>
          </p>
        </section>
      );
    case 'error':
      return (
        <section className="product-page" aria-labelledby="product-error-heading">
          <title>Product | Storefront</title>
          <FocusedHeading id="product-error-heading">Product</FocusedHeading>
          <p role="alert">{GENERIC_ERROR_MESSAGE}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </section>
      );
    case 'ready':
      return <ProductDetailsView product={load.product} />;
  }
}

/**
 * An h1 that takes focus when shown, so a new page is announced from its heading. The page
 * does not scroll to it (as after any navigation, RouteAnnouncer): on a phone the heading is
 * below the gallery, and scrolling there as the product arrives would move the whole page.
 */
function FocusedHeading({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 id={id} ref={ref} tabIndex={-1} className="product-page__title">
      {children}
    </h1>
  );
}

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

function ProductDetailsView({ product }: { product: ProductDetails }) {
  const headingId = useId();
  const descriptionId = useId();
  const specsId = useId();
  const localStore = useCurrentStore();
  const localStock = useLocalStock(product.blainNumber, localStore?.storeNum ?? null);
  const [chosen, setChosen] = useState<FulfillmentType | null>(null);
  const fulfillment = selectedFulfillment(fulfillmentOptions(product.fulfillment), chosen, (type) =>
    type === 'ShipToHome'
      ? product.ecomOnHand >= MIN_ON_HAND
      : localStock.status === 'ready' && localStock.inventory.isStocked && localStock.inventory.storeOnHand >= MIN_ON_HAND,
  );
  const [bundle, setBundle] = useState<Bundle | null>(null);
  // The reviews' own summary once it is in: a review written on this page shows at the top too.
  const [reviewed, setReviewed] = useState<{ product: string; summary: RatingSummary } | null>(null);
  const rating = reviewed?.product === product.blainNumber ? reviewed.summary : null;
  const onSummary = useCallback(
    (summary: RatingSummary) => setReviewed({ product: product.blainNumber, summary }),
    [product.blainNumber],
  );
  const { pathname } = useLocation();
  const viewedPath = useRef(pathname);

  // Product view beacon, once (not for bots: sendProductView checks).
  useEffect(() => {
    recordRecentlyViewed(product.blainNumber);
    try {
      sendProductView({ a: 'view', u: viewedPath.current, b: product.blainNumber, h: '1' });
    } catch {
      // Tracking never breaks the page.
    }
  }, [product.blainNumber]);

  useEffect(() => {
    const abort = new AbortController();
    fetchBundle(product.blainNumber, abort.signal)
      .then((b) => {
        if (!abort.signal.aborted) setBundle(b);
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof DOMException && error.name === 'AbortError') return;
        reportError(error);
      });
    return () => abort.abort();
  }, [product.blainNumber]);

  const description = paragraphs(product.description);
  const specs = [
    ...(product.vendorBrand ? [{ name: 'Brand', value: product.vendorBrand }] : []),
    { name: 'Item number', value: product.blainNumber },
    ...(product.tireSize
      ? [{ name: 'Tire size', value: `${product.tireSize.width}/${product.tireSize.ratio}R${product.tireSize.rim}` }]
      : []),
    ...product.attributes.filter((a) => a && a.name && a.value !== undefined),
  ];

  return (
    <article className="product-page" aria-labelledby={headingId} data-blain-number={product.blainNumber}>
      <title>{`${product.name} | Storefront`}</title>
      {product.departmentTrail.length > 0 ? (
        <Breadcrumb trail={product.departmentTrail} className="product-page__path" />
      ) : (
        product.departmentPath.length > 0 && (
          <p className="product-page__path">{product.departmentPath.join(' › ')}</p>
        )
      )}
      <div className="product-page__top">
        <Gallery images={product.images} name={product.name} />
        <div className="product-page__summary">
          {product.vendorBrand && <p className="product-page__brand">{product.vendorBrand}</p>}
          <FocusedHeading id={headingId}>{product.name}</FocusedHeading>
          <p className="product-page__number">Item #{product.blainNumber}</p>
          <ReviewsLink
            rating={rating ? rating.average : product.rating}
            count={rating ? rating.count : product.ratingCount}
          />
          <ProductPrice product={product} size="page" />
          <ProductWarnings level={product.warningLevel} />
          {product.discontinued ? (
            <p className="product-page__discontinued" role="status">
              This item is no longer available.
            </p>
          ) : (
            <PurchasePanel
              product={product}
              localStore={localStore}
              localStock={localStock}
              fulfillment={fulfillment}
              onFulfillmentChange={setChosen}
            />
          )}
        </div>
      </div>

      {description.length > 0 && (
        <section className="product-section" aria-labelledby={descriptionId}>
          <h2 id={descriptionId}>Description</h2>
          {description.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      )}

      <section className="product-section" aria-labelledby={specsId}>
        <h2 id={specsId}>Specifications</h2>
        <table className="spec-table">
          <tbody>
            {specs.map((a, i) => (
              <tr key={`${a.name}-${i}`}>
                <th scope="row">{a.name}</th>
                <td>{a.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {bundle && bundle.items.length > 0 && !product.discontinued && (
        <BundleSection product={product} bundle={bundle} fulfillment={fulfillment} localStore={localStore} />
      )}

      <ReviewsSection product={product.blainNumber} onSummary={onSummary} />

      <Recommendations blainNumber={product.blainNumber} />
    </article>
  );
}
