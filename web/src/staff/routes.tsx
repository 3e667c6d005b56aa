/**
 * The staff entry's pages (client routing under /staff/; the server answers staff.html for
 * every path there):
 *
 * | path                       | page                                                         | needs        |
 * |----------------------------|--------------------------------------------------------------|--------------|
 * | /staff/                    | home: a card per role held                                   | a staff role |
 * | /staff/merch/pins/         | pins (`?keyword=`, `?lp=`)                                   | merchandiser |
 * | /staff/merch/search-index/ | the search index: size, reindex                              | merchandiser |
 * | /staff/merch/null-results/ | searches with no results, redirects (`?since=&until=`)       | merchandiser |
 * | /staff/merch/synonyms/     | search synonyms: rules, drafts, preview, history (`?words=`) | merchandiser |
 * | /staff/merch/audit/        | changes to search: who changed pins, lists, synonyms; when   | merchandiser |
 * | /staff/merch/reviews/      | product reviews to moderate: publish, hide, reply (`?show=`) | merchandiser |
 * | /staff/analytics/          | the analytics report: charts, tables, CSV (`?since=&until=`) | analyst      |
 * | /staff/analytics/live/     | live events (`?topics=&types=`)                              | analyst      |
 * | /staff/orders/pickup/      | a store's pickup queue                                       | associate    |
 * | /staff/tax-exemptions/     | tax-exemption applications                                   | associate    |
 * | /staff/accept-invite/      | accept an invitation (`?id=&token=`)                         | nothing      |
 * | /staff/… (anything else)   | Page not found                                               | a staff role |
 * | /staff.html                | pins with a pasted staff token                               | nothing      |
 *
 * The analytics report's page is loaded when first opened (its chart library stays out of the
 * console's first download).
 */
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ConsoleShell, RequireRole } from './components/ConsoleShell';
import { StaffLayout } from './components/StaffLayout';
import { AcceptInvitePage } from './pages/AcceptInvitePage';
import { AuditPage } from './pages/AuditPage';
import { LiveEventsPage } from './pages/LiveEventsPage';
import { NullResultsPage } from './pages/NullResultsPage';
import { PickupQueuePage } from './pages/PickupQueuePage';
import { PinBoardPage } from './pages/PinBoardPage';
import { SearchIndexPage } from './pages/SearchIndexPage';
import { SynonymsPage } from './pages/SynonymsPage';
import { StaffHomePage } from './pages/StaffHomePage';
import { StaffNotFoundPage } from './pages/StatusPages';
import { TaxExemptionsPage } from './pages/TaxExemptionsPage';
import { ReviewsPage } from './reviews/ReviewsPage';

const AnalyticsPage = lazy(() => import('./pages/AnalyticsPage').then((m) => ({ default: m.AnalyticsPage })));

export const staffRoutes: RouteObject[] = [
  {
    // Before the console's /api/staff/me check: the invited person has no role yet.
    path: '/staff/accept-invite',
    element: (
      <StaffLayout me={null}>
        <AcceptInvitePage />
      </StaffLayout>
    ),
  },
  {
    path: '/staff',
    element: <ConsoleShell />,
    children: [
      { index: true, element: <StaffHomePage /> },
      {
        path: 'merch/pins',
        element: (
          <RequireRole role="merchandiser">
            <PinBoardPage session />
          </RequireRole>
        ),
      },
      {
        path: 'merch/search-index',
        element: (
          <RequireRole role="merchandiser">
            <SearchIndexPage />
          </RequireRole>
        ),
      },
      {
        path: 'merch/null-results',
        element: (
          <RequireRole role="merchandiser">
            <NullResultsPage />
          </RequireRole>
        ),
      },
      {
        path: 'merch/synonyms',
        element: (
          <RequireRole role="merchandiser">
            <SynonymsPage />
          </RequireRole>
        ),
      },
      {
        path: 'merch/audit',
        element: (
          <RequireRole role="merchandiser">
            <AuditPage />
          </RequireRole>
        ),
      },
      {
        path: 'merch/reviews',
        element: (
          <RequireRole role="merchandiser">
            <ReviewsPage />
          </RequireRole>
        ),
      },
      {
        path: 'analytics',
        element: (
          <RequireRole role="analyst">
            <Suspense
              fallback={
                <p role="status" className="page-loading">
                  Loading the analytics…
                </p>
              }
            >
              <AnalyticsPage />
            </Suspense>
          </RequireRole>
        ),
      },
      {
        path: 'analytics/live',
        element: (
          <RequireRole role="analyst">
            <LiveEventsPage />
          </RequireRole>
        ),
      },
      {
        path: 'orders/pickup',
        element: (
          <RequireRole role="associate">
            <PickupQueuePage />
          </RequireRole>
        ),
      },
      {
        path: 'tax-exemptions',
        element: (
          <RequireRole role="associate">
            <TaxExemptionsPage />
          </RequireRole>
        ),
      },
      { path: '*', element: <StaffNotFoundPage /> },
    ],
  },
  {
    // The pins page as a file, with a pasted staff token (machines' and scripts' tokens).
    path: '/staff.html',
    element: (
      <StaffLayout me={null}>
        <PinBoardPage />
      </StaffLayout>
    ),
  },
  {
    path: '*',
    element: (
      <StaffLayout me={null}>
        <StaffNotFoundPage />
      </StaffLayout>
    ),
  },
];
