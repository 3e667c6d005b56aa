import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAdBeacons } from '../banner/beacons';
import { fetchedUrls, mockApi, renderInRouter, setSession } from '../header/testing';
import { useSession } from '../session';
import { HOVER_CLOSE_DELAY_MS, HOVER_OPEN_DELAY_MS, MegaMenu } from './MegaMenu';
import { resetMegaMenuAd } from './megaMenuAd';

const AD = {
  adId: 'ad1',
  desktopImage: '/images/ads/d.jpg',
  mobileImage: '/images/ads/m.jpg',
  ctaLink: '/farm-ranch/animal-feed/',
  bannerImageAccessibleText: 'Bags of feed in a barn',
  ctaAccessibleText: 'Shop animal feed',
};

let fetchMock: ReturnType<typeof mockApi>;

beforeEach(() => {
  useSession.getState().reset();
  resetMegaMenuAd();
  resetAdBeacons();
  fetchMock = mockApi({ '/globalresource/category-flyout/': AD });
  setSession();
});

function setup() {
  const user = userEvent.setup();
  const result = renderInRouter(
    <>
      <MegaMenu />
      <button type="button">Elsewhere</button>
    </>,
    '/',
  );
  const toggle = screen.getByRole('button', { name: 'Departments' });
  return { user, toggle, ...result };
}

const expanded = () =>
  screen.queryAllByRole('button', { expanded: true }).filter((b) => b.textContent !== 'Departments');

describe('MegaMenu', () => {
  it('is a Departments button that controls the closed menu', () => {
    const { toggle } = setup();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(menu).not.toBeNull();
    expect(menu).not.toBeVisible();
  });

  it('opens with the first department expanded, with Shop All and nested sub-departments', async () => {
    const { user, toggle } = setup();
    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const farm = screen.getByRole('button', { name: 'Farm & Ranch' });
    expect(farm).toHaveAttribute('aria-expanded', 'true');
    expect(expanded()).toEqual([farm]);
    const panel = document.getElementById(farm.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('link', { name: 'Shop All Farm & Ranch' })).toHaveAttribute('href', '/farm-ranch/');
    expect(within(panel).getByRole('link', { name: 'Animal Feed' })).toHaveAttribute('href', '/farm-ranch/animal-feed/');
    expect(within(panel).getByRole('link', { name: 'Poultry Feed' })).toHaveAttribute(
      'href',
      '/farm-ranch/animal-feed/poultry-feed/',
    );
    // The department's banner and the flyout ad.
    expect(within(panel).getByRole('link', { name: 'Featured in Farm & Ranch' })).toHaveAttribute('href', '/weekly-ad/');
    expect(await within(panel).findByRole('link', { name: /Shop animal feed/ })).toHaveAttribute(
      'href',
      '/farm-ranch/animal-feed/',
    );
    expect(within(panel).getByRole('img', { name: 'Bags of feed in a barn' })).toHaveAttribute('src', '/images/ads/d.jpg');
  });

  it('expands one department at a time, and choosing one toggles it', async () => {
    const { user, toggle } = setup();
    await user.click(toggle);
    const farm = screen.getByRole('button', { name: 'Farm & Ranch' });
    const pet = screen.getByRole('button', { name: 'Pet' });

    await user.click(pet);
    expect(expanded()).toEqual([pet]);
    expect(screen.getByRole('link', { name: 'Shop All Pet' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Shop All Farm & Ranch' })).not.toBeInTheDocument();

    await user.click(pet);
    expect(expanded()).toEqual([]);
    await user.click(pet);
    expect(expanded()).toEqual([pet]);
    expect(farm).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists departments 12 and 13 below, with Gift Cards and Blog; automotive offers its three links', async () => {
    const { user, toggle } = setup();
    await user.click(toggle);

    const main = screen.getByRole('list', { name: 'Departments' });
    expect(within(main).queryByText('Automotive Service Center')).not.toBeInTheDocument();
    expect(within(main).queryByText('Animal Rx')).not.toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Automotive' })).toBeInTheDocument();

    const lower = screen.getByRole('list', { name: 'More ways to shop' });
    expect(within(lower).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Automotive Service Center',
      'Animal Rx',
      'Gift Cards',
      'Blog',
    ]);
    expect(within(lower).getByRole('link', { name: 'Animal Rx' })).toHaveAttribute('href', '/animalrx/');
    expect(within(lower).getByRole('link', { name: 'Gift Cards' })).toHaveAttribute('href', '/gift-cards/');
    expect(within(lower).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog/');

    await user.click(within(lower).getByRole('button', { name: 'Automotive Service Center' }));
    const panel = document.getElementById(
      within(lower).getByRole('button', { name: 'Automotive Service Center' }).getAttribute('aria-controls')!,
    )!;
    expect(within(panel).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Tires', '/tires/'],
      ['Batteries', '/batteries/'],
      ['Services & Repair', '/automotive-service-repair/'],
    ]);
  });

  it('closes on Escape with focus back on the Departments button', async () => {
    const { user, toggle } = setup();
    await user.click(toggle);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Farm & Ranch' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes on an outside click and when focus leaves', async () => {
    const { user, toggle } = setup();
    await user.click(toggle);
    await user.click(document.body);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when a link is followed', async () => {
    const { user, toggle, router } = setup();
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Fencing' }));
    expect(router.state.location.pathname).toBe('/farm-ranch/fencing/');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('fetches the flyout ad once', async () => {
    const { user, toggle } = setup();
    await user.click(toggle);
    await screen.findByRole('link', { name: /Shop animal feed/ });
    await user.click(toggle);
    await user.click(toggle);
    expect(fetchedUrls(fetchMock).filter((u) => u === '/globalresource/category-flyout/')).toHaveLength(1);
  });

  it('works without an ad (204)', async () => {
    mockApi({ '/globalresource/category-flyout/': null });
    const { user, toggle } = setup();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Pet' }));
    expect(screen.queryByRole('link', { name: /Shop animal feed/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop All Pet' })).toBeInTheDocument();
  });

  it('sends the ad impression once when shown and the click beacon on click', async () => {
    const sendBeacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    Object.defineProperty(window.navigator, 'sendBeacon', { configurable: true, writable: true, value: sendBeacon });
    const impressions = () => sendBeacon.mock.calls.filter(([url]) => url === '/event/a/sponsored-ad-impression');
    const { user, toggle } = setup();

    // Loading the ad (hover/focus) is not showing it.
    await user.hover(toggle);
    await vi.waitFor(() =>
      expect(fetchedUrls(fetchMock)).toContain('/globalresource/category-flyout/'),
    );
    expect(impressions()).toHaveLength(0);

    await user.click(toggle);
    await screen.findByRole('link', { name: /Shop animal feed/ });
    expect(impressions()).toEqual([['/event/a/sponsored-ad-impression', '["ad1"]']]);

    // Another department, closing and opening again: still one impression.
    await user.click(screen.getByRole('button', { name: 'Pet' }));
    await user.click(screen.getByRole('button', { name: 'Farm & Ranch' }));
    await user.click(toggle);
    await user.click(toggle);
    await screen.findByRole('link', { name: /Shop animal feed/ });
    expect(impressions()).toHaveLength(1);

    await user.click(screen.getByRole('link', { name: /Shop animal feed/ }));
    expect(sendBeacon).toHaveBeenCalledWith('/event/a/sponsored-ad-click', '"ad1"');
  });

  it('hides an ad image that fails to load, keeping the named link', async () => {
    const { user, toggle } = setup();
    await user.click(toggle);
    const link = await screen.findByRole('link', { name: /Shop animal feed/ });
    fireEvent.error(within(link).getByRole('img', { name: 'Bags of feed in a barn' }));
    expect(within(link).queryByRole('img')).not.toBeInTheDocument();
    expect(link).toHaveTextContent('Shop animal feed');
  });
});

describe('MegaMenu hover intent (desktop mouse)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function setupHover(path = '/') {
    vi.useFakeTimers();
    // Testing Library drains its async wrapper with a setTimeout(0), which it
    // only advances itself under Jest's fake timers: lend it Vitest's.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const result = renderInRouter(
      <>
        <MegaMenu />
        <button type="button">Elsewhere</button>
      </>,
      path,
    );
    const toggle = screen.getByRole('button', { name: 'Departments' });
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    return { user, toggle, elsewhere, ...result };
  }

  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('opens after the pointer rests on Departments, not when it only passes over', async () => {
    const { user, toggle, elsewhere } = setupHover();
    await user.hover(toggle);
    await user.hover(elsewhere);
    advance(HOVER_OPEN_DELAY_MS * 2);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.hover(toggle);
    advance(HOVER_OPEN_DELAY_MS - 20);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    advance(20);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Farm & Ranch' })).toHaveAttribute('aria-expanded', 'true');
    // Hovering is not focusing: focus stays where it was.
    expect(toggle).not.toHaveFocus();
  });

  it('closes a hover-opened menu after a grace delay once the pointer leaves, unless it comes back', async () => {
    const { user, toggle, elsewhere } = setupHover();
    await user.hover(toggle);
    advance(HOVER_OPEN_DELAY_MS);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // Out and back in within the grace delay: still open.
    await user.hover(elsewhere);
    advance(HOVER_CLOSE_DELAY_MS - 50);
    await user.hover(screen.getByRole('link', { name: 'Fencing' }));
    advance(HOVER_CLOSE_DELAY_MS * 2);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.hover(elsewhere);
    advance(HOVER_CLOSE_DELAY_MS - 50);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    advance(50);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('a click on Departments after hovering pins the menu open', async () => {
    const { user, toggle, elsewhere } = setupHover();
    await user.hover(toggle);
    advance(HOVER_OPEN_DELAY_MS);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.hover(elsewhere);
    advance(HOVER_CLOSE_DELAY_MS * 2);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // A further click closes it as before.
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('keyboard use inside a hover-opened menu pins it open', async () => {
    const { user, toggle, elsewhere } = setupHover();
    await user.hover(toggle);
    advance(HOVER_OPEN_DELAY_MS);
    act(() => screen.getByRole('button', { name: 'Pet' }).focus());
    await user.hover(elsewhere);
    advance(HOVER_CLOSE_DELAY_MS * 2);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Pet' })).toHaveFocus();
  });

  it('a menu opened by click stays open when the pointer leaves', async () => {
    const { user, toggle, elsewhere } = setupHover();
    await user.click(toggle);
    await user.hover(elsewhere);
    advance(HOVER_CLOSE_DELAY_MS * 2);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('switches department after resting on it; crossing one on the way to the panel does not', async () => {
    const { user, toggle } = setupHover();
    await user.click(toggle);
    const farm = screen.getByRole('button', { name: 'Farm & Ranch' });
    const pet = screen.getByRole('button', { name: 'Pet' });

    // Diagonally from Farm & Ranch over Pet into Farm & Ranch's panel.
    await user.hover(farm);
    await user.hover(pet);
    advance(HOVER_OPEN_DELAY_MS / 2);
    await user.hover(screen.getByRole('link', { name: 'Fencing' }));
    advance(HOVER_OPEN_DELAY_MS * 2);
    expect(farm).toHaveAttribute('aria-expanded', 'true');
    expect(pet).toHaveAttribute('aria-expanded', 'false');

    // Resting on Pet switches to it.
    await user.hover(pet);
    advance(HOVER_OPEN_DELAY_MS);
    expect(pet).toHaveAttribute('aria-expanded', 'true');
    expect(farm).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Shop All Pet' })).toBeInTheDocument();

    // Clicking the department hover just opened keeps it open; the next click toggles it.
    await user.click(pet);
    expect(pet).toHaveAttribute('aria-expanded', 'true');
    await user.click(pet);
    expect(pet).toHaveAttribute('aria-expanded', 'false');
  });

  it('touch does not open on hover', async () => {
    const { user, toggle } = setupHover();
    await user.pointer({ keys: '[TouchA>]', target: toggle });
    advance(HOVER_OPEN_DELAY_MS * 2);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.pointer({ keys: '[/TouchA]', target: toggle });
    // The tap is a click: it opens.
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('MegaMenu department column', () => {
  /** Gives the (jsdom, layout-less) column a size: `height` visible of `total`. */
  function sizeColumn(column: HTMLElement, height: number, total: number) {
    Object.defineProperty(column, 'clientHeight', { configurable: true, value: height });
    Object.defineProperty(column, 'scrollHeight', { configurable: true, value: total });
    column.scrollTo = ((options: ScrollToOptions) => {
      column.scrollTop = Math.min(options.top ?? 0, total - height);
      fireEvent.scroll(column);
    }) as typeof column.scrollTo;
  }

  it('shows that it scrolls while departments are hidden below, and scrolls on the cue', async () => {
    const { user, toggle } = setup();
    await user.click(toggle);
    const column = screen.getByRole('list', { name: 'Departments' }).parentElement!;
    expect(screen.queryByText('More departments')).not.toBeInTheDocument();

    sizeColumn(column, 500, 1100);
    fireEvent.scroll(column);
    const more = screen.getByText('More departments');
    expect(more).toBeVisible();
    expect(more.closest('[aria-hidden="true"]')).not.toBeNull();

    await user.click(more);
    expect(column.scrollTop).toBe(375);
    expect(screen.getByText('More departments')).toBeInTheDocument();
    await user.click(screen.getByText('More departments'));
    expect(column.scrollTop).toBe(600);
    // At the end: no cue.
    expect(screen.queryByText('More departments')).not.toBeInTheDocument();
  });

  it('shows no cue when every department fits', async () => {
    const { user, toggle } = setup();
    await user.click(toggle);
    const column = screen.getByRole('list', { name: 'Departments' }).parentElement!;
    sizeColumn(column, 800, 800);
    fireEvent.scroll(column);
    expect(screen.queryByText('More departments')).not.toBeInTheDocument();
  });
});

describe('MegaMenu links', () => {
  it('mark the current page with aria-current', async () => {
    const user = userEvent.setup();
    renderInRouter(<MegaMenu />, '/farm-ranch/fencing/');
    await user.click(screen.getByRole('button', { name: 'Departments' }));
    expect(screen.getByRole('link', { name: 'Fencing' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Shop All Farm & Ranch' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Animal Feed' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Blog' })).not.toHaveAttribute('aria-current');
  });

  it('mark the current page in the lower list and the automotive panel', async () => {
    const user = userEvent.setup();
    renderInRouter(<MegaMenu />, '/tires/');
    await user.click(screen.getByRole('button', { name: 'Departments' }));
    await user.click(screen.getByRole('button', { name: 'Automotive Service Center' }));
    expect(screen.getByRole('link', { name: 'Tires' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Batteries' })).not.toHaveAttribute('aria-current');
  });

  it('push menu_click with the link chosen', async () => {
    window.dataLayer = [];
    const { user, toggle } = setup();
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Poultry Feed' }));
    expect(window.dataLayer).toEqual([
      {
        event: 'menu_click',
        menu_name: 'mega menu',
        link_text: 'Poultry Feed',
        link_url: '/farm-ranch/animal-feed/poultry-feed/',
      },
    ]);
    delete window.dataLayer;
  });
});
