import { Link } from 'react-router';
import { SearchForm } from './SearchForm';
import './Header.css';

export function Header() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__logo">
          Storefront
        </Link>
        <SearchForm />
      </div>
    </header>
  );
}
