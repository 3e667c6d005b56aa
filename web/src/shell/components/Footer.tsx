import './Footer.css';

export const CUSTOMER_SERVICE_PHONE = '1-800-210-2370';

function telHref(phone: string): string {
  return `tel:+${phone.replace(/\D/g, '')}`;
}

export function Footer() {
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <section className="site-footer__section" aria-labelledby="footer-customer-service">
          <h2 id="footer-customer-service" className="site-footer__heading">
            Customer Service
          </h2>
          <p className="site-footer__phone">
            Call us at{' '}
            <a href={telHref(CUSTOMER_SERVICE_PHONE)} className="site-footer__link">
              {CUSTOMER_SERVICE_PHONE}
            </a>
          </p>
        </section>
        <p className="site-footer__legal">© {year} Storefront. Farm, home &amp; auto supplies.</p>
      </div>
    </footer>
  );
}
