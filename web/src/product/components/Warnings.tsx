import type { WarningLevel } from '../../shared/api/productSummary';

const P65_SITE = 'https://www.P65Warnings.ca.gov';

/** The warning text of each level (storefront-shell §4 "Product warning levels"); none for Unknown and NoWarning. */
export const WARNING_TEXT: Partial<Record<WarningLevel, string>> = {
  Cancer:
    'This product can expose you to chemicals which are known to the State of California to cause cancer.',
  ReproductiveHarm:
    'This product can expose you to chemicals which are known to the State of California to cause birth defects or other reproductive harm.',
  Full: 'This product can expose you to chemicals which are known to the State of California to cause cancer and birth defects or other reproductive harm.',
};

export function warningText(level: string): string | null {
  return WARNING_TEXT[level as WarningLevel] ?? null;
}

/** The product's warning for its level; nothing when it has none (or it is unknown). */
export function ProductWarnings({ level }: { level: string }) {
  const text = warningText(level);
  if (!text) return null;
  return (
    <section className="product-warning" aria-label="Product warning" data-warning-level={level}>
      <p>
        <svg className="product-warning__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M1 21h22L12 2 1 21Zm12-3h-2v-2h2v2Zm0-4h-2v-4h2v4Z" />
        </svg>
        <strong>WARNING:</strong> {text} For more information go to{' '}
        <a href={P65_SITE} rel="noopener noreferrer" target="_blank">
          www.P65Warnings.ca.gov
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        .
      </p>
    </section>
  );
}
