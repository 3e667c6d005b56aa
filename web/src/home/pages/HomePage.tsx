import { useEffect } from 'react';
import type { HomeContent } from '../../shared/api/home';
import { useDepartmentsStore } from '../../catalog/departmentsStore';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import { DepartmentCards, type DepartmentCard } from '../components/DepartmentCards';
import { FeaturedCarousel } from '../components/FeaturedCarousel';
import { Hero, HeroSkeleton } from '../components/Hero';
import { RecommendedForYou } from '../components/RecommendedForYou';
import { CarouselSkeleton, DepartmentsSkeleton } from '../components/Skeletons';
import { useHomeContent } from '../useHomeContent';
import { useRecommendedForYou } from '../useRecommendedForYou';
import '../../carousel/carousel.css';
import './HomePage.css';

export const HOME_HEADING = 'Farm, home & auto supplies';
export const LOADING_DEPARTMENTS = 'Loading departments…';

/**
 * Route module for `/`: the hero from site content, the featured product
 * carousels, 'Recommended for you' (from the products this shopper viewed)
 * and the departments with pictures. While loading, placeholders of the
 * final size hold the space; a failure shows 'Try again'.
 */
export function HomePage() {
  const { load, retry } = useHomeContent();
  const recommended = useRecommendedForYou();
  const content = load.status === 'ready' ? load.content : null;

  return (
    <div className="home">
      <title>Storefront | Farm, Home &amp; Auto</title>
      <h1 className="visually-hidden">{HOME_HEADING}</h1>

      {load.status === 'loading' && (
        <>
          <p className="visually-hidden" role="status">
            Loading…
          </p>
          <HeroSkeleton />
          <CarouselSkeleton withLink />
          <CarouselSkeleton withLink />
        </>
      )}

      {load.status === 'error' && (
        <div className="home__error" role="alert">
          <p>{GENERIC_ERROR_MESSAGE}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              retry();
              // The departments' fallback failed as well: it is retried too.
              const tree = useDepartmentsStore.getState();
              if (tree.status === 'error') void tree.load({ force: true });
            }}
          >
            Try again
          </button>
        </div>
      )}

      {content?.hero && <Hero hero={content.hero} />}
      {content?.featured.map((list) => <FeaturedCarousel key={list.id} list={list} />)}
      {load.status !== 'loading' && <RecommendedForYou load={recommended} />}

      <Departments content={content} loading={load.status === 'loading'} homeFailed={load.status === 'error'} />
    </div>
  );
}

/**
 * 'Shop by department': the home answer's departments with pictures; when
 * it has none (or failed), the department tree's names.
 */
function Departments({
  content,
  loading,
  homeFailed,
}: {
  content: HomeContent | null;
  loading: boolean;
  homeFailed: boolean;
}) {
  const withPictures = content?.departments ?? [];
  const fallback = !loading && withPictures.length === 0;
  const status = useDepartmentsStore((s) => s.status);
  const tree = useDepartmentsStore((s) => s.departments);
  const loadTree = useDepartmentsStore((s) => s.load);

  useEffect(() => {
    if (fallback) void loadTree();
  }, [fallback, loadTree]);

  let body;
  if (loading) {
    // The page's own status says it is loading.
    body = <DepartmentsSkeleton />;
  } else if (fallback && (status === 'idle' || status === 'loading')) {
    body = (
      <>
        <p className="visually-hidden" role="status">
          {LOADING_DEPARTMENTS}
        </p>
        <DepartmentsSkeleton />
      </>
    );
  } else if (!fallback) {
    body = <DepartmentCards departments={withPictures} labelledBy="home-departments-heading" />;
  } else if (status === 'error') {
    // With the home call failed too, its 'Try again' is the one shown.
    body = homeFailed ? null : (
      <div className="home__error" role="alert">
        <p>{GENERIC_ERROR_MESSAGE}</p>
        <button type="button" className="button button--secondary" onClick={() => void loadTree({ force: true })}>
          Try again
        </button>
      </div>
    );
  } else if (tree.length > 0) {
    const cards: DepartmentCard[] = tree.map((d) => ({ id: d.id, name: d.name, url: d.url, image: null, imageAlt: '' }));
    body = <DepartmentCards departments={cards} labelledBy="home-departments-heading" />;
  } else {
    body = <p>No departments are available right now.</p>;
  }

  return (
    <section className="home__departments" aria-labelledby="home-departments-heading">
      <h2 id="home-departments-heading">Shop by department</h2>
      {body}
    </section>
  );
}
