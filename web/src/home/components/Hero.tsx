import { Link } from 'react-router';
import { HERO_IMAGE, HERO_IMAGE_MOBILE, type HomeHero } from '../../shared/api/home';

/** Below this width the hero shows its mobile picture (and the CSS its 4:3 box). */
export const HERO_MOBILE_QUERY = '(max-width: 767px)';

/**
 * The hero from site content: the picture (desktop 1600×500, mobile 800×600
 * below 768 px) is the page's largest element, so it loads at once with high
 * priority; its box has the picture's ratio so nothing moves when it comes.
 */
export function Hero({ hero }: { hero: HomeHero }) {
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <picture className="home-hero__picture">
        <source
          media={HERO_MOBILE_QUERY}
          srcSet={hero.imageMobile}
          width={HERO_IMAGE_MOBILE.width}
          height={HERO_IMAGE_MOBILE.height}
        />
        <img
          className="home-hero__image"
          src={hero.image}
          alt={hero.alt}
          width={HERO_IMAGE.width}
          height={HERO_IMAGE.height}
          loading="eager"
          fetchPriority="high"
        />
      </picture>
      <div className="home-hero__panel">
        <h2 id="home-hero-title" className="home-hero__title">
          {hero.title}
        </h2>
        {hero.text && <p className="home-hero__text">{hero.text}</p>}
        {hero.link && hero.linkText && (
          <Link to={hero.link} className="button home-hero__cta">
            {hero.linkText}
          </Link>
        )}
      </div>
    </section>
  );
}

/** The hero's box while the content loads: same picture box and panel. */
export function HeroSkeleton() {
  return (
    <div className="home-hero home-hero--skeleton" aria-hidden="true">
      <div className="home-hero__picture">
        <div className="home-hero__image skeleton" />
      </div>
      <div className="home-hero__panel">
        <div className="skeleton skeleton--text skeleton--title" />
        <div className="skeleton skeleton--text" />
        <div className="skeleton skeleton--text skeleton--short" />
        <div className="skeleton skeleton--button" />
      </div>
    </div>
  );
}
