import { useEffect } from 'react';
import type { MegaMenuAd } from '../shared/api/shell';
import { sendAdClick, sendAdImpressions } from '../banner/beacons';
import { BannerLink } from './BannerLink';

interface MegaMenuAdLinkProps {
  ad: MegaMenuAd;
  /** The image for this menu (desktop or mobile). */
  src: string;
  className: string;
  /** The menu showing it is open: the impression beacon goes then (once per ad per page load). */
  visible: boolean;
  onClick?: () => void;
}

/**
 * The mega-menu ad (GET /globalresource/category-flyout/) in the desktop
 * menu or the mobile drawer: sends the sponsored-ad impression beacon when
 * first shown and the click beacon on every click. A failed image is left
 * out; the caption keeps the link named.
 */
export function MegaMenuAdLink({ ad, src, className, visible, onClick }: MegaMenuAdLinkProps) {
  useEffect(() => {
    if (visible) sendAdImpressions([ad.adId]);
  }, [visible, ad.adId]);

  return (
    <BannerLink
      href={ad.ctaLink}
      src={src}
      alt={ad.bannerImageAccessibleText}
      caption={ad.ctaAccessibleText || 'Shop now'}
      className={className}
      onClick={() => {
        sendAdClick(ad.adId);
        onClick?.();
      }}
    />
  );
}
