import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session';
import type { SiteMessage } from '../../session/headerData';
import { resetAdBeacons } from '../beacons';
import { resetSponsoredAd } from '../sponsoredAd';
import { SPONSORED_TOOLTIP } from './SponsoredAdSlot';
import { AUTO_ADVANCE_MS, SLIDE_TRANSITION_MS } from '../constants';
import { SiteBanner, SiteBannerView } from './SiteBanner';

const NOW = Date.parse('2026-11-22T12:00:00Z');

const MESSAGES: SiteMessage[] = [
  { id: 'a', text: 'Free shipping on orders over $49', link: '/shipping-returns/', icon: 'truck', countdown: 'none', endDateTime: null },
  { id: 'b', text: 'Fall Savings Event ends in', link: '/weekly-ad/', icon: 'tag', countdown: 'before', endDateTime: '2026-11-24T15:30:10Z' },
  { id: 'c', text: 'Order online, pick up in store', link: null, icon: 'store', countdown: 'none', endDateTime: null },
];

function visibleMessage(): string | null {
  const region = screen.getByRole('region', { name: 'Site messages' });
  const slide = region.querySelector('.site-banner__slide:not([aria-hidden])');
  return slide?.getAttribute('data-message-id') ?? null;
}

function renderView(props: Parameters<typeof SiteBannerView>[0]) {
  return render(
    <MemoryRouter>
      <SiteBannerView {...props} />
    </MemoryRouter>,
  );
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function stubReducedMotion(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matches && query.includes('reduce'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  resetAdBeacons();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('rotation', () => {
  it('auto-advances every 7,750 ms with a 750 ms slide, and loops', () => {
    renderView({ messages: MESSAGES });
    expect(visibleMessage()).toBe('a');
    expect(screen.getByRole('group', { name: '1 of 3' })).toHaveTextContent('Free shipping');

    advance(AUTO_ADVANCE_MS - 1);
    expect(visibleMessage()).toBe('a');
    advance(1);
    expect(visibleMessage()).toBe('b');
    // During the transition the old slide is still there, hidden from AT.
    const leaving = document.querySelector('.site-banner__slide[aria-hidden="true"]');
    expect(leaving).toHaveAttribute('data-message-id', 'a');
    expect(document.querySelector('.site-banner__slide--enter-next')).not.toBeNull();
    advance(SLIDE_TRANSITION_MS);
    expect(document.querySelector('.site-banner__slide[aria-hidden="true"]')).toBeNull();

    advance(AUTO_ADVANCE_MS);
    expect(visibleMessage()).toBe('c');
    advance(AUTO_ADVANCE_MS);
    expect(visibleMessage()).toBe('a');
  });

  it('after each 750 ms slide a message stays still for the 7000 ms pause', () => {
    renderView({ messages: MESSAGES });
    advance(7750);
    expect(visibleMessage()).toBe('b');
    advance(750);
    // The slide has ended: 'b' alone, for 7000 ms.
    expect(document.querySelector('.site-banner__slide[aria-hidden="true"]')).toBeNull();
    advance(6999);
    expect(visibleMessage()).toBe('b');
    expect(document.querySelector('.site-banner__slide[aria-hidden="true"]')).toBeNull();
    advance(1);
    expect(visibleMessage()).toBe('c');
  });

  it('stops while the pointer hovers and resumes after', () => {
    renderView({ messages: MESSAGES });
    const region = screen.getByRole('region', { name: 'Site messages' });
    fireEvent.pointerOver(region);
    advance(AUTO_ADVANCE_MS * 3);
    expect(visibleMessage()).toBe('a');
    fireEvent.pointerOut(region);
    advance(AUTO_ADVANCE_MS);
    expect(visibleMessage()).toBe('b');
  });

  it('stops while focus is inside', () => {
    renderView({ messages: MESSAGES });
    act(() => screen.getByRole('link', { name: /Free shipping/ }).focus());
    advance(AUTO_ADVANCE_MS * 2);
    expect(visibleMessage()).toBe('a');
    act(() => screen.getByRole('link', { name: /Free shipping/ }).blur());
    advance(AUTO_ADVANCE_MS);
    expect(visibleMessage()).toBe('b');
  });

  it('prev and next buttons move and stop the rotation', () => {
    renderView({ messages: MESSAGES });
    fireEvent.click(screen.getByRole('button', { name: 'Next message' }));
    expect(visibleMessage()).toBe('b');
    fireEvent.click(screen.getByRole('button', { name: 'Previous message' }));
    expect(visibleMessage()).toBe('a');
    expect(document.querySelector('.site-banner__slide--enter-prev')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Previous message' }));
    expect(visibleMessage()).toBe('c');

    // Blur so only the arrow use is stopping it.
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    advance(AUTO_ADVANCE_MS * 3);
    expect(visibleMessage()).toBe('c');
    expect(screen.getByRole('button', { name: 'Play messages' })).toBeInTheDocument();
  });

  it('the pause button stops and restarts it', () => {
    renderView({ messages: MESSAGES });
    const button = screen.getByRole('button', { name: 'Pause messages' });
    fireEvent.click(button);
    act(() => button.blur());
    advance(AUTO_ADVANCE_MS * 2);
    expect(visibleMessage()).toBe('a');
    fireEvent.click(screen.getByRole('button', { name: 'Play messages' }));
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    advance(AUTO_ADVANCE_MS);
    expect(visibleMessage()).toBe('b');
  });

  it('does not rotate with a reduced-motion preference', () => {
    stubReducedMotion(true);
    renderView({ messages: MESSAGES });
    advance(AUTO_ADVANCE_MS * 3);
    expect(visibleMessage()).toBe('a');
    expect(screen.queryByRole('button', { name: 'Pause messages' })).not.toBeInTheDocument();
    // The arrows still work, without a transition.
    fireEvent.click(screen.getByRole('button', { name: 'Next message' }));
    expect(visibleMessage()).toBe('b');
    expect(document.querySelector('.site-banner__slide[aria-hidden="true"]')).toBeNull();
  });

  it('a single message has no carousel controls', () => {
    renderView({ messages: [MESSAGES[0]!] });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Free shipping/ })).toHaveAttribute('href', '/shipping-returns/');
    advance(AUTO_ADVANCE_MS * 2);
    expect(visibleMessage()).toBe('a');
  });
});

describe('countdowns', () => {
  it("'before' counts down to the end, then is done", () => {
    renderView({ messages: [MESSAGES[1]!] });
    const timer = screen.getByRole('timer');
    // 2 days 3 hours 30 minutes 10 seconds until 2026-11-24T15:30:10Z.
    expect(timer).toHaveTextContent('2d 03h 30m 10s');
    expect(timer).toHaveTextContent('2 days, 3 hours, 30 minutes, 10 seconds');
    advance(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('2d 03h 30m 09s');

    advance((2 * 86_400 + 3 * 3_600 + 30 * 60 + 9) * 1000);
    const done = screen.getByRole('timer');
    expect(done).toHaveAttribute('data-done', 'true');
    expect(done).toHaveTextContent('0d 00h 00m 00s');
    expect(done).toHaveTextContent('(ended)');
    expect(document.querySelector('[data-countdown-state="done"]')).not.toBeNull();
  });

  it("'after' counts the time since the end", () => {
    renderView({
      messages: [{ ...MESSAGES[0]!, id: 'x', countdown: 'after', endDateTime: '2026-11-21T11:59:00Z' }],
    });
    expect(screen.getByRole('timer')).toHaveTextContent('1d 00h 01m 00s');
  });

  it("'none' shows no countdown", () => {
    renderView({ messages: [MESSAGES[0]!] });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('corrects the browser clock with the server time', () => {
    // The server is one hour ahead of this browser.
    renderView({ messages: [MESSAGES[1]!], skewMs: 3_600_000 });
    expect(screen.getByRole('timer')).toHaveTextContent('2d 02h 30m 10s');
  });
});

describe('sponsored ad', () => {
  it('sends the impression once and a click beacon per click', () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    const ad = { adId: 'ad-1', ctaLink: '/weekly-ad/', text: 'Big sale', ctaAccessibleText: 'Shop the big sale' };
    const { rerender } = renderView({ messages: MESSAGES, ad });
    rerender(
      <MemoryRouter>
        <SiteBannerView messages={MESSAGES} ad={{ ...ad }} />
      </MemoryRouter>,
    );
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(sendBeacon).toHaveBeenCalledWith('/event/a/sponsored-ad-impression', '["ad-1"]');

    const link = screen.getByRole('link', { name: 'Shop the big sale' });
    link.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(link);
    expect(sendBeacon).toHaveBeenLastCalledWith('/event/a/sponsored-ad-click', '"ad-1"');
  });
});

const AD = {
  adId: 'ad-7',
  desktopImage: '/images/ads/banner-d.jpg',
  mobileImage: '/images/ads/banner-m.jpg',
  ctaLink: '/weekly-ad/',
  bannerImageAccessibleText: 'Bags of feed stacked in a barn',
  ctaAccessibleText: 'Shop the feed sale',
};

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** fetch answering the header data and the sponsored ad. */
function stubApi(ad: unknown, messages: SiteMessage[] = MESSAGES) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = urlOf(input);
    if (url === '/globalresource/header/?deptMenu=omit') {
      return Response.json({ loggedIn: false, siteMessages: messages, serverTime: new Date(NOW).toISOString() });
    }
    if (url === '/globalresource/sponsored-ad/') return Response.json(ad);
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderBanner() {
  return render(
    <MemoryRouter>
      <SiteBanner />
    </MemoryRouter>,
  );
}

async function settle() {
  await act(async () => {
    await vi.runOnlyPendingTimersAsync();
  });
}

describe('sponsored ad place', () => {
  it('is held while the ad is fetched and let go once it is known there is none', () => {
    const { container, rerender } = render(
      <MemoryRouter>
        <SiteBannerView messages={MESSAGES} adPending />
      </MemoryRouter>,
    );
    const held = container.querySelector('.site-banner__ad--pending');
    expect(held).not.toBeNull();
    expect(held).toHaveAttribute('aria-hidden', 'true');
    rerender(
      <MemoryRouter>
        <SiteBannerView messages={MESSAGES} adPending={false} />
      </MemoryRouter>,
    );
    expect(container.querySelector('.site-banner__ad')).toBeNull();
  });
});

describe('sponsored ad slot', () => {
  it('hides a failed image and shows the accessible texts instead', () => {
    renderView({ messages: MESSAGES, ad: AD });
    const link = screen.getByRole('link', { name: 'Shop the feed sale' });
    expect(link).toHaveAttribute('href', '/weekly-ad/');
    const img = within(link).getByRole('img', { name: 'Bags of feed stacked in a barn' });
    expect(img).toHaveAttribute('src', '/images/ads/banner-d.jpg');
    expect(link.querySelector('source')).toHaveAttribute('srcset', '/images/ads/banner-m.jpg');

    fireEvent.error(img);
    expect(within(link).queryByRole('img')).not.toBeInTheDocument();
    expect(link).toHaveTextContent('Shop the feed sale');
  });

  it("the 'Sponsored' label is announced and explains itself in a tooltip on focus; Escape hides it", () => {
    renderView({ messages: MESSAGES, ad: AD });
    const label = screen.getByRole('button', { name: 'Sponsored' });
    expect(label).toHaveAccessibleDescription(SPONSORED_TOOLTIP);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => label.focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent(SPONSORED_TOOLTIP);
    fireEvent.keyDown(label, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('without a CTA link it is plain content', () => {
    renderView({ messages: [], ad: { adId: 'ad-2', ctaLink: null, text: 'Brought to you by Acme' } });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Brought to you by Acme')).toBeInTheDocument();
  });
});

describe('SiteBanner', () => {
  beforeEach(() => {
    useSession.getState().reset();
    resetSponsoredAd();
  });

  it('fetches the sponsored ad once per page load and shows it in the slot', async () => {
    const sendBeacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    const fetchMock = stubApi(AD);
    const first = renderBanner();
    await settle();
    const region = screen.getByRole('region', { name: 'Site messages' });
    const link = within(region).getByRole('link', { name: 'Shop the feed sale' });
    expect(within(link).getByRole('img', { name: 'Bags of feed stacked in a barn' })).toBeInTheDocument();
    expect(region.querySelector('[data-ad-id="ad-7"]')).not.toBeNull();
    expect(sendBeacon).toHaveBeenCalledWith('/event/a/sponsored-ad-impression', '["ad-7"]');

    // Mounted again (same page load): no second request, no second impression.
    first.unmount();
    renderBanner();
    await settle();
    expect(screen.getByRole('link', { name: 'Shop the feed sale' })).toBeInTheDocument();
    const adCalls = fetchMock.mock.calls.filter(([input]) => urlOf(input) === '/globalresource/sponsored-ad/');
    expect(adCalls).toHaveLength(1);
    expect(sendBeacon.mock.calls.filter(([url]) => url === '/event/a/sponsored-ad-impression')).toHaveLength(1);

    const again = screen.getByRole('link', { name: 'Shop the feed sale' });
    again.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(again);
    expect(sendBeacon).toHaveBeenLastCalledWith('/event/a/sponsored-ad-click', '"ad-7"');
  });

  it('shows no slot when the server answers null', async () => {
    stubApi(null);
    renderBanner();
    await settle();
    const region = screen.getByRole('region', { name: 'Site messages' });
    expect(region.querySelector('.site-banner__ad')).toBeNull();
  });

  it('shows the ad alone when there are no messages', async () => {
    stubApi(AD, []);
    renderBanner();
    await settle();
    const region = screen.getByRole('region', { name: 'Site messages' });
    expect(region.querySelector('.site-banner__slide')).toBeNull();
    expect(within(region).getByRole('link', { name: 'Shop the feed sale' })).toBeInTheDocument();
  });

  it('ignores ad fields in the header data', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) =>
      urlOf(input) === '/globalresource/header/?deptMenu=omit'
        ? Response.json({ loggedIn: false, siteMessages: MESSAGES, sponsoredAd: AD })
        : Response.json(null),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderBanner();
    await settle();
    expect(document.querySelector('.site-banner__ad')).toBeNull();
  });

  it('loads the messages from the header data', async () => {
    const fetchMock = stubApi(null);
    render(
      <MemoryRouter>
        <SiteBanner />
      </MemoryRouter>,
    );
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    const region = screen.getByRole('region', { name: 'Site messages' });
    expect(within(region).getByText('Free shipping on orders over $49')).toBeInTheDocument();
    // The header data and the sponsored ad (site content), once each.
    expect(fetchMock.mock.calls.map(([input]) => urlOf(input)).sort()).toEqual([
      '/globalresource/header/?deptMenu=omit',
      '/globalresource/sponsored-ad/',
    ]);
  });

  it('renders nothing without messages or when the call fails', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response('x', { status: 500 })));
    const { container } = render(
      <MemoryRouter>
        <SiteBanner />
      </MemoryRouter>,
    );
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    expect(container).toBeEmptyDOMElement();
  });
});
