import { REVIEW_TIME_MESSAGE } from '../common';

/** Who may buy without sales tax, and what happens once they apply: two short paragraphs. */
export function ProgrammeIntro() {
  return (
    <div className="certificate-intro">
      <p>
        Farms and ranches buying for agricultural production, resellers buying for resale, nonprofit organizations
        and government agencies may buy from us without paying sales tax.
      </p>
      <p>
        Apply with your state’s exemption certificate or permit. {REVIEW_TIME_MESSAGE} Once your exemption is
        approved, your orders taxed in the certificate’s state carry no sales tax.
      </p>
    </div>
  );
}
