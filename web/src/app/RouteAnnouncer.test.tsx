import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteAnnouncer } from './RouteAnnouncer';

/** Lets a test finish loading the slow page. */
let finishLoading: () => void = () => {};

function Frame() {
  return (
    <>
      <nav aria-label="Test">
        <Link to="/about/">About</Link>
        <Link to="/slow/">Slow</Link>
        <Link to="/no-heading/">No heading</Link>
        <Link to="/list/?pg=2">Second page</Link>
        <Link to="/about/#team">About, team</Link>
      </nav>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <RouteAnnouncer mainId="main" />
    </>
  );
}

function Page({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} | Storefront`}</title>
      <h1>{title}</h1>
      <p>
        <button type="button">Something on {title}</button>
      </p>
    </>
  );
}

/** A page whose heading shows once its data is in. */
function SlowPage() {
  const [ready, setReady] = useState(false);
  finishLoading = () => setReady(true);
  if (!ready) return <p>Loading…</p>;
  return <Page title="Slow" />;
}

function ListPage() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <title>List | Storefront</title>
      <h1>List</h1>
      <p>Page {params.get('pg') ?? '1'}</p>
      <button type="button" onClick={() => setParams({ pg: '3' })}>
        Next page
      </button>
    </>
  );
}

function setup(path = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Frame />,
        children: [
          { index: true, element: <Page title="Home" /> },
          { path: 'about', element: <Page title="About" /> },
          { path: 'contact', element: <Page title="Contact" /> },
          { path: 'about-too', element: <Page title="About" /> },
          { path: 'slow', element: <SlowPage /> },
          { path: 'list', element: <ListPage /> },
          {
            path: 'no-heading',
            element: (
              <>
                <title>Plain | Storefront</title>
                <p>No heading here.</p>
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  const live = screen.getByRole('status');
  return { router, live, user: userEvent.setup() };
}

describe('focus and announcement after in-app navigation', () => {
  it('leaves focus alone on the first load', () => {
    const { live } = setup('/about/');
    expect(screen.getByRole('heading', { level: 1, name: 'About' })).not.toHaveFocus();
    expect(document.body).toHaveFocus();
    expect(live).toHaveTextContent('');
  });

  it('moves focus to the new page’s h1 (made focusable) and announces its title', async () => {
    const { user, live } = setup('/');
    await user.click(screen.getByRole('link', { name: 'About' }));

    const heading = screen.getByRole('heading', { level: 1, name: 'About' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveTextContent('About | Storefront');

    // Tab goes on from the heading into the page.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Something on About' })).toHaveFocus();
  });

  it('also after Back (a pop to another page)', async () => {
    const { user, router, live } = setup('/');
    await user.click(screen.getByRole('link', { name: 'About' }));
    await act(() => router.navigate(-1));
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toHaveFocus();
    expect(live).toHaveTextContent('Home | Storefront');
  });

  it('holds focus on main until a late heading is rendered, then moves it there', async () => {
    const { user, live } = setup('/');
    await user.click(screen.getByRole('link', { name: 'Slow' }));
    expect(screen.getByRole('main')).toHaveFocus();
    // The old page's title is not read while the new one loads.
    expect(live).toHaveTextContent('');

    await act(async () => finishLoading());
    expect(screen.getByRole('heading', { level: 1, name: 'Slow' })).toHaveFocus();
    expect(live).toHaveTextContent('Slow | Storefront');
  });

  it('does not take back focus the user moved while the page loaded', async () => {
    const { user } = setup('/');
    await user.click(screen.getByRole('link', { name: 'Slow' }));
    const about = screen.getByRole('link', { name: 'About' });
    act(() => about.focus());

    await act(async () => finishLoading());
    expect(screen.getByRole('heading', { level: 1, name: 'Slow' })).toBeInTheDocument();
    expect(about).toHaveFocus();
  });

  it('focuses main and announces the title on a page without a heading', async () => {
    const { user, live } = setup('/');
    await user.click(screen.getByRole('link', { name: 'No heading' }));
    expect(screen.getByRole('main')).toHaveFocus();
    expect(live).toHaveTextContent('Plain | Storefront');
  });

  it('does not steal focus when only the query string changes (pagination, facets)', async () => {
    const { user, live } = setup('/list/');
    const next = screen.getByRole('button', { name: 'Next page' });
    await user.click(next);
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    expect(next).toHaveFocus();

    const link = screen.getByRole('link', { name: 'Second page' });
    await user.click(link);
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(link).toHaveFocus();
    expect(live).toHaveTextContent('');
  });

  it('does not steal focus when only the hash changes', async () => {
    const { user } = setup('/about/');
    const link = screen.getByRole('link', { name: 'About, team' });
    await user.click(link);
    expect(link).toHaveFocus();
  });

  it('does not move focus on a replace navigation', async () => {
    const { router, live } = setup('/');
    const button = screen.getByRole('button', { name: 'Something on Home' });
    act(() => button.focus());
    await act(() => router.navigate('/contact/', { replace: true }));
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).not.toHaveFocus();
    expect(live).toHaveTextContent('');
  });

  it('announces each new page, the same title twice included', async () => {
    const { user, router, live } = setup('/');
    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(live).toHaveTextContent('About | Storefront');
    await act(() => router.navigate('/contact/'));
    expect(live).toHaveTextContent('Contact | Storefront');
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).toHaveFocus();

    // Another page with the same title: the region's text still changes, so it is read.
    await act(() => router.navigate('/about/'));
    const before = live.textContent;
    await act(() => router.navigate('/about-too/'));
    expect(live).toHaveTextContent('About | Storefront');
    expect(live.textContent).not.toBe(before);
  });
});
