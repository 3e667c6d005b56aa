import { useState } from 'react';
import { Link } from 'react-router';

interface BannerLinkProps {
  href: string;
  src: string;
  alt: string;
  className?: string;
  /** Visible text under the image (keeps the link named if the image fails). */
  caption?: string;
  onClick?: () => void;
}

/**
 * An image link (department banner, mega-menu ad). When the image fails to
 * load and there is no caption it is left out rather than showing an
 * unnamed link.
 */
export function BannerLink({ href, src, alt, className = '', caption, onClick }: BannerLinkProps) {
  const [failed, setFailed] = useState(false);
  if (failed && !caption) return null;
  return (
    <Link to={href} className={`banner-link ${className}`.trim()} onClick={onClick}>
      {!failed && (
        <img className="banner-link__image" src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} />
      )}
      {caption && <span className="banner-link__caption">{caption}</span>}
    </Link>
  );
}
