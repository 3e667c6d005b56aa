import { Link } from 'react-router';
import { useAriaCurrent } from '../../app/currentPage';
import { AccountMenu } from '../../account/AccountMenu';
import { SignInPanelHost } from '../../account/SignInPanelHost';
import { RewardsMenuHost } from '../../rewards/RewardsMenuHost';
import { CartLink } from '../../header/CartLink';
import { StoreLink } from '../../header/StoreLink';
import { HeaderLinks } from '../../menu/HeaderLinks';
import { MegaMenu } from '../../menu/MegaMenu';
import { MobileMenu } from '../../menu/MobileMenu';
import { useHeaderDataLifecycle } from '../../session';
import { SearchForm } from './SearchForm';
import './Header.css';

/**
 * The site header (spec §2 Header): logo, search with suggestions, local
 * store, account dropdown and cart; below it on desktop the Departments mega
 * menu and the header links; on smaller screens a menu button with a drawer.
 */
export function Header() {
  useHeaderDataLifecycle();
  const current = useAriaCurrent();

  return (
    <header className="site-header">
      <div className="container site-header__top">
        <div className="site-header__menu">
          <MobileMenu />
        </div>
        <Link to="/" className="site-header__logo" aria-current={current('/')}>
          Storefront
        </Link>
        <div className="site-header__search">
          <SearchForm />
        </div>
        <StoreLink className="site-header__store" />
        <div className="site-header__actions">
          <AccountMenu />
          <CartLink />
        </div>
      </div>
      <nav className="site-nav" aria-label="Main">
        <div className="container site-nav__inner">
          <MegaMenu />
          <HeaderLinks />
        </div>
      </nav>
      <SignInPanelHost />
      <RewardsMenuHost />
    </header>
  );
}
