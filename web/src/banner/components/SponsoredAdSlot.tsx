import { useEffect } from 'react';
import type { SponsoredAd } from '../../stores/headerData';
import { sendAdClick, sendAdImpressions } from '../beacons';

/** A sponsored ad under the site messages; impression sent once, clicks each time. */
export function SponsoredAdSlot({ ad }: { ad: SponsoredAd }) {
  useEffect(() => {
    sendAdImpressions([ad.adId]);
  }, [ad.adId]);

  const image = ad.desktopImage || ad.mobileImage;
  const content = (
    <>
      <span className="site-banner__ad-label">Sponsored</span>
      {image ? (
        <picture>
          {ad.mobileImage && <source media="(max-width: 767px)" srcSet={ad.mobileImage} />}
          <img
            className="site-banner__ad-image"
            src={image}
            alt={ad.bannerImageAccessibleText ?? ''}
            loading="lazy"
          />
        </picture>
      ) : (
        <span className="site-banner__ad-text">{ad.text ?? ad.bannerImageAccessibleText}</span>
      )}
    </>
  );

  return (
    <div className="site-banner__ad" data-ad-id={ad.adId}>
      {ad.ctaLink ? (
        <a
          className="site-banner__ad-link"
          href={ad.ctaLink}
          aria-label={ad.ctaAccessibleText ?? undefined}
          onClick={() => sendAdClick(ad.adId)}
        >
          {content}
        </a>
      ) : (
        content
      )}
    </div>
  );
}
