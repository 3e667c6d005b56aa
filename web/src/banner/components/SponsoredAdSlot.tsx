import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isLocalUrl } from '../../shared/forms/redirect';
import type { SponsoredAd } from '../sponsoredAd';
import { Tooltip } from '../../shared/ui/Tooltip';
import { sendAdClick, sendAdImpressions } from '../beacons';

/** The desktop picture's box (the drawn picture is 1200×300, shown 3rem tall). */
const AD_IMAGE_WIDTH = 192;
const AD_IMAGE_HEIGHT = 48;

/** What the 'Sponsored' label's tooltip says. */
export const SPONSORED_TOOLTIP = 'An advertiser paid to show this ad here.';

/**
 * A sponsored ad under the site messages (GET /globalresource/sponsored-ad/):
 * the impression beacon goes once per ad per page load, the click beacon on
 * every click. The image's alt is `bannerImageAccessibleText` and the link is
 * named by `ctaAccessibleText`; an image that fails to load is replaced by
 * those texts instead of a broken-image icon — also one that failed in a page rendered on the
 * server before React hydrated it (its `error` event came before the handler).
 */
export function SponsoredAdSlot({ ad }: { ad: SponsoredAd }) {
  const image = ad.desktopImage || ad.mobileImage || '';
  // Reset the failure when another ad (or image) arrives.
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const shown = `${ad.adId}|${image}`;
  const failed = failedFor === shown;

  useEffect(() => {
    sendAdImpressions([ad.adId]);
  }, [ad.adId]);

  const picture = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = picture.current;
    // A finished load with no picture that `decode` refuses too is broken (a picture without a
    // size of its own, an SVG, may have no natural width; one still loading is not complete).
    if (!img?.complete || img.naturalWidth > 0 || typeof img.decode !== 'function') return;
    let current = true;
    img.decode().catch(() => {
      if (current && img.complete) setFailedFor(shown);
    });
    return () => {
      current = false;
    };
  }, [shown]);

  const fallbackText = ad.text || ad.ctaAccessibleText || ad.bannerImageAccessibleText || '';
  const content = (
    <>
      {image && !failed ? (
        <picture>
          {ad.mobileImage && ad.mobileImage !== image && (
            <source media="(max-width: 767px)" srcSet={ad.mobileImage} />
          )}
          <img
            className="site-banner__ad-image"
            src={image}
            alt={ad.bannerImageAccessibleText ?? ''}
            width={AD_IMAGE_WIDTH}
            height={AD_IMAGE_HEIGHT}
            ref={picture}
            onError={() => setFailedFor(shown)}
          />
        </picture>
      ) : (
        fallbackText && <span className="site-banner__ad-text">{fallbackText}</span>
      )}
    </>
  );

  const link = ad.ctaLink;
  const label = ad.ctaAccessibleText || undefined;
  const onClick = () => sendAdClick(ad.adId);

  return (
    <div className="site-banner__ad" data-ad-id={ad.adId}>
      {/* Outside the link, so that it is announced and can carry its tooltip. */}
      <Tooltip content={SPONSORED_TOOLTIP}>
        <button type="button" className="site-banner__ad-label">
          Sponsored
        </button>
      </Tooltip>
      {!link ? (
        content
      ) : isLocalUrl(link) ? (
        <Link className="site-banner__ad-link" to={link} aria-label={label} onClick={onClick}>
          {content}
        </Link>
      ) : (
        <a className="site-banner__ad-link" href={link} aria-label={label} onClick={onClick}>
          {content}
        </a>
      )}
    </div>
  );
}
