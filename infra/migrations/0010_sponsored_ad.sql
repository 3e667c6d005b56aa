-- The site-messages banner's sponsored ad (SiteContent's SponsoredAdSet), served by
-- GET /globalresource/sponsored-ad/ — site content, not a header field.
CREATE TABLE sponsored_ad
(
    singleton                    boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    ad_id                        text NOT NULL,
    desktop_image                text NOT NULL,
    mobile_image                 text NOT NULL,
    cta_link                     text NOT NULL,
    banner_image_accessible_text text NOT NULL,
    cta_accessible_text          text NOT NULL
);
