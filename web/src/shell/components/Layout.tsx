import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { RouteAnnouncer } from '../../app/RouteAnnouncer';
import { SiteBanner } from '../../banner/components/SiteBanner';
import { usePageLoadTracking } from '../../shared/tracking/pageLoad';
import { Footer } from './Footer';
import { Header } from './Header';
import { SkipLink } from './SkipLink';
import './Layout.css';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The page frame every route renders into. After an in-app navigation to
 * another page, focus moves to the new page's h1 and its title is announced
 * (RouteAnnouncer).
 */
export function Layout() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  // One PageLoad tracking event per page load and per client-side navigation.
  usePageLoadTracking();

  return (
    <div className="app">
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <SiteBanner />
      <Header />
      {busy && <div className="app__progress" aria-hidden="true" />}
      <main id={MAIN_CONTENT_ID} className="app__main" tabIndex={-1} aria-busy={busy || undefined}>
        <div className="container">
          <Outlet />
        </div>
      </main>
      <Footer />
      <RouteAnnouncer mainId={MAIN_CONTENT_ID} />
      <ScrollRestoration />
    </div>
  );
}
